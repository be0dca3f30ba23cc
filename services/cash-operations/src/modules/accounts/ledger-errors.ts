/**
 * The ledger's rejections of a cash movement, as customers are told about them. Anything not listed is a defect of
 * ours (a missing account, a wrong ledger) and surfaces as a 500 with a request id.
 */
import type { LedgerErrorBody, LedgerResult, Transfer } from '@tessera/contracts';
import { AmountTooLargeError, InsufficientFundsError, WalletNotOpenError } from '../../errors.ts';

/** The first real rejection of a batch (a linked chain's members report LEDGER_LINKED_EVENT_FAILED besides it). */
export function firstRejection(results: ReadonlyArray<LedgerResult<Transfer>>): LedgerErrorBody | undefined {
  const rejections = results.flatMap((result) => (result.status === 'rejected' ? [result.error] : []));
  return rejections.find((error) => error.code !== 'LEDGER_LINKED_EVENT_FAILED') ?? rejections[0];
}

/** Throws the customer-facing error of a ledger rejection. */
export function throwLedgerRejection(error: LedgerErrorBody): never {
  switch (error.code) {
    case 'LEDGER_INSUFFICIENT_FUNDS':
      throw new InsufficientFundsError();
    case 'LEDGER_ACCOUNT_FROZEN':
    case 'LEDGER_ACCOUNT_CLOSED':
      throw new WalletNotOpenError();
    case 'LEDGER_BALANCE_OVERFLOW':
      // An account's total would leave the ledger's range: the amount is what is wrong, not our code.
      throw new AmountTooLargeError();
    default:
      throw new Error(`The ledger refused a cash movement: ${error.code} ${error.message}`);
  }
}
