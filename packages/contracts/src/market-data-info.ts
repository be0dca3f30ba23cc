/**
 * The instrument catalog as other services use it in-process (market data, time series, trading): the typed
 * {@link MarketDataInfoApi} that `@tessera/service-market-data-info` offers under {@link MARKET_DATA_INFO_CLIENT}
 * (see docs/adr/0003-ledger.md for how services hand each other clients). Reference data only: no money.
 */
import type { ProductId, ProductSource } from './product.ts';

/** What an instrument is. */
export type InstrumentKind = 'stock' | 'etf' | 'crypto';

/** One instrument of the catalog. Sizes are decimal strings, never numbers. */
export interface InstrumentInfo {
  readonly id: ProductId;
  readonly symbol: string;
  readonly source: ProductSource;
  readonly name: string;
  readonly kind: InstrumentKind;
  /** The quote currency, an asset code of @tessera/money (`USD`, `EUR`, `GBP`, `CHF`). */
  readonly currency: string;
  /** The smallest price step, e.g. `0.01`. */
  readonly tickSize: string;
  /** The smallest quantity step, e.g. `0.000001`. */
  readonly lotSize: string;
  readonly isin: string | null;
  /** GICS sector of a stock; null for ETFs and crypto. */
  readonly sector: string | null;
}

/** A venue (source) and its time zone. */
export interface SourceInfo {
  readonly id: ProductSource;
  readonly name: string;
  /** IANA time zone of the venue's sessions and of its trading dates. */
  readonly timeZone: string;
  /** Trades around the clock every day (the internal crypto venue). */
  readonly alwaysOpen: boolean;
}

/**
 * One trading session of a venue: from `opensAtMs` (inclusive) to `closesAtMs` (exclusive), epoch milliseconds.
 * `date` is the local trading date (YYYY-MM-DD) it belongs to. A venue that is always open has one session per
 * UTC day, from 00:00 to 24:00 UTC, so every venue's trading dates are sessions.
 */
export interface TradingSession {
  readonly date: string;
  readonly opensAtMs: number;
  readonly closesAtMs: number;
}

/** The longest range one {@link MarketDataInfoApi.tradingSessions} call covers: three years. */
export const TRADING_SESSIONS_RANGE_MS_MAX = 3 * 366 * 24 * 60 * 60 * 1000;

/** The catalog as other services use it. */
export interface MarketDataInfoApi {
  /** Every instrument, in id order (the catalog is small: under a thousand). */
  listInstruments(): Promise<InstrumentInfo[]>;
  /** Every source, in id order. */
  listSources(): Promise<SourceInfo[]>;
  /**
   * The sessions of `source` that overlap `[fromMs, toMs)`, oldest first, with weekends, holidays and early
   * closes applied (holidays are known for the calendar years the catalog holds; outside them only weekends and
   * the regular session apply). Throws when the range is reversed or longer than
   * {@link TRADING_SESSIONS_RANGE_MS_MAX}.
   */
  tradingSessions(source: ProductSource, fromMs: number, toMs: number): Promise<TradingSession[]>;
}

/**
 * The key under which market-data-info offers its {@link MarketDataInfoApi} in this process:
 * `context.clients?.get(MARKET_DATA_INFO_CLIENT)`.
 */
export const MARKET_DATA_INFO_CLIENT: {
  readonly service: 'market-data-info';
  readonly __client?: MarketDataInfoApi;
} = { service: 'market-data-info' };
