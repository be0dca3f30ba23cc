/**
 * The sweeper of operations whose writer did not live to see the ledger's answer (a process that died between
 * writing the records and reading the ledger's result, or a ledger that could not be asked): every `submitting`
 * record has an owner, its writer, until its deadline; after it, this resolves it by looking its transfers up in
 * the ledger (accounts/ledger-submission.ts): held, it is confirmed; not held, it is removed with what belongs to
 * it (a withdrawal, a card deposit's authorisation state, a SEPA booking). It runs when the service starts and
 * every minute after. Idempotent: two processes sweeping at once reach the same result.
 */
import { JobQueue } from '@tessera/platform';
import type { CashCore } from '../accounts/cash-core.ts';
import { findStaleSubmissions, type OperationRow } from '../activity/operations.repository.ts';
import { resolveSubmission } from '../activity/submit-operation.ts';
import { CARD_JOBS } from '../card/card.service.ts';
import type { RailsDatabase } from '../rails/rails.tables.ts';
import { removeWithdrawal } from '../withdrawals/withdrawals.service.ts';

/** Operations resolved per sweep, at most (the next sweep takes the rest). */
export const STALE_SUBMISSIONS_PER_SWEEP_MAX = 100;

/** How often the service sweeps. */
export const STALE_SUBMISSIONS_SWEEP_INTERVAL_MS = 60_000;

/** What one sweep did. */
export interface SweepResult {
  readonly confirmed: number;
  readonly discarded: number;
  /** Left for a later sweep: the ledger could not be asked. */
  readonly unresolved: number;
}

/** Resolves up to {@link STALE_SUBMISSIONS_PER_SWEEP_MAX} operations whose writer's deadline passed. */
export async function resolveStaleSubmissions(core: CashCore): Promise<SweepResult> {
  const stale = await findStaleSubmissions(core.db, core.now(), STALE_SUBMISSIONS_PER_SWEEP_MAX);
  let confirmed = 0;
  let discarded = 0;
  let unresolved = 0;
  for (const row of stale) {
    const state = await resolveSubmission(core, row.id);
    if (state === 'confirmed') {
      confirmed += 1;
      await afterConfirmed(core, row);
    } else if (state === 'discarded') {
      discarded += 1;
      await afterDiscarded(core, row);
    } else {
      unresolved += 1;
    }
  }
  if (stale.length > 0) {
    core.log.info({ confirmed, discarded, unresolved }, 'operations left submitting were resolved');
  }
  return { confirmed, discarded, unresolved };
}

/** The follow-up its writer would have scheduled after the ledger's answer. */
async function afterConfirmed(core: CashCore, row: OperationRow): Promise<void> {
  if (row.kind !== 'card_deposit') {
    return; // a withdrawal's settle job was enqueued with its records; the other kinds have no follow-up
  }
  const deposit = await railsDb(core)
    .selectFrom('card_deposits')
    .select('status')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (deposit?.status === 'authorised') {
    const queue = new JobQueue({ db: core.db, now: core.now });
    await queue.enqueue({ queue: CARD_JOBS.capture, key: row.id, payload: { depositId: row.id } });
  }
}

/** What belongs to an operation the ledger never held goes with it. */
async function afterDiscarded(core: CashCore, row: OperationRow): Promise<void> {
  const db = railsDb(core);
  switch (row.kind) {
    case 'sepa_withdrawal':
    case 'crypto_withdrawal':
      await removeWithdrawal({ db }, row.id);
      return;
    case 'card_deposit':
      // The deposit shows as voided, and a job releases the processor's authorisation (the card rail owns the
      // processor; without it the customer's card would stay reserved until the network's own expiry).
      await db
        .updateTable('card_deposits')
        .set({ status: 'voided', updated_at: core.now() })
        .where('id', '=', row.id)
        .where('status', 'in', ['requires_action', 'authorised'])
        .execute();
      await new JobQueue({ db: core.db, now: core.now }).enqueue({
        queue: CARD_JOBS.release,
        key: row.id,
        payload: { depositId: row.id },
      });
      return;
    case 'sepa_deposit':
      await db.deleteFrom('sepa_credits').where('id', '=', row.id).execute();
      return;
    default:
      return;
  }
}

function railsDb(core: CashCore): RailsDatabase {
  return core.db as unknown as RailsDatabase;
}
