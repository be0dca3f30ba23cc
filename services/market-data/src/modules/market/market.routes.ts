/**
 * Market data over HTTP (under /api/market-data): snapshots of quotes, books, recent trades, market status with
 * the next session, and the overview of /dashboard/market/. Public market data: no sign-in. Answers are never
 * cached (they change several times a second); stream them over the websocket instead of polling.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  BOOK_DEPTH,
  bookResponseSchema,
  type InstrumentInfo,
  marketOverviewSchema,
  type MarketStatus,
  marketStatusesResponseSchema,
  marketStatusResponseSchema,
  OVERVIEW_LIMIT_DEFAULT,
  OVERVIEW_LIMIT_MAX,
  parseProduct,
  QUOTES_PER_REQUEST_MAX,
  quoteResponseSchema,
  quotesResponseSchema,
  RECENT_TRADES_MAX,
  textSchema,
  tradesResponseSchema,
} from '@tessera/contracts';
import type { ServiceRoutes } from '@tessera/platform';
import { FeedNotReadyError, InvalidProductError, UnknownProductError } from '../../errors.ts';
import type { MarketDataRuntime } from './market-data-runtime.ts';
import { buildOverview } from './overview.ts';

const integerText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^[0-9]{1,4}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

const quotesQuerySchema = z.strictObject({
  productIds: z
    .string()
    .max(QUOTES_PER_REQUEST_MAX * 41)
    .transform((value) => value.split(',').filter((id) => id.length > 0))
    .pipe(
      z
        .array(textSchema({ max: 40, trim: false }))
        .min(1)
        .max(QUOTES_PER_REQUEST_MAX),
    )
    .optional(),
});
const bookQuerySchema = z.strictObject({ depth: integerText(1, BOOK_DEPTH, BOOK_DEPTH) });
const tradesQuerySchema = z.strictObject({ limit: integerText(1, RECENT_TRADES_MAX, 50) });
const overviewQuerySchema = z.strictObject({
  limit: integerText(1, OVERVIEW_LIMIT_MAX, OVERVIEW_LIMIT_DEFAULT),
});

/** A product id in the path, checked by the route (MARKET_DATA_INVALID_PRODUCT or _UNKNOWN_PRODUCT). */
const productParamsSchema = z.object({ productId: z.string() });
/** Routes that take no query parameters refuse any (docs/api.md, market data: unknown query parameters). */
const noQuerySchema = z.strictObject({});

export interface MarketRoutesOptions {
  readonly runtime: MarketDataRuntime;
}

/** Answers change several times a second: never cached (stream them instead of polling). */
const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/** The catalog entry of a product id from the path, or the error the client should see. */
function instrumentOf(runtime: MarketDataRuntime, raw: string): InstrumentInfo {
  const parsed = parseProduct(raw);
  if (parsed === null) {
    throw new InvalidProductError(undefined, { productId: raw.slice(0, 40) });
  }
  const instrument = runtime.instrument(parsed.id);
  if (instrument === undefined) {
    throw new UnknownProductError(undefined, { productId: parsed.id });
  }
  return instrument;
}

export const marketRoutes: ServiceRoutes<{ runtime: MarketDataRuntime }> = async (app, options) => {
  await app.register(quoteRoutes, options);
  await app.register(bookAndTradesRoutes, options);
  await app.register(statusRoutes, options);
};

/** Quotes: of every product or those named, and of one. */
const quoteRoutes: ServiceRoutes<{ runtime: MarketDataRuntime }> = async (app, { runtime }) => {
  app.get(
    '/quotes',
    {
      schema: {
        summary: 'Gives the quotes of every product, or of those named',
        description: '`productIds`: 1 to 100 product ids, comma-separated.',
        querystring: quotesQuerySchema,
        response: { 200: quotesResponseSchema },
      },
    },
    async (request, reply) => {
      const instruments =
        request.query.productIds?.map((id) => instrumentOf(runtime, id)) ?? runtime.instruments();
      noStore(reply);
      return {
        items: instruments.flatMap((instrument) => {
          const quote = runtime.view.quote(instrument.id);
          return quote === undefined ? [] : [quote];
        }),
      };
    },
  );

  app.get(
    '/quotes/:productId',
    {
      schema: {
        summary: 'Gives the quote of a product',
        description: 'MARKET_DATA_FEED_NOT_READY while the product has no quote yet.',
        params: productParamsSchema,
        querystring: noQuerySchema,
        response: { 200: quoteResponseSchema },
      },
    },
    async (request, reply) => {
      const instrument = instrumentOf(runtime, request.params.productId);
      const quote = runtime.view.quote(instrument.id);
      if (quote === undefined) {
        throw new FeedNotReadyError();
      }
      noStore(reply);
      return { quote };
    },
  );
};

/** The book and the recent trades of a product. */
const bookAndTradesRoutes: ServiceRoutes<{ runtime: MarketDataRuntime }> = async (app, { runtime }) => {
  app.get(
    '/book/:productId',
    {
      schema: {
        summary: 'Gives the order book of a product',
        description: '`bids` and `asks` as `[price, size]`, best first, `depth` levels (1 to 10, 10).',
        params: productParamsSchema,
        querystring: bookQuerySchema,
        response: { 200: bookResponseSchema },
      },
    },
    async (request, reply) => {
      const instrument = instrumentOf(runtime, request.params.productId);
      const { depth } = request.query;
      const book = runtime.view.book(instrument.id);
      if (book === undefined) {
        throw new FeedNotReadyError();
      }
      noStore(reply);
      return { book: { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) } };
    },
  );

  app.get(
    '/trades/:productId',
    {
      schema: {
        summary: 'Gives the recent trades of a product',
        description: "Newest first, `limit` 1 to 100 (50); `side` is the aggressor's.",
        params: productParamsSchema,
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema },
      },
    },
    async (request, reply) => {
      const instrument = instrumentOf(runtime, request.params.productId);
      noStore(reply);
      return { items: runtime.view.recentTrades(instrument.id, request.query.limit) };
    },
  );
};

/** Whether markets trade, and the overview of /dashboard/market/. */
const statusRoutes: ServiceRoutes<{ runtime: MarketDataRuntime }> = async (app, { runtime }) => {
  app.get(
    '/status',
    {
      schema: {
        summary: "Says whether each product's market is open",
        description: "Per product: `open`, the venue's `timeZone`, `currentSession` and `nextSession`.",
        querystring: noQuerySchema,
        response: { 200: marketStatusesResponseSchema },
      },
    },
    async (_request, reply) => {
      const nowMs = runtime.now();
      noStore(reply);
      return { items: runtime.instruments().map((instrument) => statusOf(runtime, instrument, nowMs)) };
    },
  );

  app.get(
    '/status/:productId',
    {
      schema: {
        summary: "Says whether a product's market is open",
        params: productParamsSchema,
        querystring: noQuerySchema,
        response: { 200: marketStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const instrument = instrumentOf(runtime, request.params.productId);
      noStore(reply);
      return { status: statusOf(runtime, instrument, runtime.now()) };
    },
  );

  app.get(
    '/overview',
    {
      schema: {
        summary: 'Gives the market overview',
        description: 'Benchmark indices, movers (`limit` 1 to 20, 5), sectors and regions.',
        querystring: overviewQuerySchema,
        response: { 200: marketOverviewSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return buildOverview(
        runtime.instruments(),
        (id) => runtime.view.quote(id),
        request.query.limit,
        runtime.now(),
      );
    },
  );
};

/** Whether the product's venue trades at `nowMs`, its current session and the next one. */
function statusOf(runtime: MarketDataRuntime, instrument: InstrumentInfo, nowMs: number): MarketStatus {
  const calendar = runtime.calendars().get(instrument.source);
  const current = calendar.sessionAt(nowMs);
  const next = calendar.nextSession(nowMs);
  const timeZone = runtime.sources().find((source) => source.id === instrument.source)?.timeZone ?? 'UTC';
  return {
    productId: instrument.id,
    open: current !== null,
    timeZone,
    currentSession: current === null ? null : { ...current },
    nextSession: next === null ? null : { ...next },
    timeMs: nowMs,
  };
}
