/**
 * Reads of transfers: one transfer with its pending status, an account's history (newest first, each with the
 * balance after it), the balance at a point in time (Formance/Blnk-style: the balance after the account's last
 * transfer recorded at or before that instant), open pending transfers, and a ledger's chain in order.
 * Every list is bounded (LEDGER_PAGE_LIMIT_MAX) and cursor-paginated.
 */
import {
  type AccountBalance,
  LEDGER_PAGE_LIMIT_MAX,
  type LedgerPage,
  type PendingStatus,
  type Transfer,
  type TransferView,
} from '@tessera/contracts';
import { type AnyKysely, ValidationFailedError } from '@tessera/platform';
import { sql } from 'kysely';
import { TransferNotFoundError } from '../../errors.ts';
import { getAccount, isUuid } from '../accounts/accounts.service.ts';
import { getLedger } from '../tenants/tenants.service.ts';
import { toAccountBalance, toTransferView } from '../views.ts';
import { resolutionOf, toStoredTransfer, type TransferRow } from './transfers.repository.ts';
import { TRANSFER_FLAG, ZERO_BALANCES } from './transfer-state.ts';

type ViewRow = TransferRow & { ledger_code: string; scale: number };

const VIEW_COLUMNS = sql.raw(
  `t.id, t.ledger_id, t.sequence, t.debit_account_id, t.credit_account_id, t.amount, t.pending_id, t.timeout_seconds,
   t.code, t.flags, t.metadata, t.created_at, t.expires_at, t.hash, t.fingerprint, t.dr_debits_pending,
   t.dr_debits_posted, t.dr_credits_pending, t.dr_credits_posted, t.cr_debits_pending, t.cr_debits_posted,
   t.cr_credits_pending, t.cr_credits_posted, l.code as ledger_code, l.scale`,
);

const toView = (tenantId: string, row: ViewRow): Transfer =>
  toTransferView(tenantId, { code: row.ledger_code, scale: row.scale }, toStoredTransfer(row));

function pageLimit(limit: number | undefined): number {
  const value = limit ?? 100;
  if (!Number.isInteger(value) || value < 1 || value > LEDGER_PAGE_LIMIT_MAX) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: 'limit', message: `must be an integer from 1 to ${LEDGER_PAGE_LIMIT_MAX}` }],
    });
  }
  return value;
}

/** Where pending transfers stand, for those of `ids` that are pending transfers. */
async function pendingStatuses(db: AnyKysely, tenantId: string, ids: readonly string[]) {
  const statuses = new Map<string, PendingStatus>();
  if (ids.length === 0) {
    return statuses;
  }
  const { rows } = await sql<{ id: string; flags: number | null }>`
    select id, null::integer as flags from ledger.pending_transfers
      where tenant_id = ${tenantId} and id = any(${ids}::uuid[])
    union all
    select pending_id as id, flags from ledger.transfers
      where tenant_id = ${tenantId} and pending_id = any(${ids}::uuid[])`.execute(db);
  for (const row of rows) {
    const state = row.flags === null ? 'open' : resolutionOf(row.flags);
    statuses.set(row.id, state === 'open' ? 'pending' : state);
  }
  return statuses;
}

export async function getTransfer(
  db: AnyKysely,
  tenantId: string,
  transferId: string,
): Promise<TransferView> {
  const id = transferId.toLowerCase();
  const { rows } = isUuid(id)
    ? await sql<ViewRow>`select ${VIEW_COLUMNS} from ledger.transfers t join ledger.ledgers l on l.id = t.ledger_id
        where t.tenant_id = ${tenantId} and t.id = ${id}::uuid`.execute(db)
    : { rows: [] };
  const row = rows[0];
  if (!row) {
    throw new TransferNotFoundError(undefined, { transferId });
  }
  const isPending = (row.flags & TRANSFER_FLAG.pending) !== 0;
  const status = isPending ? ((await pendingStatuses(db, tenantId, [id])).get(id) ?? null) : null;
  return { transfer: toView(tenantId, row), pendingStatus: status };
}

/** Cursor of an account's history: the last item's instant and sequence. */
function parseHistoryCursor(cursor: string | undefined): { at: Date; sequence: string } | undefined {
  if (cursor === undefined) {
    return undefined;
  }
  const match = /^(\d{1,15})_(\d{1,19})$/.exec(cursor);
  if (!match) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  return { at: new Date(Number(match[1])), sequence: match[2]! };
}

export async function listAccountHistory(
  db: AnyKysely,
  tenantId: string,
  accountId: string,
  query: { cursor?: string; limit?: number } = {},
): Promise<LedgerPage<Transfer>> {
  const account = await getAccount(db, tenantId, accountId);
  const limit = pageLimit(query.limit);
  const cursor = parseHistoryCursor(query.cursor);
  const before = () =>
    cursor
      ? sql`and (t.created_at, t.sequence) < (${cursor.at.toISOString()}::timestamptz, ${cursor.sequence}::bigint)`
      : sql``;
  const { rows } = await sql<ViewRow>`
    (select ${VIEW_COLUMNS} from ledger.transfers t join ledger.ledgers l on l.id = t.ledger_id
      where t.tenant_id = ${tenantId} and t.debit_account_id = ${account.id}::uuid ${before()}
      order by t.created_at desc, t.sequence desc limit ${limit + 1})
    union all
    (select ${VIEW_COLUMNS} from ledger.transfers t join ledger.ledgers l on l.id = t.ledger_id
      where t.tenant_id = ${tenantId} and t.credit_account_id = ${account.id}::uuid ${before()}
      order by t.created_at desc, t.sequence desc limit ${limit + 1})
    order by created_at desc, sequence desc limit ${limit + 1}`.execute(db);
  // One row more than the page tells whether there is a next page, so the last page's cursor is null.
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toView(tenantId, row)),
    nextCursor: rows.length > limit && last ? `${last.created_at.getTime()}_${last.sequence}` : null,
  };
}

/** The balance now, or right after the account's last transfer recorded at or before `at` (zero before any). */
export async function getBalance(
  db: AnyKysely,
  tenantId: string,
  accountId: string,
  at?: Date,
): Promise<AccountBalance> {
  const account = await getAccount(db, tenantId, accountId);
  if (at === undefined) {
    return account.balance;
  }
  const ledger = await getLedger(db, tenantId, account.ledger);
  const { rows } = await sql<{ sequence: string; dpe: string; dpo: string; cpe: string; cpo: string }>`
    (select sequence, dr_debits_pending as dpe, dr_debits_posted as dpo, dr_credits_pending as cpe,
        dr_credits_posted as cpo
      from ledger.transfers where tenant_id = ${tenantId} and debit_account_id = ${account.id}::uuid
        and created_at <= ${at.toISOString()}::timestamptz
      order by created_at desc, sequence desc limit 1)
    union all
    (select sequence, cr_debits_pending, cr_debits_posted, cr_credits_pending, cr_credits_posted
      from ledger.transfers where tenant_id = ${tenantId} and credit_account_id = ${account.id}::uuid
        and created_at <= ${at.toISOString()}::timestamptz
      order by created_at desc, sequence desc limit 1)
    order by sequence desc limit 1`.execute(db);
  const row = rows[0];
  const balances = row
    ? {
        debitsPending: BigInt(row.dpe),
        debitsPosted: BigInt(row.dpo),
        creditsPending: BigInt(row.cpe),
        creditsPosted: BigInt(row.cpo),
      }
    : ZERO_BALANCES;
  return toAccountBalance(balances, ledger.scale);
}

/** The account's pending transfers still reserved, oldest first (at most LEDGER_PAGE_LIMIT_MAX). */
export async function listPendingTransfers(
  db: AnyKysely,
  tenantId: string,
  accountId: string,
): Promise<TransferView[]> {
  const account = await getAccount(db, tenantId, accountId);
  const { rows } = await sql<ViewRow>`select ${VIEW_COLUMNS} from ledger.pending_transfers p
      join ledger.transfers t on t.tenant_id = p.tenant_id and t.id = p.id
      join ledger.ledgers l on l.id = t.ledger_id
    where p.tenant_id = ${tenantId} and (p.debit_account_id = ${account.id}::uuid or p.credit_account_id = ${account.id}::uuid)
    order by t.created_at, t.sequence limit ${LEDGER_PAGE_LIMIT_MAX}`.execute(db);
  return rows.map((row) => ({ transfer: toView(tenantId, row), pendingStatus: 'pending' }));
}

/** A ledger's transfers in chain order after `afterSequence`, for clients that verify the chain themselves. */
export async function listLedgerTransfers(
  db: AnyKysely,
  tenantId: string,
  code: string,
  query: { afterSequence?: string; limit?: number } = {},
): Promise<LedgerPage<Transfer>> {
  await getLedger(db, tenantId, code);
  const limit = pageLimit(query.limit);
  const after = query.afterSequence ?? '0';
  if (!/^\d{1,19}$/.test(after)) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: 'afterSequence', message: 'must be a sequence number' }],
    });
  }
  const { rows } = await sql<ViewRow>`select ${VIEW_COLUMNS} from ledger.transfers t
      join ledger.ledgers l on l.id = t.ledger_id
    where l.tenant_id = ${tenantId} and l.code = ${code} and t.sequence > ${after}::bigint
    order by t.sequence limit ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toView(tenantId, row)),
    nextCursor: rows.length > limit && last ? last.sequence : null,
  };
}
