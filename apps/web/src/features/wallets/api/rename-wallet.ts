import type { RenameWalletRequest, Wallet } from '@tessera/contracts';
import type { CashCall } from '#/shared/cash/api/cash-request.ts';

/** PATCH /wallets/{id}: a new name. */
export function renameWallet(call: CashCall, walletId: string, body: RenameWalletRequest) {
  return call<Wallet>(`/wallets/${encodeURIComponent(walletId)}`, { method: 'PATCH', body });
}
