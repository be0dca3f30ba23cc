/**
 * Market data over HTTP (under /api/market-data): snapshots of quotes, books, recent trades, market status with
 * the next session, and the overview of /dashboard/market/. Public market data: no sign-in. Answers are never
 * cached (they change several times a second); stream them over the websocket instead of polling.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  BOOK_DEPTH,
  type BookResponse,
  type InstrumentInfo,
  type MarketOverview,
  type MarketStatus,
  type MarketStatusesResponse,
  type MarketStatusResponse,
  OVERVIEW_LIMIT_DEFAULT,
  OVERVIEW_LIMIT_MAX,
  parseProduct,
  QUOTES_PER_REQUEST_MAX,
  type QuoteResponse,
  type QuotesResponse,
  RECENT_TRADES_MAX,
  type TradesResponse,
  textSchema,
} from '@tessera/contracts';
import { parseOrThrow } from '@tessera/platform';
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

export interface MarketRoutesOptions {
  readonly runtime: MarketDataRuntime;
}

export async function marketRoutes(app: FastifyInstance, { runtime }: MarketRoutesOptions) {
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  /** The catalog entry of a product id from the path, or the error the client should see. */
  const instrumentOf = (raw: string): InstrumentInfo => {
    const parsed = parseProduct(raw);
    if (parsed === null) {
      throw new InvalidProductError(undefined, { productId: raw.slice(0, 40) });
    }
    const instrument = runtime.instrument(parsed.id);
    if (instrument === undefined) {
      throw new UnknownProductError(undefined, { productId: parsed.id });
    }
    return instrument;
  };

  app.get('/quotes', async (request, reply): Promise<QuotesResponse> => {
    const query = parseOrThrow(quotesQuerySchema, request.query);
    const instruments = query.productIds?.map(instrumentOf) ?? runtime.instruments();
    noStore(reply);
    return {
      items: instruments.flatMap((instrument) => {
        const quote = runtime.view.quote(instrument.id);
        return quote === undefined ? [] : [quote];
      }),
    };
  });

  app.get('/quotes/:productId', async (request, reply): Promise<QuoteResponse> => {
    const instrument = instrumentOf((request.params as { productId: string }).productId);
    const quote = runtime.view.quote(instrument.id);
    if (quote === undefined) {
      throw new FeedNotReadyError();
    }
    noStore(reply);
    return { quote };
  });

  app.get('/book/:productId', async (request, reply): Promise<BookResponse> => {
    const instrument = instrumentOf((request.params as { productId: string }).productId);
    const { depth } = parseOrThrow(bookQuerySchema, request.query);
    const book = runtime.view.book(instrument.id);
    if (book === undefined) {
      throw new FeedNotReadyError();
    }
    noStore(reply);
    return { book: { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) } };
  });

  app.get('/trades/:productId', async (request, reply): Promise<TradesResponse> => {
    const instrument = instrumentOf((request.params as { productId: string }).productId);
    const { limit } = parseOrThrow(tradesQuerySchema, request.query);
    noStore(reply);
    return { items: runtime.view.recentTrades(instrument.id, limit) };
  });

  app.get('/status', async (_request, reply): Promise<MarketStatusesResponse> => {
    const nowMs = runtime.now();
    noStore(reply);
    return { items: runtime.instruments().map((instrument) => statusOf(runtime, instrument, nowMs)) };
  });

  app.get('/status/:productId', async (request, reply): Promise<MarketStatusResponse> => {
    const instrument = instrumentOf((request.params as { productId: string }).productId);
    noStore(reply);
    return { status: statusOf(runtime, instrument, runtime.now()) };
  });

  app.get('/overview', async (request, reply): Promise<MarketOverview> => {
    const { limit } = parseOrThrow(overviewQuerySchema, request.query);
    noStore(reply);
    return buildOverview(runtime.instruments(), (id) => runtime.view.quote(id), limit, runtime.now());
  });
}

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
