import type { CreateQuoteRequest, FxQuote } from '@tessera/contracts';
import type { CashCall } from '#/shared/cash/api/cash-request.ts';

/** POST /fx/quotes: a rate held for an own transfer between assets. */
export function createQuote(call: CashCall, body: CreateQuoteRequest, idempotencyKey: string) {
  return call<FxQuote>('/fx/quotes', { method: 'POST', body, idempotencyKey });
}
