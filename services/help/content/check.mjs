#!/usr/bin/env node
// Validates the help-centre content: categories.json and the en/fr Markdown articles.
// Plain Node, no dependencies. Usage: node services/help/content/check.mjs
// Prints a summary and exits with code 1 when any problem is found.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contentDir = path.dirname(fileURLToPath(import.meta.url));
const languages = ['en', 'fr'];
const icons = new Set([
  'account',
  'shield',
  'wallet',
  'card',
  'bank',
  'crypto',
  'chart',
  'fund',
  'token',
  'ledger',
  'lock',
  'gear',
  'help',
]);
// Settings sections of spec section 4; anything else falls back to personalInformation.
const settingsSections = new Set([
  'personalInformation',
  'changePassword',
  'delegateAccounts',
  'depositCard',
  'depositSepa',
  'depositCrypto',
  'withdrawal',
  'appearance',
  'MFA',
  'tradingPreferences',
  'notifications',
  'languages',
  'shareSponsorCode',
  'manageReferrals',
  'changeSponsor',
  'api',
  'legalDocuments',
  'closeAccount',
  'helpCenter',
  'logout',
]);
// Routes of spec section 2 that articles may link to (help links are checked separately).
const appRoutes = [
  /^\/$/,
  /^\/register$/,
  /^\/login$/,
  /^\/forgotPassword$/,
  /^\/app\/download\/$/,
  /^\/(pricing|trading|automated-investments|tokenized-assets-management|universal-ledger-system)\/$/,
  /^\/help\/$/,
  /^\/help\/search\/$/,
  /^\/legal\/(terms|privacy|complaints|regulatory-information|imprint)\/$/,
  /^\/assistant\/$/,
  /^\/dashboard\/(home|settings|trading|wallets|market|funds|KYC)\/$/,
  /^\/dashboard\/trading\/detached\/$/,
  /^\/dashboard\/wallets\/[^/]+\/(fund\/)?$/,
  /^\/dashboard\/funds\/add\/$/,
  /^\/dashboard\/funds\/[^/]+\/(update|find)\/$/,
  /^\/dashboard\/invest\/[^/]+\/$/,
];
const requiredFields = ['id', 'category', 'title', 'slug', 'summary', 'related', 'updated'];
// `published: false` keeps an article about a feature that has not landed out of the help centre; `requires:`
// names that feature. The help service serves only published articles (services/help/README.md).
const optionalFields = ['published', 'requires'];
const minCategories = 8;
const minArticlesPerLanguage = 40;
const summaryMaxChars = 160;
const bodyWordsMin = 150;
const bodyWordsMax = 450;
const relatedMin = 2;
const relatedMax = 4;

const problems = [];
const report = (where, message) => problems.push(`${where}: ${message}`);

const kebabAscii = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Lowercase ASCII kebab-case of a title, accents removed (the rule the slugs follow). */
function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Parses one YAML scalar of the small subset the front matter uses; returns { value } or { error }. */
function parseScalar(raw) {
  const text = raw.replace(/\s+#.*$/, '').trim();
  if (text.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) {
      return { error: 'unterminated double-quoted string' };
    }
    return { value: JSON.parse(text) };
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) {
      return { error: 'unterminated single-quoted string' };
    }
    return { value: text.slice(1, -1).replace(/''/g, "'") };
  }
  if (text.startsWith('[')) {
    const match = text.match(/^\[(.*)\]$/);
    if (!match) {
      return { error: 'unterminated flow sequence' };
    }
    const items = match[1].trim() === '' ? [] : match[1].split(',').map((item) => item.trim());
    if (items.some((item) => !/^\d+$/.test(item))) {
      return { error: 'flow sequence must hold integers only' };
    }
    return { value: items.map(Number) };
  }
  // Plain scalars: reject what YAML would read differently or refuse.
  if (/^[&*!|>%@`{}\]#,?-]/.test(text) && !/^-?\d/.test(text)) {
    return { error: `plain value starts with a YAML indicator; quote it: ${text}` };
  }
  if (/:\s/.test(text) || text.endsWith(':')) {
    return { error: `plain value contains ": "; quote it: ${text}` };
  }
  return { value: /^\d+$/.test(text) ? Number(text) : text };
}

/** Splits a Markdown file into front matter fields and body. */
function parseArticle(source, where) {
  const match = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!match) {
    report(where, 'missing YAML front matter delimited by --- lines');
    return null;
  }
  const fields = {};
  for (const line of match[1].split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) {
      continue;
    }
    const pair = line.match(/^([A-Za-z_][\w-]*):(?:\s+(.*))?$/);
    if (!pair) {
      report(where, `unreadable front matter line: ${line}`);
      continue;
    }
    const [, key, raw = ''] = pair;
    if (key in fields) {
      report(where, `duplicate front matter field ${key}`);
    }
    const parsed = parseScalar(raw);
    if (parsed.error) {
      report(where, `front matter ${key}: ${parsed.error}`);
    } else {
      fields[key] = parsed.value;
    }
  }
  return { fields, body: match[2] };
}

function countWords(markdown) {
  const text = markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_`|>[\]]/g, ' ')
    .replace(/^\s*(\d+\.|-)\s+/gm, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function isValidDate(text) {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return false;
  }
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

// ---- Categories ----
let categories = [];
try {
  categories = JSON.parse(fs.readFileSync(path.join(contentDir, 'categories.json'), 'utf8'));
} catch (error) {
  report('categories.json', `cannot read: ${error.message}`);
}
if (!Array.isArray(categories)) {
  report('categories.json', 'must be an array');
  categories = [];
}
const categoriesById = new Map();
for (const [index, category] of categories.entries()) {
  const where = `categories.json[${index}]`;
  if (!Number.isInteger(category.id) || category.id < 1) {
    report(where, 'id must be an integer from 1');
  } else if (categoriesById.has(category.id)) {
    report(where, `duplicate id ${category.id}`);
  } else {
    categoriesById.set(category.id, category);
  }
  for (const field of ['slug', 'name', 'description']) {
    for (const language of languages) {
      const value = category[field]?.[language];
      if (typeof value !== 'string' || value.trim() === '') {
        report(where, `${field}.${language} is missing`);
      } else if (field === 'slug' && !kebabAscii.test(value)) {
        report(where, `slug.${language} "${value}" is not lowercase ASCII kebab-case`);
      }
    }
  }
  if (!icons.has(category.icon)) {
    report(where, `icon "${category.icon}" is not one of ${[...icons].join(', ')}`);
  }
  if (!Number.isInteger(category.order)) {
    report(where, 'order must be an integer');
  }
}
for (const language of languages) {
  const slugs = categories.map((category) => category.slug?.[language]);
  const duplicates = slugs.filter((slug, index) => slug && slugs.indexOf(slug) !== index);
  if (duplicates.length > 0) {
    report('categories.json', `duplicate ${language} slugs: ${duplicates.join(', ')}`);
  }
}
if (categoriesById.size < minCategories) {
  report('categories.json', `${categoriesById.size} categories, at least ${minCategories} required`);
}

// ---- Articles ----
/** articles[language] = Map(id -> { file, fields, body }) */
const articles = {};
for (const language of languages) {
  articles[language] = new Map();
  const directory = path.join(contentDir, language);
  if (!fs.existsSync(directory)) {
    report(language, 'directory is missing');
    continue;
  }
  const files = fs.readdirSync(directory).filter((file) => !file.startsWith('.'));
  for (const file of files.sort()) {
    const where = `${language}/${file}`;
    if (!file.endsWith('.md')) {
      report(where, 'only .md files belong here');
      continue;
    }
    const parsed = parseArticle(fs.readFileSync(path.join(directory, file), 'utf8'), where);
    if (!parsed) {
      continue;
    }
    const { fields, body } = parsed;
    const missing = requiredFields.filter((field) => fields[field] === undefined || fields[field] === '');
    if (missing.length > 0) {
      report(where, `missing front matter fields: ${missing.join(', ')}`);
      continue;
    }
    for (const field of Object.keys(fields)) {
      if (!requiredFields.includes(field) && !optionalFields.includes(field)) {
        report(where, `unknown front matter field ${field}`);
      }
    }
    if (fields.published !== undefined && fields.published !== 'false') {
      report(where, 'published may only be false (an article is published unless it says so)');
    }
    if ((fields.published === 'false') !== (typeof fields.requires === 'string' && fields.requires !== '')) {
      report(where, 'an unpublished article names the feature it waits for in requires:, and only it does');
    }
    fields.published = fields.published !== 'false';
    if (!Number.isInteger(fields.id) || fields.id < 1) {
      report(where, 'id must be a positive integer');
      continue;
    }
    if (articles[language].has(fields.id)) {
      report(where, `id ${fields.id} also used by ${articles[language].get(fields.id).file}`);
      continue;
    }
    if (typeof fields.slug !== 'string' || !kebabAscii.test(fields.slug)) {
      report(where, `slug "${fields.slug}" is not lowercase ASCII kebab-case`);
    } else if (slugify(String(fields.title)) !== fields.slug) {
      report(
        where,
        `slug "${fields.slug}" does not match the title (expected "${slugify(String(fields.title))}")`,
      );
    }
    if (file !== `${fields.id}-${fields.slug}.md`) {
      report(where, `file name must be ${fields.id}-${fields.slug}.md`);
    }
    if (!categoriesById.has(fields.category)) {
      report(where, `category ${fields.category} does not exist`);
    }
    if (String(fields.summary).length > summaryMaxChars) {
      report(where, `summary is ${String(fields.summary).length} characters, at most ${summaryMaxChars}`);
    }
    if (!isValidDate(fields.updated)) {
      report(where, `updated "${fields.updated}" is not a YYYY-MM-DD date`);
    }
    if (!Array.isArray(fields.related)) {
      report(where, 'related must be a list of article ids');
    } else {
      if (fields.related.length < relatedMin || fields.related.length > relatedMax) {
        report(where, `related has ${fields.related.length} ids, expected ${relatedMin} to ${relatedMax}`);
      }
      if (fields.related.includes(fields.id)) {
        report(where, 'related lists the article itself');
      }
      if (new Set(fields.related).size !== fields.related.length) {
        report(where, 'related has duplicate ids');
      }
    }
    const firstBlock = body.trimStart();
    if (firstBlock === '') {
      report(where, 'body is empty');
    } else if (/^(#|[-*+] |\d+\. |\||>|```)/.test(firstBlock)) {
      report(where, 'body must start with a paragraph');
    }
    if (/^# /m.test(body)) {
      report(where, 'use ## and ### subheadings; the title is the only level-1 heading');
    }
    if (/\[\[\d+\]\]|\{\{\w+\}\}/.test(body)) {
      report(where, 'unexpanded [[id]] or {{section}} placeholder');
    }
    const words = countWords(body);
    if (words < bodyWordsMin || words > bodyWordsMax) {
      report(where, `body has ${words} words, expected ${bodyWordsMin} to ${bodyWordsMax}`);
    }
    articles[language].set(fields.id, { file, fields, body, words });
  }
}

// ---- Pairs, related ids, titles ----
const [firstLanguage, ...otherLanguages] = languages;
const allIds = new Set(languages.flatMap((language) => [...articles[language].keys()]));
for (const id of [...allIds].sort((a, b) => a - b)) {
  const present = languages.filter((language) => articles[language].has(id));
  if (present.length !== languages.length) {
    const absent = languages.filter((language) => !present.includes(language));
    report(`article ${id}`, `missing in ${absent.join(', ')}`);
    continue;
  }
  const reference = articles[firstLanguage].get(id).fields;
  for (const language of otherLanguages) {
    const other = articles[language].get(id).fields;
    if (other.category !== reference.category) {
      report(`article ${id}`, `category differs between ${firstLanguage} and ${language}`);
    }
    if (other.published !== reference.published || other.requires !== reference.requires) {
      report(`article ${id}`, `published or requires differs between ${firstLanguage} and ${language}`);
    }
    if (JSON.stringify(other.related) !== JSON.stringify(reference.related)) {
      report(`article ${id}`, `related ids differ between ${firstLanguage} and ${language}`);
    }
  }
}
for (const language of languages) {
  const titles = new Map();
  for (const { file, fields } of articles[language].values()) {
    for (const relatedId of Array.isArray(fields.related) ? fields.related : []) {
      if (!articles[language].has(relatedId)) {
        report(`${language}/${file}`, `related id ${relatedId} does not exist`);
      } else if (fields.published && !articles[language].get(relatedId).fields.published) {
        report(`${language}/${file}`, `related id ${relatedId} is not published`);
      }
    }
    if (titles.has(fields.title)) {
      report(`${language}/${file}`, `same title as ${titles.get(fields.title)}`);
    }
    titles.set(fields.title, file);
  }
  if (articles[language].size < minArticlesPerLanguage) {
    report(language, `${articles[language].size} articles, at least ${minArticlesPerLanguage} required`);
  }
  for (const category of categoriesById.values()) {
    const count = [...articles[language].values()].filter(
      ({ fields }) => fields.category === category.id,
    ).length;
    if (count === 0) {
      report(language, `category ${category.id} (${category.slug?.[language]}) has no article`);
    }
  }
}

/** Whether the article in `file` is published. */
function isPublished(language, file) {
  return [...articles[language].values()].some(
    (article) => article.file === file && article.fields.published,
  );
}

// ---- Links inside bodies ----
for (const language of languages) {
  for (const { file, body } of articles[language].values()) {
    const where = `${language}/${file}`;
    for (const [, target] of body.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target)) {
        continue;
      }
      if (!target.startsWith('/')) {
        report(where, `link "${target}" must be a root-relative path`);
        continue;
      }
      const [pathname, query = ''] = target.split('?');
      const article = pathname.match(/^\/help\/article\/(\d+)\/([^/]+)\/(\d+)\/([^/]+)\/$/);
      const category = pathname.match(/^\/help\/category\/(\d+)\/([^/]+)\/$/);
      if (article) {
        const [, categoryId, categorySlug, id, slug] = article;
        const linked = articles[language].get(Number(id));
        if (!linked) {
          report(where, `link to missing article ${id}`);
          continue;
        }
        if (!linked.fields.published && articles[language].get(Number(id)) && isPublished(language, file)) {
          report(where, `link to unpublished article ${id}`);
        }
        const linkedCategory = categoriesById.get(linked.fields.category);
        if (!linkedCategory) {
          continue; // The missing category is reported with the linked article.
        }
        const expected = `/help/article/${linked.fields.category}/${linkedCategory.slug[language]}/${id}/${linked.fields.slug}/`;
        if (`/help/article/${categoryId}/${categorySlug}/${id}/${slug}/` !== expected) {
          report(where, `link ${target} should be ${expected}`);
        }
      } else if (category) {
        const linkedCategory = categoriesById.get(Number(category[1]));
        if (!linkedCategory || linkedCategory.slug?.[language] !== category[2]) {
          report(where, `link ${target} does not match a category and its ${language} slug`);
        }
      } else if (!appRoutes.some((route) => route.test(pathname))) {
        report(where, `link ${target} is not a known route`);
      }
      const content = new URLSearchParams(query).get('content');
      if (pathname === '/dashboard/settings/' && content !== null && !settingsSections.has(content)) {
        report(where, `settings section "${content}" does not exist`);
      }
    }
  }
}

// ---- Summary ----
console.log('Help-centre content check');
console.log(`  categories: ${categoriesById.size}`);
for (const language of languages) {
  const list = [...articles[language].values()];
  const words = list.map((article) => article.words);
  const range = words.length > 0 ? `${Math.min(...words)}-${Math.max(...words)} words per article` : 'none';
  console.log(`  ${language}: ${list.length} articles (${range})`);
}
for (const category of [...categoriesById.values()].sort((a, b) => a.order - b.order)) {
  const counts = languages
    .map((language) => {
      const count = [...articles[language].values()].filter(({ fields }) => fields.category === category.id);
      return `${language} ${count.length}`;
    })
    .join(', ');
  console.log(`  ${String(category.id).padStart(2)} ${category.name?.en} / ${category.name?.fr}: ${counts}`);
}
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const problem of problems) {
    console.error(`  - ${problem}`);
  }
  process.exit(1);
}
console.log('\nAll checks passed.');
