/**
 * Deciding transfers: TigerBeetle's create_transfers semantics on the in-memory state of one group (transfer-state.ts).
 * Pure: no I/O. Every rule that can reject has a named code (ledger.errors.ts); after the checks a comment marks
 * where the transfer must succeed, and invariants guard what the checks promised.
 *
 * Linked chains (TigerBeetle "linked events"): a transfer with `flags.linked` is chained to the next one; the chain
 * commits all or nothing. The failing transfer reports its own error, every other one LEDGER_LINKED_EVENT_FAILED.
 * A chain left open at the end of a submission fails with LEDGER_LINKED_EVENT_CHAIN_OPEN.
 */
import type { LedgerErrorBody } from '@tessera/contracts';
import { invariant, MINOR_UNITS_ABS_LIMIT } from '@tessera/money';
import type { DefinedError } from '@tessera/platform';
import {
  AccountClosedError,
  AccountFrozenError,
  BalanceOverflowError,
  CreditAccountNotFoundError,
  DebitAccountNotFoundError,
  ExceedsDebitsError,
  ExceedsPendingAmountError,
  InsufficientFundsError,
  LedgerMismatchError,
  LedgerNotFoundError,
  LinkedChainOpenError,
  LinkedEventFailedError,
  PendingAlreadyPostedError,
  PendingAlreadyVoidedError,
  PendingExpiredError,
  PendingMismatchError,
  PendingNotFoundError,
  PendingNotPendingError,
  TransferExistsError,
  VoidAmountMismatchError,
} from '../../errors.ts';
import {
  ACCOUNT_FLAG,
  type AccountState,
  type Balances,
  type GroupState,
  type LedgerHead,
  type PreparedTransfer,
  type StoredTransfer,
  type SubmittedTransfer,
  TRANSFER_FLAG,
  type TransferOutcome,
} from './transfer-state.ts';

/** An error body from a defined error, with details. */
export function errorBody(
  error: DefinedError<string>,
  details: Record<string, unknown> = {},
  message?: string,
): LedgerErrorBody {
  return { code: error.code, message: message ?? error.defaultMessage, details };
}

type Rejected = { readonly status: 'rejected'; readonly error: LedgerErrorBody };
const rejected = (error: DefinedError<string>, details: Record<string, unknown> = {}): Rejected => ({
  status: 'rejected',
  error: errorBody(error, details),
});

/**
 * Undo steps of the running chain; applied in reverse when a linked chain fails. Undefined for a transfer that is
 * not part of a chain: it has nothing to undo.
 */
type Journal = Array<() => void> | undefined;

/** Options of {@link decideSubmission}. */
export interface DecideOptions {
  /** The expiry sweep's own voids: allowed only once the timeout passed, and never recorded as rejections. */
  readonly expiry?: boolean;
}

/** Decides one caller's transfers in order, chain by chain; returns one outcome per input. */
export function decideSubmission(
  state: GroupState,
  submission: readonly SubmittedTransfer[],
  options: DecideOptions = {},
): TransferOutcome[] {
  const outcomes: TransferOutcome[] = [];
  let chainStart = 0;
  while (chainStart < submission.length) {
    let chainEnd = chainStart;
    while (chainEnd < submission.length - 1 && submission[chainEnd]!.linked) {
      chainEnd += 1;
    }
    const first = submission[chainStart]!;
    if (chainEnd === chainStart && !first.linked) {
      // A transfer on its own (the common case): nothing to undo, so no journal and no chain array.
      outcomes.push(
        first.kind === 'invalid'
          ? { status: 'rejected', error: first.error }
          : decideTransfer(state, first.transfer, undefined, options),
      );
    } else {
      const chain = submission.slice(chainStart, chainEnd + 1);
      const open = chain[chain.length - 1]!.linked;
      for (const outcome of decideChain(state, chain, open, options)) {
        outcomes.push(outcome);
      }
    }
    chainStart = chainEnd + 1;
  }
  invariant(outcomes.length === submission.length, 'One outcome per submitted transfer');
  return outcomes;
}

function decideChain(
  state: GroupState,
  chain: readonly SubmittedTransfer[],
  open: boolean,
  options: DecideOptions,
): TransferOutcome[] {
  const journal: Array<() => void> = [];
  const outcomes: TransferOutcome[] = [];
  let failedAt = -1;
  for (const [index, item] of chain.entries()) {
    const outcome =
      item.kind === 'invalid'
        ? ({ status: 'rejected', error: item.error } as const)
        : open && index === chain.length - 1
          ? rejected(LinkedChainOpenError)
          : decideTransfer(state, item.transfer, journal, options);
    outcomes.push(outcome);
    if (outcome.status === 'rejected') {
      failedAt = index;
      break;
    }
  }
  if (failedAt < 0 || chain.length === 1) {
    return outcomes;
  }
  // All or nothing: undo what the chain did, then name the failing transfer and fail the rest of the chain.
  for (const undo of journal.reverse()) {
    undo();
  }
  return chain.map((_, index) =>
    index === failedAt
      ? outcomes[failedAt]!
      : { status: 'rejected', error: errorBody(LinkedEventFailedError) },
  );
}

/** Decides one transfer: idempotency first, then the rules of its kind. Records state-dependent rejections. */
function decideTransfer(
  state: GroupState,
  transfer: PreparedTransfer,
  journal: Journal,
  options: DecideOptions,
): TransferOutcome {
  const previous = replayOf(state, transfer);
  if (previous) {
    return previous;
  }
  const ledger = state.ledgers.get(transfer.ledgerCode);
  const resolving =
    (transfer.flags & (TRANSFER_FLAG.postPendingTransfer | TRANSFER_FLAG.voidPendingTransfer)) !== 0;
  const outcome: TransferOutcome = !ledger
    ? rejected(LedgerNotFoundError, { ledger: transfer.ledgerCode })
    : resolving
      ? decidePostOrVoid(state, ledger, transfer, journal, options)
      : decideSinglePhaseOrPending(state, ledger, transfer, journal);
  if (outcome.status === 'rejected' && options.expiry !== true) {
    // TigerBeetle's id_already_failed: the id is spent, so a retry cannot succeed later with other balances.
    // Not journaled: when this failure undoes its linked chain, the failure itself is still the first result.
    const rejection = { id: transfer.id, fingerprint: transfer.fingerprint, error: outcome.error };
    state.rejections.set(transfer.id, rejection);
    state.newRejections.push(rejection);
  }
  return outcome;
}

/** The first result of this id, if it was seen: created (same body), rejected (same body), or a conflict. */
function replayOf(state: GroupState, transfer: PreparedTransfer): TransferOutcome | undefined {
  const existing = state.transfers.get(transfer.id);
  const recorded = existing ? undefined : state.rejections.get(transfer.id);
  const first = existing?.fingerprint ?? recorded?.fingerprint;
  if (!first) {
    return undefined;
  }
  if (!first.equals(transfer.fingerprint)) {
    return rejected(TransferExistsError, { id: transfer.id });
  }
  return existing ? { status: 'exists', transfer: existing } : { status: 'rejected', error: recorded!.error };
}

/** Looks up both accounts and checks they exist, share the transfer's ledger and accept transfers. */
function accountsFor(
  state: GroupState,
  ledger: LedgerHead,
  debitAccountId: string,
  creditAccountId: string,
): Rejected | { debit: AccountState; credit: AccountState } {
  const debit = state.accounts.get(debitAccountId);
  if (!debit) {
    return rejected(DebitAccountNotFoundError, { accountId: debitAccountId });
  }
  const credit = state.accounts.get(creditAccountId);
  if (!credit) {
    return rejected(CreditAccountNotFoundError, { accountId: creditAccountId });
  }
  if (debit.ledgerId !== ledger.id || credit.ledgerId !== ledger.id) {
    return rejected(LedgerMismatchError, { ledger: ledger.code, debitAccountId, creditAccountId });
  }
  if (debit.status !== 'open' || credit.status !== 'open') {
    return statusRejection(debit, 'debit') ?? statusRejection(credit, 'credit')!;
  }
  return { debit, credit };
}

/** A frozen or closed account refuses transfers. */
function statusRejection(account: AccountState, side: 'debit' | 'credit'): Rejected | undefined {
  if (account.status === 'frozen') {
    return rejected(AccountFrozenError, { accountId: account.id, side });
  }
  if (account.status === 'closed') {
    return rejected(AccountClosedError, { accountId: account.id, side });
  }
  return undefined;
}

function decideSinglePhaseOrPending(
  state: GroupState,
  ledger: LedgerHead,
  transfer: PreparedTransfer,
  journal: Journal,
): TransferOutcome {
  invariant(transfer.debitAccountId && transfer.creditAccountId, 'Validated: both accounts are named');
  invariant(transfer.amount !== undefined && transfer.amount > 0n, 'Validated: the amount is positive');
  invariant(transfer.code !== undefined, 'Validated: the code is set');
  const found = accountsFor(state, ledger, transfer.debitAccountId, transfer.creditAccountId);
  if ('status' in found) {
    return found;
  }
  const { debit, credit } = found;
  const pending = (transfer.flags & TRANSFER_FLAG.pending) !== 0;
  const amount = transfer.amount;
  const d = debit.balances;
  const c = credit.balances;
  const debitAfter: Balances = {
    debitsPending: pending ? d.debitsPending + amount : d.debitsPending,
    debitsPosted: pending ? d.debitsPosted : d.debitsPosted + amount,
    creditsPending: d.creditsPending,
    creditsPosted: d.creditsPosted,
  };
  const creditAfter: Balances = {
    debitsPending: c.debitsPending,
    debitsPosted: c.debitsPosted,
    creditsPending: pending ? c.creditsPending + amount : c.creditsPending,
    creditsPosted: pending ? c.creditsPosted : c.creditsPosted + amount,
  };
  const limit = limitRejection(debit, debitAfter, credit, creditAfter);
  if (limit) {
    return limit;
  }
  // From here the transfer must succeed.
  const stored = record(state, journal, {
    transfer,
    ledger,
    debit,
    credit,
    debitAfter,
    creditAfter,
    amount,
    code: transfer.code,
    pendingId: null,
  });
  if (pending) {
    setPendingState(state, journal, transfer.id, 'open');
    state.pendingOpened.add(transfer.id);
    journal?.push(() => state.pendingOpened.delete(transfer.id));
  }
  return { status: 'created', transfer: stored };
}

/** Overflow first (no total may reach 10^38), then the accounts' balance limits. */
function limitRejection(
  debit: AccountState,
  debitAfter: Balances,
  credit: AccountState,
  creditAfter: Balances,
): Rejected | undefined {
  const debitsTotal = debitAfter.debitsPending + debitAfter.debitsPosted;
  if (
    debitsTotal >= MINOR_UNITS_ABS_LIMIT ||
    creditAfter.creditsPending + creditAfter.creditsPosted >= MINOR_UNITS_ABS_LIMIT
  ) {
    return rejected(BalanceOverflowError, { debitAccountId: debit.id, creditAccountId: credit.id });
  }
  if (
    (debit.flags & ACCOUNT_FLAG.debitsMustNotExceedCredits) !== 0 &&
    debitsTotal > debitAfter.creditsPosted
  ) {
    const available =
      debit.balances.creditsPosted - debit.balances.debitsPosted - debit.balances.debitsPending;
    return rejected(InsufficientFundsError, { accountId: debit.id, availableMinor: available.toString() });
  }
  if (
    (credit.flags & ACCOUNT_FLAG.creditsMustNotExceedDebits) !== 0 &&
    creditAfter.creditsPending + creditAfter.creditsPosted > creditAfter.debitsPosted
  ) {
    return rejected(ExceedsDebitsError, { accountId: credit.id });
  }
  return undefined;
}

function decidePostOrVoid(
  state: GroupState,
  ledger: LedgerHead,
  transfer: PreparedTransfer,
  journal: Journal,
  options: DecideOptions,
): TransferOutcome {
  invariant(transfer.pendingId !== undefined, 'Validated: a post or void names its pending transfer');
  const pending = state.transfers.get(transfer.pendingId);
  if (!pending) {
    return rejected(PendingNotFoundError, { pendingId: transfer.pendingId });
  }
  const problem = pendingProblem(state, ledger, transfer, pending, options);
  if (problem) {
    return problem;
  }
  const debit = state.accounts.get(pending.debitAccountId);
  const credit = state.accounts.get(pending.creditAccountId);
  invariant(debit && credit, 'The accounts of a pending transfer are loaded with it');
  const post = (transfer.flags & TRANSFER_FLAG.postPendingTransfer) !== 0;
  const refusal = post ? accountRefusesPost(debit, credit) : undefined;
  if (refusal) {
    return refusal;
  }
  // From here the transfer must succeed.
  const posted = post ? (transfer.amount ?? pending.amount) : 0n;
  invariant(posted <= pending.amount, 'Checked: a post never exceeds the pending amount');
  invariant(debit.balances.debitsPending >= pending.amount, 'A reservation is counted in debitsPending');
  invariant(credit.balances.creditsPending >= pending.amount, 'A reservation is counted in creditsPending');
  const debitAfter: Balances = {
    ...debit.balances,
    debitsPending: debit.balances.debitsPending - pending.amount,
    debitsPosted: debit.balances.debitsPosted + posted,
  };
  const creditAfter: Balances = {
    ...credit.balances,
    creditsPending: credit.balances.creditsPending - pending.amount,
    creditsPosted: credit.balances.creditsPosted + posted,
  };
  const flags =
    options.expiry === true ? transfer.flags | TRANSFER_FLAG.expiredPendingTransfer : transfer.flags;
  const stored = record(state, journal, {
    transfer: { ...transfer, flags },
    ledger,
    debit,
    credit,
    debitAfter,
    creditAfter,
    amount: post ? posted : pending.amount,
    code: transfer.code ?? pending.code,
    pendingId: pending.id,
  });
  setPendingState(
    state,
    journal,
    pending.id,
    post ? 'posted' : options.expiry === true ? 'expired' : 'voided',
  );
  state.pendingResolved.add(pending.id);
  journal?.push(() => state.pendingResolved.delete(pending.id));
  return { status: 'created', transfer: stored };
}

/** Posting moves money, so a frozen account refuses it; voiding only releases a reservation and is allowed. */
function accountRefusesPost(debit: AccountState, credit: AccountState): Rejected | undefined {
  return statusRejection(debit, 'debit') ?? statusRejection(credit, 'credit');
}

/** The rules a post or void must pass against its pending transfer, in TigerBeetle's order. */
function pendingProblem(
  state: GroupState,
  ledger: LedgerHead,
  transfer: PreparedTransfer,
  pending: StoredTransfer,
  options: DecideOptions,
): Rejected | undefined {
  if ((pending.flags & TRANSFER_FLAG.pending) === 0) {
    return rejected(PendingNotPendingError, { pendingId: pending.id });
  }
  const mismatch =
    pending.ledgerId !== ledger.id
      ? 'ledger'
      : transfer.debitAccountId !== undefined && transfer.debitAccountId !== pending.debitAccountId
        ? 'debitAccountId'
        : transfer.creditAccountId !== undefined && transfer.creditAccountId !== pending.creditAccountId
          ? 'creditAccountId'
          : transfer.code !== undefined && transfer.code !== pending.code
            ? 'code'
            : undefined;
  if (mismatch) {
    return rejected(PendingMismatchError, { pendingId: pending.id, field: mismatch });
  }
  const pendingState = state.pendingStates.get(pending.id);
  invariant(pendingState !== undefined, 'The state of a loaded pending transfer is loaded with it');
  if (pendingState === 'posted') {
    return rejected(PendingAlreadyPostedError, { pendingId: pending.id });
  }
  if (pendingState === 'voided') {
    return rejected(PendingAlreadyVoidedError, { pendingId: pending.id });
  }
  const timedOut = pending.expiresAt !== null && pending.expiresAt.getTime() <= state.now.getTime();
  if (pendingState === 'expired' || (timedOut && options.expiry !== true)) {
    return rejected(PendingExpiredError, { pendingId: pending.id });
  }
  if (options.expiry === true && !timedOut) {
    return rejected(PendingNotPendingError, { pendingId: pending.id, reason: 'not yet expired' });
  }
  const post = (transfer.flags & TRANSFER_FLAG.postPendingTransfer) !== 0;
  if (post && transfer.amount !== undefined && transfer.amount > pending.amount) {
    return rejected(ExceedsPendingAmountError, {
      pendingId: pending.id,
      pendingAmountMinor: pending.amount.toString(),
    });
  }
  if (!post && transfer.amount !== undefined && transfer.amount !== pending.amount) {
    return rejected(VoidAmountMismatchError, {
      pendingId: pending.id,
      pendingAmountMinor: pending.amount.toString(),
    });
  }
  return undefined;
}

function setPendingState(
  state: GroupState,
  journal: Journal,
  id: string,
  next: 'open' | 'posted' | 'voided' | 'expired',
) {
  const before = state.pendingStates.get(id);
  state.pendingStates.set(id, next);
  journal?.push(() =>
    before === undefined ? state.pendingStates.delete(id) : state.pendingStates.set(id, before),
  );
}

/** The hash of a transfer not sealed yet (sealing replaces it). */
const UNSEALED: Buffer = Buffer.alloc(0);

/** Applies the balances and appends the transfer to the group (sequence, time and hash are set at commit). */
function record(
  state: GroupState,
  journal: Journal,
  entry: {
    transfer: PreparedTransfer;
    ledger: LedgerHead;
    debit: AccountState;
    credit: AccountState;
    debitAfter: Balances;
    creditAfter: Balances;
    amount: bigint;
    code: number;
    pendingId: string | null;
  },
): StoredTransfer {
  const { transfer, debit, credit } = entry;
  const stored: StoredTransfer = {
    id: transfer.id,
    ledgerId: entry.ledger.id,
    debitAccountId: debit.id,
    creditAccountId: credit.id,
    amount: entry.amount,
    pendingId: entry.pendingId,
    timeoutSeconds: transfer.timeoutSeconds,
    code: entry.code,
    flags: transfer.flags,
    metadata: transfer.metadata,
    fingerprint: transfer.fingerprint,
    debitAfter: entry.debitAfter,
    creditAfter: entry.creditAfter,
    sequence: 0n,
    createdAt: state.now,
    expiresAt: null,
    hash: UNSEALED,
  };
  const debitBefore = debit.balances;
  const creditBefore = credit.balances;
  const debitTouched = debit.touched;
  const creditTouched = credit.touched;
  debit.balances = entry.debitAfter;
  credit.balances = entry.creditAfter;
  debit.touched = true;
  credit.touched = true;
  state.transfers.set(stored.id, stored);
  state.created.push(stored);
  journal?.push(() => {
    debit.balances = debitBefore;
    credit.balances = creditBefore;
    debit.touched = debitTouched;
    credit.touched = creditTouched;
    state.transfers.delete(stored.id);
    state.created.pop();
  });
  return stored;
}
