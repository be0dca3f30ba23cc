import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { PriceAlert, ProductId } from '@tessera/contracts';
import { applyAlert, mergeAlertLists, tradingKeys } from './trading-cache.ts';

// A price alert only moves forward: once the websocket said it triggered, a slower answer that still says active
// (the creation's answer, a refetch that left before the trigger) must not show it as waiting again.

const active: PriceAlert = {
  id: 'a1',
  productId: 'ETH-EUR_tessera' as ProductId,
  condition: 'above',
  price: '2800.00',
  status: 'active',
  triggeredPrice: null,
  triggeredAt: null,
  createdAt: '2026-11-21T21:00:00.000Z',
};
const triggered: PriceAlert = {
  ...active,
  status: 'triggered',
  triggeredPrice: '2801.50',
  triggeredAt: '2026-11-21T21:00:01.000Z',
};

describe('alerts in the cache', () => {
  it('keeps a trigger when the creation answer arrives after it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(tradingKeys.alerts(), []);
    applyAlert(queryClient, triggered);
    applyAlert(queryClient, active);
    expect(queryClient.getQueryData(tradingKeys.alerts())).toEqual([triggered]);
  });

  it('keeps a trigger when a refetch that left before it comes back', () => {
    expect(mergeAlertLists([triggered], [active])).toEqual([triggered]);
    // Forward moves and new alerts still come in.
    expect(mergeAlertLists([active], [triggered])).toEqual([triggered]);
    expect(mergeAlertLists(undefined, [active])).toEqual([active]);
  });

  it('drops a cancelled alert', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(tradingKeys.alerts(), [active]);
    applyAlert(queryClient, { ...active, status: 'cancelled' });
    expect(queryClient.getQueryData(tradingKeys.alerts())).toEqual([]);
  });
});
