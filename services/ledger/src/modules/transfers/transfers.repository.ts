/**
 * SQL of the transfer engine, shaped for few round trips: a group reads in one statement (its ledgers' heads and
 * versions, its transfers, recorded rejections, pending states and accounts together, so from one snapshot) and
 * writes in one (data-modifying CTEs: chain heads under a version check, then transfers, rejections, the pending
 * index and balances, applied only if the check passed).
 *
 * Rows travel as one array parameter per column ({@link arrayParameter}: binary on PostgreSQL, an array literal on
 * PGlite), cast in SQL (`$1::uuid[]`) and `unnest`ed: one parameter per column whatever the batch size (8,189
 * transfers stay far below PostgreSQL's 65,535-parameter limit), and the same SQL on both engines.
 * Raw SQL names the schema (`ledger.`) because Kysely's withSchema does not reach into raw SQL.
 */
import {
  type AnyKysely,
  type ArrayElement,
  type ArrayElementType,
  arrayParameter,
  compileAhead,
} from '@tessera/platform';
import { type RawBuilder, sql } from 'kysely';
import type {
  AccountState,
  Balances,
  LedgerHead,
  PendingState,
  RecordedRejection,
  StoredTransfer,
} from './transfer-state.ts';
import { TRANSFER_FLAG } from './transfer-state.ts';
import type { AccountStatus } from '@tessera/contracts';

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

/**
 * Locks the named ledgers of a tenant in id order (a stable order, so writers never deadlock): the fallback after
 * optimistic attempts conflicted (transfers.service.ts). The group's load runs after it in the same transaction.
 */
export async function lockLedgers(trx: AnyKysely, tenantId: string, codes: readonly string[]): Promise<void> {
  await sql`select id from ledger.ledgers where tenant_id = ${tenantId} and code = any(${codes}::text[])
    order by id for update`.execute(trx);
}

/** What a group reads: its ledgers, the ids it names, the accounts it names, and the pending transfers it resolves. */
export interface GroupLoad {
  readonly tenantId: string;
  readonly codes: readonly string[];
  /** The group's transfer ids: existing transfers and recorded rejections with these ids are read. */
  readonly ids: readonly string[];
  /** Pending transfers the group posts or voids: read with their state and both their accounts. */
  readonly pendingIds: readonly string[];
  readonly accountIds: readonly string[];
}

/** What {@link loadGroup} reads, all from one snapshot. */
export interface GroupRows {
  readonly heads: LedgerHead[];
  readonly transfers: StoredTransfer[];
  readonly rejections: RecordedRejection[];
  readonly accounts: AccountState[];
  readonly pendingStates: Map<string, PendingState>;
}

type GroupRow = TransferRow & {
  row_kind: 'h' | 't' | 'r' | 'a' | 'o' | 'x';
  rejection_code: string | null;
  rejection_message: string | null;
  rejection_details: Record<string, unknown> | null;
  account_status: AccountStatus | null;
};

/**
 * Everything a group looks at, in one statement, so from one snapshot: the ledgers' heads and versions, the
 * transfers and recorded rejections of its ids, the transfers it posts or voids with where they stand ('o' open in
 * the pending index, 'x' a resolving transfer's flags) and their accounts, and the accounts it names. The kinds share
 * the transfer columns (`row_kind` tells them apart): a head puts its version in `amount`, its scale in `code` and its
 * code in `rejection_code`; an account puts its balances in the `dr_*` columns and adds its status.
 */
export async function loadGroup(db: AnyKysely, load: GroupLoad): Promise<GroupRows> {
  const { rows } = await groupStatement(load).execute(db);
  return collectGroupRows(rows);
}

/** The uuid[] parameter of `ids`. */
const uuids = (ids: readonly string[]) => sql`${arrayParameter('uuid', ids)}::uuid[]`;

type ByKey = (table: string, column: string, keys: RawBuilder<unknown>) => RawBuilder<unknown>;

/** The rows of `table` whose `column` is one of `keys`, in the tenant. */
function rowsByKey(tenantId: string): ByKey {
  // Rows by key, one primary-key (or unique-index) probe per key: the lateral subquery with `limit 1` cannot be turned
  // into a scan. With `key = any(array)` the planner chose by the tenant's statistics, and for a tenant whose rows
  // grew since they were last analysed it filtered every row of the tenant (170,000 transfers read to find 800).
  return (table, column, keys) =>
    sql`unnest(${keys}) as q(wanted) cross join lateral (select * from ${sql.raw(`ledger.${table}`)}
      where tenant_id = ${tenantId} and ${sql.raw(column)} = q.wanted limit 1) as x`;
}

/** The one statement of {@link loadGroup}: transfers, heads, rejections, accounts, then the pending branches. */
function groupStatement(load: GroupLoad) {
  const { tenantId } = load;
  const byKey = rowsByKey(tenantId);
  // The group's ids, encoded once for both the transfers and the rejections when it resolves no pending transfer.
  const ids = uuids(load.ids);
  const transferIds =
    load.pendingIds.length > 0 ? uuids([...new Set([...load.ids, ...load.pendingIds])]) : ids;
  return sql<GroupRow>`
    select ${TRANSFER_COLUMNS}, 't' as row_kind, null::text as rejection_code, null::text as rejection_message,
        null::jsonb as rejection_details, null::text as account_status
      from ${byKey('transfers', 'id', transferIds)}
    union all
    select null, id, head_sequence, null, null, version, null, null, scale, null, null, head_at, null, head_hash, null,
        null, null, null, null, null, null, null, null, 'h', code, null, null, null
      from ledger.ledgers where tenant_id = ${tenantId} and code = any(${load.codes}::text[])
    union all
    select id, null, null, null, null, null, null, null, null, null, null, null, null, null, fingerprint,
        null, null, null, null, null, null, null, null, 'r', code, message, details, null
      from ${byKey('transfer_rejections', 'id', ids)}
    union all
    select id, ledger_id, null, null, null, null, null, null, null, flags, null, null, null, null, null,
        debits_pending, debits_posted, credits_pending, credits_posted, null, null, null, null, 'a', null, null, null,
        status
      from ${byKey('accounts', 'id', uuids(load.accountIds))}
    ${pendingBranches(byKey, load.pendingIds)}`;
}

/** The branches a group that posts or voids adds: the pending index, resolving transfers and their accounts. */
function pendingBranches(byKey: ByKey, pendingIdList: readonly string[]) {
  if (pendingIdList.length === 0) {
    return sql``;
  }
  const pendingIds = uuids(pendingIdList);
  return sql`union all
    select id, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, 'o', null, null, null, null
      from ${byKey('pending_transfers', 'id', pendingIds)}
    union all
    select pending_id, null, null, null, null, null, null, null, null, flags, null, null, null, null, null,
        null, null, null, null, null, null, null, null, 'x', null, null, null, null
      from ${byKey('transfers', 'pending_id', pendingIds)}
    union all
    select id, ledger_id, null, null, null, null, null, null, null, flags, null, null, null, null, null,
        debits_pending, debits_posted, credits_pending, credits_posted, null, null, null, null, 'a', null, null, null,
        status
      from ${byKey(
        'accounts',
        'id',
        sql`array(select unnest(array[debit_account_id, credit_account_id])
          from ${byKey('transfers', 'id', pendingIds)})`,
      )}`;
}

/** Sorts the statement's rows by kind (`row_kind`) into what the group looks at. */
function collectGroupRows(rows: readonly GroupRow[]): GroupRows {
  const loaded: GroupRows = {
    heads: [],
    transfers: [],
    rejections: [],
    accounts: [],
    pendingStates: new Map(),
  };
  const accountIds = new Set<string>();
  for (const row of rows) {
    switch (row.row_kind) {
      case 't':
        loaded.transfers.push(toStoredTransfer(row));
        break;
      case 'h':
        loaded.heads.push(toLedgerHead(row));
        break;
      case 'r':
        loaded.rejections.push(toRecordedRejection(row));
        break;
      case 'a':
        // An account both named and behind a pending transfer comes twice.
        if (!accountIds.has(row.id)) {
          accountIds.add(row.id);
          loaded.accounts.push(toAccountState(row, row.account_status ?? 'open'));
        }
        break;
      case 'o':
        // A resolving transfer ('x') and the index row never coexist (one statement swaps them); 'x' would win.
        if (!loaded.pendingStates.has(row.id)) {
          loaded.pendingStates.set(row.id, 'open');
        }
        break;
      case 'x':
        loaded.pendingStates.set(row.id, resolutionOf(row.flags));
        break;
    }
  }
  loaded.heads.sort((a, b) => a.id - b.id);
  return loaded;
}

/** A head row ('h'): its version in `amount`, its scale in `code` and its code in `rejection_code`. */
function toLedgerHead(row: GroupRow): LedgerHead {
  return {
    id: row.ledger_id,
    code: row.rejection_code ?? '',
    scale: row.code,
    headSequence: BigInt(row.sequence),
    headHash: row.hash,
    headAt: row.created_at,
    version: BigInt(row.amount),
  };
}

/** A recorded rejection row ('r'). */
function toRecordedRejection(row: GroupRow): RecordedRejection {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    error: {
      code: row.rejection_code ?? '',
      message: row.rejection_message ?? '',
      details: row.rejection_details ?? {},
    },
  };
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

/** How a resolving transfer's flags say the pending transfer ended. */
export function resolutionOf(flags: number): PendingState {
  if ((flags & TRANSFER_FLAG.expiredPendingTransfer) !== 0) {
    return 'expired';
  }
  return (flags & TRANSFER_FLAG.postPendingTransfer) !== 0 ? 'posted' : 'voided';
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
  /**
   * Every ledger of the group with its new head, and as `version` the version the group decided on: the write
   * applies only if each ledger still has it, and bumps it.
   */
  readonly heads: readonly LedgerHead[];
}

/** The transfers as one array per column, in the text (or bytes) the array parameters carry. */
function transferColumns(transfers: readonly StoredTransfer[]) {
  const n = transfers.length;
  const columns = {
    ids: new Array<string>(n),
    ledgerIds: new Array<string>(n),
    sequences: new Array<string>(n),
    debits: new Array<string>(n),
    credits: new Array<string>(n),
    amounts: new Array<string>(n),
    pendingIds: new Array<string | null>(n),
    timeouts: new Array<string>(n),
    codes: new Array<string>(n),
    flags: new Array<string>(n),
    metadata: new Array<string | null>(n),
    expiries: new Array<string | null>(n),
    hashes: new Array<Buffer>(n),
    fingerprints: new Array<Buffer>(n),
    after: Array.from({ length: 8 }, () => new Array<string>(n)),
  };
  for (let index = 0; index < n; index += 1) {
    const t = transfers[index]!;
    columns.ids[index] = t.id;
    columns.ledgerIds[index] = String(t.ledgerId);
    columns.sequences[index] = t.sequence.toString();
    columns.debits[index] = t.debitAccountId;
    columns.credits[index] = t.creditAccountId;
    columns.amounts[index] = t.amount.toString();
    columns.pendingIds[index] = t.pendingId;
    columns.timeouts[index] = String(t.timeoutSeconds);
    columns.codes[index] = String(t.code);
    columns.flags[index] = String(t.flags);
    // Most transfers carry no metadata: NULL travels lighter than '{}' and becomes '{}' in SQL.
    columns.metadata[index] = hasAnyKey(t.metadata) ? JSON.stringify(t.metadata) : null;
    columns.expiries[index] = t.expiresAt === null ? null : t.expiresAt.toISOString();
    columns.hashes[index] = t.hash;
    columns.fingerprints[index] = t.fingerprint;
    const balancesAfter = [t.debitAfter, t.creditAfter];
    for (let side = 0; side < 2; side += 1) {
      const after = balancesAfter[side]!;
      columns.after[side * 4]![index] = after.debitsPending.toString();
      columns.after[side * 4 + 1]![index] = after.debitsPosted.toString();
      columns.after[side * 4 + 2]![index] = after.creditsPending.toString();
      columns.after[side * 4 + 3]![index] = after.creditsPosted.toString();
    }
  }
  return columns;
}

function hasAnyKey(record: object): boolean {
  for (const _key in record) {
    return true;
  }
  return false;
}

function transfersInsert(
  tenantId: string,
  createdAt: Date,
  transfers: readonly StoredTransfer[],
  guard: RawSql,
) {
  const c = transferColumns(transfers);
  const [drdpe, drdpo, drcpe, drcpo, crdpe, crdpo, crcpe, crcpo] = c.after.map((values) =>
    arrayParameter('numeric', values),
  );
  return sql`insert into ledger.transfers (tenant_id, ${TRANSFER_COLUMNS})
    select ${tenantId}, id, ledger_id, sequence, debit, credit, amount, pending_id, timeout, code, flags,
      coalesce(metadata::jsonb, '{}'::jsonb), ${createdAt.toISOString()}::timestamptz, expires_at, hash,
      fingerprint, drdpe, drdpo, drcpe, drcpo, crdpe, crdpo, crcpe, crcpo
    from unnest(
      ${arrayParameter('uuid', c.ids)}::uuid[], ${arrayParameter('int4', c.ledgerIds)}::integer[],
      ${arrayParameter('int8', c.sequences)}::bigint[], ${arrayParameter('uuid', c.debits)}::uuid[],
      ${arrayParameter('uuid', c.credits)}::uuid[], ${arrayParameter('numeric', c.amounts)}::numeric[],
      ${arrayParameter('uuid', c.pendingIds)}::uuid[], ${arrayParameter('int4', c.timeouts)}::integer[],
      ${arrayParameter('int4', c.codes)}::integer[], ${arrayParameter('int4', c.flags)}::integer[],
      ${arrayParameter('text', c.metadata)}::text[], ${arrayParameter('timestamptz', c.expiries)}::timestamptz[],
      ${arrayParameter('bytea', c.hashes)}::bytea[], ${arrayParameter('bytea', c.fingerprints)}::bytea[], ${drdpe}::numeric[], ${drdpo}::numeric[], ${drcpe}::numeric[],
      ${drcpo}::numeric[], ${crdpe}::numeric[], ${crdpo}::numeric[], ${crcpe}::numeric[], ${crcpo}::numeric[]
    ) as v(id, ledger_id, sequence, debit, credit, amount, pending_id, timeout, code, flags, metadata, expires_at, hash,
      fingerprint, drdpe, drdpo, drcpe, drcpo, crdpe, crdpo, crcpe, crcpo)
    where ${guard}`;
}

type RawSql = ReturnType<typeof sql.raw>;

const list = <T>(type: ArrayElementType, rows: readonly T[], pick: (row: T) => ArrayElement) =>
  arrayParameter(type, rows.map(pick));

function rejectionsInsert(tenantId: string, rejections: readonly RecordedRejection[], guard: RawSql) {
  return sql`insert into ledger.transfer_rejections (tenant_id, id, fingerprint, code, message, details)
    select ${tenantId}, id, fingerprint, code, message, details::jsonb
    from unnest(${list('uuid', rejections, (r) => r.id)}::uuid[],
      ${list('bytea', rejections, (r) => r.fingerprint)}::bytea[],
      ${list('text', rejections, (r) => r.error.code)}::text[],
      ${list('text', rejections, (r) => r.error.message)}::text[],
      ${list('text', rejections, (r) => JSON.stringify(r.error.details))}::text[])
      as v(id, fingerprint, code, message, details)
    where ${guard}`;
}

function pendingInsert(tenantId: string, opened: readonly StoredTransfer[], guard: RawSql) {
  return sql`insert into ledger.pending_transfers
      (tenant_id, id, ledger_id, debit_account_id, credit_account_id, expires_at)
    select ${tenantId}, id, ledger_id, debit, credit, expires_at
    from unnest(${list('uuid', opened, (t) => t.id)}::uuid[],
      ${list('int4', opened, (t) => String(t.ledgerId))}::integer[],
      ${list('uuid', opened, (t) => t.debitAccountId)}::uuid[],
      ${list('uuid', opened, (t) => t.creditAccountId)}::uuid[],
      ${list('timestamptz', opened, (t) => t.expiresAt?.toISOString() ?? null)}::timestamptz[])
      as v(id, ledger_id, debit, credit, expires_at)
    where ${guard}`;
}

function balancesUpdate(tenantId: string, accounts: readonly AccountState[], guard: RawSql) {
  const n = (pick: (balances: Balances) => bigint) =>
    list('numeric', accounts, (a) => pick(a.balances).toString());
  const ids = list('uuid', accounts, (a) => a.id);
  return sql`update ledger.accounts as a set debits_pending = v.dpe, debits_posted = v.dpo,
      credits_pending = v.cpe, credits_posted = v.cpo
    from unnest(${ids}::uuid[], ${n((x) => x.debitsPending)}::numeric[],
      ${n((x) => x.debitsPosted)}::numeric[], ${n((x) => x.creditsPending)}::numeric[],
      ${n((x) => x.creditsPosted)}::numeric[]) as v(id, dpe, dpo, cpe, cpo)
    where a.tenant_id = ${tenantId} and a.id = v.id and ${guard}
    returning a.id`;
}

/**
 * The ledgers' new heads, applied only where the version is still the one the group decided on, which it bumps.
 * With several ledgers, their rows are first locked in id order (`locked`), so two writers never deadlock.
 */
function headsUpdate(heads: readonly LedgerHead[]) {
  const ids = list('int4', heads, (h) => String(h.id));
  const inOrder = heads.length > 1 ? sql`and (select count(*) from locked) = ${heads.length}` : sql``;
  const update = sql`upd_heads as (update ledger.ledgers as l set version = l.version + 1,
      head_sequence = v.head_sequence, head_hash = v.head_hash, head_at = v.head_at
    from unnest(${ids}::integer[], ${list('int8', heads, (h) => h.version.toString())}::bigint[],
      ${list('int8', heads, (h) => h.headSequence.toString())}::bigint[],
      ${list('bytea', heads, (h) => h.headHash)}::bytea[],
      ${list('timestamptz', heads, (h) => h.headAt.toISOString())}::timestamptz[])
      as v(id, version, head_sequence, head_hash, head_at)
    where l.id = v.id and l.version = v.version ${inOrder}
    returning l.id),
    ok as (select count(*) = ${heads.length} as ok from upd_heads)`;
  return heads.length > 1
    ? sql`locked as (select id from ledger.ledgers where id = any(${ids}::integer[]) order by id for update), ${update}`
    : update;
}

/** A group's write, compiled and encoded, ready to send. */
export interface PreparedWrite {
  /**
   * Sends it; false, having changed nothing, when a version moved since the group read it (another writer came
   * first), so the group is decided again. Checks that every touched account was updated exactly once.
   */
  execute(): Promise<boolean>;
}

/**
 * Builds a group's write as one statement (atomic alone for one ledger; see execute for several): the ledgers' heads under a version
 * check, then each table's rows as a data-modifying CTE that applies only if every version matched (`ok`). Built
 * (and on PostgreSQL its arrays encoded) before it is sent: the engine prepares a group's write while the previous
 * group's write is still committing.
 */
export function prepareWriteGroup(db: AnyKysely, writes: GroupWrites): PreparedWrite {
  const { tenantId } = writes;
  const guard = writes.heads.length > 0 ? sql.raw('(select ok from ok)') : sql.raw('true');
  const steps = [
    writes.heads.length > 0 ? headsUpdate(writes.heads) : undefined,
    writes.transfers.length > 0
      ? sql`ins_transfers as (${transfersInsert(tenantId, writes.createdAt, writes.transfers, guard)})`
      : undefined,
    writes.rejections.length > 0
      ? sql`ins_rejections as (${rejectionsInsert(tenantId, writes.rejections, guard)})`
      : undefined,
    writes.pendingOpened.length > 0
      ? sql`ins_pending as (${pendingInsert(tenantId, writes.pendingOpened, guard)})`
      : undefined,
    writes.pendingResolvedIds.length > 0
      ? sql`del_pending as (delete from ledger.pending_transfers where tenant_id = ${tenantId}
          and id = any(${arrayParameter('uuid', writes.pendingResolvedIds)}::uuid[]) and ${guard})`
      : undefined,
    sql`upd_accounts as (${balancesUpdate(tenantId, writes.accounts, guard)})`,
  ].filter((step) => step !== undefined);
  const compiled = compileAhead(
    db,
    sql<{ ok: boolean; updated: number }>`with ${sql.join(steps, sql`, `)}
    select ${guard} as ok, (select count(*)::integer from upd_accounts) as updated`,
  );
  const send = async (executor: AnyKysely): Promise<boolean> => {
    const { rows } = await executor.executeQuery(compiled);
    const row = rows[0];
    if (row?.ok !== true) {
      return false;
    }
    if (row.updated !== writes.accounts.length) {
      throw new Error('Every touched account must be updated exactly once.');
    }
    return true;
  };
  return {
    async execute() {
      // Several ledgers: the heads whose version still matched are updated even when another's had moved (the
      // statement's `ok` then keeps the transfers out). Alone, that would advance a head without its transfers and
      // break the chain (a sequence gap and a hash that follows a transfer nobody wrote). So such a write runs in a
      // transaction, rolled back when it does not apply. One ledger needs none: its head moves only with its rows.
      if (writes.heads.length < 2 || db.isTransaction) {
        return send(db);
      }
      return db
        .transaction()
        .execute(async (trx) => {
          if (!(await send(trx))) {
            throw new WriteDidNotApply();
          }
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof WriteDidNotApply) {
            return false;
          }
          throw error;
        });
    },
  };
}

/** Rolls back a several-ledger write whose versions did not all match (see {@link prepareWriteGroup}). */
class WriteDidNotApply extends Error {}

/** Builds and sends a group's write at once (see {@link prepareWriteGroup}). */
export function writeGroup(db: AnyKysely, writes: GroupWrites): Promise<boolean> {
  return prepareWriteGroup(db, writes).execute();
}
