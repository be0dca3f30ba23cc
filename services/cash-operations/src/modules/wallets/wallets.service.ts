/**
 * Wallets (PRODUCT.md, "Wallets and cash operations"; docs/adr/0005-cash-operations.md). A wallet is a customer's
 * ledger account in one asset, with a name and a kind. Revolut's model: one current wallet per asset (it has the
 * IBAN or deposit address and receives deposits and other customers' transfers) and up to
 * WALLET_SAVINGS_PER_ASSET_MAX savings vaults per asset (filled by transfers between own wallets).
 */
import {
  type Account,
  BANK_TENANT_ID,
  CHAIN_OF_ASSET,
  type CashAssetCode,
  deriveDepositAddress,
  generateVirtualIban,
  TESSERA_BIC,
  uuidv7,
  type Wallet,
  WALLET_SAVINGS_PER_ASSET_MAX,
  WALLET_CREATE_KYC_LEVEL,
} from '@tessera/contracts';
import { isCrypto } from '@tessera/money';
import { WalletExistsError, WalletLimitReachedError, WalletNotFoundError } from '../../errors.ts';
import { cashAsset, formatMinor } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { requireKycLevel } from '../limits/limits.service.ts';
import {
  countSavings,
  findCurrentWallet,
  findOwned,
  insertWallet,
  listWallets,
  nextIbanSequence,
  renameWallet as renameWalletRow,
  type WalletRow,
} from './wallets.repository.ts';

/** The lowest KYC level that may open a wallet: the policy module's (packages/contracts/src/kyc.ts). */
export { WALLET_CREATE_KYC_LEVEL };

/**
 * The identifiers of a new current wallet: the one call site of packages/contracts/src/payment-identifiers.ts
 * (owned by the rails): a virtual IBAN numbered by a database sequence for EUR, a chain-valid deposit address
 * derived from the wallet id for crypto, nothing for other fiat (USD, GBP, CHF are funded by card or conversion).
 */
async function identifiersOf(
  core: CashCore,
  walletId: string,
  asset: CashAssetCode,
): Promise<Pick<WalletRow, 'iban' | 'deposit_chain' | 'deposit_address'>> {
  if (asset === 'EUR') {
    return {
      iban: generateVirtualIban(await nextIbanSequence(core.db)),
      deposit_chain: null,
      deposit_address: null,
    };
  }
  if (asset === 'BTC' || asset === 'ETH' || asset === 'USDC') {
    return {
      iban: null,
      deposit_chain: CHAIN_OF_ASSET[asset],
      deposit_address: deriveDepositAddress(asset, walletId),
    };
  }
  return { iban: null, deposit_chain: null, deposit_address: null };
}

/** The API's view of a wallet row and its ledger account. */
export function toWallet(row: WalletRow, account: Account | undefined): Wallet {
  const asset = cashAsset(row.asset);
  const balance = account?.balance;
  const zero = formatMinor(0n, asset);
  return {
    id: row.id,
    asset: asset.code as CashAssetCode,
    assetKind: isCrypto(asset) ? 'crypto' : 'fiat',
    scale: asset.scale,
    name: row.name,
    kind: row.kind,
    status: account?.status ?? 'open',
    iban: row.iban,
    bic: row.iban ? TESSERA_BIC : null,
    depositAddress:
      row.deposit_chain && row.deposit_address
        ? { chain: row.deposit_chain as 'bitcoin' | 'ethereum', address: row.deposit_address }
        : null,
    balance: {
      available: balance?.available ?? zero,
      posted: balance?.posted ?? zero,
      pendingIncoming: balance?.creditsPending ?? zero,
      pendingOutgoing: balance?.debitsPending ?? zero,
    },
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Opens a wallet: its ledger account first, then its row. Internal: no KYC check (used for recipients of transfers
 * too).
 *
 * The order matters: a wallet row is what every other request finds, so it must never exist before its account.
 * With the row first, two transfers arriving at once for a customer without a wallet of that asset raced: one
 * opened the wallet and was still creating its account when the other found the row and sent its ledger transfer
 * to an account that did not exist yet (a 500, seen in limits-hold-under-concurrent-requests.test.ts on PostgreSQL;
 * wallet-opening-under-concurrent-transfers.test.ts makes it happen every time). A failed account creation now
 * leaves nothing behind. The loser of the race for a current wallet (its row conflicts) closes the empty account it
 * just created and uses the winner's wallet.
 */
export async function openWallet(
  core: CashCore,
  userId: string,
  input: { asset: CashAssetCode; kind: 'current' | 'savings'; name: string },
): Promise<{ row: WalletRow; created: boolean }> {
  const id = uuidv7(core.now().getTime());
  const identifiers =
    input.kind === 'current'
      ? await identifiersOf(core, id, input.asset)
      : { iban: null, deposit_chain: null, deposit_address: null };
  const row: WalletRow = {
    id,
    user_id: userId,
    asset: input.asset,
    kind: input.kind,
    name: input.name,
    ...identifiers,
    created_at: core.now(),
  };
  await core.ledger.createAccount(BANK_TENANT_ID, {
    id,
    ledger: input.asset,
    ownerId: userId,
    type: 'customer_wallet',
    flags: { debitsMustNotExceedCredits: true },
    metadata: { walletKind: input.kind },
  });
  if (!(await insertWallet(core.db, row))) {
    const existing = await findCurrentWallet(core.db, userId, input.asset);
    if (!existing) {
      throw new Error('A wallet insert conflicted but no current wallet exists.');
    }
    // Nothing can reach the account just made: no row names it. Closed so no one mistakes it for a wallet.
    await core.ledger.closeAccount(BANK_TENANT_ID, id).catch(() => undefined);
    return { row: existing, created: false };
  }
  return { row, created: true };
}

/** POST /wallets: KYC level 1 at least; one current wallet per asset; bounded savings vaults. */
export async function createWallet(
  core: CashCore,
  userId: string,
  request: { asset: string; kind: 'current' | 'savings'; name?: string | undefined },
): Promise<Wallet> {
  const asset = cashAsset(request.asset);
  await requireKycLevel(core, userId, WALLET_CREATE_KYC_LEVEL);
  const code = asset.code as CashAssetCode;
  if (request.kind === 'current' && (await findCurrentWallet(core.db, userId, code))) {
    throw new WalletExistsError(undefined, { asset: code });
  }
  if (
    request.kind === 'savings' &&
    (await countSavings(core.db, userId, code)) >= WALLET_SAVINGS_PER_ASSET_MAX
  ) {
    throw new WalletLimitReachedError(undefined, { asset: code, max: WALLET_SAVINGS_PER_ASSET_MAX });
  }
  const name = request.name ?? (request.kind === 'current' ? code : `${code} savings`);
  const { row, created } = await openWallet(core, userId, { asset: code, kind: request.kind, name });
  if (!created) {
    throw new WalletExistsError(undefined, { asset: code });
  }
  core.notifier.walletsChanged(userId, [row.id]);
  return toWallet(row, await core.ledger.getAccount(BANK_TENANT_ID, row.id));
}

/** The customer's current wallet of `asset`, opened when absent (a transfer from another customer arrives). */
export async function ensureCurrentWallet(
  core: CashCore,
  userId: string,
  asset: CashAssetCode,
): Promise<WalletRow> {
  const existing = await findCurrentWallet(core.db, userId, asset);
  if (existing) {
    return existing;
  }
  const { row, created } = await openWallet(core, userId, { asset, kind: 'current', name: asset });
  if (created) {
    core.notifier.walletsChanged(userId, [row.id]);
  }
  return row;
}

/** The customer's ledger accounts by id (one call; a customer has far fewer than a page of accounts). */
async function accountsOf(core: CashCore, userId: string): Promise<Map<string, Account>> {
  const page = await core.ledger.listAccounts(BANK_TENANT_ID, { ownerId: userId, limit: 1000 });
  return new Map(page.items.map((account) => [account.id, account]));
}

/** GET /wallets. */
export async function listCustomerWallets(core: CashCore, userId: string): Promise<Wallet[]> {
  const [rows, accounts] = await Promise.all([listWallets(core.db, userId), accountsOf(core, userId)]);
  return rows.map((row) => toWallet(row, accounts.get(row.id)));
}

/** The wallet row when the customer owns it; CASH_WALLET_NOT_FOUND otherwise (unknown and foreign alike). */
export async function requireOwnedWallet(
  core: CashCore,
  userId: string,
  walletId: string,
): Promise<WalletRow> {
  const row = await findOwned(core.db, userId, walletId);
  if (!row) {
    throw new WalletNotFoundError(undefined, { walletId });
  }
  return row;
}

/** GET /wallets/{walletId}. */
export async function getCustomerWallet(core: CashCore, userId: string, walletId: string): Promise<Wallet> {
  const row = await requireOwnedWallet(core, userId, walletId);
  return toWallet(row, await core.ledger.getAccount(BANK_TENANT_ID, row.id));
}

/** PATCH /wallets/{walletId}. */
export async function renameCustomerWallet(
  core: CashCore,
  userId: string,
  walletId: string,
  name: string,
): Promise<Wallet> {
  const row = await renameWalletRow(core.db, userId, walletId, name);
  if (!row) {
    throw new WalletNotFoundError(undefined, { walletId });
  }
  core.notifier.walletsChanged(userId, [row.id]);
  return toWallet(row, await core.ledger.getAccount(BANK_TENANT_ID, row.id));
}
