/**
 * Test support: a migrated database with the ledger schema, an in-process ledger over it, and helpers that make
 * ids, accounts and funded wallets. Never imported by runtime code.
 */
import { randomUUID } from 'node:crypto';
import { type AccountInput, type AccountType, type TransferInput, uuidv7 } from '@tessera/contracts';
import { type Database, migrate } from '@tessera/platform';
import { ledgerMigrations } from '../../migrations/index.ts';
import { createLedgerApi, type LedgerApiOptions, type LedgerService } from '../modules/ledger/ledger-api.ts';

/** A fresh id, UUIDv7 as callers are advised to use. */
export const newId = (): string => uuidv7();

/** Migrates the ledger schema on `database` and opens a ledger over it. */
export async function openLedger(database: Database, options: LedgerApiOptions = {}): Promise<LedgerService> {
  await migrate(database.db, { schema: 'ledger', migrations: ledgerMigrations });
  return createLedgerApi(database.db.withSchema('ledger'), options);
}

/** Opens accounts of `type` on the tenant's ledger `code` (created if missing); returns their ids. */
export async function openAccounts(
  ledger: LedgerService,
  tenantId: string,
  code: string,
  count: number,
  type: AccountType = 'customer_wallet',
  extra: Partial<AccountInput> = {},
): Promise<string[]> {
  await ledger.createLedger(tenantId, { code });
  const inputs = Array.from({ length: count }, () => ({
    id: newId(),
    ledger: code,
    ownerId: `owner-${randomUUID().slice(0, 8)}`,
    type,
    ...extra,
  }));
  const results = await ledger.createAccounts(tenantId, inputs);
  for (const result of results) {
    if (result.status === 'rejected') {
      throw new Error(`account not created: ${JSON.stringify(result.error)}`);
    }
  }
  return inputs.map((input) => input.id);
}

/** A single-phase transfer body. */
export function transfer(
  debitAccountId: string,
  creditAccountId: string,
  amount: string,
  extra: Partial<TransferInput> = {},
): TransferInput {
  return { id: newId(), ledger: 'EUR', debitAccountId, creditAccountId, amount, code: 1, ...extra };
}

/** A new, empty tenant: tests share one database and isolate themselves by tenant. */
export async function freshTenant(
  ledger: LedgerService,
  codes: readonly string[] = ['EUR'],
): Promise<string> {
  const tenantId = `t-${randomUUID().slice(0, 13)}`;
  await ledger.createTenant({ id: tenantId, ownerUserId: `owner-of-${tenantId}` });
  for (const code of codes) {
    await ledger.createLedger(tenantId, { code });
  }
  return tenantId;
}

/** Opens wallets on EUR and funds each from one bank omnibus account; returns the omnibus and the wallets. */
export async function fundedWallets(
  ledger: LedgerService,
  tenantId: string,
  count: number,
  amount: string,
): Promise<{ bank: string; wallets: string[] }> {
  const [bank] = await openAccounts(ledger, tenantId, 'EUR', 1, 'bank_omnibus');
  const wallets = await openAccounts(ledger, tenantId, 'EUR', count);
  const results = await ledger.createTransfers(
    tenantId,
    wallets.map((wallet) => transfer(bank!, wallet, amount)),
  );
  for (const result of results) {
    if (result.status !== 'created') {
      throw new Error(`funding failed: ${JSON.stringify(result)}`);
    }
  }
  return { bank: bank!, wallets };
}

/** The code of a rejected result, or its status. */
export function codeOf(result: { status: string; error?: { code: string } } | undefined): string {
  return result?.status === 'rejected' ? result.error!.code : (result?.status ?? 'missing');
}
