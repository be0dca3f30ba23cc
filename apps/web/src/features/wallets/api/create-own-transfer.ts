import type { CashTransfer, OwnTransferRequest } from '@tessera/contracts';
import type { CashCall } from '#/shared/cash/api/cash-request.ts';

/** POST /transfers: between two of the customer's wallets. */
export function createOwnTransfer(call: CashCall, body: OwnTransferRequest, idempotencyKey: string) {
  return call<CashTransfer>('/transfers', { method: 'POST', body, idempotencyKey });
}
