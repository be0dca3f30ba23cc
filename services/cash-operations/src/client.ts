/**
 * Cash operations' in-process API for other services (CASH_OPERATIONS_CLIENT of @tessera/contracts): the ledger
 * account behind a customer's current wallet, and live notices when another service moved money in it. Built
 * lazily: the server creates clients in service order, and the ledger and user management come first anyway.
 */
import { type CashOperationsApi, type CurrentWalletRef, isCashAssetCode } from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { CashCore } from './modules/accounts/cash-core.ts';
import { listActivity, syncWalletFromLedger } from './modules/activity/activity.service.ts';
import { findOperationRows } from './modules/activity/operations.repository.ts';
import { findCurrentWallet, listWallets } from './modules/wallets/wallets.repository.ts';
import { ensureCurrentWallet, listCustomerWallets } from './modules/wallets/wallets.service.ts';

/** The most activity items `recentActivity` gives. */
const RECENT_ACTIVITY_MAX = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client over a core built on first use. */
export function createCashOperationsApi(core: () => CashCore): CashOperationsApi {
  return {
    async currentWallet(userId, asset, options = {}): Promise<CurrentWalletRef | null> {
      if (!isCashAssetCode(asset) || !UUID.test(userId)) {
        return null;
      }
      const row = options.create
        ? await ensureCurrentWallet(core(), userId, asset)
        : await findCurrentWallet(core().db, userId, asset);
      // A wallet's id is its ledger account id (docs/adr/0005-cash-operations.md).
      return row ? { walletId: row.id, accountId: row.id, asset: row.asset } : null;
    },
    notifyWalletChanged(userId, walletId) {
      core().notifier.walletsChanged(userId, [walletId]);
      return Promise.resolve();
    },
    async describeOperation(userId, operationId, walletId) {
      if (!UUID.test(userId) || !UUID.test(operationId) || !UUID.test(walletId)) {
        return null;
      }
      const rows = await findOperationRows(core().db, operationId);
      const row = rows.find((candidate) => candidate.user_id === userId && candidate.wallet_id === walletId);
      return row
        ? {
            id: row.id,
            walletId: row.wallet_id,
            kind: row.kind,
            status: row.status,
            asset: row.asset,
            amountMinor: String(row.amount_minor),
          }
        : null;
    },
    // Closing an account (user management): every wallet with money posted or pending blocks it.
    async walletsHoldingFunds(userId) {
      if (!UUID.test(userId)) {
        return [];
      }
      const nonZero = (value: string) => /[1-9]/.test(value);
      const wallets = await listCustomerWallets(core(), userId);
      return wallets
        .map((wallet) => ({
          walletId: wallet.id,
          name: wallet.name,
          asset: wallet.asset,
          posted: wallet.balance.posted,
          pending: nonZero(wallet.balance.pendingIncoming) || nonZero(wallet.balance.pendingOutgoing),
        }))
        .filter((wallet) => nonZero(wallet.posted) || wallet.pending);
    },
    // The assistant (read only): what GET /wallets and the summary's latest activity show.
    async listWallets(userId) {
      return UUID.test(userId) ? listCustomerWallets(core(), userId) : [];
    },
    async recentActivity(userId, limit) {
      if (!UUID.test(userId)) {
        return [];
      }
      const rows = await listWallets(core().db, userId);
      for (const row of rows) {
        // Movements other services made (trades, funds) become items when read, as GET /summary does.
        await syncWalletFromLedger(core(), row);
      }
      const bounded = Math.min(Math.max(Math.trunc(limit), 1), RECENT_ACTIVITY_MAX);
      const page = await listActivity(
        core(),
        rows.map((row) => row.id),
        { limit: bounded },
      );
      return page.items;
    },
  };
}

/** A lazily built core for `context`. */
export function lazyCore(
  build: (context: ServiceContext) => CashCore,
  context: ServiceContext,
): () => CashCore {
  let core: CashCore | undefined;
  return () => (core ??= build(context));
}
