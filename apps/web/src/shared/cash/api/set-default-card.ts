import type { CashCall } from './cash-request.ts';

/** POST /cards/:id/default. */
export function setDefaultCard(call: CashCall, cardId: string) {
  return call<unknown>(`/cards/${encodeURIComponent(cardId)}/default`, { method: 'POST' });
}
