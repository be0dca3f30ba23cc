import type { Order } from '@tessera/contracts';
import { type DatabaseSuiteContext, describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { startTradingFixture } from './test-support/trading-fixture.ts';

// Trading's pre-trade checks read the market's clock, market data's (MARKET_DATA_CLOCK_START, ADR 0014), not their
// own: a journey server whose test clock opens the stock venues at any hour could quote AAPL as open while trading
// refused its orders as closed (and the other way round), so the closed-market journey skipped on a weekday overlap.

// A Saturday: US and European stock venues are closed.
const SATURDAY_MS = Date.parse('2026-11-28T12:00:00Z');
// A Monday at 15:00 UTC: Cboe (09:30 to 16:00 New York, UTC-5 in November) is open until 21:00 UTC.
const MONDAY_MS = Date.parse('2026-11-23T15:00:00Z');
const CBOE_CLOSE_MS = Date.parse('2026-11-23T21:00:00Z');
const CBOE_NEXT_OPEN_MS = Date.parse('2026-11-30T14:30:00Z');
/** Each test builds its own services on a shared machine: a bound for the set-up, not a timed assertion. */
const SET_UP_MS_MAX = 180_000;
/** How far the clocks may drift apart while a test runs (the test clock runs at the real pace). */
const TEST_RUN_MS_MAX = 120_000;

const aaplDayBuy = {
  productId: 'AAPL_cboe',
  side: 'buy',
  type: 'limit',
  quantity: '1',
  limitPrice: '100.00',
  timeInForce: 'DAY',
};

/**
 * A verified customer with USD 1,000 places an AAPL DAY limit buy on a fixture whose trading clock and market data
 * test clock are the given instants; answers the response.
 */
async function dayBuyOnClocks(
  createDatabase: DatabaseSuiteContext['createDatabase'],
  clocks: { tradingMs: number; marketMs: number },
) {
  const fixture = await startTradingFixture(await createDatabase(), {
    nowMs: clocks.tradingMs,
    marketDataClockStartMs: clocks.marketMs,
  });
  try {
    const customer = await fixture.customer(2, { USD: '1000.00' });
    return await fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { clientOrderId: `day-buy-${clocks.marketMs}`, ...aaplDayBuy },
    });
  } finally {
    await fixture.app.close();
  }
}

describeEachDatabase('trading: market hours follow the market clock', ({ createDatabase }) => {
  it(
    "a venue open on market data's test clock takes orders on a Saturday; a DAY order ends at its close",
    async () => {
      const response = await dayBuyOnClocks(createDatabase, { tradingMs: SATURDAY_MS, marketMs: MONDAY_MS });
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<Order>();
      expect(order.status).toBe('working');
      // The session's close, six hours after the market's 15:00, moved onto trading's clock (where order times are
      // kept and the expiry sweep reads them): six hours after trading's Saturday noon, give or take the test's run.
      const expiresAtMs = Date.parse(order.expiresAt ?? '');
      const closeOnTradingClockMs = SATURDAY_MS + (CBOE_CLOSE_MS - MONDAY_MS);
      expect(expiresAtMs).toBeLessThanOrEqual(closeOnTradingClockMs);
      expect(expiresAtMs).toBeGreaterThan(closeOnTradingClockMs - TEST_RUN_MS_MAX);
    },
    SET_UP_MS_MAX,
  );

  it(
    "a venue closed on market data's test clock refuses orders on a Monday afternoon",
    async () => {
      const response = await dayBuyOnClocks(createDatabase, { tradingMs: MONDAY_MS, marketMs: SATURDAY_MS });
      expect(response.statusCode, response.body).toBe(422);
      const { code, details } = response.json<{
        error: { code: string; details: { nextOpenAt: string } };
      }>().error;
      expect(code).toBe('TRADING_MARKET_CLOSED');
      // When the venue opens next on the market's calendar, as market data's status says it.
      expect(Date.parse(details.nextOpenAt)).toBe(CBOE_NEXT_OPEN_MS);
    },
    SET_UP_MS_MAX,
  );

  it(
    "with market data on the real time, trading's session checks read the real time, not trading's own clock",
    async () => {
      const fixture = await startTradingFixture(await createDatabase(), {
        nowMs: SATURDAY_MS,
        marketDataClockStartMs: null,
      });
      try {
        const before = Date.now();
        const marketNowMs = fixture.runtime.core.marketNow();
        expect(marketNowMs).toBeGreaterThanOrEqual(before);
        expect(marketNowMs).toBeLessThanOrEqual(Date.now());
      } finally {
        await fixture.app.close();
      }
    },
    SET_UP_MS_MAX,
  );
});
