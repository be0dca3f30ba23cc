// Time series on PGlite and PostgreSQL, next to market data on the same database and event bus: the first start
// backfills a year of daily and 30 days of minute candles that respect the venues' calendars and end exactly where
// the live price starts; longer intervals aggregate shorter ones; range queries page towards the past with a
// cursor; live candles built from market data's prints are stored once complete; a restart fills the gap.
import {
  type Candle,
  type CandleInterval,
  candleBucket,
  type CandlesResponse,
  candlesResponseSchema,
  type QuoteResponse,
  timeSeriesStatusSchema,
} from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import { type Database, undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  advance,
  buildTimeSeriesTestApp,
  type Started,
  startBoth,
  testClock,
  type TestClock,
  testConfig,
} from '../../test-support/time-series-fixture.ts';
import type { TimeSeriesRuntime } from './time-series-runtime.ts';

// Prices and volumes are decimal strings: they are ordered and summed as decimals, never as JavaScript numbers.
const byValue = (a: string, b: string) => Decimal.from(a).compare(Decimal.from(b));
const highest = (texts: string[]) => [...texts].sort(byValue).at(-1);
const lowest = (texts: string[]) => [...texts].sort(byValue)[0];
/** The shortest text of a decimal (`"12.50"` is `"12.5"`), to compare values whatever their scales. */
const exactly = (text: string) => Decimal.from(text).normalize().toString();

const DAY_MS = 86_400_000;
// A Monday between the US and European DST changes, while every venue trades; the simulator's anchor.
const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');

describeEachDatabase('time series', ({ createDatabase }) => {
  let database: Database;
  let clock: TestClock;
  let both: Started;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createDatabase();
    clock = testClock(MONDAY_15_00);
    both = await startBoth(database, clock);
    app = both.series.app;
  }, 180_000);
  afterAll(async () => both.close());

  const candles = async (productId: string, interval: CandleInterval, query = '') => {
    const response = await app.inject(`/api/time-series/candles/${productId}?interval=${interval}${query}`);
    expect(response.statusCode).toBe(200);
    return candlesResponseSchema.parse(response.json()) as CandlesResponse;
  };

  it('documents every route in its OpenAPI document', async () => {
    expect(undocumentedRoutes(app).filter((route) => route.service === 'time-series')).toEqual([]);
    const response = await app.inject('/api/time-series/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/time-series/candles/{productId}', '/api/time-series/portfolio']),
    );
  });

  it('refuses unknown parameters of the status, as docs/api.md says', async () => {
    const response = await app.inject('/api/time-series/status?other=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('reports the finished backfill', async () => {
    const status = timeSeriesStatusSchema.parse((await app.inject('/api/time-series/status')).json());
    expect(status.backfill).toMatchObject({
      state: 'done',
      instrumentsDone: status.backfill.instrumentsTotal,
    });
    expect(status.backfill.instrumentsTotal).toBeGreaterThanOrEqual(60);
    expect(status.backfill.candlesWritten).toBeGreaterThan(1_000_000);
  });

  it('backfills a year of daily candles on trading days only, and every day for crypto', async () => {
    const apple = (await candles('AAPL_cboe', '1d', '&limit=2000')).candles;
    expect(apple.length).toBeGreaterThanOrEqual(250);
    expect(apple.length).toBeLessThanOrEqual(262);
    expect(apple[0]!.openTimeMs).toBeLessThanOrEqual(MONDAY_15_00 - 364 * DAY_MS);
    for (const candle of apple) {
      expect([0, 6]).not.toContain(new Date(candle.openTimeMs).getUTCDay());
    }
    // NYSE holidays of 2026 are closed days: Martin Luther King Day and Washington's Birthday.
    const dates = new Set(apple.map((candle) => new Date(candle.openTimeMs).toISOString().slice(0, 10)));
    expect(dates.has('2026-01-19')).toBe(false);
    expect(dates.has('2026-02-16')).toBe(false);
    expect(dates.has('2026-02-17')).toBe(true);
    // Today's candle is forming (from the live stream), all before it are complete.
    expect(apple.at(-1)).toMatchObject({ openTimeMs: Date.parse('2026-03-16T00:00:00Z'), complete: false });
    expect(apple.slice(0, -1).every((candle) => candle.complete)).toBe(true);
    const bitcoin = (await candles('BTC-USD_tessera', '1d', '&limit=2000')).candles;
    expect(bitcoin.length).toBeGreaterThanOrEqual(365);
    expect(bitcoin.length).toBeLessThanOrEqual(372);
  });

  it('backfills 30 days of minute candles inside the sessions only', async () => {
    const minutes: Candle[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await candles(
        'SAP_xetra',
        '1m',
        `&limit=2000&from=${MONDAY_15_00 - 30 * DAY_MS}${suffix}`,
      );
      minutes.unshift(...page.candles);
      cursor = page.nextCursor;
    } while (cursor !== null);
    // About 21 sessions of 510 minutes (09:00-17:30 Frankfurt), and nothing outside them.
    expect(minutes.length).toBeGreaterThan(20 * 510);
    expect(minutes.length).toBeLessThan(23 * 510);
    for (const candle of minutes) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
        weekday: 'short',
        hourCycle: 'h23',
      }).format(candle.openTimeMs);
      const [weekday, time] = local.split(' ');
      expect(['Sat', 'Sun']).not.toContain(weekday);
      expect(time! >= '09:00' && time! < '17:30').toBe(true);
    }
    for (let index = 1; index < minutes.length; index += 1) {
      expect(minutes[index]!.openTimeMs).toBeGreaterThan(minutes[index - 1]!.openTimeMs);
    }
  });

  it('ends the backfill exactly where the live price starts', async () => {
    const last = (await candles('AAPL_cboe', '1m', `&to=${MONDAY_15_00}&limit=1`)).candles;
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ openTimeMs: MONDAY_15_00 - 60_000, complete: true });
    const quote = (await both.market.app.inject('/api/market-data/quotes/AAPL_cboe')).json() as QuoteResponse;
    expect(quote.quote.last).toBe(last[0]!.close);
    // Not the profile's round starting level (issue #15: every US close was a round seed number such as 230.00).
    expect(last[0]!.close).not.toBe('230.00');
    expect(last[0]!.close).not.toMatch(/\.00$/);
    // The day's figures so far agree with the day's minute candles.
    const day = (await candles('AAPL_cboe', '1d', '&limit=1')).candles[0]!;
    const today = (
      await candles(
        'AAPL_cboe',
        '1m',
        `&from=${Date.parse('2026-03-16T13:30:00Z')}&to=${MONDAY_15_00}&limit=2000`,
      )
    ).candles;
    expect(day.open).toBe(today[0]!.open);
    expect(quote.quote.open).toBe(today[0]!.open);
    expect(quote.quote.high).toBe(highest(today.map((candle) => candle.high)));
  });

  it('aggregates 5m, 15m and 1h candles from the 1m candles, and weeks from days', async () => {
    const dayStart = Date.parse('2026-03-13T13:30:00Z');
    const dayEnd = Date.parse('2026-03-13T20:00:00Z');
    const minutes = (await candles('MSFT_nasdaq', '1m', `&from=${dayStart}&to=${dayEnd}&limit=2000`)).candles;
    expect(minutes).toHaveLength(390);
    for (const interval of ['5m', '15m', '1h'] as const) {
      const longer = (
        await candles(
          'MSFT_nasdaq',
          interval,
          `&from=${Date.parse('2026-03-13T13:00:00Z')}&to=${dayEnd}&limit=2000`,
        )
      ).candles;
      for (const candle of longer) {
        const members = minutes.filter(
          (minute) => candleBucket(interval, minute.openTimeMs, 'UTC').openTimeMs === candle.openTimeMs,
        );
        expect(members.length).toBeGreaterThan(0);
        expect(candle.open).toBe(members[0]!.open);
        expect(candle.close).toBe(members.at(-1)!.close);
        expect(candle.high).toBe(highest(members.map((minute) => minute.high)));
        expect(candle.low).toBe(lowest(members.map((minute) => minute.low)));
        expect(exactly(candle.volume)).toBe(
          exactly(
            members.reduce((sum, minute) => sum.add(Decimal.from(minute.volume)), Decimal.ZERO).toString(),
          ),
        );
      }
    }
    const days = (
      await candles(
        'MSFT_nasdaq',
        '1d',
        `&from=${Date.parse('2026-03-02T00:00:00Z')}&to=${Date.parse('2026-03-14T00:00:00Z')}`,
      )
    ).candles;
    const weeks = (
      await candles(
        'MSFT_nasdaq',
        '1w',
        `&from=${Date.parse('2026-03-02T00:00:00Z')}&to=${Date.parse('2026-03-10T00:00:00Z')}`,
      )
    ).candles;
    expect(weeks.map((week) => week.openTimeMs)).toEqual([
      Date.parse('2026-03-02T00:00:00Z'),
      Date.parse('2026-03-09T00:00:00Z'),
    ]);
    const secondWeek = days.filter((day) => day.openTimeMs >= weeks[1]!.openTimeMs);
    expect(weeks[1]).toMatchObject({ open: secondWeek[0]!.open, close: secondWeek.at(-1)!.close });
  });

  it('pages towards the past with a cursor, without gaps or overlaps', async () => {
    const first = await candles('BTC-EUR_tessera', '1m', '&limit=100');
    expect(first.candles).toHaveLength(100);
    expect(first.nextCursor).not.toBeNull();
    const second = await candles('BTC-EUR_tessera', '1m', `&limit=100&cursor=${first.nextCursor}`);
    expect(second.candles).toHaveLength(100);
    expect(second.candles.at(-1)!.openTimeMs).toBe(first.candles[0]!.openTimeMs - 60_000);
  });

  it('answers bad requests with their codes', async () => {
    const get = async (url: string) => {
      const response = await app.inject(`/api/time-series${url}`);
      return [response.statusCode, response.json().error?.code];
    };
    expect(await get('/candles/AAPL-cboe?interval=1m')).toEqual([400, 'TIME_SERIES_INVALID_PRODUCT']);
    expect(await get('/candles/ZZZZ_nyse?interval=1m')).toEqual([404, 'TIME_SERIES_UNKNOWN_PRODUCT']);
    expect(await get('/candles/AAPL_cboe')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await get('/candles/AAPL_cboe?interval=2m')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await get('/candles/AAPL_cboe?interval=1m&limit=5000')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await get('/candles/AAPL_cboe?interval=1m&from=yesterday')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await get('/candles/AAPL_cboe?interval=1m&cursor=bm9wZQ')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await get(`/candles/AAPL_cboe?interval=1m&from=${MONDAY_15_00}&to=${MONDAY_15_00}`)).toEqual([
      400,
      'TIME_SERIES_INVALID_RANGE',
    ]);
    expect(await get('/candles/AAPL_cboe?interval=1m&to=2026-03-16T14:00:00Z&limit=1')).toEqual([
      200,
      undefined,
    ]);
  });
});

// The live candles' test moves the clock and the market on: it has its own market and time series, so the tests
// above, which read the market at the anchor (the quote where the backfill ends), never see it moved.
describeEachDatabase('time series live candles', ({ createDatabase }) => {
  let database: Database;
  let clock: TestClock;
  let both: Started;
  let runtime: TimeSeriesRuntime;

  beforeAll(async () => {
    database = await createDatabase();
    clock = testClock(MONDAY_15_00);
    both = await startBoth(database, clock);
    runtime = both.series.runtime;
  }, 180_000);
  afterAll(async () => both.close());

  const candles = async (productId: string, interval: CandleInterval, query = '') => {
    const response = await both.series.app.inject(
      `/api/time-series/candles/${productId}?interval=${interval}${query}`,
    );
    expect(response.statusCode).toBe(200);
    return candlesResponseSchema.parse(response.json()) as CandlesResponse;
  };

  it(
    'stores the live candles built from the prints once they are complete',
    { timeout: 120_000 },
    async () => {
      advance(both.market, clock, 3 * 60_000, 1_000);
      both.market.runtime.housekeeping();
      await runtime.flush();
      const live = (await candles('BTC-USD_tessera', '1m', `&from=${MONDAY_15_00}`)).candles;
      expect(live.map((candle) => [candle.openTimeMs, candle.complete])).toEqual([
        [MONDAY_15_00, true],
        [MONDAY_15_00 + 60_000, true],
        [MONDAY_15_00 + 120_000, true],
      ]);
      // Stored: a second process reading the database alone sees them (no forming candle from memory).
      const reader = await buildTimeSeriesTestApp({
        config: testConfig,
        database,
        info: both.info,
        marketData: both.market.runtime,
        events: both.market.events,
        settings: { writer: false },
        now: clock.now,
        autoTimers: false,
      });
      const stored = (
        await reader.app.inject(`/api/time-series/candles/BTC-USD_tessera?interval=1m&from=${MONDAY_15_00}`)
      ).json() as CandlesResponse;
      expect(stored.candles.map((candle) => candle.openTimeMs)).toEqual([
        MONDAY_15_00,
        MONDAY_15_00 + 60_000,
        MONDAY_15_00 + 120_000,
      ]);
      await reader.app.close();
    },
  );
});

describeEachDatabase('time series after a restart', ({ createDatabase }) => {
  // Two first starts, each with a full backfill: slow on a busy machine, so a generous timeout.
  it('fills the gap since the last stored candle, and nothing twice', { timeout: 240_000 }, async () => {
    const database = await createDatabase();
    const clock = testClock(MONDAY_15_00);
    await (await startBoth(database, clock)).close();
    // Two hours and a half later, on the same database: market data and time series start again.
    clock.nowMs = MONDAY_15_00 + 2.5 * 3_600_000;
    const second = await startBoth(database, clock);
    const get = async (query: string) =>
      (
        (
          await second.series.app.inject(`/api/time-series/candles/BTC-USD_tessera?${query}`)
        ).json() as CandlesResponse
      ).candles;
    const times = (await get(`interval=1m&from=${MONDAY_15_00 - 3_600_000}&limit=2000`)).map(
      (candle) => candle.openTimeMs,
    );
    // 60 minutes before the first start, 150 after it: no gap, no duplicate.
    expect(times).toHaveLength(210);
    for (let index = 1; index < times.length; index += 1) {
      expect(times[index]! - times[index - 1]!).toBe(60_000);
    }
    const hours = (await get(`interval=1h&from=${MONDAY_15_00 - 3_600_000}`)).map((candle) => [
      candle.openTimeMs,
      candle.complete,
    ]);
    expect(hours).toEqual([
      [MONDAY_15_00 - 3_600_000, true],
      [MONDAY_15_00, true],
      [MONDAY_15_00 + 3_600_000, true],
      [MONDAY_15_00 + 2 * 3_600_000, false],
    ]);
    await second.close();
  });
});
