import type { CashCall } from './cash-request.ts';

/** DELETE /cards/:id. */
export function deleteSavedCard(call: CashCall, cardId: string) {
  return call<void>(`/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE' });
}
