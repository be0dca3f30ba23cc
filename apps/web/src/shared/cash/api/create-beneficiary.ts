import type { Beneficiary, CreateBeneficiaryRequest } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** POST /beneficiaries. */
export function createBeneficiary(call: CashCall, body: CreateBeneficiaryRequest, idempotencyKey: string) {
  return call<Beneficiary>('/beneficiaries', { method: 'POST', body, idempotencyKey });
}
