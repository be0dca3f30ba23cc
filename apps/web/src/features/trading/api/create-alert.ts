import type { AlertCondition, PriceAlert } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /alerts: notify when the price crosses `price`. */
export function createAlert(
  call: TradingCall,
  body: { productId: string; condition: AlertCondition; price: string },
) {
  return call<PriceAlert>('/alerts', { method: 'POST', body });
}
