/**
 * The rails' shared machinery (docs/adr/0006-rails-and-job-queue.md): settings, the job queue and its worker, the
 * adapters (payment processor, SEPA rail, chains) with their simulators as defaults, ledger codes and the helpers
 * every rail uses to hold, post and void money in the ledger.
 *
 * Every rail follows the same shape: the operation record and its ledger transfer ids are written first (ids derived
 * from the operation id, which derives from the request's Idempotency-Key or the outside party's reference), then the
 * ledger is called; a retry, a re-delivered notification or a job run twice submits the same ids and the ledger
 * answers with the first result. Follow-ups (capture, settlement, confirmations) are jobs, so they survive restarts.
 */
import { BANK_TENANT_ID, type LedgerResult, type Transfer, type TransferInput } from '@tessera/contracts';
import {
  hasRecentSecondFactor,
  JobQueue,
  JobWorker,
  type JobHandler,
  type Principal,
  type ServiceContext,
} from '@tessera/platform';
import type { CashCore } from '../accounts/cash-core.ts';
import { firstRejection } from '../accounts/ledger-errors.ts';
import { legIdOf } from '../transfers/transfers.service.ts';
import { SimulatorDisabledError } from './rails.errors.ts';
import type { RailsDatabase } from './rails.tables.ts';

/** Ledger transfer codes of the rails (the core's are 100-199). */
export const RAIL_LEDGER_CODES = {
  cardDeposit: 200,
  cardDepositFee: 201,
  sepaDeposit: 210,
  sepaSuspense: 211,
  cryptoDeposit: 220,
  sepaWithdrawal: 230,
  sepaWithdrawalFee: 231,
  cryptoWithdrawal: 240,
  cryptoWithdrawalFee: 241,
} as const;

/** The rails' settings (docs/operations.md, "Rails"). */
export interface RailsSettings {
  /** Run the job worker in this process (off in tests, which drain it by hand). */
  readonly startWorker: boolean;
  readonly worker: {
    readonly pollIntervalMs: number;
    readonly concurrency: number;
    readonly leaseMs: number;
  };
  /** Simulated chains: a block every this many ms (0: only when asked, e.g. tests and POST /dev/crypto/blocks). */
  readonly blockIntervalMs: { readonly bitcoin: number; readonly ethereum: number };
  /** Confirmations before a crypto deposit is posted. */
  readonly confirmationsRequired: { readonly bitcoin: number; readonly ethereum: number };
  /** How long after authorisation the card simulator's payment is captured. */
  readonly cardCaptureDelayMs: number;
  /** How long a card authorisation holds before the ledger releases it by itself (7 days, as card networks). */
  readonly cardHoldTimeoutSeconds: number;
  /**
   * How long a deposit waits for its 3-D Secure challenge before it expires: cancelled at the processor (the
   * authorisation released) and voided in the ledger (15 minutes, within card schemes' authentication windows).
   */
  readonly cardChallengeTimeoutSeconds: number;
  /** How long after a withdrawal the simulated rail confirms or rejects it. */
  readonly withdrawalSettleDelayMs: number;
  /** The simulators (card processor, dev endpoints): open in demo mode only; staff may use the dev endpoints there. */
  readonly simulatorsOpen: boolean;
}

/**
 * Confirmations before a crypto deposit is posted, per network: the one figure settings (GET /crypto/networks),
 * the activity (a deposit's `details.confirmations`), the demo seed and the help articles (which point to the
 * deposit screen) all show (issue #15: settings said 2 while the seeded activity said 6).
 */
export const CRYPTO_CONFIRMATIONS_REQUIRED = { bitcoin: 2, ethereum: 3 } as const;

/** A 3-D Secure challenge left unanswered expires after 15 minutes (docs/api.md, "Card deposits"). */
export const CARD_CHALLENGE_TIMEOUT_SECONDS = 15 * 60;

/** The defaults per environment and mode: tests drive the queue and the chains by hand. */
export function defaultRailsSettings(
  nodeEnv: 'development' | 'production' | 'test',
  mode: 'demo' | 'production',
): RailsSettings {
  const test = nodeEnv === 'test';
  return {
    startWorker: !test,
    worker: { pollIntervalMs: 500, concurrency: 4, leaseMs: 30_000 },
    blockIntervalMs: test ? { bitcoin: 0, ethereum: 0 } : { bitcoin: 2000, ethereum: 2000 },
    confirmationsRequired: CRYPTO_CONFIRMATIONS_REQUIRED,
    cardCaptureDelayMs: test ? 0 : 1500,
    cardHoldTimeoutSeconds: 7 * 24 * 60 * 60,
    cardChallengeTimeoutSeconds: CARD_CHALLENGE_TIMEOUT_SECONDS,
    withdrawalSettleDelayMs: test ? 0 : 3000,
    simulatorsOpen: mode === 'demo',
  };
}

/** The staff groups that may drive the simulators in any environment (support tooling). */
export const SIMULATOR_STAFF_GROUPS = ['support_agent', 'admin'] as const;

/** Throws CASH_SIMULATOR_DISABLED unless the simulators are open here or the caller is staff. */
export function requireSimulatorAccess(settings: RailsSettings, principal: Principal): void {
  const staff = principal.groups.some((group) =>
    (SIMULATOR_STAFF_GROUPS as readonly string[]).includes(group),
  );
  if (!settings.simulatorsOpen && !staff) {
    throw new SimulatorDisabledError();
  }
}

/** True when the token proves a second factor within the last 5 minutes (PSD2 SCA for withdrawals). */
export function hasStepUp(principal: Principal): boolean {
  return hasRecentSecondFactor(principal);
}

/** Everything a rail module works with. */
export interface Rails {
  readonly core: CashCore;
  readonly db: RailsDatabase;
  readonly context: ServiceContext;
  readonly settings: RailsSettings;
  readonly queue: JobQueue;
  /** Registers a job handler; call before the worker starts (module set-up). */
  handle<Payload>(queueName: string, handler: JobHandler<Payload>): void;
  /** The worker over every registered handler (built on first use). */
  worker(): JobWorker;
  /** Runs every due job until none is due (tests, scripts). */
  drain(): Promise<number>;
}

/** Builds the rails' shared machinery over the core. */
export function createRailsBase(core: CashCore, context: ServiceContext, settings: RailsSettings): Rails {
  const queue = new JobQueue({ db: core.db, now: core.now });
  const handlers: Record<string, JobHandler<unknown>> = {};
  let built: JobWorker | undefined;
  const worker = () =>
    (built ??= new JobWorker({
      queue,
      handlers,
      concurrency: settings.worker.concurrency,
      pollIntervalMs: settings.worker.pollIntervalMs,
      leaseMs: settings.worker.leaseMs,
      log: context.log,
    }));
  return {
    core,
    db: core.db as unknown as RailsDatabase,
    context,
    settings,
    queue,
    handle(queueName, handler) {
      if (built !== undefined) {
        throw new Error(`Job handler ${queueName} registered after the worker was built.`);
      }
      handlers[queueName] = handler as JobHandler<unknown>;
    },
    worker,
    drain: () => worker().drain(),
  };
}

/** The ledger ids of an operation's legs: pending (0..), their post (10..) and void (20..). */
export const railLegId = {
  hold: (operationId: string, leg: number) => legIdOf(operationId, leg),
  post: (operationId: string, leg: number) => legIdOf(operationId, 10 + leg),
  void: (operationId: string, leg: number) => legIdOf(operationId, 20 + leg),
};

/** Submits transfers as one linked chain (all or nothing); resolves with the first rejection, if any. */
export async function submitLinked(core: CashCore, transfers: readonly TransferInput[]) {
  const chain = transfers.map((transfer, index) => ({
    ...transfer,
    flags: { ...transfer.flags, linked: index < transfers.length - 1 },
  }));
  const results: Array<LedgerResult<Transfer>> = await core.ledger.createTransfers(BANK_TENANT_ID, chain);
  return firstRejection(results);
}

/**
 * Posts or voids the pending legs `0..legCount-1` of an operation, linked. Idempotent: the ids are derived, so a
 * second call answers `exists`. Resolves with the first rejection (e.g. the hold expired), if any.
 */
export async function resolveHolds(
  core: CashCore,
  operationId: string,
  ledger: string,
  legCount: number,
  action: 'post' | 'void',
) {
  const transfers: TransferInput[] = Array.from({ length: legCount }, (_, leg) => ({
    id: railLegId[action](operationId, leg),
    ledger,
    pendingId: railLegId.hold(operationId, leg),
    flags: action === 'post' ? { postPendingTransfer: true } : { voidPendingTransfer: true },
  }));
  return submitLinked(core, transfers);
}
