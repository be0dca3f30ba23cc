import type { CardDeposit, CreateCardDepositRequest } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** POST /card/deposits: pay a wallet with a card token. */
export function createCardDeposit(call: CashCall, body: CreateCardDepositRequest, idempotencyKey: string) {
  return call<CardDeposit>('/card/deposits', { method: 'POST', body, idempotencyKey });
}
