/**
 * Accounts (TigerBeetle create_accounts semantics): the caller picks the id, which makes creation idempotent; the
 * same id with other fields is LEDGER_ACCOUNT_EXISTS_WITH_DIFFERENT_FIELDS. Status changes (freeze, unfreeze, close)
 * first lock the account's ledger row and bump its version, as every group of transfers does when it writes, so a
 * transfer never commits against a status it did not see.
 */
import {
  type Account,
  type AccountQuery,
  LEDGER_PAGE_LIMIT_MAX,
  type LedgerPage,
  accountInputSchema,
  type AccountStatus,
  type AccountType,
  type LedgerErrorBody,
  type LedgerResult,
} from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { type AnyKysely, toValidationIssues, ValidationFailedError } from '@tessera/platform';
import { sql } from 'kysely';
import {
  AccountBalanceNotZeroError,
  AccountClosedError,
  AccountExistsError,
  AccountFlagsInvalidError,
  AccountNotFoundError,
  LedgerNotFoundError,
} from '../../errors.ts';
import { canonicalMetadata } from '../transfers/hash-chain.ts';
import { errorBody } from '../transfers/transfer-rules.ts';
import { ACCOUNT_FLAG } from '../transfers/transfer-state.ts';
import { toAccountBalance } from '../views.ts';

/** An accounts row joined with its ledger's code and scale. */
interface AccountRow {
  id: string;
  ledger_id: number;
  ledger_code: string;
  scale: number;
  owner_id: string;
  type: AccountType;
  flags: number;
  status: AccountStatus;
  metadata: Record<string, string>;
  debits_pending: string;
  debits_posted: string;
  credits_pending: string;
  credits_posted: string;
  created_at: Date;
}

const ACCOUNT_SELECT = sql.raw(`select a.id, a.ledger_id, l.code as ledger_code, l.scale, a.owner_id, a.type,
  a.flags, a.status, a.metadata, a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted, a.created_at
  from ledger.accounts a join ledger.ledgers l on l.id = a.ledger_id`);

export function toAccount(tenantId: string, row: AccountRow): Account {
  return {
    id: row.id,
    tenantId,
    ledger: row.ledger_code,
    ownerId: row.owner_id,
    type: row.type,
    flags: {
      debitsMustNotExceedCredits: (row.flags & ACCOUNT_FLAG.debitsMustNotExceedCredits) !== 0,
      creditsMustNotExceedDebits: (row.flags & ACCOUNT_FLAG.creditsMustNotExceedDebits) !== 0,
    },
    status: row.status,
    metadata: row.metadata,
    balance: toAccountBalance(
      {
        debitsPending: BigInt(row.debits_pending),
        debitsPosted: BigInt(row.debits_posted),
        creditsPending: BigInt(row.credits_pending),
        creditsPosted: BigInt(row.credits_posted),
      },
      row.scale,
    ),
    createdAt: row.created_at.toISOString(),
  };
}

async function loadAccountRows(
  db: AnyKysely,
  tenantId: string,
  ids: readonly string[],
): Promise<AccountRow[]> {
  const { rows } = await sql<AccountRow>`${ACCOUNT_SELECT}
    where a.tenant_id = ${tenantId} and a.id = any(${ids}::uuid[])`.execute(db);
  return rows;
}

/** The account, or LEDGER_ACCOUNT_NOT_FOUND (also for another tenant's id: ids are never probed across tenants). */
export async function getAccount(db: AnyKysely, tenantId: string, accountId: string): Promise<Account> {
  const id = accountId.toLowerCase();
  const [row] = isUuid(id) ? await loadAccountRows(db, tenantId, [id]) : [];
  if (!row) {
    throw new AccountNotFoundError(undefined, { accountId });
  }
  return toAccount(tenantId, row);
}

/** The tenant's accounts, optionally of one owner and ledger, in id order (UUIDv7 ids: oldest first). */
export async function listAccounts(
  db: AnyKysely,
  tenantId: string,
  query: AccountQuery = {},
): Promise<LedgerPage<Account>> {
  const limit = query.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > LEDGER_PAGE_LIMIT_MAX) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: 'limit', message: `must be an integer from 1 to ${LEDGER_PAGE_LIMIT_MAX}` }],
    });
  }
  if (query.cursor !== undefined && !isUuid(query.cursor)) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  const { rows } = await sql<AccountRow>`${ACCOUNT_SELECT}
    where a.tenant_id = ${tenantId}
      ${query.ownerId === undefined ? sql`` : sql`and a.owner_id = ${query.ownerId}`}
      ${query.ledger === undefined ? sql`` : sql`and l.code = ${query.ledger}`}
      ${query.cursor === undefined ? sql`` : sql`and a.id > ${query.cursor}::uuid`}
    order by a.id limit ${limit + 1}`.execute(db);
  // One row more than the page tells whether there is a next page, so the last page's cursor is null.
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toAccount(tenantId, row)),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}

/** True for the UUID text form (a malformed id is simply not found). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

type ValidAccount = {
  index: number;
  id: string;
  ledger: string;
  ownerId: string;
  type: AccountType;
  flags: number;
  metadata: Record<string, string>;
};

/** Static rules: shape, then the flags (a wallet never goes below zero; the two limits exclude each other). */
function validateAccount(input: unknown, index: number): ValidAccount | LedgerErrorBody {
  const parsed = accountInputSchema.safeParse(input);
  if (!parsed.success) {
    return errorBody(ValidationFailedError, { issues: toValidationIssues(parsed.error) });
  }
  const account = parsed.data;
  const debitLimit = account.flags?.debitsMustNotExceedCredits ?? account.type === 'customer_wallet';
  const creditLimit = account.flags?.creditsMustNotExceedDebits ?? false;
  if (account.type === 'customer_wallet' && !debitLimit) {
    return errorBody(AccountFlagsInvalidError, {
      rule: 'customer_wallet_requires_debits_must_not_exceed_credits',
    });
  }
  if (debitLimit && creditLimit) {
    return errorBody(AccountFlagsInvalidError, { rule: 'flags_are_mutually_exclusive' });
  }
  const flags =
    (debitLimit ? ACCOUNT_FLAG.debitsMustNotExceedCredits : 0) |
    (creditLimit ? ACCOUNT_FLAG.creditsMustNotExceedDebits : 0);
  return {
    index,
    id: account.id,
    ledger: account.ledger,
    ownerId: account.ownerId,
    type: account.type,
    flags,
    metadata: account.metadata ?? {},
  };
}

/** Creates up to LEDGER_BATCH_MAX accounts in one transaction; one result per input, in order. */
export async function createAccounts(
  db: AnyKysely,
  tenantId: string,
  inputs: readonly unknown[],
): Promise<Array<LedgerResult<Account>>> {
  const results: Array<LedgerResult<Account> | undefined> = inputs.map(() => undefined);
  const valid: ValidAccount[] = [];
  inputs.forEach((input, index) => {
    const checked = validateAccount(input, index);
    if ('code' in checked) {
      results[index] = { status: 'rejected', error: checked };
    } else {
      valid.push(checked);
    }
  });
  if (valid.length > 0) {
    await db.transaction().execute(async (trx) => {
      const ledgerIds = await ledgerIdsOf(
        trx,
        tenantId,
        valid.map((account) => account.ledger),
      );
      const known = valid.filter((account) => {
        if (ledgerIds.has(account.ledger)) {
          return true;
        }
        results[account.index] = {
          status: 'rejected',
          error: errorBody(LedgerNotFoundError, { ledger: account.ledger }),
        };
        return false;
      });
      const inserted = await insertAccounts(trx, tenantId, known, ledgerIds);
      const rows = new Map(
        (
          await loadAccountRows(
            trx,
            tenantId,
            known.map((a) => a.id),
          )
        ).map((row) => [row.id, row]),
      );
      for (const account of known) {
        results[account.index] = resultFor(tenantId, account, rows.get(account.id), inserted);
      }
    });
  }
  return results.map((result) => {
    invariant(result !== undefined, 'Every account input has a result');
    return result;
  });
}

async function ledgerIdsOf(
  trx: AnyKysely,
  tenantId: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await sql<{ id: number; code: string }>`select id, code from ledger.ledgers
    where tenant_id = ${tenantId} and code = any(${[...new Set(codes)]}::text[])`.execute(trx);
  return new Map(rows.map((row) => [row.code, row.id]));
}

async function insertAccounts(
  trx: AnyKysely,
  tenantId: string,
  accounts: readonly ValidAccount[],
  ledgerIds: ReadonlyMap<string, number>,
): Promise<Set<string>> {
  if (accounts.length === 0) {
    return new Set();
  }
  const now = new Date().toISOString();
  const { rows } = await sql<{ id: string }>`insert into ledger.accounts
      (tenant_id, id, ledger_id, owner_id, type, flags, status, metadata, created_at)
    select ${tenantId}, id::uuid, ledger_id::integer, owner_id, type, flags::integer, 'open', metadata::jsonb,
      ${now}::timestamptz
    from unnest(${accounts.map((a) => a.id)}::text[], ${accounts.map((a) => String(ledgerIds.get(a.ledger)))}::text[],
      ${accounts.map((a) => a.ownerId)}::text[], ${accounts.map((a) => a.type)}::text[],
      ${accounts.map((a) => String(a.flags))}::text[], ${accounts.map((a) => JSON.stringify(a.metadata))}::text[])
      as v(id, ledger_id, owner_id, type, flags, metadata)
    on conflict (tenant_id, id) do nothing returning id`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

function resultFor(
  tenantId: string,
  account: ValidAccount,
  row: AccountRow | undefined,
  inserted: Set<string>,
): LedgerResult<Account> {
  invariant(row, 'An account just inserted or already there can be read');
  const same =
    row.ledger_code === account.ledger &&
    row.owner_id === account.ownerId &&
    row.type === account.type &&
    row.flags === account.flags &&
    canonicalMetadata(row.metadata) === canonicalMetadata(account.metadata);
  if (!same) {
    return { status: 'rejected', error: errorBody(AccountExistsError, { accountId: account.id }) };
  }
  // A duplicate id later in the same batch sees the first one as existing, as in TigerBeetle.
  const created = inserted.delete(account.id);
  return { status: created ? 'created' : 'exists', value: toAccount(tenantId, row) };
}

type StatusChange = 'freeze' | 'unfreeze' | 'close';

/** Freezes, unfreezes or closes an account under its ledger's lock. Idempotent: the target status is not an error. */
export async function changeAccountStatus(
  db: AnyKysely,
  tenantId: string,
  accountId: string,
  change: StatusChange,
): Promise<Account> {
  const id = accountId.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const [before] = isUuid(id) ? await loadAccountRows(trx, tenantId, [id]) : [];
    if (!before) {
      throw new AccountNotFoundError(undefined, { accountId });
    }
    // Locks the ledger row and bumps its version: a group that read the account's old status cannot commit after this.
    await sql`update ledger.ledgers set version = version + 1 where id = ${before.ledger_id}`.execute(trx);
    const [row] = await loadAccountRows(trx, tenantId, [id]);
    invariant(row, 'An account is never deleted');
    const next = nextStatus(row, change);
    if (next !== row.status) {
      await sql`update ledger.accounts set status = ${next} where tenant_id = ${tenantId} and id = ${id}::uuid`.execute(
        trx,
      );
      const kind = change === 'freeze' ? 'frozen' : change === 'unfreeze' ? 'unfrozen' : 'closed';
      await sql`insert into ledger.account_events (tenant_id, account_id, kind) values (${tenantId}, ${id}::uuid, ${kind})`.execute(
        trx,
      );
    }
    return toAccount(tenantId, { ...row, status: next });
  });
}

function nextStatus(row: AccountRow, change: StatusChange): AccountStatus {
  const target: AccountStatus = change === 'freeze' ? 'frozen' : change === 'unfreeze' ? 'open' : 'closed';
  if (row.status === target) {
    return target;
  }
  if (row.status === 'closed') {
    throw new AccountClosedError(undefined, { accountId: row.id });
  }
  if (change === 'close') {
    const pending = BigInt(row.debits_pending) + BigInt(row.credits_pending);
    if (pending !== 0n || BigInt(row.debits_posted) !== BigInt(row.credits_posted)) {
      throw new AccountBalanceNotZeroError(undefined, {
        accountId: row.id,
        pendingMinor: pending.toString(),
        postedMinor: (BigInt(row.credits_posted) - BigInt(row.debits_posted)).toString(),
      });
    }
  }
  return target;
}
