/**
 * The transfer engine: validates callers' transfers, groups concurrent submissions per set of ledgers
 * (batcher.ts), and commits each group in one database transaction:
 *
 *   lock the ledgers (id order) -> load transfers, pending states, rejections, accounts -> decide in memory
 *   (transfer-rules.ts) -> sequence and hash the created transfers -> write transfers, rejections, the pending
 *   index, balances and chain heads -> commit.
 *
 * Locking each ledger row first serialises writers per ledger across processes (no lost update, no deadlock: locks
 * are always taken in ledger id order). Groups of different ledgers commit in parallel on PostgreSQL; on PGlite the
 * single connection serialises them anyway.
 */
import { invariant } from '@tessera/money';
import type { AnyKysely } from '@tessera/platform';
import { GroupBatcher } from './batcher.ts';
import { chainHash } from './hash-chain.ts';
import { decideSubmission } from './transfer-rules.ts';
import type {
  GroupState,
  LedgerHead,
  StoredTransfer,
  SubmittedTransfer,
  TransferOutcome,
} from './transfer-state.ts';
import * as repository from './transfers.repository.ts';

/** One caller's transfers, decided together in order. */
export interface Submission {
  readonly tenantId: string;
  readonly items: readonly SubmittedTransfer[];
  /** The expiry sweep's voids. */
  readonly expiry?: boolean;
}

/** One caller's outcomes, with the ledgers they refer to (for the views). */
export interface SubmissionResult {
  readonly outcomes: TransferOutcome[];
  readonly ledgers: ReadonlyMap<number, LedgerHead>;
}

/** Options of {@link TransferEngine}. */
export interface TransferEngineOptions {
  readonly groupSizeMax: number;
  readonly queuedSizeMax: number;
  readonly maxWaitMs: number;
  /** The clock (tests move it forward to expire pending transfers). */
  readonly now: () => number;
}

/** Transient database conflicts after which the whole group is retried: serialization, deadlock, unique race. */
const retryableCodes = new Set(['40001', '40P01', '23505']);
const groupAttemptsMax = 3;

export class TransferEngine {
  readonly #db: AnyKysely;
  readonly #options: TransferEngineOptions;
  readonly #batcher: GroupBatcher<Submission, SubmissionResult>;

  constructor(db: AnyKysely, options: TransferEngineOptions) {
    this.#db = db;
    this.#options = options;
    this.#batcher = new GroupBatcher(options, (_key, submissions) => this.#commitWithRetry(submissions));
  }

  /** Decides `submission` with whatever else is waiting for the same ledgers; resolves once committed. */
  submit(submission: Submission): Promise<SubmissionResult> {
    invariant(submission.items.length > 0, 'A submission has transfers');
    const codes = ledgerCodesOf(submission.items);
    // A submission whose every transfer failed validation touches no ledger: it needs no transaction.
    if (codes.length === 0) {
      return Promise.resolve({
        outcomes: submission.items.map((item) => {
          invariant(item.kind === 'invalid', 'Only invalid transfers name no ledger');
          return { status: 'rejected', error: item.error };
        }),
        ledgers: new Map(),
      });
    }
    const key = `${submission.tenantId}\u0000${codes.join(',')}`;
    return this.#batcher.submit(key, submission, submission.items.length);
  }

  /** Waits for queued groups and refuses new ones. */
  close(): Promise<void> {
    return this.#batcher.close();
  }

  async #commitWithRetry(submissions: readonly Submission[]): Promise<SubmissionResult[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#db.transaction().execute((trx) => this.#commitGroup(trx, submissions));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= groupAttemptsMax || typeof code !== 'string' || !retryableCodes.has(code)) {
          throw error;
        }
      }
    }
  }

  async #commitGroup(trx: AnyKysely, submissions: readonly Submission[]): Promise<SubmissionResult[]> {
    const tenantId = submissions[0]!.tenantId;
    invariant(
      submissions.every((submission) => submission.tenantId === tenantId),
      'A group is one tenant',
    );
    const items = submissions.flatMap((submission) => submission.items);
    const heads = await repository.lockLedgers(trx, tenantId, ledgerCodesOf(items));
    const state = await loadGroupState(trx, tenantId, heads, items, this.#options.now());
    const results = submissions.map((submission) =>
      decideSubmission(state, submission.items, { expiry: submission.expiry === true }),
    );
    const movedHeads = sealCreated(state, heads, tenantId);
    await writeGroup(trx, state, movedHeads);
    const ledgers = new Map(heads.map((head) => [head.id, head]));
    return results.map((outcomes) => ({ outcomes, ledgers }));
  }
}

function ledgerCodesOf(items: readonly SubmittedTransfer[]): string[] {
  const codes = new Set<string>();
  for (const item of items) {
    if (item.kind === 'prepared') {
      codes.add(item.transfer.ledgerCode);
    }
  }
  return [...codes].sort();
}

/** Loads, under the ledgers' locks, everything the rules of this group may look at. */
async function loadGroupState(
  trx: AnyKysely,
  tenantId: string,
  heads: readonly LedgerHead[],
  items: readonly SubmittedTransfer[],
  clockMs: number,
): Promise<GroupState> {
  const prepared = items.flatMap((item) => (item.kind === 'prepared' ? [item.transfer] : []));
  const ids = unique(prepared.map((transfer) => transfer.id));
  const pendingIds = unique(prepared.flatMap((transfer) => (transfer.pendingId ? [transfer.pendingId] : [])));
  const namedAccountIds = unique(
    prepared.flatMap((transfer) => [transfer.debitAccountId, transfer.creditAccountId]),
  );
  const loaded = await repository.loadGroupRows(
    trx,
    tenantId,
    unique([...ids, ...pendingIds]),
    namedAccountIds,
  );
  const transfers = new Map(loaded.transfers.map((transfer) => [transfer.id, transfer]));
  const accounts = new Map(loaded.accounts.map((account) => [account.id, account]));
  const pendings = pendingIds.flatMap((id) => {
    const pending = transfers.get(id);
    return pending ? [pending] : [];
  });
  // A post or void may omit its accounts: those of its pending transfer are read now (a second round trip only then).
  const missing = unique(
    pendings.flatMap((pending) => [pending.debitAccountId, pending.creditAccountId]),
  ).filter((id) => !accounts.has(id));
  for (const account of await repository.loadAccounts(trx, tenantId, missing)) {
    accounts.set(account.id, account);
  }
  const pendingStates = await repository.loadPendingStates(
    trx,
    tenantId,
    pendings.map((pending) => pending.id),
  );
  // Timestamps never go back along a chain, even if this process's clock is behind another's.
  const nowMs = Math.max(clockMs, ...heads.map((head) => head.headAt.getTime()));
  return {
    tenantId,
    now: new Date(nowMs),
    ledgers: new Map(heads.map((head) => [head.code, head])),
    accounts,
    transfers,
    pendingStates,
    rejections: new Map(loaded.rejections.map((rejection) => [rejection.id, rejection])),
    created: [],
    newRejections: [],
    pendingOpened: new Set(),
    pendingResolved: new Set(),
  };
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

/** Gives each created transfer its place in its ledger's chain: sequence, expiry and hash. Returns the new heads. */
function sealCreated(state: GroupState, heads: readonly LedgerHead[], tenantId: string): LedgerHead[] {
  const byId = new Map(heads.map((head) => [head.id, { ...head }]));
  const moved = new Set<number>();
  for (const transfer of state.created) {
    const head = byId.get(transfer.ledgerId);
    invariant(head, 'A created transfer belongs to a locked ledger');
    transfer.sequence = head.headSequence + 1n;
    transfer.createdAt = state.now;
    transfer.expiresAt =
      transfer.timeoutSeconds > 0 ? new Date(state.now.getTime() + transfer.timeoutSeconds * 1000) : null;
    transfer.hash = chainHash(head.headHash, tenantId, head.code, transfer);
    byId.set(head.id, {
      ...head,
      headSequence: transfer.sequence,
      headHash: transfer.hash,
      headAt: state.now,
    });
    moved.add(head.id);
  }
  return [...moved].map((id) => byId.get(id)!);
}

async function writeGroup(
  trx: AnyKysely,
  state: GroupState,
  movedHeads: readonly LedgerHead[],
): Promise<void> {
  const opened: StoredTransfer[] = [];
  for (const id of state.pendingOpened) {
    if (!state.pendingResolved.has(id)) {
      opened.push(state.transfers.get(id)!);
    }
  }
  await repository.writeGroup(trx, {
    tenantId: state.tenantId,
    createdAt: state.now,
    transfers: state.created,
    rejections: state.newRejections,
    pendingOpened: opened,
    pendingResolvedIds: [...state.pendingResolved].filter((id) => !state.pendingOpened.has(id)),
    accounts: [...state.accounts.values()].filter((account) => account.touched),
    heads: movedHeads,
  });
}
