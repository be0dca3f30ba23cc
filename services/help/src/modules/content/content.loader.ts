/**
 * Reads the help-centre content (services/help/content): categories.json and one Markdown file per article and
 * language with a YAML front matter. content/check.mjs is the editorial check (word counts, links, pairs); this
 * loader re-validates what the service relies on and refuses to start on content it cannot serve.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HELP_LANGUAGES, type HelpLanguage } from '@tessera/contracts';
import { renderArticle, type RenderedArticle } from './markdown.ts';

/** The content folder shipped with the service. */
export const defaultContentDirectory = fileURLToPath(new URL('../../../content/', import.meta.url));

const translatedSchema = z.object({ en: z.string().min(1), fr: z.string().min(1) });
const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

const categorySchema = z.object({
  id: z.number().int().positive(),
  slug: z.object({ en: slugSchema, fr: slugSchema }),
  name: translatedSchema,
  description: translatedSchema,
  icon: z.string().min(1),
  order: z.number().int(),
});

const frontMatterSchema = z.object({
  id: z.number().int().positive(),
  category: z.number().int().positive(),
  title: z.string().min(1).max(200),
  slug: slugSchema,
  summary: z.string().min(1).max(300),
  related: z.array(z.number().int().positive()).max(10),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  // An article about a feature that has not landed yet is written but not published (`published: false`), with
  // `requires:` naming the feature; the issue that ships the feature publishes it (services/help/README.md).
  published: z.boolean().default(true),
  requires: z.string().min(1).max(100).optional(),
});

/** A category as written in categories.json. */
export type ContentCategory = z.infer<typeof categorySchema>;

/** One article in one language, rendered. */
export interface ContentArticle extends RenderedArticle {
  readonly id: number;
  readonly language: HelpLanguage;
  readonly categoryId: number;
  readonly title: string;
  readonly slug: string;
  readonly summary: string;
  readonly related: readonly number[];
  readonly updated: string;
  readonly markdown: string;
  /** False for an article whose feature has not landed: kept, never served (list, search, article, sitemap). */
  readonly published: boolean;
}

/** Everything the seed writes. */
export interface HelpContent {
  readonly categories: readonly ContentCategory[];
  readonly articles: readonly ContentArticle[];
}

/** Parses one scalar of the front matter's YAML subset: quoted strings, integers, `[1, 2]` and plain text. */
function parseScalar(raw: string): unknown {
  const text = raw.replace(/\s+#.*$/, '').trim();
  if (text.startsWith('"')) {
    return JSON.parse(text) as unknown;
  }
  if (text.startsWith("'")) {
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text === 'true' || text === 'false') {
    return text === 'true';
  }
  if (text.startsWith('[')) {
    const inner = text.replace(/^\[|\]$/g, '').trim();
    return inner === '' ? [] : inner.split(',').map((item) => Number(item.trim()));
  }
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** Splits a Markdown file into its front matter (validated) and body. */
export function parseArticleFile(source: string, where: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) {
    throw new Error(`${where}: missing front matter`);
  }
  const fields: Record<string, unknown> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (pair) {
      fields[pair[1]!] = parseScalar(pair[2]!);
    }
  }
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    throw new Error(`${where}: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  }
  return { fields: parsed.data, body: match[2]! };
}

async function loadLanguage(directory: string, language: HelpLanguage): Promise<ContentArticle[]> {
  const files = (await readdir(join(directory, language))).filter((file) => file.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const where = `${language}/${file}`;
      const { fields, body } = parseArticleFile(
        await readFile(join(directory, language, file), 'utf8'),
        where,
      );
      return {
        id: fields.id,
        language,
        categoryId: fields.category,
        title: fields.title,
        slug: fields.slug,
        summary: fields.summary,
        related: fields.related,
        updated: fields.updated,
        markdown: body,
        published: fields.published,
        ...renderArticle(body),
      };
    }),
  );
}

/**
 * An article is published in every language or in none, and a published article never sends its reader to an
 * unpublished one (a related id or a link in its body would lead to a page that does not exist).
 */
function checkPublication(articles: readonly ContentArticle[]): void {
  const published = new Map(
    articles.map((article) => [`${article.language}/${article.id}`, article.published]),
  );
  for (const article of articles) {
    const where = `${article.language}/${article.id}`;
    if (HELP_LANGUAGES.some((language) => published.get(`${language}/${article.id}`) !== article.published)) {
      throw new Error(`${where}: published in one language and not in another`);
    }
    if (!article.published) {
      continue;
    }
    const linked = [...article.markdown.matchAll(/\]\(\/help\/article\/\d+\/[^/]+\/(\d+)\//g)].map((m) =>
      Number(m[1]),
    );
    const hidden = [...article.related, ...linked].find(
      (id) => published.get(`${article.language}/${id}`) === false,
    );
    if (hidden !== undefined) {
      throw new Error(`${where}: sends the reader to unpublished article ${hidden}`);
    }
  }
}

/**
 * Loads and renders all content; throws (naming the file) when something the service relies on is wrong: an
 * unknown category, an article missing in one language, a related id that does not exist.
 */
export async function loadHelpContent(directory = defaultContentDirectory): Promise<HelpContent> {
  const categories = z
    .array(categorySchema)
    .parse(JSON.parse(await readFile(join(directory, 'categories.json'), 'utf8')));
  const articles = (
    await Promise.all(HELP_LANGUAGES.map((language) => loadLanguage(directory, language)))
  ).flat();
  const categoryIds = new Set(categories.map((category) => category.id));
  const idsByLanguage = new Map(
    HELP_LANGUAGES.map((language) => [
      language,
      new Set(articles.filter((article) => article.language === language).map((article) => article.id)),
    ]),
  );
  for (const article of articles) {
    const where = `${article.language}/${article.id}`;
    if (!categoryIds.has(article.categoryId)) {
      throw new Error(`${where}: unknown category ${article.categoryId}`);
    }
    for (const [language, ids] of idsByLanguage) {
      if (!ids.has(article.id)) {
        throw new Error(`${where}: missing in ${language}`);
      }
    }
    const unknown = article.related.find((id) => !idsByLanguage.get(article.language)!.has(id));
    if (unknown !== undefined) {
      throw new Error(`${where}: related article ${unknown} does not exist`);
    }
  }
  checkPublication(articles);
  return { categories, articles };
}
