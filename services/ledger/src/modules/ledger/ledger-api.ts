/**
 * The in-process implementation of {@link LedgerApi} (packages/contracts/src/ledger.ts): what the HTTP routes call,
 * and what the server hands to other services (docs/adr/0003-ledger.md). One instance per process owns the transfer
 * engine (its group-commit queues) and the expiry sweep.
 */
import {
  type Account,
  type AccountInput,
  LEDGER_BATCH_MAX,
  type LedgerApi,
  type LedgerErrorBody,
  type LedgerResult,
  type LedgerWritten,
  type Transfer,
  type TransferInput,
} from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { AppError, type AnyKysely, listErrorDefinitions, ValidationFailedError } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import * as accounts from '../accounts/accounts.service.ts';
import * as tenants from '../tenants/tenants.service.ts';
import { ExpirySweep } from '../transfers/expiry.ts';
export { expiryIdOf } from '../transfers/expiry.ts';
import { prepareTransfer } from '../transfers/prepare.ts';
import * as queries from '../transfers/transfers.queries.ts';
import { type SubmissionResult, TransferEngine } from '../transfers/transfers.service.ts';
import type { TransferOutcome } from '../transfers/transfer-state.ts';
import { verifyLedger } from '../verification/verification.service.ts';
import { toTransferView } from '../views.ts';

/** Tunables of the engine; the defaults suit one process on PGlite or PostgreSQL. */
export interface LedgerApiOptions {
  /** Most transfers per database transaction (a group). */
  readonly groupSizeMax?: number;
  /** Most transfers waiting per set of ledgers before callers get LEDGER_BUSY. */
  readonly queuedSizeMax?: number;
  /** How long an idle ledger waits for more callers before it commits; 0 is one event-loop turn. */
  readonly maxWaitMs?: number;
  /** Milliseconds since the epoch; tests move it to expire pending transfers. */
  readonly now?: () => number;
  /** Most pending transfers one sweep expires. */
  readonly expiryBatchMax?: number;
}

/** The ledger's in-process API plus what its owner (the service plugin) runs: the expiry sweep and shutdown. */
export interface LedgerService extends LedgerApi {
  /** Expires pending transfers whose timeout passed (at most expiryBatchMax); returns how many it expired. */
  expireDue(): Promise<number>;
  /** Runs {@link expireDue} every `intervalMs` until {@link close}. */
  startExpirySweep(intervalMs: number, log: FastifyBaseLogger): void;
  /** Stops the sweep and waits for queued transfers to commit. */
  close(): Promise<void>;
}

let statuses: ReadonlyMap<string, number> | undefined;
/** The status of every defined code, read once (codes are defined at import time). */
const statusByCode = (): ReadonlyMap<string, number> =>
  (statuses ??= new Map(
    listErrorDefinitions().map((definition) => [definition.code, definition.statusCode]),
  ));

/** Turns a rejection body into the AppError a single call throws. */
export function toAppError(error: LedgerErrorBody): AppError {
  const status = statusByCode().get(error.code);
  invariant(status !== undefined, `Ledger code ${error.code} is defined`);
  return new AppError(error.code, status, error.message, error.details);
}

function assertBatch(items: readonly unknown[], what: string): void {
  if (items.length < 1 || items.length > LEDGER_BATCH_MAX) {
    throw new ValidationFailedError(undefined, {
      issues: [{ path: what, message: `must hold 1 to ${LEDGER_BATCH_MAX} items` }],
    });
  }
}

function toResults(tenantId: string, result: SubmissionResult): Array<LedgerResult<Transfer>> {
  return result.outcomes.map((outcome: TransferOutcome) => {
    if (outcome.status === 'rejected') {
      return outcome;
    }
    const ledger = result.ledgers.get(outcome.transfer.ledgerId);
    invariant(ledger, 'A recorded transfer belongs to a locked ledger');
    return { status: outcome.status, value: toTransferView(tenantId, ledger, outcome.transfer) };
  });
}

/** Builds the in-process ledger over `db` (Kysely; raw SQL names the `ledger` schema). */
export function createLedgerApi(db: AnyKysely, options: LedgerApiOptions = {}): LedgerService {
  const now = options.now ?? Date.now;
  const engine = new TransferEngine(db, {
    groupSizeMax: options.groupSizeMax ?? LEDGER_BATCH_MAX,
    queuedSizeMax: options.queuedSizeMax ?? 8 * LEDGER_BATCH_MAX,
    maxWaitMs: options.maxWaitMs ?? 0,
    now,
  });

  const createTransfers = async (tenantId: string, inputs: readonly TransferInput[]) => {
    assertBatch(inputs, 'transfers');
    const items = inputs.map((input) => prepareTransfer(input));
    return toResults(tenantId, await engine.submit({ tenantId, items }));
  };

  const expiry = new ExpirySweep(db, engine, now, options.expiryBatchMax ?? 1000);

  return {
    createTenant: (input) => tenants.createTenant(db, input),
    createLedger: (tenantId, input) => tenants.createLedger(db, tenantId, input),
    getLedger: (tenantId, code) => tenants.getLedger(db, tenantId, code),
    listLedgers: (tenantId) => tenants.listLedgers(db, tenantId),
    createAccounts: (tenantId, inputs: readonly AccountInput[]) => {
      assertBatch(inputs, 'accounts');
      return accounts.createAccounts(db, tenantId, inputs);
    },
    createAccount: async (tenantId, input): Promise<Account> => {
      const [result] = await accounts.createAccounts(db, tenantId, [input]);
      invariant(result, 'One result per account');
      if (result.status === 'rejected') {
        throw toAppError(result.error);
      }
      return result.value;
    },
    getAccount: (tenantId, accountId) => accounts.getAccount(db, tenantId, accountId),
    listAccounts: (tenantId, query) => accounts.listAccounts(db, tenantId, query),
    freezeAccount: (tenantId, accountId) => accounts.changeAccountStatus(db, tenantId, accountId, 'freeze'),
    unfreezeAccount: (tenantId, accountId) =>
      accounts.changeAccountStatus(db, tenantId, accountId, 'unfreeze'),
    closeAccount: (tenantId, accountId) => accounts.changeAccountStatus(db, tenantId, accountId, 'close'),
    createTransfers,
    createTransfer: async (tenantId, input): Promise<LedgerWritten<Transfer>> => {
      const [result] = await createTransfers(tenantId, [input]);
      invariant(result, 'One result per transfer');
      if (result.status === 'rejected') {
        throw toAppError(result.error);
      }
      return result;
    },
    getTransfer: (tenantId, transferId) => queries.getTransfer(db, tenantId, transferId),
    getBalance: (tenantId, accountId, at) => queries.getBalance(db, tenantId, accountId, at),
    listAccountHistory: (tenantId, accountId, query) =>
      queries.listAccountHistory(db, tenantId, accountId, query),
    listPendingTransfers: (tenantId, accountId) => queries.listPendingTransfers(db, tenantId, accountId),
    listLedgerTransfers: (tenantId, code, query) => queries.listLedgerTransfers(db, tenantId, code, query),
    verifyLedger: (tenantId, code) => verifyLedger(db, tenantId, code),
    expireDue: () => expiry.expireDue(),
    startExpirySweep: (intervalMs, log) => expiry.start(intervalMs, log),
    async close() {
      await expiry.stop();
      await engine.close();
    },
  };
}
