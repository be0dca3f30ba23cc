import type { CreateWalletRequest, Wallet } from '@tessera/contracts';
import type { CashCall } from '#/shared/cash/api/cash-request.ts';

/** POST /wallets. */
export function createWallet(call: CashCall, body: CreateWalletRequest, idempotencyKey: string) {
  return call<Wallet>('/wallets', { method: 'POST', body, idempotencyKey });
}
