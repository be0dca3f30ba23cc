// Regression (issue #15): home showed the demo customer's balance €29,990.86 beside a value chart ending at €14,350.
// A process whose catalog was empty at start could not price the bitcoin wallet, so every point it answered and
// stored left the wallet out; stored points are read back as they are, so the chart kept the gap after a restart
// with the catalog. Now a stored point counts the holdings it includes and is computed again when the ledger shows
// more were held at its time; a point missing a price is not stored; the point now falls back on the candle close
// when market data gives no live price.
import {
  type MarketDataApi,
  type MarketDataInfoApi,
  type PortfolioHistoryResponse,
  uuidv7,
} from '@tessera/contracts';
import { Decimal, scale } from '@tessera/money';
import type { Database } from '@tessera/platform';
import { createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  advance,
  buildTimeSeriesTestApp,
  type Started,
  startBoth,
  startLedgerClients,
  testClock,
  type TestClock,
  type TimeSeriesApp,
} from '../../test-support/time-series-fixture.ts';

const MINUTE_MS = 60_000;
// A Monday while every venue trades; bitcoin trades all week anyway.
const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');
const BTC_EUR = 'BTC-EUR_tessera';

/** The catalog as a process saw it before market-data-info's seed had run: no instruments. */
function emptyCatalog(info: MarketDataInfoApi): MarketDataInfoApi {
  return Object.assign(Object.create(info) as MarketDataInfoApi, { listInstruments: async () => [] });
}

/** Market data that knows no live price (not started yet, or a product it does not serve). */
function withoutLivePrices(market: MarketDataApi): MarketDataApi {
  return {
    now: () => market.now(),
    ready: () => market.ready(),
    getQuote: (productId) => market.getQuote(productId),
    getReferencePrice: async () => null,
    getCandles: (productId, interval) => market.getCandles(productId, interval),
    history: (request) => market.history(request),
  };
}

describeEachDatabase('portfolio history recovers points stored without a holding', ({ createDatabase }) => {
  let database: Database;
  let clock: TestClock;
  let both: Started;
  let token: string;
  const apps: TimeSeriesApp[] = [];
  let extraApp: (options: {
    info?: MarketDataInfoApi;
    marketData?: MarketDataApi;
  }) => Promise<FastifyInstance>;

  beforeAll(async () => {
    database = await createDatabase();
    clock = testClock(MONDAY_15_00);
    const funding = await startLedgerClients(database, clock);
    const issuer = await createTestTokenIssuer();
    const clients = { ledger: funding.ledger, 'user-management': funding.customers };
    both = await startBoth(database, clock, true, { auth: issuer.verifier, clients });
    // Another time-series process on the same database (not the writer: no backfill, no snapshot job).
    extraApp = async (options) => {
      const series = await buildTimeSeriesTestApp({
        database,
        info: options.info ?? both.info,
        marketData: options.marketData ?? both.market.runtime,
        events: both.market.events,
        settings: { writer: false },
        now: clock.now,
        autoTimers: false,
        auth: issuer.verifier,
        clients,
      });
      apps.push(series);
      return series.app;
    };
    // Eva: EUR 1,000 and 0.5 BTC at 15:00, then 20 and a half minutes of market.
    const userId = uuidv7();
    token = await issuer.sign(userId);
    await funding.credit('EUR', await funding.wallet(userId, 'EUR'), '1000.00');
    await funding.credit('BTC', await funding.wallet(userId, 'BTC'), '0.50000000');
    advance(both.market, clock, 20 * MINUTE_MS + 30_000, 1000);
    await both.series.runtime.flush();
  }, 240_000);
  afterAll(async () => {
    for (const series of apps) {
      await series.app.close();
    }
    await both.close();
  });

  const history = async (app: FastifyInstance) => {
    const response = await app.inject({
      url: '/api/time-series/portfolio?range=1D',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PortfolioHistoryResponse>();
  };
  const storedRows = async () =>
    (await database.db
      .withSchema('time_series')
      .selectFrom('portfolio_point' as never)
      .select(['time_ms' as never, 'value' as never, 'holdings' as never])
      .orderBy('time_ms' as never)
      .execute()) as Array<{ time_ms: string; value: string; holdings: number | null }>;
  /** The close of the 5-minute BTC-EUR candle that ended at `endMs`. */
  const closeAt = async (endMs: number) => {
    const response = await both.series.app.inject(
      `/api/time-series/candles/${BTC_EUR}?interval=5m&from=${endMs - 5 * MINUTE_MS}&to=${endMs}`,
    );
    const candle = response.json<{ candles: Array<{ close: string; openTimeMs: number }> }>().candles[0]!;
    expect(candle.openTimeMs).toBe(endMs - 5 * MINUTE_MS);
    return candle.close;
  };
  const euroAndBitcoin = (btcPrice: string) =>
    Decimal.from('1000')
      .add(Decimal.from('0.5').mul(Decimal.from(btcPrice)))
      .rescale(scale(2), 'half_even')
      .toString();

  it('a process with an empty catalog stores points without the bitcoin; a process with the catalog replaces them', async () => {
    // The gap, as the old start order made it: euros only, in the answer and in the stored points.
    const gap = await history(await extraApp({ info: emptyCatalog(both.info) }));
    expect(gap.value).toBe('1000.00');
    const storedInTheGap = await storedRows();
    expect(storedInTheGap.length).toBeGreaterThanOrEqual(3);
    expect(storedInTheGap.every((row) => row.value === '1000.00' && row.holdings === 1)).toBe(true);

    // With the catalog, every point holds the bitcoin at the close of its time, and the stored ones are replaced.
    const day = await history(both.series.app);
    const grid = day.points.slice(1, -1);
    expect(grid.map((point) => point.timeMs)).toEqual(
      [5, 10, 15, 20].map((m) => MONDAY_15_00 + m * MINUTE_MS),
    );
    for (const point of grid) {
      expect(point.value, new Date(point.timeMs).toISOString()).toBe(
        euroAndBitcoin(await closeAt(point.timeMs)),
      );
    }
    const live = (await both.market.runtime.getReferencePrice(BTC_EUR as never))!;
    expect(day.value).toBe(euroAndBitcoin(live));
    const stored = await storedRows();
    expect(stored.map((row) => row.time_ms)).toEqual(storedInTheGap.map((row) => row.time_ms));
    expect(stored.every((row) => row.holdings === 2)).toBe(true);
    expect(stored.map((row) => row.value)).toEqual(
      grid.filter((point) => stored.some((row) => Number(row.time_ms) === point.timeMs)).map((p) => p.value),
    );
  });

  it('a point stored before points counted their holdings is computed again once', async () => {
    await history(both.series.app);
    const [first] = await storedRows();
    await database.db
      .withSchema('time_series')
      .updateTable('portfolio_point' as never)
      .set({ value: '1.00', holdings: null } as never)
      .where('time_ms' as never, '=', first!.time_ms as never)
      .execute();
    const day = await history(both.series.app);
    const point = day.points.find((candidate) => candidate.timeMs === Number(first!.time_ms))!;
    expect(point.value).toBe(first!.value);
    expect((await storedRows())[0]).toEqual(first);
  });

  it('without a live price the point now is valued at the last candle close, not left out', async () => {
    const day = await history(await extraApp({ marketData: withoutLivePrices(both.market.runtime) }));
    const lastCloseMs = Math.floor(clock.nowMs / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
    expect(day.value).toBe(euroAndBitcoin(await closeAt(lastCloseMs)));
  });
});
