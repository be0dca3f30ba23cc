/**
 * Test support (imported by tests only): a ledger client that fails on demand, put in front of the real one
 * (`wrapLedger` of the cash core's options), to prove that every money path stays whole when the ledger call
 * throws, times out, refuses, or the process dies in the middle of it (issue #13, "Fault injection").
 *
 * Faults, each armed for one `createTransfers` call:
 * - `throw`: the call fails before reaching the ledger (a connection reset): nothing is applied;
 * - `timeout`: the ledger applies the call, its answer is lost (the caller sees a timeout);
 * - `refuse`: the ledger refuses every transfer of the call (LEDGER_BALANCE_OVERFLOW unless told otherwise);
 * - `die-before` / `die-after`: the process dies before or after the ledger applied the call: the call never
 *   returns (the test then starts a fresh service instance on the same database).
 * With `lookupsFail`, reads by id (getTransfer) fail too until `disarm()`, so the outcome cannot be learned.
 */
import type { LedgerApi, LedgerResult, Transfer, TransferInput } from '@tessera/contracts';

/** One of the faults above. */
export type LedgerFault = 'throw' | 'timeout' | 'refuse' | 'die-before' | 'die-after';

/** Every fault, for tests that try each. */
export const LEDGER_FAULTS: readonly LedgerFault[] = [
  'throw',
  'timeout',
  'refuse',
  'die-before',
  'die-after',
];

/** What a test arms. */
export interface FaultPlan {
  readonly fault: LedgerFault;
  /** Calls of createTransfers to let through first (0: the next one fails). */
  readonly skip?: number;
  /** Reads by id fail too while armed. */
  readonly lookupsFail?: boolean;
  /** The refusal's code (`refuse`). */
  readonly code?: string;
}

/** The wrapper and its controls. */
export interface FaultyLedger {
  /** Wraps the real client (pass as `wrapLedger`). */
  wrap(ledger: LedgerApi): LedgerApi;
  /** Arms a fault for a coming createTransfers call. */
  arm(plan: FaultPlan): void;
  /** Clears any armed fault and failing reads. */
  disarm(): void;
  /** How many faults fired since built. */
  readonly fired: number;
}

/** An error as a failed transport gives it (no ledger code: the outcome is unknown to the caller). */
class LedgerCallFailed extends Error {
  override readonly name = 'LedgerCallFailed';
}

const never = <T>() => new Promise<T>(() => {});

/** What one armed fault does to a createTransfers call. */
async function applyFault(
  fault: FaultPlan['fault'],
  code: string | undefined,
  ledger: LedgerApi,
  tenantId: string,
  transfers: readonly TransferInput[],
): Promise<Array<LedgerResult<Transfer>>> {
  switch (fault) {
    case 'throw':
      throw new LedgerCallFailed('connection reset before the ledger answered');
    case 'timeout':
      await ledger.createTransfers(tenantId, transfers);
      throw new LedgerCallFailed('the ledger did not answer in time');
    case 'refuse':
      return transfers.map(() => ({
        status: 'rejected' as const,
        error: { code: code ?? 'LEDGER_BALANCE_OVERFLOW', message: 'refused by the test', details: {} },
      }));
    case 'die-before':
      return never();
    case 'die-after':
      await ledger.createTransfers(tenantId, transfers);
      return never();
  }
}

/** Builds a faulty ledger with nothing armed. */
export function createFaultyLedger(): FaultyLedger {
  let plan: (FaultPlan & { remaining: number }) | null = null;
  let readsFail = false;
  let fired = 0;

  const createTransfers = async (
    ledger: LedgerApi,
    tenantId: string,
    transfers: readonly TransferInput[],
  ): Promise<Array<LedgerResult<Transfer>>> => {
    if (plan === null || plan.remaining > 0) {
      if (plan !== null) {
        plan.remaining -= 1;
      }
      return ledger.createTransfers(tenantId, transfers);
    }
    const { fault, code } = plan;
    readsFail = plan.lookupsFail === true;
    plan = null;
    fired += 1;
    return applyFault(fault, code, ledger, tenantId, transfers);
  };

  return {
    wrap(ledger) {
      return new Proxy(ledger, {
        get(target, property, receiver) {
          if (property === 'createTransfers') {
            return (tenantId: string, transfers: readonly TransferInput[]) =>
              createTransfers(target, tenantId, transfers);
          }
          if (property === 'getTransfer') {
            return async (tenantId: string, transferId: string) => {
              if (readsFail) {
                throw new LedgerCallFailed('the ledger cannot be read');
              }
              return target.getTransfer(tenantId, transferId);
            };
          }
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    arm(next) {
      plan = { ...next, remaining: next.skip ?? 0 };
    },
    disarm() {
      plan = null;
      readsFail = false;
    },
    get fired() {
      return fired;
    },
  };
}
