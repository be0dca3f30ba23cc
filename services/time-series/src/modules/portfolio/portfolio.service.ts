/**
 * Portfolio value history per customer (docs/adr/0011-portfolio-value-history.md). A range's answer is a grid of
 * points (every 5 minutes over a day, every hour over a week, every UTC day beyond), the customer's first movement
 * when it falls inside the range, and the value now. Grid points are computed from the ledger's balances and this
 * service's candles when first asked (or by the snapshot job), and stored once final and complete, so later reads
 * are one query; the point now is always computed, at the live reference prices (a candle close where market data
 * has none). A stored point counts the holdings it includes: one that includes fewer than the customer held then
 * (stored while the catalog or a price was missing) is computed again and replaced.
 */
import {
  BANK_TENANT_ID,
  type InstrumentInfo,
  type LedgerApi,
  type MarketDataApi,
  PORTFOLIO_RANGE_STEPS,
  type PortfolioHistoryResponse,
  type PortfolioPoint,
  type PortfolioRange,
  type ProductId,
  type UserManagementApi,
} from '@tessera/contracts';
import { Decimal, scale } from '@tessera/money';
import type { CandleStore } from '../candles/candle-store.ts';
import type { TimeSeriesDatabase } from '../../tables.ts';
import {
  fallbackRates,
  flowsBetween,
  heldAt,
  type Holding,
  loadHoldings,
  loadPriceSeries,
  priceAtInstant,
  type PriceSeries,
  REFERENCE_SCALE,
  type ReferenceRates,
  valueAt,
} from './portfolio-valuer.ts';

/** A grid point is stored only once this old: its candles are complete and no transfer can still land before it. */
export const PORTFOLIO_FINAL_LAG_MS = 2 * 60_000;
/** How long points of the finer grids are kept (the ranges that read them are 1 day and 1 week). */
const RETENTION_MS: Readonly<Record<number, number>> = {
  300_000: 2 * 86_400_000,
  3_600_000: 8 * 86_400_000,
};
/** Grid points computed at most per request (a bound on the work a first read can cause: about 3 years daily). */
const GRID_POINTS_MAX = 1_200;

/** What the portfolio service reads from, besides its own table and candles. */
export interface PortfolioSources {
  readonly ledger: LedgerApi;
  readonly customers: UserManagementApi;
  readonly marketData: MarketDataApi;
  readonly instruments: () => readonly InstrumentInfo[];
  readonly rates?: ReferenceRates;
}

/** A stored point: its value and how many holdings it includes (null: stored before they were counted). */
interface StoredPoint {
  readonly value: string;
  readonly holdings: number | null;
}

/** What one history request is about. */
interface HistorySeries {
  readonly userId: string;
  readonly currency: string;
  readonly stepMs: number;
  readonly nowMs: number;
  readonly holdings: readonly Holding[];
}

/** The answer for a customer who holds nothing yet. */
function emptyHistory(
  range: PortfolioRange,
  currency: string,
  stepMs: number,
  nowMs: number,
): PortfolioHistoryResponse {
  const zero = Decimal.ZERO.rescale(REFERENCE_SCALE, 'half_even').toString();
  return {
    range,
    currency,
    stepMs,
    points: [],
    value: zero,
    change: zero,
    changePercent: null,
    netFlows: zero,
    asOfMs: nowMs,
  };
}

/** The grid points after `fromMs` and before `nowMs`, the latest {@link GRID_POINTS_MAX} of them. */
function gridTimes(fromMs: number, stepMs: number, nowMs: number): number[] {
  const grid: number[] = [];
  for (let time = Math.floor(fromMs / stepMs) * stepMs + stepMs; time < nowMs; time += stepMs) {
    grid.push(time);
  }
  return grid.slice(-GRID_POINTS_MAX);
}

export class PortfolioService {
  private readonly rates: ReferenceRates;

  constructor(
    private readonly db: TimeSeriesDatabase,
    private readonly store: CandleStore,
    private readonly sources: PortfolioSources,
    private readonly now: () => number,
  ) {
    this.rates = sources.rates ?? fallbackRates;
  }

  /** The signed-in customer's history over `range`. */
  async history(userId: string, range: PortfolioRange): Promise<PortfolioHistoryResponse> {
    const { spanMs, stepMs } = PORTFOLIO_RANGE_STEPS[range];
    const nowMs = this.now();
    const { referenceCurrency: currency } = await this.sources.customers.getCustomer(userId);
    const holdings = await loadHoldings(this.sources.ledger, userId, this.sources.instruments(), currency);
    const firstMs = Math.min(...holdings.map((holding) => holding.steps[0]!.timeMs));
    if (holdings.length === 0 || firstMs > nowMs) {
      return emptyHistory(range, currency, stepMs, nowMs);
    }
    const fromMs = spanMs === null ? firstMs : Math.max(nowMs - spanMs, firstMs);
    const grid = gridTimes(fromMs, stepMs, nowMs);
    const series: HistorySeries = { userId, currency, stepMs, nowMs, holdings };
    const stored = await this.storedPoints(userId, stepMs, currency, grid);
    // A stored point stands when it includes every holding held at its time; otherwise it is computed again.
    const missing = grid.filter((time) => {
      const point = stored.get(time);
      return point === undefined || point.holdings === null || point.holdings < heldAt(holdings, time);
    });
    const productIds = [...new Set(holdings.flatMap((holding) => holding.productId ?? []))];
    const rates = await this.ratesFor(holdings, currency);
    const live = await this.livePrices(productIds);
    const computeTimes = fromMs === firstMs ? [firstMs, ...missing] : missing;
    // The closes up to now also price the point now for a product market data gives no live price for.
    const priceTimes = productIds.every((productId) => live.has(productId))
      ? computeTimes
      : [...computeTimes, nowMs];
    const priceSeries = await this.priceSeries(productIds, stepMs, priceTimes, live);
    const computed = await this.computePoints(series, { priceSeries, rates }, computeTimes, missing);
    const points: PortfolioPoint[] = [];
    if (fromMs === firstMs) {
      points.push({ timeMs: firstMs, value: computed.get(firstMs)! });
    }
    for (const time of grid) {
      if (time > (points[points.length - 1]?.timeMs ?? -Infinity)) {
        points.push({ timeMs: time, value: computed.get(time) ?? stored.get(time)!.value });
      }
    }
    const { value } = valueAt(holdings, priceSeries, rates, nowMs, live);
    points.push({ timeMs: nowMs, value: value.toString() });
    return {
      range,
      currency,
      stepMs,
      points,
      ...(await this.performance(series, points, value, rates, live)),
    };
  }

  /**
   * The values at `times`; the grid points among `missing` that are final and include every holding held then are
   * stored (replacing a stored point that included fewer).
   */
  private async computePoints(
    series: HistorySeries,
    prices: { priceSeries: ReadonlyMap<string, PriceSeries>; rates: ReadonlyMap<string, Decimal> },
    times: readonly number[],
    missing: readonly number[],
  ): Promise<Map<number, string>> {
    const { holdings, stepMs, nowMs } = series;
    const computed = new Map<number, string>();
    const complete = new Map<number, number>();
    for (const time of times) {
      const point = valueAt(holdings, prices.priceSeries, prices.rates, time);
      computed.set(time, point.value.toString());
      if (point.valued === point.held) {
        complete.set(time, point.held);
      }
    }
    const finals = missing.filter((time) => time <= nowMs - PORTFOLIO_FINAL_LAG_MS && complete.has(time));
    if (finals.length > 0) {
      await this.db
        .insertInto('portfolio_point')
        .values(
          finals.map((time) => ({
            user_id: series.userId,
            step_ms: stepMs,
            time_ms: String(time),
            currency: series.currency,
            value: computed.get(time)!,
            holdings: complete.get(time)!,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'step_ms', 'time_ms']).doUpdateSet((update) => ({
            currency: update.ref('excluded.currency'),
            value: update.ref('excluded.value'),
            holdings: update.ref('excluded.holdings'),
          })),
        )
        .execute();
    }
    return computed;
  }

  /**
   * The value now and its change since the first point. Deposits, withdrawals and transfers with other customers
   * are not performance: the change leaves out the external flows after the first point (the first point's value
   * already holds those at or before it).
   */
  private async performance(
    series: HistorySeries,
    points: readonly PortfolioPoint[],
    value: Decimal,
    rates: ReadonlyMap<string, Decimal>,
    live: ReadonlyMap<string, Decimal>,
  ): Promise<Pick<PortfolioHistoryResponse, 'value' | 'change' | 'changePercent' | 'netFlows' | 'asOfMs'>> {
    const first = Decimal.from(points[0]!.value);
    const flows = await flowsBetween(
      series.holdings,
      points[0]!.timeMs,
      series.nowMs,
      rates,
      (productId, timeMs) => priceAtInstant(this.store, productId, timeMs, live.get(productId) ?? null),
    );
    const change = value.sub(first).sub(flows.net);
    const base = first.add(flows.inflows);
    return {
      value: value.toString(),
      change: change.toString(),
      changePercent:
        base.compare(Decimal.ZERO) > 0
          ? change.mul(Decimal.of(100n, 0)).div(base, scale(2), 'half_even').toString()
          : null,
      netFlows: flows.net.toString(),
      asOfMs: series.nowMs,
    };
  }

  /**
   * The recurring snapshot (job `time-series.portfolio-snapshot`): for every customer holding something, the
   * grid points of the day, the week and all days up to now are computed and stored when missing; old fine points
   * are pruned. Returns how many customers were brought up to date.
   */
  async snapshotAll(): Promise<number> {
    const owners = await this.customersWithBalances();
    for (const userId of owners) {
      for (const range of ['1D', '1W', 'MAX'] as const) {
        await this.history(userId, range);
      }
    }
    const nowMs = this.now();
    for (const [stepMs, keepMs] of Object.entries(RETENTION_MS)) {
      await this.db
        .deleteFrom('portfolio_point')
        .where('step_ms', '=', Number(stepMs))
        .where('time_ms', '<', String(nowMs - keepMs))
        .execute();
    }
    return owners.length;
  }

  /** Owners of a customer wallet or position with a non-zero balance (the ledger's bank tenant). */
  private async customersWithBalances(): Promise<string[]> {
    const owners = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.sources.ledger.listAccounts(BANK_TENANT_ID, {
        limit: 1000,
        ...(cursor === undefined ? {} : { cursor }),
      });
      for (const account of page.items) {
        if (
          account.type === 'customer_wallet' &&
          account.ownerId !== BANK_TENANT_ID &&
          /[1-9]/.test(account.balance.posted)
        ) {
          owners.add(account.ownerId);
        }
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return [...owners].sort();
  }

  private async storedPoints(
    userId: string,
    stepMs: number,
    currency: string,
    grid: readonly number[],
  ): Promise<Map<number, StoredPoint>> {
    if (grid.length === 0) {
      return new Map();
    }
    // A change of reference currency makes the stored values stale: drop them, they are recomputed.
    await this.db
      .deleteFrom('portfolio_point')
      .where('user_id', '=', userId)
      .where('currency', '<>', currency)
      .execute();
    const rows = await this.db
      .selectFrom('portfolio_point')
      .select(['time_ms', 'value', 'holdings'])
      .where('user_id', '=', userId)
      .where('step_ms', '=', stepMs)
      .where('time_ms', '>=', String(grid[0]))
      .where('time_ms', '<=', String(grid[grid.length - 1]))
      .execute();
    return new Map(
      rows.map((row) => [Number(row.time_ms), { value: row.value, holdings: row.holdings }] as const),
    );
  }

  private async ratesFor(holdings: readonly Holding[], currency: string): Promise<Map<string, Decimal>> {
    const rates = new Map<string, Decimal>();
    for (const holding of holdings) {
      if (!rates.has(holding.currency)) {
        // No rate: the holding is left out of the values (and a point without it is not stored).
        const rate = await this.rates.midRate(holding.currency, currency).catch(() => null);
        if (rate !== null) {
          rates.set(holding.currency, rate);
        }
      }
    }
    return rates;
  }

  private async livePrices(productIds: readonly ProductId[]): Promise<Map<string, Decimal>> {
    const prices = new Map<string, Decimal>();
    for (const productId of productIds) {
      const price = await this.sources.marketData.getReferencePrice(productId).catch(() => null);
      if (price !== null) {
        prices.set(productId, Decimal.from(price));
      }
    }
    return prices;
  }

  private async priceSeries(
    productIds: readonly ProductId[],
    stepMs: number,
    times: readonly number[],
    live: ReadonlyMap<string, Decimal>,
  ): Promise<Map<string, PriceSeries>> {
    if (times.length === 0) {
      return new Map();
    }
    const fromMs = Math.min(...times);
    const toMs = Math.max(...times);
    const series = new Map<string, PriceSeries>();
    for (const productId of productIds) {
      series.set(
        productId,
        await loadPriceSeries(this.store, productId, stepMs, fromMs, toMs, live.get(productId) ?? null),
      );
    }
    return series;
  }
}
