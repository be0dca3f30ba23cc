/**
 * The help centre's Markdown renderer. Articles are written by us, but the renderer is strict anyway, so a
 * mistake in content (or a compromised content file) can never put script on a help page:
 *  - raw HTML is escaped, never passed through (`html: false`);
 *  - a link is kept only when it is internal (`/path`, `#anchor`) or `https://`; anything else (javascript:,
 *    data:, http:, mailto:, protocol-relative `//host`) stays as plain text;
 *  - images are off (the CSP allows only our own images, and articles have none);
 *  - every heading gets a stable id from its text, so a URL can point at a section (`#withdraw-crypto`).
 * It also returns the plain text of the article (for full-text search) and its outline.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** One heading of an article, for its outline and anchors. */
export interface ArticleHeading {
  readonly id: string;
  readonly level: number;
  readonly text: string;
}

/** What {@link renderArticle} returns. */
export interface RenderedArticle {
  /** Safe HTML of the body. */
  readonly html: string;
  /** The body as plain text (no markup), paragraphs separated by blank lines. */
  readonly text: string;
  /** Every `##` and `###` heading, in order. */
  readonly headings: readonly ArticleHeading[];
}

/** Lowercase ASCII kebab-case with accents removed: the rule the content's slugs follow (content/check.mjs). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** True for the link targets an article may use: internal paths, in-page anchors and https URLs. */
export function isAllowedLink(href: string): boolean {
  if (href.startsWith('#')) {
    return /^#[A-Za-z0-9_-]+$/.test(href);
  }
  if (href.startsWith('/')) {
    // `//host` and `/\host` are protocol-relative in browsers: another origin.
    return !href.startsWith('//') && !href.startsWith('/\\');
  }
  if (!href.toLowerCase().startsWith('https://')) {
    return false;
  }
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  md.disable('image');
  md.validateLink = isAllowedLink;
  const renderLinkOpen = md.renderer.rules['link_open'];
  md.renderer.rules['link_open'] = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (token.attrGet('href')?.startsWith('https://')) {
      token.attrSet('rel', 'noopener noreferrer');
    }
    return renderLinkOpen
      ? renderLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  return md;
}

const renderer = createRenderer();

function inlineText(token: Token | undefined): string {
  if (!token?.children) {
    return token?.content ?? '';
  }
  return token.children
    .map((child) => {
      if (child.type === 'softbreak' || child.type === 'hardbreak') {
        return ' ';
      }
      return child.type === 'text' || child.type === 'code_inline' ? child.content : '';
    })
    .join('');
}

/** Gives every heading a unique id and collects the outline; returns the headings found. */
function assignHeadingIds(tokens: Token[]): ArticleHeading[] {
  const headings: ArticleHeading[] = [];
  const used = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') {
      return;
    }
    const text = inlineText(tokens[index + 1]).trim();
    const base = slugify(text) || 'section';
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    token.attrSet('id', id);
    headings.push({ id, level: Number(token.tag.slice(1)), text });
  });
  return headings;
}

/** The plain text of the blocks, one block per paragraph, for search and headlines. */
function plainText(tokens: Token[]): string {
  return tokens
    .filter((token) => token.type === 'inline' || token.type === 'code_block' || token.type === 'fence')
    .map((token) => (token.type === 'inline' ? inlineText(token) : token.content).trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

/** Renders an article body (Markdown without front matter). */
export function renderArticle(markdown: string): RenderedArticle {
  const env = {};
  const tokens = renderer.parse(markdown, env);
  const headings = assignHeadingIds(tokens);
  return {
    html: renderer.renderer.render(tokens, renderer.options, env),
    text: plainText(tokens),
    headings,
  };
}
