import type { SimulateCryptoDepositRequest, SimulatedCryptoTransaction } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** POST /dev/crypto/incoming: the chain simulator sends a deposit (demo deployments only). */
export function simulateCryptoDeposit(
  call: CashCall,
  body: SimulateCryptoDepositRequest,
  idempotencyKey: string,
) {
  return call<SimulatedCryptoTransaction>('/dev/crypto/incoming', { method: 'POST', body, idempotencyKey });
}
