import type { SepaCreditResult, SimulateSepaCreditRequest } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** POST /dev/sepa/incoming: the SEPA simulator credits a payment (demo deployments only). */
export function simulateSepaCredit(call: CashCall, body: SimulateSepaCreditRequest, idempotencyKey: string) {
  return call<SepaCreditResult>('/dev/sepa/incoming', { method: 'POST', body, idempotencyKey });
}
