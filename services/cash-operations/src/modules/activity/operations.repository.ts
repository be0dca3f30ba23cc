/**
 * Operation records: the rows behind a wallet's activity list (one per operation and wallet: an own transfer has
 * the same id in both wallets). Written before the ledger is called, so the ledger transfer ids they hold are
 * reused by a retry; written as `submitting` (invisible) when a ledger call follows, and confirmed once the ledger
 * holds the transfers (migrations/0005-ledger-confirmation.ts).
 */
import type { ActivityDetails, ActivityKind, ActivityStatus, PendingInfo } from '@tessera/contracts';
import type { Selectable } from 'kysely';
import type { CashDatabase, OperationsTable } from '../accounts/tables.ts';

/** An operation row. */
export type OperationRow = Selectable<OperationsTable>;

/** What `recordOperation` needs. */
export interface OperationInput {
  /** The operation id (a uuidv7 chosen by the caller, stored before the ledger is called). */
  readonly id: string;
  readonly walletId: string;
  readonly userId: string;
  readonly kind: ActivityKind;
  readonly status: ActivityStatus;
  readonly asset: string;
  /** Signed minor units: positive in, negative out; the fee is separate. */
  readonly amountMinor: bigint;
  /** The fee charged to this wallet, >= 0. */
  readonly feeMinor?: bigint;
  /** The absolute EUR value in cents when it happened (limits); 0 when it counts against no limit. */
  readonly valueEurMinor?: bigint;
  readonly limitCategory?: 'deposit' | 'withdrawal' | 'customerTransfer' | null;
  readonly counterparty?: string | null;
  /** A person's words only (a reference, a note): what the operation was goes in `details`. */
  readonly description?: string | null;
  /** The structured facts the web app phrases in the customer's language. */
  readonly details?: ActivityDetails | null;
  readonly pending?: PendingInfo | null;
  /** The ledger transfers that make it up. */
  readonly transferIds?: readonly string[];
  readonly source?: 'cash' | 'ledger';
  readonly createdAt?: Date;
  readonly settledAt?: Date | null;
  /**
   * When set, the row is written `submitting` and its writer owns it until then: it is shown to nobody until the
   * ledger is seen to hold its transfers (`confirmOperationRows`). Unset: written confirmed (the seed, projections).
   */
  readonly ledgerDeadline?: Date;
}

/** Inserts the operation unless (id, wallet) exists; resolves with the stored row either way. */
export async function insertOperation(
  db: CashDatabase,
  input: OperationInput,
  now: Date,
): Promise<{ row: OperationRow; created: boolean }> {
  const inserted = await db
    .insertInto('operations')
    .values({
      id: input.id,
      wallet_id: input.walletId,
      user_id: input.userId,
      kind: input.kind,
      status: input.status,
      asset: input.asset,
      amount_minor: input.amountMinor.toString(),
      fee_minor: (input.feeMinor ?? 0n).toString(),
      value_eur_minor: (input.valueEurMinor ?? 0n).toString(),
      limit_category: input.limitCategory ?? null,
      counterparty: input.counterparty ?? null,
      description: input.description ?? null,
      pending: input.status === 'pending' && input.pending ? JSON.stringify(input.pending) : null,
      details: input.details ? JSON.stringify(input.details) : null,
      transfer_ids: JSON.stringify(input.transferIds ?? []),
      source: input.source ?? 'cash',
      created_at: input.createdAt ?? now,
      settled_at: input.status === 'pending' ? null : (input.settledAt ?? input.createdAt ?? now),
      ledger_state: input.ledgerDeadline === undefined ? 'confirmed' : 'submitting',
      ledger_deadline: input.ledgerDeadline ?? null,
    })
    .onConflict((conflict) => conflict.columns(['id', 'wallet_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    return { row: inserted, created: true };
  }
  const existing = await db
    .selectFrom('operations')
    .selectAll()
    .where('id', '=', input.id)
    .where('wallet_id', '=', input.walletId)
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

/** The rows of an operation (one per wallet it touched). */
export async function findOperationRows(db: CashDatabase, id: string): Promise<OperationRow[]> {
  return db.selectFrom('operations').selectAll().where('id', '=', id).execute();
}

/** A change of an operation's state. */
export interface OperationUpdate {
  readonly status: ActivityStatus;
  /** Restrict to one wallet's row (default: every row of the operation). */
  readonly walletId?: string;
  readonly pending?: PendingInfo | null;
  /** A partial capture changes the amount. */
  readonly amountMinor?: bigint;
  readonly feeMinor?: bigint;
  readonly settledAt?: Date;
}

/** Applies `update` to the operation's rows; resolves with the rows as they are now. */
export async function updateOperationRows(
  db: CashDatabase,
  id: string,
  update: OperationUpdate,
  now: Date,
): Promise<OperationRow[]> {
  let query = db
    .updateTable('operations')
    .set({
      status: update.status,
      ...(update.status !== 'pending'
        ? { pending: null }
        : update.pending === undefined
          ? {}
          : { pending: update.pending === null ? null : JSON.stringify(update.pending) }),
      settled_at: update.status === 'pending' ? null : (update.settledAt ?? now),
      ...(update.amountMinor === undefined ? {} : { amount_minor: update.amountMinor.toString() }),
      ...(update.feeMinor === undefined ? {} : { fee_minor: update.feeMinor.toString() }),
    })
    .where('id', '=', id);
  if (update.walletId !== undefined) {
    query = query.where('wallet_id', '=', update.walletId);
  }
  return query.returningAll().execute();
}

/** Deletes an operation that never reached the ledger (the ledger refused it: nothing moved). */
export async function deleteOperation(db: CashDatabase, id: string): Promise<void> {
  await db.deleteFrom('operations').where('id', '=', id).execute();
}

/**
 * Deletes an operation's rows that are still `submitting` (never a confirmed row: what the ledger holds stays
 * shown). Resolves with the rows deleted.
 */
export async function deleteSubmittingOperation(db: CashDatabase, id: string): Promise<OperationRow[]> {
  return db
    .deleteFrom('operations')
    .where('id', '=', id)
    .where('ledger_state', '=', 'submitting')
    .returningAll()
    .execute();
}

/** Marks an operation's rows confirmed (the ledger holds its transfers); resolves with the rows that changed. */
export async function confirmOperationRows(db: CashDatabase, id: string): Promise<OperationRow[]> {
  return db
    .updateTable('operations')
    .set({ ledger_state: 'confirmed', ledger_deadline: null })
    .where('id', '=', id)
    .where('ledger_state', '=', 'submitting')
    .returningAll()
    .execute();
}

/** Submitting operations whose writer's deadline passed (oldest first, at most `limit`): one row per operation. */
export async function findStaleSubmissions(
  db: CashDatabase,
  now: Date,
  limit: number,
): Promise<OperationRow[]> {
  const rows = await db
    .selectFrom('operations')
    .selectAll()
    .where('ledger_state', '=', 'submitting')
    .where('ledger_deadline', '<=', now)
    .orderBy('ledger_deadline')
    .limit(limit)
    .execute();
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
}
