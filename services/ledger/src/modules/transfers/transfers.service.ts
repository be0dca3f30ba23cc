/**
 * The transfer engine: validates callers' transfers, groups concurrent submissions per set of ledgers
 * (batcher.ts), and commits each group with one read and one write (docs/adr/0003-ledger.md):
 *
 *   read, without locks, everything the group looks at (one statement, one snapshot, with each ledger's version)
 *   -> decide in memory (transfer-rules.ts) -> sequence and hash the created transfers -> write transfers,
 *   rejections, the pending index, balances and chain heads in one statement that applies only if every ledger
 *   still has the version that was read, and bumps it.
 *
 * Every writer of a ledger's state bumps its version under the ledger row's lock (groups here, status changes in
 * accounts.service.ts), so a write that applies was decided on the latest state: no lost update, across processes.
 * A group whose versions moved (another process came first) is decided again from a new read; after
 * {@link optimisticAttemptsMax} such conflicts it takes the ledgers' row locks first (in id order, so writers never
 * deadlock) and cannot conflict again.
 *
 * Pipelining: once a group is decided it hands off, and the next group of the same key reads and decides while it
 * writes. If that read still shows the versions the previous group decided on, the previous group's effects (balances,
 * new transfers, rejections, pending states, chain heads) are laid over it, the next group expects the versions the
 * previous write leaves, and it writes (or answers) only once that write committed; if it did not, the next group
 * is decided again. On PGlite the single connection serialises the statements; the same rules hold.
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

/** Transient database errors after which the whole group is retried: serialization, deadlock, unique race. */
const retryableCodes = new Set(['40001', '40P01', '23505']);
const groupErrorsMax = 3;
/** Optimistic attempts before a group takes the ledgers' row locks (under heavy contention between processes). */
const optimisticAttemptsMax = 3;

/** A group decided and handed off, whose write may still be running: the next group of its key builds on it. */
interface Flight {
  /** The versions the group decided on, by ledger id. */
  readonly versions: ReadonlyMap<number, bigint>;
  /** Its ledgers after its write: new chain heads, and the versions the write leaves. */
  readonly heads: readonly LedgerHead[];
  readonly state: GroupState;
  /** Settles with true once its write committed (or it had nothing to write), false if it did not. */
  readonly committed: Promise<boolean>;
}

/** What one attempt needs: the group's submissions and what to read for them (computed once per group). */
interface Group {
  readonly key: string;
  readonly tenantId: string;
  readonly submissions: readonly Submission[];
  readonly load: repository.GroupLoad;
}

export class TransferEngine {
  readonly #db: AnyKysely;
  readonly #options: TransferEngineOptions;
  readonly #batcher: GroupBatcher<Submission, SubmissionResult>;
  /** Per key, the latest group decided and not yet known to be committed. */
  readonly #flights = new Map<string, Flight>();

  constructor(db: AnyKysely, options: TransferEngineOptions) {
    this.#db = db;
    this.#options = options;
    this.#batcher = new GroupBatcher(options, (key, submissions, handOff) =>
      this.#runGroup(key, submissions, handOff),
    );
  }

  /** Decides `submission` with whatever else is waiting for the same ledgers; resolves once committed. */
  submit(submission: Submission): Promise<SubmissionResult> {
    invariant(submission.items.length > 0, 'A submission has transfers');
    const codes = ledgerCodesOf(submission.items);
    // A submission whose every transfer failed validation touches no ledger: it needs no database.
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

  async #runGroup(
    key: string,
    submissions: readonly Submission[],
    handOff: () => void,
  ): Promise<SubmissionResult[]> {
    const tenantId = submissions[0]!.tenantId;
    invariant(
      submissions.every((submission) => submission.tenantId === tenantId),
      'A group is one tenant',
    );
    const group: Group = { key, tenantId, submissions, load: loadOf(tenantId, submissions) };
    let conflicts = 0;
    let errors = 0;
    for (;;) {
      try {
        const results =
          conflicts < optimisticAttemptsMax
            ? await this.#attempt(group, handOff)
            : await this.#attemptLocked(group);
        if (results) {
          return results;
        }
        conflicts += 1;
      } catch (error) {
        errors += 1;
        const code = (error as { code?: unknown }).code;
        if (errors >= groupErrorsMax || typeof code !== 'string' || !retryableCodes.has(code)) {
          throw error;
        }
      }
    }
  }

  /** One optimistic attempt; undefined when it conflicted (nothing was written). */
  async #attempt(group: Group, handOff: () => void): Promise<SubmissionResult[] | undefined> {
    const previous = this.#flights.get(group.key);
    const rows = await repository.loadGroup(this.#db, group.load);
    const versions = versionsOf(rows.heads);
    const builds = previous !== undefined && sameVersions(versions, previous.versions);
    const state = stateOf(group.load, rows, builds ? previous : undefined, this.#options.now());
    const heads = builds ? previous.heads : rows.heads;
    const decided = decide(state, group.submissions, heads);
    let settle: (committed: boolean) => void = () => {};
    const flight: Flight = {
      versions: versionsOf(heads),
      heads: decided.writes
        ? decided.heads.map((head) => ({ ...head, version: head.version + 1n }))
        : decided.heads,
      state,
      committed: new Promise((resolve) => (settle = resolve)),
    };
    this.#flights.set(group.key, flight);
    handOff();
    let committed = false;
    try {
      // The write is built now, while the previous group's write may still be committing: only sending it waits.
      const write = decided.writes
        ? repository.prepareWriteGroup(this.#db, writesOf(state, decided.heads))
        : undefined;
      // Built on the previous group's effects: valid only if they were committed.
      if (builds && !(await previous.committed)) {
        return undefined;
      }
      committed = write === undefined || (await write.execute());
      return committed ? decided.results : undefined;
    } finally {
      settle(committed);
      if (this.#flights.get(group.key) === flight) {
        this.#flights.delete(group.key);
      }
    }
  }

  /** The fallback after repeated conflicts: the same steps under the ledgers' row locks, in one transaction. */
  async #attemptLocked(group: Group): Promise<SubmissionResult[]> {
    return this.#db.transaction().execute(async (trx) => {
      await repository.lockLedgers(trx, group.tenantId, group.load.codes);
      const rows = await repository.loadGroup(trx, group.load);
      const state = stateOf(group.load, rows, undefined, this.#options.now());
      const decided = decide(state, group.submissions, rows.heads);
      if (decided.writes) {
        const written = await repository.writeGroup(trx, writesOf(state, decided.heads));
        invariant(written, "No writer moves a ledger's version while its row is locked");
      }
      return decided.results;
    });
  }
}

function ledgerCodesOf(items: readonly SubmittedTransfer[]): string[] {
  const codes: string[] = [];
  for (const item of items) {
    if (item.kind === 'prepared' && !codes.includes(item.transfer.ledgerCode)) {
      codes.push(item.transfer.ledgerCode);
    }
  }
  return codes.sort();
}

/** What a group reads: its ledgers, its ids, the pending transfers it posts or voids, the accounts it names. */
function loadOf(tenantId: string, submissions: readonly Submission[]): repository.GroupLoad {
  const codes: string[] = [];
  const ids = new Set<string>();
  const pendingIds = new Set<string>();
  const accountIds = new Set<string>();
  for (const submission of submissions) {
    for (const item of submission.items) {
      if (item.kind !== 'prepared') {
        continue;
      }
      const transfer = item.transfer;
      if (!codes.includes(transfer.ledgerCode)) {
        codes.push(transfer.ledgerCode);
      }
      ids.add(transfer.id);
      if (transfer.pendingId !== undefined) {
        pendingIds.add(transfer.pendingId);
      }
      if (transfer.debitAccountId !== undefined) {
        accountIds.add(transfer.debitAccountId);
      }
      if (transfer.creditAccountId !== undefined) {
        accountIds.add(transfer.creditAccountId);
      }
    }
  }
  return {
    tenantId,
    codes: codes.sort(),
    ids: [...ids],
    pendingIds: [...pendingIds],
    accountIds: [...accountIds],
  };
}

function versionsOf(heads: readonly LedgerHead[]): Map<number, bigint> {
  return new Map(heads.map((head) => [head.id, head.version]));
}

function sameVersions(a: ReadonlyMap<number, bigint>, b: ReadonlyMap<number, bigint>): boolean {
  if (a.size !== b.size) {
    return false;
  }
  for (const [id, version] of a) {
    if (b.get(id) !== version) {
      return false;
    }
  }
  return true;
}

/**
 * The group's starting state: what it read, with, when it builds on `previous`, the previous group's effects laid
 * over it (its read is from before that group's write; nothing else changed, since the versions match).
 */
function stateOf(
  load: repository.GroupLoad,
  rows: repository.GroupRows,
  previous: Flight | undefined,
  clockMs: number,
): GroupState {
  const accounts = new Map(rows.accounts.map((account) => [account.id, account]));
  const transfers = new Map(rows.transfers.map((transfer) => [transfer.id, transfer]));
  const rejections = new Map(rows.rejections.map((rejection) => [rejection.id, rejection]));
  const pendingStates = rows.pendingStates;
  const heads = previous ? previous.heads : rows.heads;
  if (previous) {
    const before = previous.state;
    for (const account of before.accounts.values()) {
      if (account.touched || !accounts.has(account.id)) {
        accounts.set(account.id, { ...account, touched: false });
      }
    }
    for (const id of load.ids) {
      const known = before.transfers.get(id);
      if (known && !transfers.has(id)) {
        transfers.set(id, known);
      }
      const rejection = before.rejections.get(id);
      if (rejection && !rejections.has(id)) {
        rejections.set(id, rejection);
      }
    }
    for (const id of load.pendingIds) {
      const known = before.transfers.get(id);
      if (known && !transfers.has(id)) {
        transfers.set(id, known);
      }
      const pendingState = before.pendingStates.get(id);
      if (pendingState !== undefined) {
        pendingStates.set(id, pendingState);
      }
    }
  }
  // Timestamps never go back along a chain, even if this process's clock is behind another's.
  let nowMs = clockMs;
  for (const head of heads) {
    nowMs = Math.max(nowMs, head.headAt.getTime());
  }
  return {
    tenantId: load.tenantId,
    now: new Date(nowMs),
    ledgers: new Map(heads.map((head) => [head.code, head])),
    accounts,
    transfers,
    pendingStates,
    rejections,
    created: [],
    newRejections: [],
    pendingOpened: new Set(),
    pendingResolved: new Set(),
  };
}

/** Decides every submission of the group in order, then seals the created transfers into their chains. */
function decide(state: GroupState, submissions: readonly Submission[], heads: readonly LedgerHead[]) {
  const outcomes = submissions.map((submission) =>
    decideSubmission(state, submission.items, { expiry: submission.expiry === true }),
  );
  const sealed = sealCreated(state, heads);
  const ledgers = new Map(sealed.map((head) => [head.id, head]));
  return {
    results: outcomes.map((submissionOutcomes): SubmissionResult => ({
      outcomes: submissionOutcomes,
      ledgers,
    })),
    heads: sealed,
    writes: state.created.length > 0 || state.newRejections.length > 0,
  };
}

/**
 * Gives each created transfer its place in its ledger's chain: sequence, expiry and hash. Returns every ledger of the
 * group with its new head (unchanged when nothing was created in it) and still the version the group decided on.
 */
function sealCreated(state: GroupState, heads: readonly LedgerHead[]): LedgerHead[] {
  const cursors = new Map(
    heads.map((head) => [
      head.id,
      { code: head.code, sequence: head.headSequence, hash: head.headHash, moved: false },
    ]),
  );
  const nowMs = state.now.getTime();
  for (const transfer of state.created) {
    const cursor = cursors.get(transfer.ledgerId);
    invariant(cursor, 'A created transfer belongs to a ledger of its group');
    cursor.sequence += 1n;
    transfer.sequence = cursor.sequence;
    transfer.createdAt = state.now;
    transfer.expiresAt =
      transfer.timeoutSeconds > 0 ? new Date(nowMs + transfer.timeoutSeconds * 1000) : null;
    transfer.hash = chainHash(cursor.hash, state.tenantId, cursor.code, transfer);
    cursor.hash = transfer.hash;
    cursor.moved = true;
  }
  return heads.map((head) => {
    const cursor = cursors.get(head.id)!;
    return cursor.moved
      ? { ...head, headSequence: cursor.sequence, headHash: cursor.hash, headAt: state.now }
      : head;
  });
}

function writesOf(state: GroupState, heads: readonly LedgerHead[]): repository.GroupWrites {
  const opened: StoredTransfer[] = [];
  for (const id of state.pendingOpened) {
    if (!state.pendingResolved.has(id)) {
      opened.push(state.transfers.get(id)!);
    }
  }
  const touched = [];
  for (const account of state.accounts.values()) {
    if (account.touched) {
      touched.push(account);
    }
  }
  return {
    tenantId: state.tenantId,
    createdAt: state.now,
    transfers: state.created,
    rejections: state.newRejections,
    pendingOpened: opened,
    pendingResolvedIds: [...state.pendingResolved].filter((id) => !state.pendingOpened.has(id)),
    accounts: touched,
    heads,
  };
}
