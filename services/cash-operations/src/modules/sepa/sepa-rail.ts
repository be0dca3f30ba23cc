/**
 * The SEPA rail adapter: how cash operations sends euros out (SEPA Credit Transfer) and where incoming credits come
 * from. A production adapter talks to the bank's API or files pain.001 and reads camt.054 notifications; the default
 * is the simulator below, which answers at once and deterministically, so a retried submission (same id) gets the
 * same answer as a real rail deduplicating by end-to-end id would give.
 */

/** An outgoing SEPA credit transfer. `id` is the end-to-end id: the rail deduplicates by it. */
export interface SepaCreditTransfer {
  readonly id: string;
  readonly creditorIban: string;
  readonly creditorName: string;
  readonly creditorBic: string | null;
  /** Euros as a decimal string ("12.50"). */
  readonly amount: string;
  readonly remittance: string | null;
}

/** What a rail says about a submission: accepted (with its reference) or rejected (with an ISO 20022 reason). */
export type RailSubmission =
  | { readonly status: 'accepted'; readonly reference: string }
  | { readonly status: 'rejected'; readonly reason: string };

/** The outgoing side of a SEPA rail. */
export interface SepaRail {
  readonly name: string;
  submitCreditTransfer(transfer: SepaCreditTransfer): Promise<RailSubmission>;
}

/**
 * The simulated bank rejects payments to this IBAN (valid checksum, a test account) with reason AC04 "closed
 * account", so the void path can be tried from the app: docs/operations.md, "Rails".
 */
export const SEPA_SIMULATOR_REJECTED_IBAN = 'DE68370400440000000000';

/** The default SEPA rail: accepts every credit transfer except to {@link SEPA_SIMULATOR_REJECTED_IBAN}. */
export function createSimulatedSepaRail(): SepaRail {
  return {
    name: 'sepa-simulator',
    async submitCreditTransfer(transfer) {
      if (transfer.creditorIban === SEPA_SIMULATOR_REJECTED_IBAN) {
        return { status: 'rejected', reason: 'AC04' };
      }
      return {
        status: 'accepted',
        reference: `SIM-SCT-${transfer.id.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
      };
    },
  };
}
