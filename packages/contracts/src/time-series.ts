/**
 * Candles: the intervals, what a candle of each interval covers, the wire shape, and the time-series HTTP answers
 * (`/api/time-series`). Shared by the market-data service (live candles on its websocket), the time-series service
 * (stored candles) and the web app (charts), so all three cut time the same way.
 *
 * Bucket rules (a candle's `openTimeMs` names its bucket):
 * - `1m`, `5m`, `15m`, `1h`: UTC-aligned, `openTimeMs = floor(t / duration) * duration`.
 * - `1d`: the venue's local trading date D (its IANA time zone); `openTimeMs` is D at 00:00 UTC, the convention
 *   charting libraries use for business days, whatever the venue's zone.
 * - `1w`: the ISO week (Monday to Sunday) of the trading date; `openTimeMs` is that Monday at 00:00 UTC.
 * Prices and volumes are decimal strings; times are epoch milliseconds.
 */
import { z } from 'zod';
import { isProductId, type ProductId } from './product.ts';
import { textSchema } from './text.ts';

/** The candle intervals, shortest first. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '1d', '1w'] as const;

/** One of {@link CANDLE_INTERVALS}. */
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** The intervals cut on the UTC clock, with their length. */
export const INTRADAY_INTERVAL_MS = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
} as const satisfies Partial<Record<CandleInterval, number>>;

/** An interval cut on the UTC clock. */
export type IntradayInterval = keyof typeof INTRADAY_INTERVAL_MS;

/** True for `1m`, `5m`, `15m` and `1h`. */
export function isIntradayInterval(interval: CandleInterval): interval is IntradayInterval {
  return interval in INTRADAY_INTERVAL_MS;
}

/** True when `value` is one of {@link CANDLE_INTERVALS}. */
export function isCandleInterval(value: unknown): value is CandleInterval {
  return typeof value === 'string' && (CANDLE_INTERVALS as readonly string[]).includes(value);
}

/** A decimal string (prices and volumes): digits, an optional fraction, an optional leading minus. */
export const decimalStringSchema = z
  .string()
  .max(40)
  .regex(/^-?[0-9]+(\.[0-9]+)?$/, { error: 'must be a decimal string' });

/** A product id (`AAPL_cboe`) as a schema. */
export const productIdSchema = textSchema({ max: 40, trim: false })
  .refine(isProductId, { error: 'Invalid product' })
  .transform((value) => value as ProductId);

/** One candle. `complete` is false for the candle still forming (the latest one of a live series). */
export const candleSchema = z.object({
  openTimeMs: z.number().int(),
  open: decimalStringSchema,
  high: decimalStringSchema,
  low: decimalStringSchema,
  close: decimalStringSchema,
  volume: decimalStringSchema,
  complete: z.boolean(),
});
export type Candle = z.infer<typeof candleSchema>;

/** Where the time-series service's routes live. */
export const TIME_SERIES_API_PREFIX = '/api/time-series';
/** Candles per page of `GET /candles/:productId`: the default and the bound. */
export const CANDLES_LIMIT_DEFAULT = 500;
export const CANDLES_LIMIT_MAX = 2000;

/** `GET /api/time-series/candles/:productId`: candles in ascending time, the latest `limit` before `to`. */
export const candlesResponseSchema = z.object({
  productId: productIdSchema,
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema),
  /** Pass as `cursor` for the page of older candles; null when there is none (within `from`). */
  nextCursor: z.string().nullable(),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;

/** Progress of the first-start backfill, `GET /api/time-series/status`. */
export const timeSeriesStatusSchema = z.object({
  backfill: z.object({
    state: z.enum(['pending', 'running', 'done', 'failed', 'disabled']),
    instrumentsDone: z.number().int(),
    instrumentsTotal: z.number().int(),
    candlesWritten: z.number().int(),
    startedAtMs: z.number().int().nullable(),
    finishedAtMs: z.number().int().nullable(),
  }),
});
export type TimeSeriesStatus = z.infer<typeof timeSeriesStatusSchema>;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A bucket: the candle's `openTimeMs` label, and the real span `[startMs, endMs)` of time it covers. */
export interface CandleBucket {
  readonly openTimeMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The bucket of `interval` that contains `timeMs` for a venue in `timeZone` (only `1d` and `1w` read the zone).
 * @example candleBucket('5m', Date.parse('2026-03-16T14:03:10Z'), 'UTC').openTimeMs // 14:00:00Z
 */
export function candleBucket(interval: CandleInterval, timeMs: number, timeZone: string): CandleBucket {
  if (isIntradayInterval(interval)) {
    const durationMs = INTRADAY_INTERVAL_MS[interval];
    const startMs = Math.floor(timeMs / durationMs) * durationMs;
    return { openTimeMs: startMs, startMs, endMs: startMs + durationMs };
  }
  const day = tradingDayOf(timeMs, timeZone);
  if (interval === '1d') {
    return { openTimeMs: day.dateMs, startMs: day.startMs, endMs: day.endMs };
  }
  const cached = lastWeeks.get(timeZone);
  if (cached !== undefined && timeMs >= cached.startMs && timeMs < cached.endMs) {
    return cached;
  }
  // ISO weeks start on Monday: getUTCDay() is 0 on Sunday.
  const weekday = (new Date(day.dateMs).getUTCDay() + 6) % 7;
  const mondayMs = day.dateMs - weekday * DAY_MS;
  const monday = new Date(mondayMs).toISOString().slice(0, 10);
  const nextMonday = new Date(mondayMs + 7 * DAY_MS).toISOString().slice(0, 10);
  const week = {
    openTimeMs: mondayMs,
    startMs: zonedMidnightMs(monday, timeZone),
    endMs: zonedMidnightMs(nextMonday, timeZone),
  };
  lastWeeks.set(timeZone, week);
  return week;
}

/** A local calendar day of a venue: its date at 00:00 UTC, and its real span `[startMs, endMs)`. */
export interface TradingDay {
  readonly date: string;
  readonly dateMs: number;
  readonly startMs: number;
  readonly endMs: number;
}

// One formatter per time zone (building one is expensive), and the last day seen per zone: candles are cut many
// times a second in the same day, so the common case is one comparison.
const formatters = new Map<string, Intl.DateTimeFormat>();
const lastDays = new Map<string, TradingDay>();
const lastWeeks = new Map<string, CandleBucket>();

/** The local calendar day of `timeZone` that contains `timeMs`. */
export function tradingDayOf(timeMs: number, timeZone: string): TradingDay {
  const cached = lastDays.get(timeZone);
  if (cached !== undefined && timeMs >= cached.startMs && timeMs < cached.endMs) {
    return cached;
  }
  if (timeZone === 'UTC') {
    // No offset to look up: the common case of crypto and of day candles keyed at 00:00 UTC.
    const dateMs = Math.floor(timeMs / DAY_MS) * DAY_MS;
    const utcDay = {
      date: new Date(dateMs).toISOString().slice(0, 10),
      dateMs,
      startMs: dateMs,
      endMs: dateMs + DAY_MS,
    };
    lastDays.set(timeZone, utcDay);
    return utcDay;
  }
  const date = localDate(timeMs, timeZone);
  const dateMs = Date.parse(`${date}T00:00:00Z`);
  const next = new Date(dateMs + DAY_MS).toISOString().slice(0, 10);
  const day = {
    date,
    dateMs,
    startMs: zonedMidnightMs(date, timeZone),
    endMs: zonedMidnightMs(next, timeZone),
  };
  lastDays.set(timeZone, day);
  return day;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockParts(timeMs: number, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(timeMs))) {
    parts[part.type] = part.value;
  }
  return parts;
}

function localDate(timeMs: number, timeZone: string): string {
  const parts = wallClockParts(timeMs, timeZone);
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

/** The wall-clock date and time of `timeMs` in `timeZone`, read as if it were UTC (for offsets). */
function wallClockMs(timeMs: number, timeZone: string): number {
  const parts = wallClockParts(timeMs, timeZone);
  return (
    Date.parse(`${parts['year']}-${parts['month']}-${parts['day']}T00:00:00Z`) +
    (Number(parts['hour']) * 60 + Number(parts['minute'])) * MINUTE_MS
  );
}

/** The UTC instant of local midnight of `date` in `timeZone`. */
function zonedMidnightMs(date: string, timeZone: string): number {
  const wallMs = Date.parse(`${date}T00:00:00Z`);
  if (timeZone === 'UTC') {
    return wallMs;
  }
  const firstOffsetMs = wallClockMs(wallMs, timeZone) - wallMs;
  const guessMs = wallMs - firstOffsetMs;
  const secondOffsetMs = wallClockMs(guessMs, timeZone) - guessMs;
  return secondOffsetMs === firstOffsetMs ? guessMs : wallMs - secondOffsetMs;
}

/**
 * A candle in integer units while it is built: prices in ticks of the instrument, volume in lots. Services keep
 * candles this way (exact and cheap) and write decimal strings only at the edge.
 */
export interface TickCandle {
  openTimeMs: number;
  openTicks: number;
  highTicks: number;
  lowTicks: number;
  closeTicks: number;
  volumeLots: number;
}

/** Folds `next` (later in time) into `into`, which keeps its open and takes `next`'s close. */
export function mergeTickCandle(into: TickCandle, next: Omit<TickCandle, 'openTimeMs'>): void {
  into.highTicks = Math.max(into.highTicks, next.highTicks);
  into.lowTicks = Math.min(into.lowTicks, next.lowTicks);
  into.closeTicks = next.closeTicks;
  into.volumeLots += next.volumeLots;
}

// ---------------------------------------------------------------------------------------------------------------
// Portfolio value history (`GET /api/time-series/portfolio`, docs/adr/0011-portfolio-value-history.md)
// ---------------------------------------------------------------------------------------------------------------

/** The ranges of the home page's portfolio chart, shortest first. `MAX`: since the customer's first movement. */
export const PORTFOLIO_RANGES = ['1D', '1W', '1M', '3M', '1Y', 'MAX'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

/**
 * How far apart the points of each range are: 5 minutes over a day, an hour over a week, a UTC day beyond
 * (each point is the value at the end of its step, the last one is the value now).
 */
export const PORTFOLIO_RANGE_STEPS = {
  '1D': { spanMs: 86_400_000, stepMs: 5 * 60_000 },
  '1W': { spanMs: 7 * 86_400_000, stepMs: 60 * 60_000 },
  '1M': { spanMs: 30 * 86_400_000, stepMs: 86_400_000 },
  '3M': { spanMs: 91 * 86_400_000, stepMs: 86_400_000 },
  '1Y': { spanMs: 365 * 86_400_000, stepMs: 86_400_000 },
  MAX: { spanMs: null, stepMs: 86_400_000 },
} as const satisfies Record<PortfolioRange, { spanMs: number | null; stepMs: number }>;

/** `GET /portfolio?range=`: the signed-in customer's own history only (no customer id is accepted). */
export const portfolioHistoryQuerySchema = z.strictObject({ range: z.enum(PORTFOLIO_RANGES).default('1M') });
export type PortfolioHistoryQuery = z.input<typeof portfolioHistoryQuerySchema>;

/** One point: the portfolio's value in the reference currency at `timeMs`. */
export const portfolioPointSchema = z.object({ timeMs: z.number().int(), value: decimalStringSchema });
export type PortfolioPoint = z.infer<typeof portfolioPointSchema>;

/**
 * The answer: points in ascending time, the last one the value now; the points include deposits and withdrawals.
 * `netFlows` is the sum of the external flows after the first point up to now (deposits and incoming transfers
 * from other customers positive, posted withdrawals and outgoing transfers negative; fees are not flows), each
 * valued in the reference currency at its time (decimal string, signed). `change` is the performance: the last
 * value minus the first minus `netFlows` (fees and price moves only). `changePercent` is `change` over the first
 * value plus the inflows of the range (two decimals; a simple approximation of a return, docs/adr/0011), null when
 * that base is 0. `points` is empty when the customer never held anything; it starts at the customer's first
 * movement when that is inside the range.
 */
export const portfolioHistoryResponseSchema = z.object({
  range: z.enum(PORTFOLIO_RANGES),
  currency: z.string(),
  stepMs: z.number().int(),
  points: z.array(portfolioPointSchema),
  value: decimalStringSchema,
  change: decimalStringSchema,
  changePercent: decimalStringSchema.nullable(),
  netFlows: decimalStringSchema,
  asOfMs: z.number().int(),
});
export type PortfolioHistoryResponse = z.infer<typeof portfolioHistoryResponseSchema>;
