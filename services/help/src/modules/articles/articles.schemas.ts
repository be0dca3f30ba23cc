/** Input of the help routes, validated at the HTTP edge (VALIDATION_FAILED otherwise). */
import { z } from 'zod';
import {
  HELP_FEEDBACK_COMMENT_MAX_CHARS,
  HELP_LANGUAGES,
  HELP_SEARCH_LIMIT_DEFAULT,
  HELP_SEARCH_LIMIT_MAX,
  HELP_SEARCH_QUERY_MAX_CHARS,
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
