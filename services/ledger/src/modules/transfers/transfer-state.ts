/**
 * The in-memory model the engine works on while it decides a group of transfers inside one database transaction.
 * Balances are bigint minor units (never numbers); rows are read and written by transfers.repository.ts.
 */
import type { AccountStatus, LedgerErrorBody } from '@tessera/contracts';

/** Stored transfer flag bits: TigerBeetle's order for the first four, then Tessera's own. */
export const TRANSFER_FLAG = {
  linked: 1,
  pending: 2,
  postPendingTransfer: 4,
  voidPendingTransfer: 8,
  /** A void recorded by the expiry sweep for a pending transfer whose timeout passed. */
  expiredPendingTransfer: 1 << 15,
} as const;

/** Stored account flag bits (also used by the accounts table's check constraints). */
export const ACCOUNT_FLAG = { debitsMustNotExceedCredits: 1, creditsMustNotExceedDebits: 2 } as const;

/** An account's four totals (TigerBeetle's debits/credits, pending/posted). Replaced, never mutated. */
export interface Balances {
  readonly debitsPending: bigint;
  readonly debitsPosted: bigint;
  readonly creditsPending: bigint;
  readonly creditsPosted: bigint;
}

export const ZERO_BALANCES: Balances = Object.freeze({
  debitsPending: 0n,
  debitsPosted: 0n,
  creditsPending: 0n,
  creditsPosted: 0n,
});

/** An account as the engine sees it; `balances` is replaced as transfers apply (and restored on rollback). */
export interface AccountState {
  readonly id: string;
  readonly ledgerId: number;
  readonly flags: number;
  readonly status: AccountStatus;
  balances: Balances;
  /** True once a transfer of this group changed it, so only touched accounts are written back. */
  touched: boolean;
}

/** A ledger of the group, with the head of its hash chain. */
export interface LedgerHead {
  readonly id: number;
  readonly code: string;
  readonly scale: number;
  readonly headSequence: bigint;
  readonly headHash: Buffer;
  readonly headAt: Date;
  /** Bumped by every write to the ledger's state; a group writes only if it is still the one it decided on. */
  readonly version: bigint;
}

/** A transfer as stored (or about to be). `sequence`, `createdAt`, `expiresAt` and `hash` are set at commit. */
export interface StoredTransfer {
  readonly id: string;
  readonly ledgerId: number;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amount: bigint;
  readonly pendingId: string | null;
  readonly timeoutSeconds: number;
  readonly code: number;
  readonly flags: number;
  readonly metadata: Readonly<Record<string, string>>;
  readonly fingerprint: Buffer;
  readonly debitAfter: Balances;
  readonly creditAfter: Balances;
  sequence: bigint;
  createdAt: Date;
  expiresAt: Date | null;
  hash: Buffer;
}

/** Where a pending transfer stands. */
export type PendingState = 'open' | 'posted' | 'voided' | 'expired';

/** A transfer after static validation: ids lower-cased, amount parsed, flags as bits. */
export interface PreparedTransfer {
  readonly id: string;
  readonly ledgerCode: string;
  readonly debitAccountId: string | undefined;
  readonly creditAccountId: string | undefined;
  readonly amount: bigint | undefined;
  readonly pendingId: string | undefined;
  readonly timeoutSeconds: number;
  readonly code: number | undefined;
  readonly flags: number;
  readonly metadata: Readonly<Record<string, string>>;
  readonly fingerprint: Buffer;
}

/** One input of a submission: prepared, or already rejected by validation (shape, amount). */
export type SubmittedTransfer =
  | { readonly kind: 'prepared'; readonly transfer: PreparedTransfer; readonly linked: boolean }
  | { readonly kind: 'invalid'; readonly error: LedgerErrorBody; readonly linked: boolean };

/** The outcome of one transfer inside the engine. */
export type TransferOutcome =
  | { readonly status: 'created' | 'exists'; readonly transfer: StoredTransfer }
  | { readonly status: 'rejected'; readonly error: LedgerErrorBody };

/** A rejection kept so that a retry with the same id gets the first result. */
export interface RecordedRejection {
  readonly id: string;
  readonly fingerprint: Buffer;
  readonly error: LedgerErrorBody;
}

/** Everything the engine knows while it decides one group: one consistent snapshot, plus the group before it. */
export interface GroupState {
  readonly tenantId: string;
  /** The group's clock: not before any locked ledger's head, so timestamps never go back along a chain. */
  readonly now: Date;
  readonly ledgers: ReadonlyMap<string, LedgerHead>;
  readonly accounts: Map<string, AccountState>;
  /** Transfers by id: loaded ones (ids and pending ids of the group) and the ones created so far. */
  readonly transfers: Map<string, StoredTransfer>;
  readonly pendingStates: Map<string, PendingState>;
  readonly rejections: Map<string, RecordedRejection>;
  /** What the group writes: created transfers in order, new rejections, pending index changes. */
  readonly created: StoredTransfer[];
  readonly newRejections: RecordedRejection[];
  readonly pendingOpened: Set<string>;
  readonly pendingResolved: Set<string>;
}
