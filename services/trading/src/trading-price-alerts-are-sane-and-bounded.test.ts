/**
 * Issue #13, defect 9 (trading's part): "price alerts validate tick size and a sane band; alerts are bounded
 * lists". A level off the instrument's tick, or further than TRADING_ALERT_BAND_FACTOR from the last reference
 * price, was stored as given (an alert at 0.000001 or 10^30 EUR sat in the list forever), and every triggered or
 * cancelled alert stayed in the customer's list for good.
 */
import {
  type PriceAlert,
  TRADING_ALERT_BAND_FACTOR,
  TRADING_ALERTS_KEPT_MAX,
  TRADING_ALERTS_MAX,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const ETH_EUR = 'ETH-EUR_tessera';

describeEachDatabase('trading: price alerts are sane and bounded (issue #13)', ({ createDatabase }) => {
  let fixture: TradingFixture;
  let customer: { userId: string; token: string };

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    customer = await fixture.customer(2);
    return () => fixture.app.close();
  });

  const post = (url: string, payload: object) =>
    fixture.app.inject({
      method: 'POST',
      url: `/api/trading${url}`,
      headers: { authorization: `Bearer ${customer.token}` },
      payload,
    });
  const list = async () =>
    (
      await fixture.app.inject({
        method: 'GET',
        url: '/api/trading/alerts',
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json<{ items: PriceAlert[] }>().items;
  const alert = (price: string, productId = BTC_EUR) =>
    post('/alerts', { productId, condition: 'above', price });

  it('refuses a level off the tick, beyond the engine, outside the band, or without a price to compare', async () => {
    expect(TRADING_ALERT_BAND_FACTOR).toBe(10);
    const cases: Array<[string, string, number, string]> = [
      ['off the tick', '60000.001', 422, 'TRADING_PRICE_NOT_ON_TICK'],
      ['beyond the engine', '1000000000000000000000000000000', 422, 'TRADING_PRICE_OUT_OF_RANGE'],
      ['below a tenth of the price', '5999.99', 422, 'TRADING_ALERT_PRICE_OUT_OF_BAND'],
      ['above ten times the price', '600000.01', 422, 'TRADING_ALERT_PRICE_OUT_OF_BAND'],
      ['an exponent', '6e4', 400, 'VALIDATION_FAILED'],
    ];
    for (const [label, price, status, code] of cases) {
      const response = await alert(price);
      expect([label, response.statusCode, response.json<{ error: { code: string } }>().error.code]).toEqual([
        label,
        status,
        code,
      ]);
    }
    const unpriced = await alert('3000', ETH_EUR);
    expect(unpriced.statusCode).toBe(503);
    expect(unpriced.json<{ error: { code: string } }>().error.code).toBe('TRADING_NO_REFERENCE_PRICE');
    expect(await list()).toEqual([]);
    // The band's edges are inside it.
    expect((await alert('6000.00')).statusCode).toBe(201);
    expect((await alert('600000.00')).statusCode).toBe(201);
  });

  it('keeps at most TRADING_ALERTS_KEPT_MAX alerts, forgetting the oldest finished ones first', async () => {
    const cancel = (id: string) =>
      fixture.app.inject({
        method: 'DELETE',
        url: `/api/trading/alerts/${id}`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
    const rounds = Math.ceil(TRADING_ALERTS_KEPT_MAX / TRADING_ALERTS_MAX) + 1;
    let newest = '';
    for (let round = 0; round < rounds; round += 1) {
      const active = (await list()).filter((item) => item.status === 'active');
      for (const item of active) {
        expect((await cancel(item.id)).statusCode).toBe(200);
      }
      for (let index = 0; index < TRADING_ALERTS_MAX; index += 1) {
        const created = await alert(`${61000 + round * 100 + index}.00`);
        expect(created.statusCode).toBe(201);
        newest = created.json<PriceAlert>().id;
      }
    }
    expect((await alert('70000.00')).json<{ error: { code: string } }>().error.code).toBe(
      'TRADING_ALERT_LIMIT',
    );
    const kept = await list();
    expect(kept.length).toBeLessThanOrEqual(TRADING_ALERTS_KEPT_MAX);
    expect(kept.filter((item) => item.status === 'active')).toHaveLength(TRADING_ALERTS_MAX);
    expect(kept.map((item) => item.id)).toContain(newest);
  }, 120_000);
});
