// Simulated participants (docs/adr/0014-simulated-participants.md): their market orders go through the venue's
// matching engine like a customer's and trade with the market makers' quotes; without them the book is still.
import type { InstrumentInfo, ProductId } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { type InstrumentSpec, instrumentSpecOf } from '../instruments/instrument-spec.ts';
import {
  InternalVenue,
  MARKET_MAKER_ORDER_ID_BASE,
  PARTICIPANT_ORDERS_PER_TICK_MAX,
} from './internal-venue.ts';

const SPY: InstrumentInfo = {
  id: 'SPY_nyse' as ProductId,
  symbol: 'SPY',
  source: 'nyse',
  name: 'SPDR S&P 500 ETF Trust',
  kind: 'etf',
  currency: 'USD',
  tickSize: '0.01',
  lotSize: '1',
  isin: null,
  sector: null,
};

function venue(): InternalVenue {
  const spec = instrumentSpecOf(SPY);
  if (typeof spec === 'string') {
    throw new Error(spec);
  }
  return new InternalVenue((): InstrumentSpec => spec);
}

describe('simulated participants', () => {
  it('trade with the best maker quote on their side, and the fills say who took liquidity', async () => {
    const internal = venue();
    await internal.referencePrice('SPY_nyse', 59_512);
    const book = internal.book('SPY_nyse', 1)!;
    const bestBid = book.bids[0]![0];
    const bestAsk = book.asks[0]![0];
    const reports = await internal.referencePrice('SPY_nyse', 59_512, [
      { side: 'buy', quantityLots: 3 },
      { side: 'sell', quantityLots: 2 },
    ]);
    const fills = reports.filter((report) => report.type === 'fill');
    expect(fills).toHaveLength(2);
    expect(fills[0]).toMatchObject({ priceTicks: bestAsk, quantityLots: 3, takerSide: 'buy' });
    expect(fills[1]).toMatchObject({ priceTicks: bestBid, quantityLots: 2, takerSide: 'sell' });
    for (const fill of fills) {
      // Both sides are the market's own orders: no customer order is reported.
      expect(fill.makerOrderId).toBeGreaterThanOrEqual(MARKET_MAKER_ORDER_ID_BASE);
      expect(fill.takerOrderId).toBeGreaterThanOrEqual(MARKET_MAKER_ORDER_ID_BASE);
    }
  });

  it('leave the book still when there are none (a test that needs exact fills sends none)', async () => {
    const internal = venue();
    await internal.referencePrice('SPY_nyse', 59_512);
    const reports = await internal.referencePrice('SPY_nyse', 59_513);
    expect(reports.filter((report) => report.type === 'fill')).toHaveLength(0);
  });

  it('take at most the bound of orders a tick', async () => {
    const internal = venue();
    await internal.referencePrice('SPY_nyse', 59_512);
    const many = Array.from({ length: PARTICIPANT_ORDERS_PER_TICK_MAX + 5 }, () => ({
      side: 'buy' as const,
      quantityLots: 1,
    }));
    const reports = await internal.referencePrice('SPY_nyse', 59_512, many);
    expect(reports.filter((report) => report.type === 'fill')).toHaveLength(PARTICIPANT_ORDERS_PER_TICK_MAX);
  });
});
