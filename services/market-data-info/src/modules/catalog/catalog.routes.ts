/**
 * The catalog routes (under /api/market-data-info): instruments with search and cursor pagination, one
 * instrument with its venue's calendar, and the sources (venues) with theirs. Public reference data: no sign-in.
 */
import { parseProduct } from '@tessera/contracts';
import { invariant } from '@tessera/money';
import type { ServiceRoutes } from '@tessera/platform';
import { isVenueOpen } from '../calendar/calendar.ts';
import { InvalidProductError, NotFoundError } from '../../errors.ts';
import type { MarketDataInfoDatabase } from '../../tables.ts';
import {
  findInstrument,
  listInstruments,
  listSources,
  type InstrumentRow,
  type SourceRow,
} from './catalog.repository.ts';
import {
  encodeCursor,
  instrumentParamsSchema,
  type InstrumentResponse,
  instrumentResponseSchema,
  instrumentsQuerySchema,
  instrumentsResponseSchema,
  type InstrumentView,
  sourcesQuerySchema,
  sourcesResponseSchema,
  type SourceView,
} from './catalog.schemas.ts';

// The catalog changes with deployments, but `open` changes at every session boundary: a minute of caching.
const CACHE_CONTROL = 'public, max-age=60';

/** `now` is the clock for `open` (tests pin it). */
export const catalogRoutes: ServiceRoutes<{ db: MarketDataInfoDatabase; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/instruments',
    {
      schema: {
        summary: 'Lists the instruments of the catalog',
        description:
          'A page of instruments in id order; `q` matches part of the symbol, name or ISIN, ignoring case. ' +
          '`open` says whether the venue trades now.',
        querystring: instrumentsQuerySchema,
        response: { 200: instrumentsResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const [rows, sources] = await Promise.all([listInstruments(db, query), listSources(db)]);
      const at = now();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      void reply.header('cache-control', CACHE_CONTROL);
      return {
        items: page.map((row) => toInstrumentView(row, sourceOf(sources, row), at)),
        nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last.id) : null,
      };
    },
  );

  app.get(
    '/instruments/:id',
    {
      schema: {
        summary: "Gives an instrument with its venue's calendar",
        description: 'The id is `<SYMBOL>_<source>`; another shape is MARKET_DATA_INFO_INVALID_PRODUCT.',
        params: instrumentParamsSchema,
        response: { 200: instrumentResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await instrumentWithSource(db, request.params.id, now);
      void reply.header('cache-control', CACHE_CONTROL);
      return answer;
    },
  );

  app.get(
    '/sources',
    {
      schema: {
        summary: 'Lists the sources (venues) with their calendars',
        querystring: sourcesQuerySchema,
        response: { 200: sourcesResponseSchema },
      },
    },
    async (_request, reply) => {
      const at = now();
      void reply.header('cache-control', CACHE_CONTROL);
      return { items: (await listSources(db)).map((source) => toSourceView(source, at)) };
    },
  );
};

/** One instrument and its venue's calendar, `open` as of `now()` once read. */
async function instrumentWithSource(
  db: MarketDataInfoDatabase,
  id: string,
  now: () => Date,
): Promise<InstrumentResponse> {
  const product = parseProduct(id);
  if (product === null) {
    throw new InvalidProductError(undefined, { id: id.slice(0, 40) });
  }
  const [row, sources] = await Promise.all([findInstrument(db, product.id), listSources(db)]);
  if (row === undefined) {
    throw new NotFoundError('No such instrument.', { id: product.id });
  }
  const source = sourceOf(sources, row);
  const at = now();
  return { instrument: toInstrumentView(row, source, at), source: toSourceView(source, at) };
}

function sourceOf(sources: readonly SourceRow[], row: InstrumentRow): SourceRow {
  const source = sources.find((candidate) => candidate.id === row.source_id);
  // The foreign key guarantees it; a miss means the two reads saw different catalogs, which the seed's single
  // transaction rules out.
  invariant(source !== undefined, `instrument ${row.id} has no source ${row.source_id}`);
  return source;
}

function toInstrumentView(row: InstrumentRow, source: SourceRow, at: Date): InstrumentView {
  return {
    id: row.id,
    symbol: row.symbol,
    source: source.id,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    tickSize: row.tick_size,
    lotSize: row.lot_size,
    isin: row.isin,
    sector: row.sector,
    open: isVenueOpen(source, at),
  };
}

function toSourceView(source: SourceRow, at: Date): SourceView {
  return {
    id: source.id,
    name: source.name,
    country: source.country,
    timeZone: source.timeZone,
    alwaysOpen: source.alwaysOpen,
    regularSession: { opensAt: source.opensAt, closesAt: source.closesAt },
    holidays: source.holidays,
    open: isVenueOpen(source, at),
  };
}
