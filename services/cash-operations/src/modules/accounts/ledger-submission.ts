/**
 * How an operation's records and its ledger transfers succeed or fail together (issue #13, defect 2;
 * docs/adr/0005-cash-operations.md, "Records and ledger transfers together").
 *
 * The ledger is another service: reached in-process today, over HTTP when they run apart, and in its own
 * transactions either way (its batcher groups concurrent callers), so the records cannot share its transaction.
 * Instead the records are written first as `submitting` (invisible, owned by their writer until a deadline), the
 * transfers are submitted with ids derived from the operation, and the outcome decides the records' fate:
 *
 * - the ledger holds the transfers (created, or `exists` on a retry): the records are confirmed, now visible;
 * - the ledger refused them: nothing moved, the records are deleted, the customer is told why (a 4xx);
 * - the call threw or timed out: the outcome is unknown, so the transfers are looked up by id. Held: confirmed as
 *   above. Not held: nothing moved (a throwing in-process call has ended; a late commit would still surface, from
 *   its metadata, through the activity's projection of the ledger's history), the records are deleted and the
 *   answer is CASH_LEDGER_UNAVAILABLE (503: retry with the same Idempotency-Key). The lookup failing too: the
 *   records stay `submitting` until their deadline, when the sweeper (`resolveStaleSubmissions`) looks again.
 */
import { BANK_TENANT_ID, type LedgerErrorBody, type TransferInput } from '@tessera/contracts';
import { LedgerUnavailableError } from '../../errors.ts';
import type { CashCore } from './cash-core.ts';
import { firstRejection } from './ledger-errors.ts';

/**
 * How long the writer of a submitting operation owns it. Far longer than any request (a request that still runs
 * then is stuck), short enough that a limit is not held for long by an operation whose process died.
 */
export const LEDGER_SUBMISSION_DEADLINE_MS = 2 * 60_000;

/** The deadline to record a submitting operation with. */
export function submissionDeadline(core: Pick<CashCore, 'now'>): Date {
  return new Date(core.now().getTime() + LEDGER_SUBMISSION_DEADLINE_MS);
}

/** What the ledger made of a chain of transfers. */
export type ChainOutcome =
  /** The ledger holds every transfer of the chain. */
  | { readonly kind: 'held' }
  /** The ledger refused the chain: nothing moved. */
  | { readonly kind: 'refused'; readonly rejection: LedgerErrorBody }
  /** The call failed and the ledger holds none of the transfers: nothing moved. */
  | { readonly kind: 'absent'; readonly error: unknown }
  /** The call failed and the ledger could not be asked: the chain may or may not have moved money. */
  | { readonly kind: 'unknown'; readonly error: unknown };

/** Links `transfers` into one chain (all or nothing). */
export function linkedChain(transfers: readonly TransferInput[]): TransferInput[] {
  return transfers.map((transfer, index) => ({
    ...transfer,
    flags: { ...transfer.flags, linked: index < transfers.length - 1 },
  }));
}

/** The code of a thrown ledger error, if it carries one. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the ledger holds every transfer of `ids` (one linked chain), none of them, or cannot say. A chain is all
 * or nothing, so some but not all held is a defect of the ledger's and crashes the caller.
 */
export async function lookUpTransfers(
  core: Pick<CashCore, 'ledger'>,
  ids: readonly string[],
): Promise<'held' | 'absent' | 'unknown'> {
  let held = 0;
  for (const id of ids) {
    try {
      await core.ledger.getTransfer(BANK_TENANT_ID, id);
      held += 1;
    } catch (error) {
      if (codeOf(error) !== 'LEDGER_TRANSFER_NOT_FOUND') {
        return 'unknown';
      }
    }
  }
  if (held === ids.length) {
    return 'held';
  }
  if (held === 0) {
    return 'absent';
  }
  throw new Error(`A linked chain is partly in the ledger: ${held} of ${ids.length} (${ids.join(', ')})`);
}

/** Submits `transfers` as one linked chain; a thrown or timed-out call is resolved by looking the ids up. */
export async function submitChain(
  core: Pick<CashCore, 'ledger' | 'log'>,
  transfers: readonly TransferInput[],
): Promise<ChainOutcome> {
  const chain = linkedChain(transfers);
  let results;
  try {
    results = await core.ledger.createTransfers(BANK_TENANT_ID, chain);
  } catch (error) {
    const found = await lookUpTransfers(
      core,
      chain.map((transfer) => transfer.id),
    );
    core.log.warn({ err: error, found }, 'a ledger call failed; its transfers were looked up');
    return found === 'held' ? { kind: 'held' } : { kind: found, error };
  }
  const rejection = firstRejection(results);
  return rejection ? { kind: 'refused', rejection } : { kind: 'held' };
}

/** The answer for an outcome that moved nothing for a reason of ours, or that is not known yet. */
export function ledgerUnavailable(
  outcome: 'absent' | 'unknown',
): InstanceType<typeof LedgerUnavailableError> {
  return new LedgerUnavailableError(undefined, { moved: outcome === 'absent' ? 'nothing' : 'unknown' });
}
