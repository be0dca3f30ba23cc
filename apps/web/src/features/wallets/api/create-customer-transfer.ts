import type { CashTransfer, CustomerTransferRequest } from '@tessera/contracts';
import type { CashCall } from '#/shared/cash/api/cash-request.ts';

/** POST /transfers/customer: to another customer, with a step-up token when the service asks for one. */
export function createCustomerTransfer(
  call: CashCall,
  body: CustomerTransferRequest,
  idempotencyKey: string,
  accessToken?: string,
) {
  return call<CashTransfer>('/transfers/customer', {
    method: 'POST',
    body,
    idempotencyKey,
    ...(accessToken ? { accessToken } : {}),
  });
}
