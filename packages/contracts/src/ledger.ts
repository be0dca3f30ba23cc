/**
 * The universal ledger's contract (PRODUCT.md, "Assets and the universal ledger"): wire schemas of tenants,
 * ledgers, accounts, transfers and balances, and the typed {@link LedgerApi} that other services (cash operations,
 * trading, investments) call in-process, or over HTTP under /api/ledger.
 *
 * Semantics follow TigerBeetle (accounts, transfers, flags, two-phase, linked chains, client-generated ids that make
 * every write idempotent, balance limits) and Formance/Blnk (metadata, history, point-in-time balances). Amounts are
 * decimal strings in the ledger asset's unit ("12.30" EUR), never JSON numbers; ids are UUIDs chosen by the caller
 * (UUIDv7 recommended: time-ordered ids keep the indexes compact). docs/adr/0003-ledger.md explains the design.
 */
import { z } from 'zod';
import { textSchema } from './text.ts';

/** TigerBeetle's batch size: the most transfers (or accounts) one call may carry. */
export const LEDGER_BATCH_MAX = 8189;
/** The bank's own tenant; business customers get their own tenants. */
export const BANK_TENANT_ID = 'tessera';
/** Metadata bounds (Formance-style string map): entries, key and value lengths. */
export const LEDGER_METADATA_ENTRIES_MAX = 16;
export const LEDGER_METADATA_KEY_LENGTH_MAX = 64;
export const LEDGER_METADATA_VALUE_LENGTH_MAX = 256;
/** The longest a pending transfer may wait before it expires: 10 years. 0 means it never expires. */
export const LEDGER_TIMEOUT_SECONDS_MAX = 315_360_000;
/** Page size bound of every list. */
export const LEDGER_PAGE_LIMIT_MAX = 1000;

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A 128-bit id chosen by the caller, written as a UUID. Like TigerBeetle, zero and all-ones are reserved.
 * Normalised to lower case, so `A…` and `a…` are the same id.
 */
export const ledgerIdSchema = z
  .string()
  .regex(uuidPattern, { error: 'must be a UUID (128-bit id), e.g. 0190f1d2-7c3a-7b4e-9f00-0123456789ab' })
  .transform((value) => value.toLowerCase())
  .refine((value) => value !== '00000000-0000-0000-0000-000000000000', { error: 'must not be zero' })
  .refine((value) => value !== 'ffffffff-ffff-ffff-ffff-ffffffffffff', { error: 'must not be all ones' });

/** A tenant id: lower-case letters, digits, `_` and `-`, at most 63 characters. */
export const tenantIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, { error: 'must be 1 to 63 of a-z, 0-9, _ or -' });

/** A ledger is named by its asset code (`EUR`, `BTC`, `AAPL`): one ledger per asset and tenant. */
export const ledgerCodeSchema = z.string().regex(/^[A-Z0-9.]{1,16}$/, { error: 'must be an asset code' });

/** Who owns an account: a customer id, or `tessera` for the bank. */
export const ownerIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:@-]+$/, { error: 'must be 1 to 128 of A-Z, a-z, 0-9, ., _, :, @ or -' });

/** Decimal text on the wire; the ledger parses it with the asset's scale (packages/money `parseAmount`). */
export const amountTextSchema = z.string({ error: 'MONEY_NOT_A_STRING: amounts are decimal strings' });

/**
 * Formance-style metadata: a small map of strings, bounded so a transfer's size is bounded. Keys and values follow
 * the shared text rules (text.ts: no NUL or lone surrogate, which jsonb refuses with a 500; no controls but tab and
 * line feed in values; NFC) and are kept as sent otherwise (not trimmed): a service may compare them later.
 */
export const ledgerMetadataSchema = z
  .record(
    textSchema({ min: 1, max: LEDGER_METADATA_KEY_LENGTH_MAX, trim: false }),
    textSchema({ max: LEDGER_METADATA_VALUE_LENGTH_MAX, multiline: true, trim: false }),
  )
  .refine((value) => Object.keys(value).length <= LEDGER_METADATA_ENTRIES_MAX, {
    error: `must have at most ${LEDGER_METADATA_ENTRIES_MAX} entries`,
  });

/** Account types (PRODUCT.md): who the account stands for in the bank's books. */
export const ACCOUNT_TYPES = [
  'customer_wallet',
  'bank_omnibus',
  'fees',
  'fx_liquidity',
  'trading_settlement',
  'fund_pool',
  'external_card',
  'external_sepa',
  'external_crypto',
  'suspense',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** open: moves money; frozen: accepts no new transfers (pending ones can still be voided); closed: final. */
export const ACCOUNT_STATUSES = ['open', 'frozen', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** TigerBeetle's balance limits. A customer wallet always has `debitsMustNotExceedCredits`. */
export const accountFlagsSchema = z
  .object({
    debitsMustNotExceedCredits: z.boolean().optional(),
    creditsMustNotExceedDebits: z.boolean().optional(),
  })
  .strict();
export type AccountFlagsInput = z.input<typeof accountFlagsSchema>;

/** What a caller sends to open an account. The id is the idempotency key. */
export const accountInputSchema = z
  .object({
    id: ledgerIdSchema,
    ledger: ledgerCodeSchema,
    ownerId: ownerIdSchema,
    type: z.enum(ACCOUNT_TYPES),
    flags: accountFlagsSchema.optional(),
    metadata: ledgerMetadataSchema.optional(),
  })
  .strict();
export type AccountInput = z.input<typeof accountInputSchema>;

/** An account's four running totals (TigerBeetle) and what follows from them, as decimal strings. */
export interface AccountBalance {
  readonly debitsPending: string;
  readonly debitsPosted: string;
  readonly creditsPending: string;
  readonly creditsPosted: string;
  /** Ledger balance: creditsPosted - debitsPosted (signed; a credit-normal account such as a wallet is >= 0). */
  readonly posted: string;
  /** Available balance: creditsPosted - debitsPosted - debitsPending (what a wallet may still spend). */
  readonly available: string;
}

/** An account as read back. */
export interface Account {
  readonly id: string;
  readonly tenantId: string;
  readonly ledger: string;
  readonly ownerId: string;
  readonly type: AccountType;
  readonly flags: {
    readonly debitsMustNotExceedCredits: boolean;
    readonly creditsMustNotExceedDebits: boolean;
  };
  readonly status: AccountStatus;
  readonly metadata: Readonly<Record<string, string>>;
  readonly balance: AccountBalance;
  readonly createdAt: string;
}

/** TigerBeetle's transfer flags (linked, pending, post_pending_transfer, void_pending_transfer). */
export const transferFlagsSchema = z
  .object({
    linked: z.boolean().optional(),
    pending: z.boolean().optional(),
    postPendingTransfer: z.boolean().optional(),
    voidPendingTransfer: z.boolean().optional(),
  })
  .strict();

/**
 * What a caller sends to move money. The id is the idempotency key: the same id and body again returns the first
 * result; the same id with another body is LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS.
 * - A single-phase or pending transfer needs debitAccountId, creditAccountId, amount and code.
 * - A post or void names `pendingId`; accounts and code may be omitted (they are the pending transfer's) and must
 *   match when given. A post's amount defaults to the whole pending amount and may be smaller (the rest is
 *   released); a void's amount, when given, must equal the pending amount.
 */
export const transferInputSchema = z
  .object({
    id: ledgerIdSchema,
    ledger: ledgerCodeSchema,
    debitAccountId: ledgerIdSchema.optional(),
    creditAccountId: ledgerIdSchema.optional(),
    amount: amountTextSchema.optional(),
    pendingId: ledgerIdSchema.optional(),
    timeoutSeconds: z.number().int().min(0).max(LEDGER_TIMEOUT_SECONDS_MAX).optional(),
    code: z.number().int().min(1).max(65_535).optional(),
    flags: transferFlagsSchema.optional(),
    metadata: ledgerMetadataSchema.optional(),
  })
  .strict()
  .superRefine((transfer, context) => {
    for (const message of transferShapeProblems(transfer)) {
      context.addIssue({ code: 'custom', message });
    }
  });
export type TransferInput = z.input<typeof transferInputSchema>;

/** The fields {@link transferShapeProblems} looks at. */
export interface TransferShape {
  readonly id: string;
  readonly debitAccountId?: string | undefined;
  readonly creditAccountId?: string | undefined;
  readonly amount?: string | undefined;
  readonly pendingId?: string | undefined;
  readonly timeoutSeconds?: number | undefined;
  readonly code?: number | undefined;
  readonly flags?: Readonly<Record<string, boolean | undefined>> | undefined;
}

/** The static rules of a transfer's shape, one message per broken rule (TigerBeetle's named rejections). */
export function transferShapeProblems(transfer: TransferShape): string[] {
  const flags = transfer.flags ?? {};
  const phases = [flags.pending, flags.postPendingTransfer, flags.voidPendingTransfer].filter(Boolean);
  const problems: string[] = [];
  if (phases.length > 1) {
    problems.push('flags_are_mutually_exclusive: pending, postPendingTransfer and voidPendingTransfer');
  }
  const resolving = flags.postPendingTransfer === true || flags.voidPendingTransfer === true;
  if (resolving) {
    if (transfer.pendingId === undefined) {
      problems.push('pending_id_required: a post or void names the pending transfer');
    } else if (transfer.pendingId === transfer.id) {
      problems.push('pending_id_must_be_different: a transfer cannot post or void itself');
    }
  } else {
    if (transfer.pendingId !== undefined) {
      problems.push('pending_id_must_not_be_set: only a post or void names a pending transfer');
    }
    for (const field of ['debitAccountId', 'creditAccountId', 'amount', 'code'] as const) {
      if (transfer[field] === undefined) {
        problems.push(`${field}_required`);
      }
    }
  }
  if (transfer.timeoutSeconds !== undefined && transfer.timeoutSeconds > 0 && flags.pending !== true) {
    problems.push('timeout_reserved_for_pending_transfer');
  }
  if (transfer.debitAccountId !== undefined && transfer.debitAccountId === transfer.creditAccountId) {
    problems.push('accounts_must_be_different');
  }
  return problems;
}

/** Where a pending transfer stands. */
export type PendingStatus = 'pending' | 'posted' | 'voided' | 'expired';

/** A recorded transfer. Immutable: corrections are new transfers. */
export interface Transfer {
  readonly id: string;
  readonly tenantId: string;
  readonly ledger: string;
  /** Position in the ledger's hash chain, 1, 2, 3, … (a decimal string: it is a 64-bit counter). */
  readonly sequence: string;
  readonly debitAccountId: string;
  readonly creditAccountId: string;
  readonly amount: string;
  readonly pendingId: string | null;
  readonly timeoutSeconds: number;
  readonly code: number;
  readonly flags: {
    readonly linked: boolean;
    readonly pending: boolean;
    readonly postPendingTransfer: boolean;
    readonly voidPendingTransfer: boolean;
    /** Set on the void that the expiry sweep records when a pending transfer timed out. */
    readonly expiredPendingTransfer: boolean;
  };
  readonly metadata: Readonly<Record<string, string>>;
  /** When the ledger recorded it (ISO 8601; non-decreasing along the ledger's chain). */
  readonly timestamp: string;
  /** For a pending transfer with a timeout: when it expires. */
  readonly expiresAt: string | null;
  /** SHA-256 (hex) of the previous transfer's hash and this transfer's canonical encoding (docs/api.md). */
  readonly hash: string;
  /** The balances of both accounts right after this transfer (history and point-in-time queries). */
  readonly debitAccountBalanceAfter: AccountBalance;
  readonly creditAccountBalanceAfter: AccountBalance;
}

/** A transfer as read back, with where it stands when it is a pending transfer (null otherwise). */
export interface TransferView {
  readonly transfer: Transfer;
  readonly pendingStatus: PendingStatus | null;
}

/** An error as the ledger reports it: a stable code (docs/api.md, "Ledger"), English text and details. */
export interface LedgerErrorBody {
  readonly code: string;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The outcome of one transfer (or account) of a batch, in the order sent. */
export type LedgerResult<T> =
  | { readonly status: 'created'; readonly value: T }
  /** The same id and body were already recorded: this is the first result. */
  | { readonly status: 'exists'; readonly value: T }
  | { readonly status: 'rejected'; readonly error: LedgerErrorBody };

/** A write that succeeded: newly `created`, or the first result of the same id and body (`exists`). */
export interface LedgerWritten<T> {
  readonly status: 'created' | 'exists';
  readonly value: T;
}

/** A ledger: one asset of one tenant, with the head of its hash chain. */
export interface Ledger {
  readonly tenantId: string;
  readonly code: string;
  readonly assetKind: 'fiat' | 'crypto' | 'security' | 'fund_unit';
  readonly scale: number;
  readonly headSequence: string;
  readonly headHash: string;
  readonly createdAt: string;
}

/** What `verifyLedger` found: the hash chain and the balances recomputed from the transfers. */
export interface LedgerVerification {
  readonly tenantId: string;
  readonly ledger: string;
  readonly ok: boolean;
  readonly transfersChecked: number;
  readonly accountsChecked: number;
  readonly headSequence: string;
  readonly headHash: string;
  /** Sums over every account; debits equal credits, posted and pending, when `ok`. */
  readonly totals: {
    readonly debitsPosted: string;
    readonly creditsPosted: string;
    readonly debitsPending: string;
    readonly creditsPending: string;
  };
  /** The first problems found (at most 20), e.g. `{ kind: 'hash_mismatch', sequence: '42' }`. */
  readonly problems: ReadonlyArray<{ readonly kind: string; readonly [key: string]: unknown }>;
}

/** A page of a list; `nextCursor` is null on the last page. */
export interface LedgerPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

/** Filters of {@link LedgerApi.listAccounts}. */
export interface AccountQuery {
  readonly ownerId?: string;
  readonly ledger?: string;
  readonly cursor?: string;
  readonly limit?: number;
}

/** Filters of an account's history. */
export interface HistoryQuery {
  readonly cursor?: string;
  readonly limit?: number;
}

/** Creating a ledger: the asset's code; securities and fund units say which they are. */
export const ledgerInputSchema = z
  .object({ code: ledgerCodeSchema, assetKind: z.enum(['security', 'fund_unit']).optional() })
  .strict();
export type LedgerInput = z.input<typeof ledgerInputSchema>;

/** Creating a tenant for a business customer (the bank's own, `tessera`, always exists). */
export const tenantInputSchema = z.object({ id: tenantIdSchema, ownerUserId: ownerIdSchema }).strict();
export type TenantInput = z.input<typeof tenantInputSchema>;

/** A tenant: an isolated set of ledgers, accounts and transfers. */
export interface Tenant {
  readonly id: string;
  /** The user who owns it; null for the bank. */
  readonly ownerUserId: string | null;
  readonly createdAt: string;
}

/**
 * The ledger as other services use it. Writes are idempotent by id; rejections are values in batch results and
 * thrown errors (with `code`, `statusCode`, `details`) in single calls. Implemented in-process by
 * `@tessera/service-ledger` (`createLedgerApi`), handed to other services as described in docs/adr/0003-ledger.md.
 */
export interface LedgerApi {
  createTenant(input: TenantInput): Promise<Tenant>;
  createLedger(tenantId: string, input: LedgerInput): Promise<Ledger>;
  getLedger(tenantId: string, code: string): Promise<Ledger>;
  /** The tenant's ledgers, by code (at most LEDGER_PAGE_LIMIT_MAX). */
  listLedgers(tenantId: string): Promise<Ledger[]>;
  /** Opens up to {@link LEDGER_BATCH_MAX} accounts; one result per input, in order. */
  createAccounts(tenantId: string, accounts: readonly AccountInput[]): Promise<Array<LedgerResult<Account>>>;
  /** Opens one account (or returns it when the same id and fields exist); throws on a rejection. */
  createAccount(tenantId: string, account: AccountInput): Promise<Account>;
  getAccount(tenantId: string, accountId: string): Promise<Account>;
  /** The tenant's accounts, optionally of one owner and one ledger, oldest first (e.g. a customer's wallets). */
  listAccounts(tenantId: string, query?: AccountQuery): Promise<LedgerPage<Account>>;
  freezeAccount(tenantId: string, accountId: string): Promise<Account>;
  unfreezeAccount(tenantId: string, accountId: string): Promise<Account>;
  /** Closes an account for good; it needs a zero balance and nothing pending. */
  closeAccount(tenantId: string, accountId: string): Promise<Account>;
  /** Records up to {@link LEDGER_BATCH_MAX} transfers in one database transaction; one result per input. */
  createTransfers(
    tenantId: string,
    transfers: readonly TransferInput[],
  ): Promise<Array<LedgerResult<Transfer>>>;
  /** Records one transfer (grouped with concurrent callers into one transaction); throws on a rejection. */
  createTransfer(tenantId: string, transfer: TransferInput): Promise<LedgerWritten<Transfer>>;
  getTransfer(tenantId: string, transferId: string): Promise<TransferView>;
  /** The account's balance now, or right after the last transfer recorded at or before `at`. */
  getBalance(tenantId: string, accountId: string, at?: Date): Promise<AccountBalance>;
  /** The account's transfers, newest first, each with the account's balance after it. */
  listAccountHistory(
    tenantId: string,
    accountId: string,
    query?: HistoryQuery,
  ): Promise<LedgerPage<Transfer>>;
  /** The account's pending transfers that are still reserved. */
  listPendingTransfers(tenantId: string, accountId: string): Promise<TransferView[]>;
  /** Transfers of a ledger in chain order, after `afterSequence`, for clients that verify the chain themselves. */
  listLedgerTransfers(
    tenantId: string,
    code: string,
    query?: { afterSequence?: string; limit?: number },
  ): Promise<LedgerPage<Transfer>>;
  /** Recomputes the hash chain and every balance from the transfers and compares them with what is stored. */
  verifyLedger(tenantId: string, code: string): Promise<LedgerVerification>;
}

/**
 * The key under which the ledger service offers its {@link LedgerApi} to other services in the same process:
 * `context.clients?.get(LEDGER_CLIENT)` (a `ServiceClientKey<LedgerApi>` of @tessera/platform; docs/adr/0003-ledger.md).
 */
export const LEDGER_CLIENT: { readonly service: 'ledger'; readonly __client?: LedgerApi } = {
  service: 'ledger',
};

/**
 * A new UUIDv7 (RFC 9562): 48 bits of milliseconds since the epoch, then random bits. The id to give a ledger
 * account or transfer: unique without coordination, and time-ordered, so the ledger's indexes grow at their right
 * edge instead of splitting random pages. Store it before calling the ledger, so a retry reuses it.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  const bytes = randomBytes16();
  let time = Math.floor(nowMs);
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let hex = '';
  for (const byte of bytes) {
    hex += HEX_BYTES[byte];
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** Random bytes drawn 4 KiB at a time: one getRandomValues call per id would cost more than the rest of it. */
const randomPool = new Uint8Array(4096);
let randomOffset = randomPool.length;

function randomBytes16(): Uint8Array {
  if (randomOffset + 16 > randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomOffset = 0;
  }
  randomOffset += 16;
  return randomPool.slice(randomOffset - 16, randomOffset);
}
