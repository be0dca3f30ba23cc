/**
 * Submits an operation whose records were written `submitting`, and settles the records with the ledger's outcome
 * (accounts/ledger-submission.ts says why it works this way).
 */
import type { TransferInput } from '@tessera/contracts';
import type { CashCore } from '../accounts/cash-core.ts';
import { throwLedgerRejection } from '../accounts/ledger-errors.ts';
import { ledgerUnavailable, lookUpTransfers, submitChain } from '../accounts/ledger-submission.ts';
import { confirmOperation, discardOperation } from './activity.service.ts';
import { findOperationRows } from './operations.repository.ts';

/**
 * Submits `legs` as one linked chain for operation `operationId`:
 * - held: the records are confirmed (visible);
 * - refused: the records are deleted, `undo` runs, the customer-facing error of the rejection is thrown;
 * - not held after a failed call: the records are deleted, `undo` runs, CASH_LEDGER_UNAVAILABLE (nothing moved);
 * - unknown (the ledger could not be asked either): the records stay submitting and invisible, the sweeper
 *   resolves them after their deadline; CASH_LEDGER_UNAVAILABLE.
 */
export async function submitOperation(
  core: CashCore,
  operationId: string,
  legs: readonly TransferInput[],
  undo: () => Promise<void> = async () => {},
): Promise<void> {
  const outcome = await submitChain(core, legs);
  switch (outcome.kind) {
    case 'held':
      await confirmOperation(core, operationId);
      return;
    case 'refused':
      await discardOperation(core, operationId);
      await undo();
      throwLedgerRejection(outcome.rejection);
    // eslint-disable-next-line no-fallthrough -- throwLedgerRejection never returns.
    case 'absent':
      await discardOperation(core, operationId);
      await undo();
      throw ledgerUnavailable('absent');
    case 'unknown':
      throw ledgerUnavailable('unknown');
  }
}

/** Where an operation's records stand once looked at: shown, gone, or still awaiting the ledger's answer. */
export type SubmissionState = 'confirmed' | 'discarded' | 'pending';

/**
 * Resolves an operation whose records may still be `submitting` (a follow-up job, a retry, the sweeper):
 * confirmed when the ledger holds its transfers; deleted when it does not and the writer's deadline passed (the
 * writer is gone: a live writer resolves its own); left alone when the ledger cannot be asked. No records at all:
 * discarded. Idempotent.
 */
export async function resolveSubmission(core: CashCore, operationId: string): Promise<SubmissionState> {
  const rows = await findOperationRows(core.db, operationId);
  const submitting = rows.find((row) => row.ledger_state === 'submitting');
  if (rows.length === 0) {
    return 'discarded';
  }
  if (!submitting) {
    return 'confirmed';
  }
  const found = await lookUpTransfers(core, submitting.transfer_ids);
  if (found === 'held') {
    await confirmOperation(core, operationId);
    return 'confirmed';
  }
  const deadline = submitting.ledger_deadline;
  if (found === 'absent' && deadline !== null && deadline.getTime() <= core.now().getTime()) {
    await discardOperation(core, operationId);
    return 'discarded';
  }
  return 'pending';
}
