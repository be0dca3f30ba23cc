import type { CashCall } from './cash-request.ts';

/** DELETE /beneficiaries/:id. */
export function deleteBeneficiary(call: CashCall, beneficiaryId: string) {
  return call<void>(`/beneficiaries/${encodeURIComponent(beneficiaryId)}`, { method: 'DELETE' });
}
