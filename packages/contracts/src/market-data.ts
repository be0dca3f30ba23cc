/**
 * Market data's contract (docs/adr/0009-market-data.md): HTTP answers under `/api/market-data`, the websocket
 * protocol at `/api/market-data/ws`, the in-process client other services call, and the event topics between
 * services. Prices and sizes are decimal strings (exact multiples of the instrument's tick and lot size); times are
 * epoch milliseconds.
 *
 * Who owns what:
 * - the market simulator (the default feed of the market-data service) owns the reference price of every
 *   instrument and publishes it on `market.reference`;
 * - the internal venue (the trading service's matching engine with its simulated market makers) owns the order
 *   book and the venue's trades, and publishes them on `venue.book` and `venue.trade`;
 * - until venue events exist for an instrument, market data serves a book and trades from its own simulated
 *   market-maker ladder and prints (`origin: 'simulated'`); from the first venue event on it serves the venue's
 *   (`origin: 'venue'`), and it falls back to the simulation when the venue has been silent for
 *   {@link VENUE_SILENCE_FALLBACK_MS}.
 */
import { z } from 'zod';
import type { ProductId } from './product.ts';
import { textSchema } from './text.ts';
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  candleSchema,
  decimalStringSchema,
  productIdSchema,
} from './time-series.ts';

// ---------------------------------------------------------------------------------------------------------------
// Bounds and constants
// ---------------------------------------------------------------------------------------------------------------

/** Where the market-data service's routes live; the websocket is `${prefix}/ws`. */
export const MARKET_DATA_API_PREFIX = '/api/market-data';
/** The websocket's path below the service's base URL. */
export const MARKET_STREAM_PATH = '/ws';
/** Price levels per side on the `book` channel and in `GET /book` (L2, the top of the book). */
export const BOOK_DEPTH = 10;
/** Recent trades kept per instrument (`GET /trades`, the `trades` snapshot). */
export const RECENT_TRADES_MAX = 100;
/** Quotes one `GET /quotes?productIds=` call may name. */
export const QUOTES_PER_REQUEST_MAX = 100;
/** Subscriptions (channel and product pairs) one websocket connection may hold. */
export const MARKET_STREAM_SUBSCRIPTIONS_MAX = 100;
/**
 * The most updates a client receives per second on one channel of one product: one per 100 ms of the data's own
 * times (`timeMs`), what comes between replaced by the latest (conflation). Snapshots do not count.
 */
export const MARKET_STREAM_UPDATES_PER_SECOND_MAX = 10;
/** How often the server sends `heartbeat` to every client. */
export const MARKET_STREAM_HEARTBEAT_INTERVAL_MS = 5_000;
/** A client that has heard nothing for this long treats the connection as dead and reconnects. */
export const MARKET_STREAM_HEARTBEAT_TIMEOUT_MS = 3 * MARKET_STREAM_HEARTBEAT_INTERVAL_MS;
/** The largest client message the server reads; a larger one closes the connection (1009). */
export const MARKET_STREAM_CLIENT_MESSAGE_BYTES_MAX = 16 * 1024;

/**
 * Close codes the server uses. 1001: the server is shutting down. 1009: a client message was too large.
 * 1013: the server has too many connections (try again later). 4002: the client kept sending invalid messages.
 * 4008: the client did not read its messages fast enough (a slow consumer) and fell too far behind.
 */
export const MARKET_STREAM_CLOSE_CODES = {
  goingAway: 1001,
  messageTooBig: 1009,
  tryAgainLater: 1013,
  protocolViolation: 4002,
  slowConsumer: 4008,
} as const;

/** The venue publishes its book at least this often while it runs an instrument, even when nothing changed. */
export const VENUE_BOOK_HEARTBEAT_MS = 5_000;
/** After this long without venue events for an instrument, market data serves the simulated book again. */
export const VENUE_SILENCE_FALLBACK_MS = 3 * VENUE_BOOK_HEARTBEAT_MS;

// ---------------------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------------------

/** Who produced a book or a trade: the simulator's market-maker ladder and prints, or the internal venue. */
export const marketOriginSchema = z.enum(['simulated', 'venue']);
export type MarketOrigin = z.infer<typeof marketOriginSchema>;

/** The side that took liquidity in a trade. */
export const aggressorSideSchema = z.enum(['buy', 'sell']);
export type AggressorSide = z.infer<typeof aggressorSideSchema>;

/**
 * A quote: the top of the book, the last trade and the current (or latest) session's figures. `bid`/`ask` are
 * null while the market is closed (no one quotes); `last`, `open`, `high`, `low` are null before the first trade
 * of the session; `change` and `changePercent` compare `last` with `previousClose` (two decimals for the percent).
 */
export const quoteSchema = z.object({
  productId: productIdSchema,
  bid: decimalStringSchema.nullable(),
  bidSize: decimalStringSchema.nullable(),
  ask: decimalStringSchema.nullable(),
  askSize: decimalStringSchema.nullable(),
  last: decimalStringSchema.nullable(),
  /** The local trading date the session figures belong to. */
  sessionDate: z.string().nullable(),
  open: decimalStringSchema.nullable(),
  high: decimalStringSchema.nullable(),
  low: decimalStringSchema.nullable(),
  /** The session's traded quantity, in units of the instrument. */
  volume: decimalStringSchema,
  previousClose: decimalStringSchema.nullable(),
  change: decimalStringSchema.nullable(),
  changePercent: decimalStringSchema.nullable(),
  marketOpen: z.boolean(),
  origin: marketOriginSchema,
  /** Increases with every change of this product's quote; a client keeps the highest it has seen. */
  seq: z.number().int(),
  timeMs: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** One level of an L2 book: `[price, size]`, the size summed over the level's orders. */
export const bookLevelSchema = z.tuple([decimalStringSchema, decimalStringSchema]);
export type BookLevel = z.infer<typeof bookLevelSchema>;

/** The top of a book: bids best (highest) first, asks best (lowest) first, at most {@link BOOK_DEPTH} each. */
export const bookSchema = z.object({
  productId: productIdSchema,
  bids: z.array(bookLevelSchema),
  asks: z.array(bookLevelSchema),
  origin: marketOriginSchema,
  seq: z.number().int(),
  timeMs: z.number().int(),
});
export type Book = z.infer<typeof bookSchema>;

/** One trade (a print). Ids are unique per product (`s…` simulated, `v…` from the venue); order by `timeMs`. */
export const tradeSchema = z.object({
  id: z.string(),
  productId: productIdSchema,
  price: decimalStringSchema,
  size: decimalStringSchema,
  side: aggressorSideSchema,
  origin: marketOriginSchema,
  timeMs: z.number().int(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** The `trades` channel's data: the trades since the previous message, oldest first. */
export const tradesDataSchema = z.object({ productId: productIdSchema, trades: z.array(tradeSchema) });
export type TradesData = z.infer<typeof tradesDataSchema>;

/**
 * The `candles:<interval>` channel's data: the candle forming now (last) and, when one exists, the candle before
 * it in its final state, so a client that missed updates (conflation) still gets every completed candle right.
 */
export const candlesDataSchema = z.object({
  productId: productIdSchema,
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema).max(2),
});
export type CandlesData = z.infer<typeof candlesDataSchema>;

/** A session of a venue, epoch milliseconds, with its local trading date. */
export const sessionSchema = z.object({
  date: z.string(),
  opensAtMs: z.number().int(),
  closesAtMs: z.number().int(),
});

/** Whether a product trades now, the session it is in (if any) and the next one. */
export const marketStatusSchema = z.object({
  productId: productIdSchema,
  open: z.boolean(),
  timeZone: z.string(),
  currentSession: sessionSchema.nullable(),
  nextSession: sessionSchema.nullable(),
  timeMs: z.number().int(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

// ---------------------------------------------------------------------------------------------------------------
// HTTP answers
// ---------------------------------------------------------------------------------------------------------------

/** `GET /quotes` (every product, or `?productIds=A,B`). */
export const quotesResponseSchema = z.object({ items: z.array(quoteSchema) });
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;
/** `GET /quotes/:productId`. */
export const quoteResponseSchema = z.object({ quote: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
/** `GET /book/:productId?depth=`. */
export const bookResponseSchema = z.object({ book: bookSchema });
export type BookResponse = z.infer<typeof bookResponseSchema>;
/** `GET /trades/:productId?limit=`: newest first. */
export const tradesResponseSchema = z.object({ items: z.array(tradeSchema) });
export type TradesResponse = z.infer<typeof tradesResponseSchema>;
/** `GET /status`. */
export const marketStatusesResponseSchema = z.object({ items: z.array(marketStatusSchema) });
export type MarketStatusesResponse = z.infer<typeof marketStatusesResponseSchema>;
/** `GET /status/:productId`. */
export const marketStatusResponseSchema = z.object({ status: marketStatusSchema });
export type MarketStatusResponse = z.infer<typeof marketStatusResponseSchema>;

/** One product in the overview's lists. */
export const marketMoverSchema = z.object({
  productId: productIdSchema,
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'etf', 'crypto']),
  currency: z.string(),
  last: decimalStringSchema.nullable(),
  change: decimalStringSchema.nullable(),
  changePercent: decimalStringSchema.nullable(),
  volume: decimalStringSchema,
  marketOpen: z.boolean(),
});
export type MarketMover = z.infer<typeof marketMoverSchema>;

/** The benchmarks the overview leads with; `key` is stable (translate it), the product is the tracker. */
export const MARKET_INDEX_KEYS = [
  'sp500',
  'nasdaq100',
  'dowJones',
  'russell2000',
  'msciWorld',
  'ftseAllWorld',
  'bitcoin',
] as const;
export const marketIndexSchema = marketMoverSchema.extend({ key: z.enum(MARKET_INDEX_KEYS) });
export type MarketIndex = z.infer<typeof marketIndexSchema>;

/** A group of products (a GICS sector, a region): equal-weighted day change and breadth. */
export const marketGroupSchema = z.object({
  key: z.string(),
  instruments: z.number().int(),
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  /** The mean of the members' `changePercent` (members without one are left out); two decimals. */
  averageChangePercent: decimalStringSchema.nullable(),
  best: productIdSchema.nullable(),
  worst: productIdSchema.nullable(),
});
export type MarketGroup = z.infer<typeof marketGroupSchema>;

/** The regions of the overview: where a product's venue is. */
export const MARKET_REGIONS = ['us', 'europe', 'uk', 'switzerland', 'crypto'] as const;
export type MarketRegion = (typeof MARKET_REGIONS)[number];

/** `GET /overview?limit=`: what /dashboard/market/ shows first. */
export const marketOverviewSchema = z.object({
  indices: z.array(marketIndexSchema),
  movers: z.object({
    gainers: z.array(marketMoverSchema),
    losers: z.array(marketMoverSchema),
    /** By session turnover in the product's own currency (volume times last price), so a share count of a cheap
     * stock does not outrank an expensive one. */
    mostActive: z.array(marketMoverSchema),
  }),
  /** GICS sectors of the stocks, by name. */
  sectors: z.array(marketGroupSchema),
  /** `key` is one of {@link MARKET_REGIONS}. */
  regions: z.array(marketGroupSchema),
  timeMs: z.number().int(),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;
/** Bounds of `GET /overview?limit=` (products per movers list). */
export const OVERVIEW_LIMIT_DEFAULT = 5;
export const OVERVIEW_LIMIT_MAX = 20;

// ---------------------------------------------------------------------------------------------------------------
// Websocket protocol
// ---------------------------------------------------------------------------------------------------------------

/** The channel kinds, one stream per (channel, product). */
export const MARKET_CHANNELS = [
  'quotes',
  'trades',
  'book',
  ...CANDLE_INTERVALS.map((interval) => `candles:${interval}` as const),
] as const;
export type MarketChannel = 'quotes' | 'trades' | 'book' | `candles:${CandleInterval}`;

/** True when `value` is a channel name of {@link MARKET_CHANNELS}. */
export function isMarketChannel(value: unknown): value is MarketChannel {
  return typeof value === 'string' && (MARKET_CHANNELS as readonly string[]).includes(value);
}

/** What each channel's `snapshot` and `update` carry. */
export interface MarketChannelData {
  quotes: Quote;
  trades: TradesData;
  book: Book;
  'candles:1m': CandlesData;
  'candles:5m': CandlesData;
  'candles:15m': CandlesData;
  'candles:1h': CandlesData;
  'candles:1d': CandlesData;
  'candles:1w': CandlesData;
}

/** One subscription: a channel of a product. */
export const marketSubscriptionSchema = z.object({
  // The shared text rules (text.ts) before the lookup: a websocket frame gets no platform guard in front of it.
  channel: textSchema({ max: 32, trim: false }),
  productId: textSchema({ max: 40, trim: false }),
});
export interface MarketSubscription {
  readonly channel: MarketChannel;
  readonly productId: ProductId;
}

/**
 * What a client sends: `subscribe` (answered by `subscribed`, then one `snapshot` per channel, then `update`s)
 * and `unsubscribe` (answered by `unsubscribed`). Channel names and product ids are checked one by one: a bad
 * one gets an `error` naming it, the others are served. `ping` is answered by a `heartbeat`.
 */
export const marketClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    channels: z.array(marketSubscriptionSchema).min(1).max(MARKET_STREAM_SUBSCRIPTIONS_MAX),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    channels: z.array(marketSubscriptionSchema).min(1).max(MARKET_STREAM_SUBSCRIPTIONS_MAX),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type MarketClientMessage =
  | { type: 'subscribe'; channels: MarketSubscription[] }
  | { type: 'unsubscribe'; channels: MarketSubscription[] }
  | { type: 'ping' };

/** Codes of `error` messages on the websocket (the same codes as the HTTP errors, docs/api.md). */
export const MARKET_STREAM_ERROR_CODES = [
  'MARKET_DATA_INVALID_MESSAGE',
  'MARKET_DATA_INVALID_PRODUCT',
  'MARKET_DATA_UNKNOWN_PRODUCT',
  'MARKET_DATA_UNKNOWN_CHANNEL',
  'MARKET_DATA_TOO_MANY_SUBSCRIPTIONS',
] as const;
export type MarketStreamErrorCode = (typeof MARKET_STREAM_ERROR_CODES)[number];

/** A `snapshot` or an `update` of one channel of one product. */
export type MarketDataMessage = {
  [C in MarketChannel]: {
    type: 'snapshot' | 'update';
    channel: C;
    productId: ProductId;
    data: MarketChannelData[C];
  };
}[MarketChannel];

/** What the server sends. */
export type MarketServerMessage =
  | MarketDataMessage
  | { type: 'subscribed'; channels: MarketSubscription[] }
  | { type: 'unsubscribed'; channels: MarketSubscription[] }
  | { type: 'heartbeat'; timeMs: number }
  | {
      type: 'error';
      code: MarketStreamErrorCode;
      message: string;
      channel?: string;
      productId?: string;
    };

const channelDataSchemas = {
  quotes: quoteSchema,
  trades: tradesDataSchema,
  book: bookSchema,
  candles: candlesDataSchema,
} as const;

const subscriptionsSchema = z.array(
  z.object({ channel: z.enum(MARKET_CHANNELS), productId: productIdSchema }),
);

/** Validates a server message (tests, tools; the web client checks only the envelope to stay light). */
export const marketServerMessageSchema = z.union([
  z
    .object({
      type: z.enum(['snapshot', 'update']),
      channel: z.enum(MARKET_CHANNELS),
      productId: productIdSchema,
      data: z.unknown(),
    })
    .superRefine((message, context) => {
      const kind = message.channel.startsWith('candles:')
        ? 'candles'
        : (message.channel as Exclude<keyof typeof channelDataSchemas, 'candles'>);
      const parsed = channelDataSchemas[kind].safeParse(message.data);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: `data does not match channel ${message.channel}` });
      }
    }),
  z.object({ type: z.enum(['subscribed', 'unsubscribed']), channels: subscriptionsSchema }),
  z.object({ type: z.literal('heartbeat'), timeMs: z.number().int() }),
  z.object({
    type: z.literal('error'),
    code: z.enum(MARKET_STREAM_ERROR_CODES),
    message: z.string(),
    channel: z.string().optional(),
    productId: z.string().optional(),
  }),
]);

// ---------------------------------------------------------------------------------------------------------------
// Events between services (the in-process bus by default, NATS subjects of the same names at scale)
// ---------------------------------------------------------------------------------------------------------------

/** Topic names. */
export const MARKET_DATA_TOPICS = {
  /** The simulator's reference price of an open product, at every tick (published by market data). */
  reference: 'market.reference',
  /** A product's market opened or closed (published by market data, at the session boundaries). */
  status: 'market.status',
  /** Market data's own fan-out: every websocket process subscribes to these and serves its clients. */
  quote: 'market.quote',
  book: 'market.book',
  /** The trades market data serves, simulated or the venue's, batched per tick; time series builds candles. */
  trades: 'market.trades',
  candles: 'market.candles',
  /** The internal venue's book of a product (published by trading, on change and every VENUE_BOOK_HEARTBEAT_MS). */
  venueBook: 'venue.book',
  /** One trade on the internal venue (published by trading after each fill). */
  venueTrade: 'venue.trade',
} as const;

/** `market.reference`: the simulator's price for a product, not rounded to a tick (market makers quote around it). */
export interface MarketReferenceEvent {
  readonly productId: ProductId;
  /** A decimal string with up to 8 decimals. */
  readonly price: string;
  /** Increases with every tick of this product. */
  readonly sequence: number;
  readonly timeMs: number;
  /**
   * The simulated participants' orders of this tick (docs/adr/0014-simulated-participants.md): market orders of
   * `size` (decimal text, on the lot) that the internal venue executes against its market makers, as it would a
   * customer's, so last, volume, candles and the tape move while the venue is open. Absent or empty: none.
   */
  readonly participants?: readonly ParticipantOrder[];
}

/** One simulated participant's market order (see {@link MarketReferenceEvent.participants}). */
export interface ParticipantOrder {
  readonly side: AggressorSide;
  /** A decimal string, a whole number of lots. */
  readonly size: string;
}

/** `market.status`: the product's market opened or closed at `timeMs`. */
export interface MarketStatusEvent {
  readonly productId: ProductId;
  readonly open: boolean;
  readonly timeMs: number;
}

/**
 * `venue.book`: the internal venue's book of a product, top {@link BOOK_DEPTH} levels or more (market data keeps
 * the first BOOK_DEPTH). Published after every change and at least every {@link VENUE_BOOK_HEARTBEAT_MS} while
 * the venue runs the product; market data drops an event whose `sequence` is not higher than the last one.
 */
export interface VenueBookEvent {
  readonly productId: ProductId;
  /** `[price, size]` decimal strings, best first. */
  readonly bids: ReadonlyArray<readonly [string, string]>;
  readonly asks: ReadonlyArray<readonly [string, string]>;
  /** Increases with every event of this product (the engine's event sequence). */
  readonly sequence: number;
  readonly timeMs: number;
}

/** `venue.trade`: one fill on the internal venue, at the maker's price. */
export interface VenueTradeEvent {
  readonly productId: ProductId;
  /** Unique per product (e.g. the engine's fill sequence). */
  readonly tradeId: string;
  readonly price: string;
  readonly size: string;
  readonly aggressorSide: AggressorSide;
  readonly sequence: number;
  readonly timeMs: number;
}

/** The payload of every market-data topic (`EventBus<MarketDataEvents>`). */
export type MarketDataEvents = {
  'market.reference': MarketReferenceEvent;
  'market.status': MarketStatusEvent;
  'market.quote': Quote;
  'market.book': Book;
  'market.trades': TradesData;
  'market.candles': CandlesData;
  'venue.book': VenueBookEvent;
  'venue.trade': VenueTradeEvent;
};

// ---------------------------------------------------------------------------------------------------------------
// The in-process client
// ---------------------------------------------------------------------------------------------------------------

/** Resolutions of {@link MarketDataApi.history}. */
export type HistoryResolution = '1m' | '1d';
/** The longest range of one history call: 31 days of minutes, or three years of days. */
export const HISTORY_RANGE_MS_MAX: Record<HistoryResolution, number> = {
  '1m': 31 * 86_400_000,
  '1d': 3 * 366 * 86_400_000,
};

/**
 * One bar of history in integer units: prices in ticks of `tickSize`, volume in lots of `lotSize` (bulk data for
 * backfills, kept exact and compact; multiply by the sizes for decimals). `openTimeMs` follows the candle bucket
 * rules of time-series.ts (minute start, or the trading date at 00:00 UTC).
 */
export interface HistoryBar {
  readonly openTimeMs: number;
  readonly openTicks: number;
  readonly highTicks: number;
  readonly lowTicks: number;
  readonly closeTicks: number;
  readonly volumeLots: number;
}

/** The answer of {@link MarketDataApi.history}. */
export interface HistoryBars {
  readonly productId: ProductId;
  readonly resolution: HistoryResolution;
  readonly tickSize: string;
  readonly lotSize: string;
  /** Oldest first; only bars of trading time (no bar for a closed minute or day). */
  readonly bars: HistoryBar[];
}

/** Market data as other services use it. */
export interface MarketDataApi {
  /**
   * The market's clock (ms since the epoch): the real time, or the test clock MARKET_DATA_CLOCK_START starts
   * (docs/adr/0014-simulated-participants.md). Whatever asks whether a venue is open now (trading's pre-trade
   * checks too) reads this one clock, so quotes and orders agree on the session.
   */
  now(): number;
  /** Resolves once the feed knows every product's current state (the simulator's warm-up). */
  ready(): Promise<void>;
  /** The product's quote, or null for a product the feed does not serve. */
  getQuote(productId: ProductId): Promise<Quote | null>;
  /** The latest reference price (decimal string), or null when the product is unknown or not started. */
  getReferencePrice(productId: ProductId): Promise<string | null>;
  /**
   * The candle of `interval` forming now and the one completed before it, as the `candles:<interval>` channel
   * sends them; null when the product is unknown. A subscriber of `market.candles` reads this once at start, so
   * it does not wait for the next trade to know the candles under way.
   */
  getCandles(productId: ProductId, interval: CandleInterval): Promise<CandlesData | null>;
  /**
   * Bars of trading time whose `openTimeMs` is in `[fromMs, toMs)`, from the feed (the simulator computes them
   * from its seeded process, so they agree with the live prices that follow). Throws when the range is reversed
   * or longer than {@link HISTORY_RANGE_MS_MAX}.
   */
  history(request: {
    productId: ProductId;
    resolution: HistoryResolution;
    fromMs: number;
    toMs: number;
  }): Promise<HistoryBars>;
}

/** The key under which market data offers its {@link MarketDataApi}: `context.clients?.get(MARKET_DATA_CLIENT)`. */
export const MARKET_DATA_CLIENT: { readonly service: 'market-data'; readonly __client?: MarketDataApi } = {
  service: 'market-data',
};
