/**
 * Wallet rows: who owns which ledger account, its name, kind and identifiers. Balances are never here (the ledger).
 * Every read by id is scoped to the owner: another customer's wallet id reads exactly like an unknown one.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CashDatabase, WalletsTable } from '../accounts/tables.ts';
import { CASH_SCHEMA } from '../accounts/tables.ts';

/** A wallet row. */
export type WalletRow = Selectable<WalletsTable>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID (anything else is never a wallet id: no query, no driver error). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** The wallet `walletId` when `userId` owns it; undefined for an unknown id or another customer's wallet. */
export async function findOwned(
  db: CashDatabase,
  userId: string,
  walletId: string,
): Promise<WalletRow | undefined> {
  if (!isUuid(walletId)) {
    return undefined;
  }
  return db
    .selectFrom('wallets')
    .selectAll()
    .where('id', '=', walletId.toLowerCase())
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The wallet by id, whoever owns it (for internal callers that already know the owner, e.g. rails callbacks). */
export async function findWalletById(db: CashDatabase, walletId: string): Promise<WalletRow | undefined> {
  if (!isUuid(walletId)) {
    return undefined;
  }
  return db.selectFrom('wallets').selectAll().where('id', '=', walletId.toLowerCase()).executeTakeFirst();
}

/** The wallet with this virtual IBAN (electronic format, no spaces), for incoming SEPA credits. */
export async function findWalletByIban(db: CashDatabase, iban: string): Promise<WalletRow | undefined> {
  return db
    .selectFrom('wallets')
    .selectAll()
    .where('iban', '=', iban.replace(/\s+/g, '').toUpperCase())
    .executeTakeFirst();
}

/** The wallet with this deposit address on `chain` (Ethereum addresses compared case-insensitively). */
export async function findWalletByDepositAddress(
  db: CashDatabase,
  chain: string,
  address: string,
): Promise<WalletRow | undefined> {
  const query = db.selectFrom('wallets').selectAll().where('deposit_chain', '=', chain);
  return chain === 'ethereum'
    ? query.where(sql<string>`lower(deposit_address)`, '=', address.toLowerCase()).executeTakeFirst()
    : query.where('deposit_address', '=', address).executeTakeFirst();
}

/** The customer's current wallet of `asset`, if any. */
export async function findCurrentWallet(
  db: CashDatabase,
  userId: string,
  asset: string,
): Promise<WalletRow | undefined> {
  return db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .where('kind', '=', 'current')
    .executeTakeFirst();
}

/** Every wallet of the customer: current wallets first, then by asset and creation. */
export async function listWallets(db: CashDatabase, userId: string): Promise<WalletRow[]> {
  return db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`case when kind = 'current' then 0 else 1 end`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many savings vaults the customer has in `asset`. */
export async function countSavings(db: CashDatabase, userId: string, asset: string): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select(db.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .where('kind', '=', 'savings')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts a wallet; resolves false when the customer already has a current wallet of the asset. */
export async function insertWallet(
  db: CashDatabase,
  row: Omit<WalletRow, 'created_at'> & { created_at?: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('wallets')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The next virtual IBAN number (a database sequence: unique across processes). */
export async function nextIbanSequence(db: CashDatabase): Promise<bigint> {
  const result = await sql<{ value: string }>`
    select nextval(${sql.lit(`${CASH_SCHEMA}.wallet_iban_sequence`)}::regclass)::text as value
  `.execute(db);
  return BigInt(result.rows[0]!.value);
}

/** Renames the customer's wallet; the updated row, or undefined when it is not theirs. */
export async function renameWallet(
  db: CashDatabase,
  userId: string,
  walletId: string,
  name: string,
): Promise<WalletRow | undefined> {
  if (!isUuid(walletId)) {
    return undefined;
  }
  return db
    .updateTable('wallets')
    .set({ name })
    .where('id', '=', walletId.toLowerCase())
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
