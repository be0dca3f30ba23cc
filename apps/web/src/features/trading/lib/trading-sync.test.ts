import { describe, expect, it } from 'vitest';
import { parseSyncMessage, WINDOW_ID } from './trading-sync.ts';

const watchlist = {
  id: 'w1',
  name: 'Watchlist',
  productIds: ['SPY_nyse', 'ETH-EUR_tessera'],
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:05:00.000Z',
};

describe('parseSyncMessage', () => {
  it('reads a product and a watchlist from another window', () => {
    expect(parseSyncMessage({ type: 'product', product: 'SPY_nyse', from: 'other' })).toEqual({
      type: 'product',
      product: 'SPY_nyse',
      from: 'other',
    });
    expect(parseSyncMessage({ type: 'watchlist', watchlist, from: 'other' })).toEqual({
      type: 'watchlist',
      watchlist,
      from: 'other',
    });
  });

  it("ignores this window's own echo and anything malformed", () => {
    expect(parseSyncMessage({ type: 'watchlist', watchlist, from: WINDOW_ID })).toBeNull();
    expect(parseSyncMessage({ type: 'product', product: 'SPY', from: 'other' })).toBeNull();
    expect(
      parseSyncMessage({
        type: 'watchlist',
        watchlist: { ...watchlist, productIds: ['not a product'] },
        from: 'other',
      }),
    ).toBeNull();
    expect(parseSyncMessage({ type: 'watchlist', from: 'other' })).toBeNull();
    expect(parseSyncMessage('watchlist')).toBeNull();
  });
});
