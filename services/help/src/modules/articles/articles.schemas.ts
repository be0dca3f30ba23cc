/** Input of the help routes, validated at the HTTP edge (VALIDATION_FAILED otherwise), and their answers. */
import { z } from 'zod';
import {
  HELP_FEEDBACK_COMMENT_MAX_CHARS,
  HELP_LANGUAGES,
  HELP_SEARCH_LIMIT_DEFAULT,
  HELP_SEARCH_LIMIT_MAX,
  HELP_SEARCH_QUERY_MAX_CHARS,
  type HelpArticleResponse,
  type HelpCategoriesResponse,
  type HelpCategoryResponse,
  type HelpFeedbackResponse,
  type HelpSearchResponse,
  textSchema,
} from '@tessera/contracts';

/** `?lang=en|fr`, English when absent. */
export const languageSchema = z.enum(HELP_LANGUAGES);

export const languageQuerySchema = z.strictObject({ lang: languageSchema.default('en') });

/** A category or article id in the path: a positive integer that fits PostgreSQL's integer. */
export const idParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
});

export const searchQuerySchema = z.strictObject({
  // The shared text rules (packages/contracts/src/text.ts): no NUL or lone surrogate reaches the search query.
  q: textSchema({ min: 1, max: HELP_SEARCH_QUERY_MAX_CHARS }),
  lang: languageSchema.default('en'),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(HELP_SEARCH_LIMIT_MAX))
    .default(HELP_SEARCH_LIMIT_DEFAULT),
});

export const feedbackBodySchema = z.strictObject({
  language: languageSchema,
  helpful: z.boolean(),
  // A comment may run over lines; the text rules still refuse NUL, lone surrogates and other controls.
  comment: textSchema({ max: HELP_FEEDBACK_COMMENT_MAX_CHARS, multiline: true })
    .optional()
    .transform((comment) => (comment === undefined || comment === '' ? null : comment)),
});

// The answers, for the documents (the shapes of @tessera/contracts' help types, which stay free of zod for the web
// app's public pages; `satisfies` keeps the two in step).

const helpCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string().describe('The canonical slug in the requested language'),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  articleCount: z.number().int(),
});

const helpArticleSummarySchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categorySlug: z.string(),
  categoryName: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  updated: z.string().describe('YYYY-MM-DD'),
});

const helpAlternatesSchema = z
  .object({
    en: z.object({ categorySlug: z.string(), slug: z.string() }),
    fr: z.object({ categorySlug: z.string(), slug: z.string() }),
  })
  .describe('The canonical slugs of the page in each language');

const highlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));

export const helpCategoriesResponseSchema = z.object({
  language: languageSchema,
  categories: z.array(helpCategorySchema),
}) satisfies z.ZodType<HelpCategoriesResponse>;

export const helpCategoryResponseSchema = z.object({
  language: languageSchema,
  category: helpCategorySchema,
  articles: z.array(helpArticleSummarySchema),
  alternates: helpAlternatesSchema,
}) satisfies z.ZodType<HelpCategoryResponse>;

export const helpArticleResponseSchema = z.object({
  language: languageSchema,
  article: helpArticleSummarySchema.extend({
    html: z.string().describe('The body rendered to safe HTML'),
    headings: z.array(z.object({ id: z.string(), level: z.number().int(), text: z.string() })),
  }),
  related: z.array(helpArticleSummarySchema),
  alternates: helpAlternatesSchema,
}) satisfies z.ZodType<HelpArticleResponse>;

export const helpSearchResponseSchema = z.object({
  language: languageSchema,
  query: z.string(),
  correctedQuery: z.string().nullable(),
  results: z.array(
    helpArticleSummarySchema.extend({ titleHighlight: highlightSchema, excerpt: highlightSchema }),
  ),
}) satisfies z.ZodType<HelpSearchResponse>;

export const helpFeedbackResponseSchema = z.object({
  id: z.string(),
  articleId: z.number().int(),
  language: languageSchema,
  helpful: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<HelpFeedbackResponse>;
