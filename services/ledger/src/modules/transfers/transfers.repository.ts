/**
 * SQL of the transfer engine, shaped for few round trips: a group reads in two statements (lock the ledgers; then its
 * transfers, recorded rejections and accounts together) and writes in one (data-modifying CTEs: transfers,
 * rejections, the pending index, balances and chain heads together).
 *
 * Rows travel as one array parameter per column, written by {@link arrayLiteral} and cast in SQL (`$1::uuid[]`),
 * then `unnest`ed: one parameter per column whatever the batch size (8,189 transfers stay far below PostgreSQL's
 * 65,535-parameter limit), no per-element escaping in the driver, and the same text casts on PGlite and pg.
 * Raw SQL names the schema (`ledger.`) because Kysely's withSchema does not reach into raw SQL.
 */
import type { AnyKysely } from '@tessera/platform';
import { sql } from 'kysely';
import type {
  AccountState,
  Balances,
  LedgerHead,
  PendingState,
  RecordedRejection,
  StoredTransfer,
} from './transfer-state.ts';
import { TRANSFER_FLAG } from './transfer-state.ts';
import type { AccountStatus, LedgerErrorBody } from '@tessera/contracts';

/**
 * A PostgreSQL array literal: `{a,b,NULL}`. `quoted` elements (free text, JSON) are double-quoted with `"` and `\`
 * escaped; the others (uuids, digits, ISO instants, hex) contain none of the characters an array literal reserves.
 */
export function arrayLiteral(values: ReadonlyArray<string | null>, quoted = false): string {
  const parts = values.map((value) =>
    value === null ? 'NULL' : quoted ? `"${value.replace(/["\\]/g, '\\$&')}"` : value,
  );
  return `{${parts.join(',')}}`;
}

/** A transfers row as both drivers return it (numeric and int8 as strings, bytea as Buffer). */
export interface TransferRow {
  id: string;
  ledger_id: number;
  sequence: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  pending_id: string | null;
  timeout_seconds: number;
  code: number;
  flags: number;
  metadata: Record<string, string>;
  created_at: Date;
  expires_at: Date | null;
  hash: Buffer;
  fingerprint: Buffer;
  dr_debits_pending: string;
  dr_debits_posted: string;
  dr_credits_pending: string;
  dr_credits_posted: string;
  cr_debits_pending: string;
  cr_debits_posted: string;
  cr_credits_pending: string;
  cr_credits_posted: string;
}

/** The columns of a transfer, in the order of {@link TransferRow}. */
export const TRANSFER_COLUMNS = sql.raw(
  `id, ledger_id, sequence, debit_account_id, credit_account_id, amount, pending_id, timeout_seconds, code, flags,
   metadata, created_at, expires_at, hash, fingerprint, dr_debits_pending, dr_debits_posted, dr_credits_pending,
   dr_credits_posted, cr_debits_pending, cr_debits_posted, cr_credits_pending, cr_credits_posted`,
);

function balances(pending: string, posted: string, creditsPending: string, creditsPosted: string): Balances {
  return {
    debitsPending: BigInt(pending),
    debitsPosted: BigInt(posted),
    creditsPending: BigInt(creditsPending),
    creditsPosted: BigInt(creditsPosted),
  };
}

/** Reads a row into the engine's model. */
export function toStoredTransfer(row: TransferRow): StoredTransfer {
  return {
    id: row.id,
    ledgerId: row.ledger_id,
    sequence: BigInt(row.sequence),
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: BigInt(row.amount),
    pendingId: row.pending_id,
    timeoutSeconds: row.timeout_seconds,
    code: row.code,
    flags: row.flags,
    metadata: row.metadata,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    hash: row.hash,
    fingerprint: row.fingerprint,
    debitAfter: balances(
      row.dr_debits_pending,
      row.dr_debits_posted,
      row.dr_credits_pending,
      row.dr_credits_posted,
    ),
    creditAfter: balances(
      row.cr_debits_pending,
      row.cr_debits_posted,
      row.cr_credits_pending,
      row.cr_credits_posted,
    ),
  };
}

/** Locks the named ledgers of a tenant in id order (a stable order, so writers never deadlock) and reads their heads. */
export async function lockLedgers(
  trx: AnyKysely,
  tenantId: string,
  codes: readonly string[],
): Promise<LedgerHead[]> {
  const { rows } = await sql<{
    id: number;
    code: string;
    scale: number;
    head_sequence: string;
    head_hash: Buffer;
    head_at: Date;
  }>`select id, code, scale, head_sequence, head_hash, head_at from ledger.ledgers
     where tenant_id = ${tenantId} and code = any(${codes}::text[]) order by id for update`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    scale: row.scale,
    headSequence: BigInt(row.head_sequence),
    headHash: row.head_hash,
    headAt: row.head_at,
  }));
}

/** What {@link loadGroupRows} reads. */
export interface GroupRows {
  readonly transfers: StoredTransfer[];
  readonly rejections: RecordedRejection[];
  readonly accounts: AccountState[];
}

type GroupRow = TransferRow & {
  row_kind: 't' | 'r' | 'a';
  rejection_code: string | null;
  rejection_message: string | null;
  rejection_details: Record<string, unknown> | null;
  account_status: AccountStatus | null;
};

/**
 * In one round trip: the transfers and recorded rejections of `ids`, and the accounts of `accountIds`. The three
 * kinds share the transfer columns (`row_kind` tells them apart): a rejection adds its code, message and details,
 * an account puts its balances in the `dr_*` columns and adds its status.
 */
export async function loadGroupRows(
  trx: AnyKysely,
  tenantId: string,
  ids: readonly string[],
  accountIds: readonly string[],
): Promise<GroupRows> {
  // `= any(array)` and not `in (select unnest(...))`: the planner always probes the primary key with the former, while
  // the latter can turn into a scan of every transfer once the table is large (seen at 22 s per 8,189 batch).
  const idArray = arrayLiteral(ids);
  const { rows } = await sql<GroupRow>`
    select ${TRANSFER_COLUMNS}, 't' as row_kind, null::text as rejection_code, null::text as rejection_message,
        null::jsonb as rejection_details, null::text as account_status
      from ledger.transfers where tenant_id = ${tenantId} and id = any(${idArray}::uuid[])
    union all
    select id, null, null, null, null, null, null, null, null, null, null, null, null, null, fingerprint,
        null, null, null, null, null, null, null, null, 'r', code, message, details, null
      from ledger.transfer_rejections where tenant_id = ${tenantId} and id = any(${idArray}::uuid[])
    union all
    select id, ledger_id, null, null, null, null, null, null, null, flags, null, null, null, null, null,
        debits_pending, debits_posted, credits_pending, credits_posted, null, null, null, null, 'a', null, null, null,
        status
      from ledger.accounts where tenant_id = ${tenantId} and id = any(${arrayLiteral(accountIds)}::uuid[])`.execute(
    trx,
  );
  const loaded: GroupRows = { transfers: [], rejections: [], accounts: [] };
  for (const row of rows) {
    if (row.row_kind === 't') {
      loaded.transfers.push(toStoredTransfer(row));
    } else if (row.row_kind === 'r') {
      const error: LedgerErrorBody = {
        code: row.rejection_code ?? '',
        message: row.rejection_message ?? '',
        details: row.rejection_details ?? {},
      };
      loaded.rejections.push({ id: row.id, fingerprint: row.fingerprint, error });
    } else {
      loaded.accounts.push(toAccountState(row, row.account_status ?? 'open'));
    }
  }
  return loaded;
}

function toAccountState(
  row: Pick<
    TransferRow,
    | 'id'
    | 'ledger_id'
    | 'flags'
    | 'dr_debits_pending'
    | 'dr_debits_posted'
    | 'dr_credits_pending'
    | 'dr_credits_posted'
  >,
  status: AccountStatus,
): AccountState {
  return {
    id: row.id,
    ledgerId: row.ledger_id,
    flags: row.flags,
    status,
    balances: balances(
      row.dr_debits_pending,
      row.dr_debits_posted,
      row.dr_credits_pending,
      row.dr_credits_posted,
    ),
    touched: false,
  };
}

/** Where each pending transfer stands: open (in the pending index) or resolved by a post, void or expiry. */
export async function loadPendingStates(
  trx: AnyKysely,
  tenantId: string,
  pendingIds: readonly string[],
): Promise<Map<string, PendingState>> {
  const states = new Map<string, PendingState>();
  if (pendingIds.length === 0) {
    return states;
  }
  const idArray = arrayLiteral(pendingIds);
  const { rows } = await sql<{ id: string; flags: number | null }>`
    select id, null::integer as flags from ledger.pending_transfers
      where tenant_id = ${tenantId} and id = any(${idArray}::uuid[])
    union all
    select pending_id as id, flags from ledger.transfers
      where tenant_id = ${tenantId} and pending_id = any(${idArray}::uuid[])`.execute(trx);
  for (const row of rows) {
    states.set(row.id, row.flags === null ? 'open' : resolutionOf(row.flags));
  }
  return states;
}

/** How a resolving transfer's flags say the pending transfer ended. */
export function resolutionOf(flags: number): PendingState {
  if ((flags & TRANSFER_FLAG.expiredPendingTransfer) !== 0) {
    return 'expired';
  }
  return (flags & TRANSFER_FLAG.postPendingTransfer) !== 0 ? 'posted' : 'voided';
}

/** Accounts by id (those of pending transfers that the group's first load did not know to ask for). */
export async function loadAccounts(
  trx: AnyKysely,
  tenantId: string,
  ids: readonly string[],
): Promise<AccountState[]> {
  if (ids.length === 0) {
    return [];
  }
  const { rows } = await sql<TransferRow & { status: AccountStatus }>`select id, ledger_id, flags, status,
      debits_pending as dr_debits_pending, debits_posted as dr_debits_posted,
      credits_pending as dr_credits_pending, credits_posted as dr_credits_posted
    from ledger.accounts where tenant_id = ${tenantId} and id = any(${arrayLiteral(ids)}::uuid[])`.execute(
    trx,
  );
  return rows.map((row) => toAccountState(row, row.status));
}

/** Everything one group writes. */
export interface GroupWrites {
  readonly tenantId: string;
  readonly createdAt: Date;
  readonly transfers: readonly StoredTransfer[];
  readonly rejections: readonly RecordedRejection[];
  readonly pendingOpened: readonly StoredTransfer[];
  readonly pendingResolvedIds: readonly string[];
  readonly accounts: readonly AccountState[];
  readonly heads: readonly LedgerHead[];
}

const list = <T>(rows: readonly T[], pick: (row: T) => string | null, quoted = false) =>
  arrayLiteral(rows.map(pick), quoted);

function transfersInsert(tenantId: string, createdAt: Date, transfers: readonly StoredTransfer[]) {
  const n = (pick: (t: StoredTransfer) => bigint) => list(transfers, (t) => pick(t).toString());
  return sql`insert into ledger.transfers (tenant_id, ${TRANSFER_COLUMNS})
    select ${tenantId}, id, ledger_id, sequence, debit, credit, amount, pending_id, timeout, code, flags, metadata::jsonb,
      ${createdAt.toISOString()}::timestamptz, expires_at, decode(hash, 'hex'), decode(fingerprint, 'hex'),
      drdpe, drdpo, drcpe, drcpo, crdpe, crdpo, crcpe, crcpo
    from unnest(
      ${list(transfers, (t) => t.id)}::uuid[], ${list(transfers, (t) => String(t.ledgerId))}::integer[],
      ${n((t) => t.sequence)}::bigint[], ${list(transfers, (t) => t.debitAccountId)}::uuid[],
      ${list(transfers, (t) => t.creditAccountId)}::uuid[], ${n((t) => t.amount)}::numeric[],
      ${list(transfers, (t) => t.pendingId)}::uuid[],
      ${list(transfers, (t) => String(t.timeoutSeconds))}::integer[],
      ${list(transfers, (t) => String(t.code))}::integer[], ${list(transfers, (t) => String(t.flags))}::integer[],
      ${list(transfers, (t) => JSON.stringify(t.metadata), true)}::text[],
      ${list(transfers, (t) => t.expiresAt?.toISOString() ?? null)}::timestamptz[],
      ${list(transfers, (t) => t.hash.toString('hex'))}::text[],
      ${list(transfers, (t) => t.fingerprint.toString('hex'))}::text[],
      ${n((t) => t.debitAfter.debitsPending)}::numeric[], ${n((t) => t.debitAfter.debitsPosted)}::numeric[],
      ${n((t) => t.debitAfter.creditsPending)}::numeric[], ${n((t) => t.debitAfter.creditsPosted)}::numeric[],
      ${n((t) => t.creditAfter.debitsPending)}::numeric[], ${n((t) => t.creditAfter.debitsPosted)}::numeric[],
      ${n((t) => t.creditAfter.creditsPending)}::numeric[], ${n((t) => t.creditAfter.creditsPosted)}::numeric[]
    ) as v(id, ledger_id, sequence, debit, credit, amount, pending_id, timeout, code, flags, metadata, expires_at, hash,
      fingerprint, drdpe, drdpo, drcpe, drcpo, crdpe, crdpo, crcpe, crcpo)`;
}

function rejectionsInsert(tenantId: string, rejections: readonly RecordedRejection[]) {
  return sql`insert into ledger.transfer_rejections (tenant_id, id, fingerprint, code, message, details)
    select ${tenantId}, id, decode(fingerprint, 'hex'), code, message, details::jsonb
    from unnest(${list(rejections, (r) => r.id)}::uuid[],
      ${list(rejections, (r) => r.fingerprint.toString('hex'))}::text[],
      ${list(rejections, (r) => r.error.code, true)}::text[],
      ${list(rejections, (r) => r.error.message, true)}::text[],
      ${list(rejections, (r) => JSON.stringify(r.error.details), true)}::text[])
      as v(id, fingerprint, code, message, details)`;
}

function pendingInsert(tenantId: string, opened: readonly StoredTransfer[]) {
  return sql`insert into ledger.pending_transfers
      (tenant_id, id, ledger_id, debit_account_id, credit_account_id, expires_at)
    select ${tenantId}, id, ledger_id, debit, credit, expires_at
    from unnest(${list(opened, (t) => t.id)}::uuid[], ${list(opened, (t) => String(t.ledgerId))}::integer[],
      ${list(opened, (t) => t.debitAccountId)}::uuid[], ${list(opened, (t) => t.creditAccountId)}::uuid[],
      ${list(opened, (t) => t.expiresAt?.toISOString() ?? null)}::timestamptz[])
      as v(id, ledger_id, debit, credit, expires_at)`;
}

function balancesUpdate(tenantId: string, accounts: readonly AccountState[]) {
  const n = (pick: (balances: Balances) => bigint) => list(accounts, (a) => pick(a.balances).toString());
  return sql`update ledger.accounts as a set debits_pending = v.dpe, debits_posted = v.dpo,
      credits_pending = v.cpe, credits_posted = v.cpo
    from unnest(${list(accounts, (a) => a.id)}::uuid[], ${n((x) => x.debitsPending)}::numeric[],
      ${n((x) => x.debitsPosted)}::numeric[], ${n((x) => x.creditsPending)}::numeric[],
      ${n((x) => x.creditsPosted)}::numeric[]) as v(id, dpe, dpo, cpe, cpo)
    where a.tenant_id = ${tenantId} and a.id = v.id
    returning a.id`;
}

function headsUpdate(heads: readonly LedgerHead[]) {
  return sql`update ledger.ledgers as l set head_sequence = v.head_sequence, head_hash = decode(v.head_hash, 'hex'),
      head_at = v.head_at
    from unnest(${list(heads, (h) => String(h.id))}::integer[],
      ${list(heads, (h) => h.headSequence.toString())}::bigint[],
      ${list(heads, (h) => h.headHash.toString('hex'))}::text[],
      ${list(heads, (h) => h.headAt.toISOString())}::timestamptz[]) as v(id, head_sequence, head_hash, head_at)
    where l.id = v.id`;
}

/**
 * Writes a group in one statement: each table's rows as a data-modifying CTE (they touch different rows, so running
 * together is safe). Checks that every touched account was updated exactly once.
 */
export async function writeGroup(trx: AnyKysely, writes: GroupWrites): Promise<void> {
  const { tenantId } = writes;
  if (writes.transfers.length === 0 && writes.rejections.length === 0) {
    return;
  }
  const steps = [
    writes.transfers.length > 0
      ? sql`ins_transfers as (${transfersInsert(tenantId, writes.createdAt, writes.transfers)})`
      : undefined,
    writes.rejections.length > 0
      ? sql`ins_rejections as (${rejectionsInsert(tenantId, writes.rejections)})`
      : undefined,
    writes.pendingOpened.length > 0
      ? sql`ins_pending as (${pendingInsert(tenantId, writes.pendingOpened)})`
      : undefined,
    writes.pendingResolvedIds.length > 0
      ? sql`del_pending as (delete from ledger.pending_transfers where tenant_id = ${tenantId}
          and id = any(${arrayLiteral(writes.pendingResolvedIds)}::uuid[]))`
      : undefined,
    writes.heads.length > 0 ? sql`upd_heads as (${headsUpdate(writes.heads)})` : undefined,
    sql`upd_accounts as (${balancesUpdate(tenantId, writes.accounts)})`,
  ].filter((step) => step !== undefined);
  const { rows } = await sql<{ updated: number }>`with ${sql.join(steps, sql`, `)}
    select count(*)::integer as updated from upd_accounts`.execute(trx);
  if (rows[0]?.updated !== writes.accounts.length) {
    throw new Error('Every touched account must be updated exactly once.');
  }
}
