/**
 * Input and output of the catalog routes. Inputs are validated at the HTTP edge (VALIDATION_FAILED otherwise).
 * The response types belong in @tessera/contracts once the web app's market pages read them; they start here.
 */
import { z } from 'zod';
import { PRODUCT_SOURCES, type ProductSource, textSchema } from '@tessera/contracts';
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

/** One instrument as the API returns it. Sizes are decimal strings, never numbers. */
export interface InstrumentView {
  id: string;
  symbol: string;
  source: ProductSource;
  name: string;
  kind: InstrumentKind;
  currency: string;
  tickSize: string;
  lotSize: string;
  isin: string | null;
  sector: string | null;
  /** Whether its venue is trading now. */
  open: boolean;
}

/** A venue's trading calendar. */
export interface SourceView {
  id: ProductSource;
  name: string;
  country: string | null;
  timeZone: string;
  alwaysOpen: boolean;
  /** Monday to Friday, local time; opening inclusive, closing exclusive. */
  regularSession: { opensAt: string; closesAt: string };
  /** Days closed (`closesAt` null) or closing early, 2026 and 2027. */
  holidays: Array<{ date: string; name: string; closesAt: string | null }>;
  open: boolean;
}

export interface InstrumentsResponse {
  items: InstrumentView[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface InstrumentResponse {
  instrument: InstrumentView;
  source: SourceView;
}

export interface SourcesResponse {
  items: SourceView[];
}
