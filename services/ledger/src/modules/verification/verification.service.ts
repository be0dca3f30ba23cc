/**
 * Verifies a ledger from its transfers alone: walks the chain in sequence order recomputing every hash (hash-chain.ts)
 * and every account's balances, and compares them with what is stored: each transfer's balances-after, each account
 * row, and the ledger's chain head. Also checks the double-entry invariant (debits equal credits, posted and
 * pending) and that no account with a balance limit broke it. Reads in pages of {@link pageSize} transfers inside one
 * repeatable-read transaction, so a concurrent writer cannot make a consistent ledger look broken; memory is bounded
 * by the ledger's number of accounts.
 */
import type { LedgerVerification } from '@tessera/contracts';
import type { AnyKysely } from '@tessera/platform';
import { sql } from 'kysely';
import { LedgerNotFoundError } from '../../errors.ts';
import { chainHash, GENESIS_HASH } from '../transfers/hash-chain.ts';
import { toStoredTransfer, type TransferRow } from '../transfers/transfers.repository.ts';
import {
  ACCOUNT_FLAG,
  type Balances,
  type StoredTransfer,
  TRANSFER_FLAG,
  ZERO_BALANCES,
} from '../transfers/transfer-state.ts';
import { amountText } from '../views.ts';

const pageSize = 5000;
const problemsMax = 20;

type Problem = { kind: string; [key: string]: unknown };

interface Walk {
  readonly tenantId: string;
  readonly code: string;
  previousHash: Buffer;
  sequence: bigint;
  checked: number;
  readonly balances: Map<string, Balances>;
  /** Amounts of pending transfers still reserved, so a post or void releases exactly what was reserved. */
  readonly reserved: Map<string, bigint>;
  readonly problems: Problem[];
}

function report(walk: Walk, problem: Problem): void {
  if (walk.problems.length < problemsMax) {
    walk.problems.push(problem);
  }
}

export async function verifyLedger(
  db: AnyKysely,
  tenantId: string,
  code: string,
): Promise<LedgerVerification> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ id: number; scale: number; head_sequence: string; head_hash: Buffer }>`
      select id, scale, head_sequence, head_hash from ledger.ledgers
      where tenant_id = ${tenantId} and code = ${code}`.execute(trx);
      const ledger = rows[0];
      if (!ledger) {
        throw new LedgerNotFoundError(undefined, { ledger: code });
      }
      const walk: Walk = {
        tenantId,
        code,
        previousHash: GENESIS_HASH,
        sequence: 0n,
        checked: 0,
        balances: new Map(),
        reserved: new Map(),
        problems: [],
      };
      for (;;) {
        const page = await sql<TransferRow>`select * from ledger.transfers
        where ledger_id = ${ledger.id} and sequence > ${walk.sequence.toString()}::bigint
        order by sequence limit ${pageSize}`.execute(trx);
        page.rows.map(toStoredTransfer).forEach((transfer) => checkTransfer(walk, transfer));
        if (page.rows.length < pageSize) {
          break;
        }
      }
      if (walk.sequence !== BigInt(ledger.head_sequence) || !walk.previousHash.equals(ledger.head_hash)) {
        report(walk, { kind: 'head_mismatch', headSequence: ledger.head_sequence });
      }
      const accountsChecked = await checkAccounts(trx, walk, ledger.id);
      const totals = sumBalances(walk.balances);
      if (totals.debitsPosted !== totals.creditsPosted || totals.debitsPending !== totals.creditsPending) {
        report(walk, { kind: 'debits_differ_from_credits' });
      }
      return {
        tenantId,
        ledger: code,
        ok: walk.problems.length === 0,
        transfersChecked: walk.checked,
        accountsChecked,
        headSequence: walk.sequence.toString(),
        headHash: walk.previousHash.toString('hex'),
        totals: {
          debitsPosted: amountText(totals.debitsPosted, ledger.scale),
          creditsPosted: amountText(totals.creditsPosted, ledger.scale),
          debitsPending: amountText(totals.debitsPending, ledger.scale),
          creditsPending: amountText(totals.creditsPending, ledger.scale),
        },
        problems: walk.problems,
      };
    });
}

/** One step of the walk: sequence, hash, then the balances the transfer must have left behind. */
function checkTransfer(walk: Walk, transfer: StoredTransfer): void {
  walk.checked += 1;
  const sequence = transfer.sequence.toString();
  if (transfer.sequence !== walk.sequence + 1n) {
    report(walk, { kind: 'sequence_gap', sequence });
  }
  const hash = chainHash(walk.previousHash, walk.tenantId, walk.code, transfer);
  if (!hash.equals(transfer.hash)) {
    report(walk, { kind: 'hash_mismatch', sequence, transferId: transfer.id });
  }
  walk.previousHash = transfer.hash;
  walk.sequence = transfer.sequence;
  const [debit, credit] = applyTransfer(walk, transfer);
  if (!sameBalances(debit, transfer.debitAfter) || !sameBalances(credit, transfer.creditAfter)) {
    report(walk, { kind: 'balance_after_mismatch', sequence, transferId: transfer.id });
  }
}

/** Replays a transfer's effect (TigerBeetle's rules) on the recomputed balances. */
function applyTransfer(walk: Walk, transfer: StoredTransfer): [Balances, Balances] {
  const debit = walk.balances.get(transfer.debitAccountId) ?? ZERO_BALANCES;
  const credit = walk.balances.get(transfer.creditAccountId) ?? ZERO_BALANCES;
  const resolving = transfer.flags & (TRANSFER_FLAG.postPendingTransfer | TRANSFER_FLAG.voidPendingTransfer);
  let debitAfter: Balances;
  let creditAfter: Balances;
  if (resolving !== 0) {
    const reserved = walk.reserved.get(transfer.pendingId ?? '') ?? 0n;
    if (reserved === 0n) {
      report(walk, { kind: 'resolves_unknown_pending', sequence: transfer.sequence.toString() });
    }
    walk.reserved.delete(transfer.pendingId ?? '');
    const posted = (transfer.flags & TRANSFER_FLAG.postPendingTransfer) !== 0 ? transfer.amount : 0n;
    debitAfter = {
      ...debit,
      debitsPending: debit.debitsPending - reserved,
      debitsPosted: debit.debitsPosted + posted,
    };
    creditAfter = {
      ...credit,
      creditsPending: credit.creditsPending - reserved,
      creditsPosted: credit.creditsPosted + posted,
    };
  } else if ((transfer.flags & TRANSFER_FLAG.pending) !== 0) {
    walk.reserved.set(transfer.id, transfer.amount);
    debitAfter = { ...debit, debitsPending: debit.debitsPending + transfer.amount };
    creditAfter = { ...credit, creditsPending: credit.creditsPending + transfer.amount };
  } else {
    debitAfter = { ...debit, debitsPosted: debit.debitsPosted + transfer.amount };
    creditAfter = { ...credit, creditsPosted: credit.creditsPosted + transfer.amount };
  }
  walk.balances.set(transfer.debitAccountId, debitAfter);
  walk.balances.set(transfer.creditAccountId, creditAfter);
  return [debitAfter, creditAfter];
}

/** Compares every account row of the ledger with the recomputed balances, and checks the balance limits. */
async function checkAccounts(trx: AnyKysely, walk: Walk, ledgerId: number): Promise<number> {
  const { rows } = await sql<{
    id: string;
    flags: number;
    dpe: string;
    dpo: string;
    cpe: string;
    cpo: string;
  }>`
    select id, flags, debits_pending as dpe, debits_posted as dpo, credits_pending as cpe, credits_posted as cpo
    from ledger.accounts where ledger_id = ${ledgerId}`.execute(trx);
  for (const row of rows) {
    const stored: Balances = {
      debitsPending: BigInt(row.dpe),
      debitsPosted: BigInt(row.dpo),
      creditsPending: BigInt(row.cpe),
      creditsPosted: BigInt(row.cpo),
    };
    if (!sameBalances(stored, walk.balances.get(row.id) ?? ZERO_BALANCES)) {
      report(walk, { kind: 'account_balance_mismatch', accountId: row.id });
    }
    const debitLimited = (row.flags & ACCOUNT_FLAG.debitsMustNotExceedCredits) !== 0;
    if (debitLimited && stored.debitsPending + stored.debitsPosted > stored.creditsPosted) {
      report(walk, { kind: 'debit_limit_broken', accountId: row.id });
    }
    const creditLimited = (row.flags & ACCOUNT_FLAG.creditsMustNotExceedDebits) !== 0;
    if (creditLimited && stored.creditsPending + stored.creditsPosted > stored.debitsPosted) {
      report(walk, { kind: 'credit_limit_broken', accountId: row.id });
    }
  }
  const known = new Set(rows.map((row) => row.id));
  for (const accountId of walk.balances.keys()) {
    if (!known.has(accountId)) {
      report(walk, { kind: 'transfer_to_account_of_another_ledger', accountId });
    }
  }
  return rows.length;
}

function sameBalances(a: Balances, b: Balances): boolean {
  return (
    a.debitsPending === b.debitsPending &&
    a.debitsPosted === b.debitsPosted &&
    a.creditsPending === b.creditsPending &&
    a.creditsPosted === b.creditsPosted
  );
}

function sumBalances(all: ReadonlyMap<string, Balances>): Balances {
  let sum = ZERO_BALANCES;
  for (const balances of all.values()) {
    sum = {
      debitsPending: sum.debitsPending + balances.debitsPending,
      debitsPosted: sum.debitsPosted + balances.debitsPosted,
      creditsPending: sum.creditsPending + balances.creditsPending,
      creditsPosted: sum.creditsPosted + balances.creditsPosted,
    };
  }
  return sum;
}
