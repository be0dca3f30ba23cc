/**
 * The help centre's HTTP messages (services/help, apps/web features/help). Plain types and constants, no zod:
 * the service validates its input with its own schemas, and the web app's public pages stay free of zod.
 */

/** The languages the help centre is written in. */
export const HELP_LANGUAGES = ['en', 'fr'] as const;
/** One of {@link HELP_LANGUAGES}. */
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/** Longest search query accepted, in characters. */
export const HELP_SEARCH_QUERY_MAX_CHARS = 200;
/** Most results one search returns. */
export const HELP_SEARCH_LIMIT_MAX = 50;
/** Results returned when the caller does not say. */
export const HELP_SEARCH_LIMIT_DEFAULT = 20;
/** Longest "was this helpful" comment, in characters. */
export const HELP_FEEDBACK_COMMENT_MAX_CHARS = 1000;

/** A category with how many articles it holds in the requested language. */
export interface HelpCategory {
  id: number;
  /** The canonical slug in the requested language: URLs with another slug redirect to it. */
  slug: string;
  name: string;
  description: string;
  /** One of the design system's help icons (account, shield, wallet, card, bank, ...). */
  icon: string;
  articleCount: number;
}

/** An article in a list (category page, related articles, search results). */
export interface HelpArticleSummary {
  id: number;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  slug: string;
  title: string;
  summary: string;
  /** YYYY-MM-DD. */
  updated: string;
}

/** A heading of an article: its anchor id, level (2 or 3) and text. */
export interface HelpHeading {
  id: string;
  level: number;
  text: string;
}

/** The canonical slugs of a page in each language, for hreflang links and the language switch. */
export type HelpAlternates = Record<HelpLanguage, { categorySlug: string; slug: string }>;

/** GET /categories */
export interface HelpCategoriesResponse {
  language: HelpLanguage;
  categories: HelpCategory[];
}

/** GET /categories/:id */
export interface HelpCategoryResponse {
  language: HelpLanguage;
  category: HelpCategory;
  articles: HelpArticleSummary[];
  alternates: HelpAlternates;
}

/** GET /articles/:id */
export interface HelpArticleResponse {
  language: HelpLanguage;
  article: HelpArticleSummary & {
    /** The body rendered to safe HTML (raw HTML escaped, only internal and https links, ids on headings). */
    html: string;
    headings: HelpHeading[];
  };
  related: HelpArticleSummary[];
  alternates: HelpAlternates;
}

/** A piece of highlighted text: `match` pieces are the words that matched the query. */
export interface HelpHighlightSegment {
  text: string;
  match: boolean;
}

/** One search hit, with the matched words of its title and an excerpt highlighted. */
export interface HelpSearchResult extends HelpArticleSummary {
  titleHighlight: HelpHighlightSegment[];
  excerpt: HelpHighlightSegment[];
}

/** GET /search?q=&lang= */
export interface HelpSearchResponse {
  language: HelpLanguage;
  query: string;
  /** Set when nothing matched the words as typed and a spelling correction found results. */
  correctedQuery: string | null;
  results: HelpSearchResult[];
}

/** POST /articles/:id/feedback */
export interface HelpFeedbackRequest {
  language: HelpLanguage;
  helpful: boolean;
  comment?: string;
}

/** The stored feedback. */
export interface HelpFeedbackResponse {
  id: string;
  articleId: number;
  language: HelpLanguage;
  helpful: boolean;
  createdAt: string;
}

/** The public path of a help category page (spec section 2: /help/category/{id}/{name}/). */
export function helpCategoryPath(id: number, slug: string): string {
  return `/help/category/${id}/${slug}/`;
}

/** The public path of a help article (spec section 2: /help/article/{categoryId}/{categoryName}/{id}/{title}/). */
export function helpArticlePath(article: {
  categoryId: number;
  categorySlug: string;
  id: number;
  slug: string;
}): string {
  return `/help/article/${article.categoryId}/${article.categorySlug}/${article.id}/${article.slug}/`;
}

/** The legal pages a bank publishes (issue #15), linked from the public footer. */
export const LEGAL_PAGE_PATHS = [
  '/legal/terms/',
  '/legal/privacy/',
  '/legal/complaints/',
  '/legal/regulatory-information/',
  '/legal/imprint/',
] as const;

/** The public pages of spec section 2 that search engines should index (the help pages come from the service). */
export const PUBLIC_SITE_PATHS = [
  '/',
  '/pricing/',
  '/trading/',
  '/automated-investments/',
  '/tokenized-assets-management/',
  '/universal-ledger-system/',
  '/help/',
  '/app/download/',
  ...LEGAL_PAGE_PATHS,
] as const;

/**
 * A page's address in a language. English is the default at the plain path; French adds `?lng=fr`, the query
 * parameter the language detector reads (spec section 1), so each language has its own URL for hreflang
 * (docs/adr/0004-public-site.md).
 */
export function localizedPath(path: string, language: HelpLanguage): string {
  return language === 'en' ? path : `${path}?lng=${language}`;
}
