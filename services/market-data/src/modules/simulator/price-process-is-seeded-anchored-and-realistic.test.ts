// The seeded price process: the same prices whatever the order they are computed in, pinned at the anchor,
// realistic volatility per kind (crypto higher than stocks), shared factors that correlate a region, jumps at the
// expected rate, minute paths that land on the day's close, and day bars that agree with their minutes.
import type { InstrumentInfo, TradingSession } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { PricePath, processSpecOf, type ProcessSpec, sessionStep } from './price-process.ts';
import { profileOf } from './profiles.ts';
import { hashString } from './random.ts';
import { MINUTE_MS, SessionCalendar } from './session-calendar.ts';

const DAY_MS = 86_400_000;
const SEED = hashString('tessera');
const START_MS = Date.parse('2024-01-01T00:00:00Z');
const END_MS = Date.parse('2027-01-01T00:00:00Z');

/** Weekday sessions 14:30-21:00 UTC (a US venue without holidays), or UTC days for an always-open venue. */
function calendar(alwaysOpen: boolean): SessionCalendar {
  const sessions: TradingSession[] = [];
  for (let dayMs = START_MS; dayMs < END_MS; dayMs += DAY_MS) {
    const weekday = new Date(dayMs).getUTCDay();
    if (!alwaysOpen && (weekday === 0 || weekday === 6)) {
      continue;
    }
    const date = new Date(dayMs).toISOString().slice(0, 10);
    sessions.push(
      alwaysOpen
        ? { date, opensAtMs: dayMs, closesAtMs: dayMs + DAY_MS }
        : { date, opensAtMs: dayMs + 870 * MINUTE_MS, closesAtMs: dayMs + 1260 * MINUTE_MS },
    );
  }
  return new SessionCalendar(sessions, START_MS, END_MS);
}

const US = calendar(false);
const CRYPTO = calendar(true);

function instrument(
  id: string,
  kind: InstrumentInfo['kind'],
  source: InstrumentInfo['source'],
): InstrumentInfo {
  const [symbol = id] = id.split('_');
  return {
    id: id as never,
    symbol,
    source,
    name: id,
    kind,
    currency: 'USD',
    tickSize: '0.01',
    lotSize: '0.000001',
    isin: null,
    sector: null,
  };
}

function specOf(info: InstrumentInfo): ProcessSpec {
  const alwaysOpen = info.kind === 'crypto';
  return processSpecOf(SEED, info.id, profileOf(info), {
    alwaysOpen,
    sessionMinutes: alwaysOpen ? 1440 : 390,
    volumeStepUnits: 1,
  });
}

const AAPL = instrument('AAPL_cboe', 'stock', 'cboe');
const SPY = instrument('SPY_nyse', 'etf', 'nyse');
const VOO = instrument('VOO_nyse', 'etf', 'nyse');
const BTC = instrument('BTC-USD_tessera', 'crypto', 'tessera');
const ANCHOR = { timeMs: Date.parse('2026-03-16T15:00:00Z'), price: 230 };

function dailyReturns(info: InstrumentInfo): number[] {
  const spec = specOf(info);
  return (info.kind === 'crypto' ? CRYPTO : US).sessions.map((session) => sessionStep(spec, session).total);
}

function stdev(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const meanA = a.reduce((sum, value) => sum + value, 0) / a.length;
  const meanB = b.reduce((sum, value) => sum + value, 0) / b.length;
  let covariance = 0;
  for (let index = 0; index < a.length; index += 1) {
    covariance += (a[index]! - meanA) * (b[index]! - meanB);
  }
  return covariance / (a.length - 1) / (stdev(a) * stdev(b));
}

describe('the price process', () => {
  it('is pinned at the anchor and gives the same price whatever was computed before', () => {
    const spec = specOf(AAPL);
    const fresh = () => new PricePath(spec, US, ANCHOR);
    expect(Math.exp(fresh().logPriceAt(ANCHOR.timeMs))).toBeCloseTo(230, 10);
    const later = Date.parse('2026-07-01T18:03:00Z');
    const earlier = Date.parse('2025-02-03T15:30:00Z');
    const warmed = fresh();
    warmed.forEachMinuteBar(Date.parse('2026-05-01T00:00:00Z'), Date.parse('2026-05-08T00:00:00Z'), () => {});
    expect(warmed.logPriceAt(later)).toBeCloseTo(fresh().logPriceAt(later), 12);
    expect(warmed.logPriceAt(earlier)).toBeCloseTo(fresh().logPriceAt(earlier), 12);
    // Another seed is another market.
    const other = new PricePath(
      processSpecOf(hashString('other'), AAPL.id, profileOf(AAPL), {
        alwaysOpen: false,
        sessionMinutes: 390,
        volumeStepUnits: 1,
      }),
      US,
      ANCHOR,
    );
    expect(other.logPriceAt(later)).not.toBeCloseTo(fresh().logPriceAt(later), 6);
  });

  it('moves with a realistic annualised volatility, higher for crypto than for stocks and broad ETFs', () => {
    const annualised = (info: InstrumentInfo, perYear: number) =>
      stdev(dailyReturns(info)) * Math.sqrt(perYear);
    const apple = annualised(AAPL, 252);
    const index = annualised(SPY, 252);
    const bitcoin = annualised(BTC, 365);
    // Profiles: Apple 27%, the S&P 500 ETF 15%, bitcoin 55% (jumps add a little).
    expect(apple).toBeGreaterThan(0.22);
    expect(apple).toBeLessThan(0.36);
    expect(index).toBeGreaterThan(0.11);
    expect(index).toBeLessThan(0.2);
    expect(bitcoin).toBeGreaterThan(0.45);
    expect(bitcoin).toBeLessThan(0.72);
    expect(bitcoin).toBeGreaterThan(apple);
    expect(apple).toBeGreaterThan(index);
  });

  it('correlates products of one factor and not products of different ones', () => {
    expect(correlation(dailyReturns(SPY), dailyReturns(VOO))).toBeGreaterThan(0.8);
    const sap = instrument('SAP_xetra', 'stock', 'xetra');
    expect(Math.abs(correlation(dailyReturns(sap), dailyReturns(VOO)))).toBeLessThan(0.2);
  });

  it('jumps about as often as the profile says', () => {
    const spec = specOf(BTC);
    const jumps = CRYPTO.sessions.filter((session) => sessionStep(spec, session).jump !== 0).length;
    // 8 a year over three years: 24 expected; a Poisson count this far off has odds below one in ten thousand.
    expect(jumps).toBeGreaterThan(8);
    expect(jumps).toBeLessThan(45);
  });

  it('walks each session minute by minute to exactly the session close, highs and lows around opens and closes', () => {
    const path = new PricePath(specOf(AAPL), US, ANCHOR);
    const session = US.sessionAt(Date.parse('2026-03-17T15:00:00Z'))!;
    const bars: Array<{ open: number; high: number; low: number; close: number; openTimeMs: number }> = [];
    path.forEachMinuteBar(session.opensAtMs - DAY_MS, session.closesAtMs + DAY_MS, (bar) => {
      bars.push({
        open: bar.logOpen,
        high: bar.logHigh,
        low: bar.logLow,
        close: bar.logClose,
        openTimeMs: bar.openTimeMs,
      });
    });
    // Only trading minutes: two sessions of 390 minutes (the 16th and the 17th) and the next day's minutes.
    expect(bars.every((bar) => US.sessionAt(bar.openTimeMs) !== null)).toBe(true);
    const sessionBars = bars.filter(
      (bar) => bar.openTimeMs >= session.opensAtMs && bar.openTimeMs < session.closesAtMs,
    );
    expect(sessionBars).toHaveLength(390);
    expect(sessionBars.at(-1)!.close).toBeCloseTo(path.logPriceAt(session.closesAtMs), 12);
    for (const [index, bar] of sessionBars.entries()) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      if (index > 0) {
        expect(bar.open).toBe(sessionBars[index - 1]!.close);
      }
    }
  });

  it('builds recent day bars as the aggregate of their minutes', () => {
    const path = new PricePath(specOf(AAPL), US, ANCHOR);
    const fromMs = Date.parse('2026-03-09T00:00:00Z');
    const toMs = Date.parse('2026-03-14T00:00:00Z');
    const days: Array<{
      openTimeMs: number;
      open: number;
      high: number;
      low: number;
      close: number;
      volume: number;
    }> = [];
    path.forEachDayBar(fromMs, toMs, toMs, fromMs, (bar) =>
      days.push({ ...bar, open: bar.logOpen, high: bar.logHigh, low: bar.logLow, close: bar.logClose }),
    );
    expect(days).toHaveLength(5);
    for (const day of days) {
      const minutes: Array<{ high: number; low: number; close: number; open: number; volume: number }> = [];
      path.forEachMinuteBar(day.openTimeMs, day.openTimeMs + DAY_MS, (bar) =>
        minutes.push({
          high: bar.logHigh,
          low: bar.logLow,
          close: bar.logClose,
          open: bar.logOpen,
          volume: bar.volume,
        }),
      );
      expect(day.open).toBe(minutes[0]!.open);
      expect(day.close).toBe(minutes.at(-1)!.close);
      expect(day.high).toBe(Math.max(...minutes.map((bar) => bar.high)));
      expect(day.low).toBe(Math.min(...minutes.map((bar) => bar.low)));
      expect(day.volume).toBe(minutes.reduce((sum, bar) => sum + bar.volume, 0));
    }
  });

  it('ticks inside a minute from its open to its close', () => {
    const path = new PricePath(specOf(BTC), CRYPTO, { timeMs: ANCHOR.timeMs, price: 95_000 });
    const session = CRYPTO.sessionAt(ANCHOR.timeMs + 60_000)!;
    const index = path.indexOf(session);
    const minuteIndex = Math.floor((ANCHOR.timeMs + 60_000 - session.opensAtMs) / MINUTE_MS);
    const bridge = path.tickBridge(session, index, minuteIndex, 300);
    expect(bridge).toHaveLength(301);
    expect(bridge[0]).toBeCloseTo(path.logPriceAt(ANCHOR.timeMs + 60_000), 12);
    expect(bridge[300]).toBeCloseTo(path.logPriceAt(ANCHOR.timeMs + 120_000), 12);
  });
});
