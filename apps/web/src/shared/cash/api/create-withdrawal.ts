import type { CreateWithdrawalRequest, Withdrawal } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** POST /withdrawals, with a step-up token when the service asks for one. */
export function createWithdrawal(
  call: CashCall,
  body: CreateWithdrawalRequest,
  idempotencyKey: string,
  accessToken?: string,
) {
  return call<Withdrawal>('/withdrawals', {
    method: 'POST',
    body,
    idempotencyKey,
    ...(accessToken ? { accessToken } : {}),
  });
}
