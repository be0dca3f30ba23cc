import type { PriceAlert } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** DELETE /alerts/:id. */
export function deleteAlert(call: TradingCall, alertId: string) {
  return call<PriceAlert>(`/alerts/${encodeURIComponent(alertId)}`, { method: 'DELETE' });
}
