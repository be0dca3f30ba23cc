/**
 * Input and output of the catalog routes. Inputs are validated at the HTTP edge (VALIDATION_FAILED otherwise);
 * the answers' schemas document them. They belong in @tessera/contracts once the web app's market pages read them.
 */
import { z } from 'zod';
import { PRODUCT_SOURCES, textSchema } from '@tessera/contracts';
import type { InstrumentKind } from './catalog.data.ts';

/** Page size bounds of GET /instruments. */
export const INSTRUMENTS_LIMIT_DEFAULT = 20;
export const INSTRUMENTS_LIMIT_MAX = 100;
/** The longest search text accepted. */
export const SEARCH_QUERY_MAX_CHARS = 50;

/** A cursor is the last id of the previous page, base64url-encoded so clients treat it as opaque. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

const cursorSchema = z
  .string()
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by this endpoint')
  .transform((cursor) => Buffer.from(cursor, 'base64url').toString('utf8'))
  .pipe(z.string().regex(/^[A-Z0-9.-]{1,16}_[a-z]{2,16}$/, 'must be a cursor returned by this endpoint'));

export const instrumentsQuerySchema = z.strictObject({
  q: textSchema({ min: 1, max: SEARCH_QUERY_MAX_CHARS }).optional(),
  kind: z.enum(['stock', 'etf', 'crypto']).optional(),
  source: z.enum(PRODUCT_SOURCES).optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(INSTRUMENTS_LIMIT_MAX))
    .default(INSTRUMENTS_LIMIT_DEFAULT),
  cursor: cursorSchema.optional(),
});

export type InstrumentsQuery = z.output<typeof instrumentsQuerySchema>;

/** `GET /instruments/:id`: the id is checked by the route (MARKET_DATA_INFO_INVALID_PRODUCT, not VALIDATION_FAILED). */
export const instrumentParamsSchema = z.object({ id: z.string() });

/** `GET /sources` takes no parameter (docs/api.md: unknown parameters are VALIDATION_FAILED). */
export const sourcesQuerySchema = z.strictObject({});

/** One instrument as the API returns it. Sizes are decimal strings, never numbers. */
export const instrumentViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  source: z.enum(PRODUCT_SOURCES),
  name: z.string(),
  kind: z.enum(['stock', 'etf', 'crypto'] satisfies InstrumentKind[]),
  currency: z.string(),
  tickSize: z.string().describe('Decimal string'),
  lotSize: z.string().describe('Decimal string'),
  isin: z.string().nullable(),
  sector: z.string().nullable(),
  open: z.boolean().describe('Whether its venue is trading now'),
});
export type InstrumentView = z.infer<typeof instrumentViewSchema>;

/** A venue's trading calendar. */
export const sourceViewSchema = z.object({
  id: z.enum(PRODUCT_SOURCES),
  name: z.string(),
  country: z.string().nullable(),
  timeZone: z.string(),
  alwaysOpen: z.boolean(),
  regularSession: z
    .object({ opensAt: z.string(), closesAt: z.string() })
    .describe('Monday to Friday, local time; opening inclusive, closing exclusive'),
  holidays: z
    .array(z.object({ date: z.string(), name: z.string(), closesAt: z.string().nullable() }))
    .describe('Days closed (`closesAt` null) or closing early, 2026 and 2027'),
  open: z.boolean(),
});
export type SourceView = z.infer<typeof sourceViewSchema>;

export const instrumentsResponseSchema = z.object({
  items: z.array(instrumentViewSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
});
export type InstrumentsResponse = z.infer<typeof instrumentsResponseSchema>;

export const instrumentResponseSchema = z.object({
  instrument: instrumentViewSchema,
  source: sourceViewSchema,
});
export type InstrumentResponse = z.infer<typeof instrumentResponseSchema>;

export const sourcesResponseSchema = z.object({ items: z.array(sourceViewSchema) });
export type SourcesResponse = z.infer<typeof sourcesResponseSchema>;
