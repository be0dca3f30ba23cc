/**
 * The feed adapter interface: where market data's prices come from. The market simulator
 * (`../simulator/simulator-feed.ts`) is the default; a real feed (a vendor's websocket and history API, an
 * exchange's market-data protocol) implements the same interface and is chosen by `MARKET_DATA_FEED`.
 *
 * Units: prices in ticks and quantities in lots of the instrument (`tickSize`, `lotSize` of the catalog), so the
 * market-data service computes with exact integers. An adapter converts the vendor's decimals at its edge
 * (`ticksOfDecimal` in ../market/units.ts) and drops, with a log line, a price that is off the instrument's grid.
 *
 * Contract an adapter keeps:
 * - `start` resolves once it knows every instrument's state; before resolving it calls `status` once per
 *   instrument (open or closed, and the current or latest session's figures), then `update`s follow;
 * - `status` again at every session boundary (open, close), with the new session's figures at an open;
 * - `update`s of one instrument come in time order; any field of an update may be missing (a trade-only message);
 * - `history` serves bars of past trading time only, and agrees with what `update` delivered for that time.
 */
import type { AggressorSide, HistoryBars, HistoryResolution, ProductId } from '@tessera/contracts';

/** `[priceTicks, sizeLots]`, best first. */
export type FeedLevel = readonly [priceTicks: number, sizeLots: number];

/** One trade of the feed. */
export interface FeedTrade {
  readonly priceTicks: number;
  readonly sizeLots: number;
  /** The side that took liquidity. */
  readonly side: AggressorSide;
  readonly timeMs: number;
}

/** What changed for one instrument at `timeMs`. */
export interface FeedUpdate {
  readonly productId: ProductId;
  readonly timeMs: number;
  /** The reference (fair) price, a model value not rounded to a tick; a real feed sends its mid price. */
  readonly referencePrice?: number;
  /** The whole top of the book (at most BOOK_DEPTH levels a side). */
  readonly book?: { readonly bids: readonly FeedLevel[]; readonly asks: readonly FeedLevel[] };
  readonly trades?: readonly FeedTrade[];
}

/** A session's figures so far. */
export interface FeedSession {
  /** Local trading date, YYYY-MM-DD. */
  readonly date: string;
  readonly opensAtMs: number;
  readonly closesAtMs: number;
  /** Null until the session's first trade. */
  readonly openTicks: number | null;
  readonly highTicks: number | null;
  readonly lowTicks: number | null;
  readonly lastTicks: number | null;
  readonly volumeLots: number;
  /** The close of the session before; null when unknown. */
  readonly previousCloseTicks: number | null;
}

/** Where a feed delivers. Calls are synchronous and must not throw. */
export interface FeedSink {
  update(update: FeedUpdate): void;
  /** The instrument's market opened or closed; `session` is the current (or latest) session's figures. */
  status(productId: ProductId, open: boolean, timeMs: number, session: FeedSession | null): void;
}

/** A source of market data. */
export interface MarketFeed {
  /** `simulator`, or the vendor's name: shown in logs and `GET /status`. */
  readonly name: string;
  /** Starts delivering to `sink`; see the module comment for what it guarantees. */
  start(sink: FeedSink): Promise<void>;
  /** Stops delivering; resolves when no more calls will come. */
  stop(): Promise<void>;
  /** Bars of past trading time (see `MarketDataApi.history` in @tessera/contracts). */
  history(
    productId: ProductId,
    resolution: HistoryResolution,
    fromMs: number,
    toMs: number,
  ): Promise<HistoryBars>;
  /** The latest reference price of an instrument (a model value), or null before the first one. */
  referencePrice(productId: ProductId): number | null;
}
