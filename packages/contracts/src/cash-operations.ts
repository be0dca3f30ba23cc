/**
 * Cash operations' core HTTP and websocket contract (services/cash-operations; PRODUCT.md, "Wallets and cash
 * operations"; docs/api.md, "Cash operations"): wallets, the home summary, activity, statements, FX quotes,
 * transfers between own wallets and to another customer, the live websocket and every error code.
 *
 * The rails (card, SEPA, crypto deposits, withdrawals, beneficiaries) have their own contract in cash-rails.ts.
 *
 * Conventions: amounts are decimal strings in the asset's unit (`"12.50"` EUR, `"0.25000000"` BTC), never JSON
 * numbers; rates are decimal strings; times are ISO 8601 strings; ids are UUIDs. Every POST that moves money or
 * creates a resource takes an `Idempotency-Key` header (a retry with the same key and body gets the first answer).
 * Request schemas are zod (the service validates with them, the web app's forms may reuse them); responses are
 * plain interfaces.
 */
import { z } from 'zod';
import { textSchema } from './text.ts';

/** The assets a wallet can hold: every asset of @tessera/money's registry (checked against it by a test). */
export const CASH_ASSET_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'BTC', 'ETH', 'USDC'] as const;
/** One of {@link CASH_ASSET_CODES}. */
export type CashAssetCode = (typeof CASH_ASSET_CODES)[number];
/** True when `code` is one of {@link CASH_ASSET_CODES}. */
export function isCashAssetCode(code: string): code is CashAssetCode {
  return (CASH_ASSET_CODES as readonly string[]).includes(code);
}

/** The chains crypto wallets receive on: BTC on bitcoin (bech32), ETH and USDC (ERC-20) on ethereum (EIP-55). */
export const CRYPTO_CHAINS = ['bitcoin', 'ethereum'] as const;
/** One of {@link CRYPTO_CHAINS}. */
export type CryptoChain = (typeof CRYPTO_CHAINS)[number];
/** The chain of each crypto asset. */
export const CHAIN_OF_ASSET: Readonly<Record<'BTC' | 'ETH' | 'USDC', CryptoChain>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDC: 'ethereum',
};

// ---------------------------------------------------------------------------------------------------------------
// Wallets
// ---------------------------------------------------------------------------------------------------------------

/**
 * current: the one everyday wallet of an asset (IBAN or deposit address; receives deposits and transfers from
 * other customers). savings: a vault of the same asset, filled and emptied by transfers between own wallets
 * (Revolut's model; docs/adr, "cash operations").
 */
export const WALLET_KINDS = ['current', 'savings'] as const;
/** One of {@link WALLET_KINDS}. */
export type WalletKind = (typeof WALLET_KINDS)[number];

/** Longest wallet name, in characters. */
export const WALLET_NAME_MAX_CHARS = 40;
/** Most savings vaults per asset and customer. */
export const WALLET_SAVINGS_PER_ASSET_MAX = 10;

/**
 * A wallet's name: the shared text rule (no NUL, lone surrogate, control or bidirectional override character;
 * NFC), trimmed, 1 to {@link WALLET_NAME_MAX_CHARS} characters.
 */
export const walletNameSchema = textSchema({ min: 1, max: WALLET_NAME_MAX_CHARS });

/**
 * POST /wallets. `asset` is free text so an unknown code gets CASH_ASSET_UNKNOWN rather than a schema error;
 * `name` defaults to the asset's code (current) or "<code> savings" (savings); `kind` defaults to current.
 */
export const createWalletRequestSchema = z
  .object({
    asset: textSchema({ min: 1, max: 16 }),
    name: walletNameSchema.optional(),
    kind: z.enum(WALLET_KINDS).default('current'),
  })
  .strict();
export type CreateWalletRequest = z.input<typeof createWalletRequestSchema>;

/** PATCH /wallets/{walletId}: rename. */
export const renameWalletRequestSchema = z.object({ name: walletNameSchema }).strict();
export type RenameWalletRequest = z.input<typeof renameWalletRequestSchema>;

/** A wallet's balances, decimal strings in its asset (ledger balances; glossary: available vs posted). */
export interface WalletBalance {
  /** What may be spent now: posted minus pending outgoing holds. */
  readonly available: string;
  /** Ledger (posted) balance: settled credits minus settled debits. */
  readonly posted: string;
  /** Money on its way in, not spendable yet (card authorisations, crypto deposits awaiting confirmations). */
  readonly pendingIncoming: string;
  /** Money held for outgoing operations not yet settled (withdrawals awaiting the rail). */
  readonly pendingOutgoing: string;
}

/** Where crypto is sent to reach a wallet. */
export interface DepositAddress {
  readonly chain: CryptoChain;
  readonly address: string;
}

/** open: moves money; frozen: accepts nothing new; closed: final. */
export type WalletStatus = 'open' | 'frozen' | 'closed';

/** A wallet as the API returns it. `id` is also its ledger account id. */
export interface Wallet {
  readonly id: string;
  readonly asset: CashAssetCode;
  readonly assetKind: 'fiat' | 'crypto';
  /** Decimals of the asset (EUR 2, BTC 8, ETH 18, USDC 6). */
  readonly scale: number;
  readonly name: string;
  readonly kind: WalletKind;
  readonly status: WalletStatus;
  /** A EUR current wallet's virtual IBAN (ISO 13616, printed without spaces); null otherwise. */
  readonly iban: string | null;
  /** The BIC that goes with `iban`; null when there is no IBAN. */
  readonly bic: string | null;
  /** A crypto current wallet's deposit address; null otherwise. */
  readonly depositAddress: DepositAddress | null;
  readonly balance: WalletBalance;
  readonly createdAt: string;
}

/** GET /wallets: every wallet of the caller, current wallets first, each group in the order they were opened. */
export interface WalletListResponse {
  readonly items: readonly Wallet[];
}

// ---------------------------------------------------------------------------------------------------------------
// Activity
// ---------------------------------------------------------------------------------------------------------------

/**
 * What an activity item is. Direction is the sign of its amount: a customer transfer is negative for the sender
 * and positive for the recipient. `trade` and `other` come from ledger transfers made by other services (trading
 * settles through the ledger), read from the wallet's ledger history.
 */
export const ACTIVITY_KINDS = [
  'card_deposit',
  'sepa_deposit',
  'crypto_deposit',
  'sepa_withdrawal',
  'crypto_withdrawal',
  'own_transfer',
  'customer_transfer',
  'conversion',
  'fee',
  'trade',
  'other',
] as const;
/** One of {@link ACTIVITY_KINDS}. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** pending: a hold or incoming money not settled; posted: settled; voided: released or refused, nothing moved. */
export const ACTIVITY_STATUSES = ['pending', 'posted', 'voided'] as const;
/** One of {@link ACTIVITY_STATUSES}. */
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** What will settle or release a pending item. */
export const PENDING_SETTLEMENTS = [
  /** A card authorisation, posted when the processor captures it. */
  'card_capture',
  /** A crypto deposit, posted after the required confirmations. */
  'crypto_confirmations',
  /** A withdrawal hold, posted when the rail confirms the payment, voided when it rejects it. */
  'rail_confirmation',
  /** A reservation by another service (trading), posted by fills, voided on cancel. */
  'order',
  /** Anything else: released when the hold expires at `expiresAt`. */
  'hold_expiry',
] as const;
/** One of {@link PENDING_SETTLEMENTS}. */
export type PendingSettlement = (typeof PENDING_SETTLEMENTS)[number];

/** For a pending item: what settles or releases it, and when that is expected. */
export interface PendingInfo {
  readonly settledBy: PendingSettlement;
  /** When settlement is expected, if known. */
  readonly expectedAt: string | null;
  /** When the hold lapses by itself (the ledger's pending timeout), if it has one. */
  readonly expiresAt: string | null;
  /** For crypto deposits: confirmations seen so far and required. */
  readonly confirmations: { readonly current: number; readonly required: number } | null;
}

/**
 * What an activity item was, as structured facts the web app phrases in the customer's language (the API stores no
 * sentence of ours): the card used, the sender of a SEPA credit, the chain of a crypto deposit, the pair and rate of
 * a conversion, the product of a trade. Items of other kinds, and older items recorded before this existed, have
 * none and show their kind and `description`.
 */
export type ActivityDetails =
  | { readonly type: 'card_deposit'; readonly brand: string; readonly last4: string }
  | { readonly type: 'sepa_deposit'; readonly sender: string | null }
  | {
      readonly type: 'crypto_deposit';
      readonly chain: CryptoChain;
      /** The chain transaction, when known. */
      readonly txHash: string | null;
      /** Confirmations the deposit was posted after, when known. */
      readonly confirmations: number | null;
    }
  | { readonly type: 'conversion'; readonly from: string; readonly to: string; readonly rate: string }
  | { readonly type: 'trade'; readonly product: string }
  /** A fee leg of a statement: the fee schedule line charged (`conversionFiat`, `withdrawalCrypto`, …). */
  | { readonly type: 'fee'; readonly feeId: string };

/** One of {@link ActivityDetails}' `type`s. */
export type ActivityDetailsType = ActivityDetails['type'];

/** One line of a wallet's activity. */
export interface ActivityItem {
  /** The operation id (stable across pending → posted). */
  readonly id: string;
  readonly walletId: string;
  readonly kind: ActivityKind;
  readonly status: ActivityStatus;
  /** Signed: positive money in, negative money out, in the wallet's asset; excludes `fee`. */
  readonly amount: string;
  readonly asset: string;
  /** The fee charged to this wallet for this operation (positive, same asset), or null when none. */
  readonly fee: string | null;
  /** Who is on the other side: a customer's display name, a wallet name, a masked card, an IBAN, an address. */
  readonly counterparty: string | null;
  /**
   * Words of a person, shown as written: the payer's SEPA reference, a transfer note, a withdrawal reference. Text
   * of older items recorded before `details` existed may be ours (English).
   */
  readonly description: string | null;
  /** What the item was, for the web app to phrase (see {@link ActivityDetails}); null when nothing more is known. */
  readonly details: ActivityDetails | null;
  readonly createdAt: string;
  /** When it was posted or voided; null while pending. */
  readonly settledAt: string | null;
  /** Set when `status` is pending. */
  readonly pending: PendingInfo | null;
}

/** Most items one activity page holds. */
export const ACTIVITY_LIMIT_MAX = 100;
/** Items per page when the caller does not say. */
export const ACTIVITY_LIMIT_DEFAULT = 20;
/** Longest search text. */
export const ACTIVITY_SEARCH_MAX_CHARS = 100;

/** A comma-separated list in a query string, or repeated parameters. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.length > 0) : value),
    z.array(item).max(20),
  );

/**
 * GET /wallets/{walletId}/activity query: `q` searches counterparty and description (case-insensitive);
 * `kind` and `status` are comma-separated lists; `from` (inclusive) and `to` (exclusive) bound `createdAt`;
 * `cursor` is the previous page's `nextCursor`.
 */
export const activityQuerySchema = z
  .object({
    q: textSchema({ max: ACTIVITY_SEARCH_MAX_CHARS }).optional(),
    kind: listParam(z.enum(ACTIVITY_KINDS)).optional(),
    status: listParam(z.enum(ACTIVITY_STATUSES)).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: textSchema({ max: 200 }).optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMIT_MAX).default(ACTIVITY_LIMIT_DEFAULT),
  })
  .strict();
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** A page of activity, newest first; `nextCursor` is null on the last page. */
export interface ActivityPage {
  readonly items: readonly ActivityItem[];
  readonly nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Home summary
// ---------------------------------------------------------------------------------------------------------------

/** An exchange rate used for a total: 1 `asset` = `rate` units of the reference currency. */
export interface ReferenceRate {
  readonly asset: string;
  readonly rate: string;
  readonly asOf: string;
}

/** One wallet on the home page, with its value in the reference currency. */
export interface SummaryWallet {
  readonly walletId: string;
  readonly asset: string;
  readonly name: string;
  readonly kind: WalletKind;
  readonly available: string;
  readonly posted: string;
  /** `posted` converted at the rate in `rates` (mid rate), rounded half-even to the reference's scale. */
  readonly valueInReference: string;
}

/** GET /summary: the home page's balances. */
export interface CashSummary {
  /** The customer's reference currency (user management's profile), e.g. EUR. */
  readonly referenceCurrency: string;
  /** The sum of every wallet's `valueInReference`. */
  readonly total: string;
  /** The rates used, one per asset held other than the reference currency. */
  readonly rates: readonly ReferenceRate[];
  readonly wallets: readonly SummaryWallet[];
  /** The latest activity over all wallets (at most {@link SUMMARY_RECENT_ACTIVITY_MAX}), newest first. */
  readonly recentActivity: readonly ActivityItem[];
  readonly asOf: string;
}

/** How many recent activity items the summary carries. */
export const SUMMARY_RECENT_ACTIVITY_MAX = 10;

// ---------------------------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------------------------

/** A statement month: `YYYY-MM` (UTC). */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month, YYYY-MM' });

/** GET /wallets/{walletId}/statements: the months that have a statement (from the wallet's creation to now). */
export interface StatementMonthList {
  /** Newest first, `YYYY-MM`. */
  readonly months: readonly string[];
}

/** One posted ledger movement of a statement. */
export interface StatementEntry {
  /** The ledger transfer id. */
  readonly transferId: string;
  /** The operation it belongs to (activity item id), or null for ledger movements of other services. */
  readonly operationId: string | null;
  readonly postedAt: string;
  /** What moved (`fee` for a fee leg, whichever operation charged it); the CSV's `kind` column. */
  readonly kind: ActivityKind;
  /**
   * The ledger transfer's text as recorded (a note, a payer's reference, a card), else empty; the CSV prints it, or
   * English words for the kind or the fee when empty (docs/api.md, "Statements").
   */
  readonly description: string;
  /** What the movement was, for the web app to phrase (its operation's details, or the fee); null for unknowns. */
  readonly details: ActivityDetails | null;
  /** Signed, in the wallet's asset. */
  readonly amount: string;
  /** The wallet's posted balance right after it. */
  readonly balanceAfter: string;
  /** Its position in the ledger's hash chain. */
  readonly ledgerSequence: string;
}

/**
 * The value that ties a statement to the ledger's hash chain: the hash of the last transfer the ledger recorded
 * up to the end of the period (any transfer of the asset's ledger, not only this wallet's). Anyone holding the
 * ledger's transfers can recompute the chain up to `sequence` and compare (docs/api.md, "Ledger").
 */
export interface StatementChainCheck {
  readonly ledger: string;
  readonly sequence: string;
  readonly hash: string;
}

/** GET /wallets/{walletId}/statements/{month}: the month's posted movements (JSON), or `?format=csv`. */
export interface Statement {
  readonly walletId: string;
  readonly walletName: string;
  readonly asset: string;
  readonly iban: string | null;
  readonly month: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly openingBalance: string;
  readonly closingBalance: string;
  readonly totalIn: string;
  readonly totalOut: string;
  readonly entries: readonly StatementEntry[];
  /** Null when the ledger recorded nothing up to the end of the period. */
  readonly chainCheck: StatementChainCheck | null;
  readonly generatedAt: string;
}

/** Most entries one statement holds; a month with more answers CASH_STATEMENT_TOO_LARGE (use the export job). */
export const STATEMENT_ENTRIES_MAX = 5000;

// ---------------------------------------------------------------------------------------------------------------
// FX quotes and transfers
// ---------------------------------------------------------------------------------------------------------------

/** How long a quote may be used, in seconds. */
export const FX_QUOTE_TTL_SECONDS = 30;

/**
 * The most digits before the decimal point of any cash amount: below a trillion units of any asset. Far above any
 * real payment, far below what the ledger's balances hold (10^38 minor units), so a huge amount is refused with
 * CASH_AMOUNT_TOO_LARGE before anything is written instead of overflowing an account's balance in the ledger.
 */
export const CASH_AMOUNT_INTEGER_DIGITS_MAX = 12;

/** A decimal amount on the wire; the service parses it with the asset's scale (clear CASH_AMOUNT_* codes). */
export const cashAmountSchema = z.string({ error: 'CASH_AMOUNT_NOT_A_NUMBER: amounts are decimal strings' });

/** A UUID path or body id; anything else is simply not found. */
export const cashIdSchema = textSchema({ min: 1, max: 64 });

/** Longest transfer note, in characters. */
export const TRANSFER_NOTE_MAX_CHARS = 140;

/**
 * A transfer's note: the shared text rule, so what reaches the ledger's metadata (jsonb) and the recipient's activity
 * is well-formed text (a lone surrogate once gave a 500 from the ledger after the records were written).
 */
export const transferNoteSchema = textSchema({ max: TRANSFER_NOTE_MAX_CHARS });

/**
 * POST /fx/quotes. `side: send` fixes the amount leaving `fromWalletId` (fee included); `side: receive` fixes the
 * amount arriving in `toWalletId`. The wallets must be the caller's and of different assets.
 */
export const createQuoteRequestSchema = z
  .object({
    fromWalletId: cashIdSchema,
    toWalletId: cashIdSchema,
    amount: cashAmountSchema,
    side: z.enum(['send', 'receive']).default('send'),
  })
  .strict();
export type CreateQuoteRequest = z.input<typeof createQuoteRequestSchema>;

/** An FX quote: valid until `expiresAt` (now + {@link FX_QUOTE_TTL_SECONDS}); used once by a transfer. */
export interface FxQuote {
  readonly id: string;
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly fromAsset: string;
  readonly toAsset: string;
  readonly side: 'send' | 'receive';
  /** The customer's rate: 1 `fromAsset` = `rate` `toAsset` (spread included, fee not). */
  readonly rate: string;
  /** The mid-market rate it was derived from. */
  readonly midRate: string;
  /** Everything leaving the source wallet: converted amount + fee, in `fromAsset`. */
  readonly amountSent: string;
  /** The part of `amountSent` that is converted. */
  readonly amountConverted: string;
  /** The conversion fee, in `fromAsset` (fee schedule conversionFiat or conversionCrypto). */
  readonly fee: string;
  /** The fee's schedule line id. */
  readonly feeId: 'conversionFiat' | 'conversionCrypto';
  /** What arrives in the destination wallet, in `toAsset`. */
  readonly amountReceived: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/**
 * POST /transfers: between two of the caller's wallets. Same asset: `amount` moves as is (no quote). Different
 * assets: `quoteId` is required (a live quote of these wallets); `amount`, when given, must equal the quote's
 * amountSent. Takes an Idempotency-Key.
 */
export const ownTransferRequestSchema = z
  .object({
    fromWalletId: cashIdSchema,
    toWalletId: cashIdSchema,
    amount: cashAmountSchema.optional(),
    quoteId: cashIdSchema.optional(),
    note: transferNoteSchema.optional(),
  })
  .strict();
export type OwnTransferRequest = z.input<typeof ownTransferRequestSchema>;

/**
 * POST /transfers/customer: to another Tessera customer by e-mail, same asset only (into the recipient's current
 * wallet of that asset, opened if absent). Needs a recent second factor (else 403 CASH_STEP_UP_REQUIRED), KYC
 * level 2, and stays within the 30-day customer-transfer limit. Takes an Idempotency-Key.
 */
export const customerTransferRequestSchema = z
  .object({
    fromWalletId: cashIdSchema,
    recipientEmail: textSchema({ min: 1, max: 254 })
      .transform((email) => email.toLowerCase())
      .pipe(z.email()),
    amount: cashAmountSchema,
    note: transferNoteSchema.optional(),
  })
  .strict();
export type CustomerTransferRequest = z.input<typeof customerTransferRequestSchema>;

/** A transfer as answered (the first answer again on a retry with the same Idempotency-Key). */
export interface CashTransfer {
  /** The operation id: the activity item's id in the source wallet. */
  readonly id: string;
  readonly kind: 'own_transfer' | 'conversion' | 'customer_transfer';
  readonly status: ActivityStatus;
  readonly fromWalletId: string;
  /** The destination wallet; null for a customer transfer (the recipient's wallet is not the sender's to know). */
  readonly toWalletId: string | null;
  readonly amountSent: string;
  readonly assetSent: string;
  readonly amountReceived: string;
  readonly assetReceived: string;
  readonly fee: string;
  /** The rate applied (FX only). */
  readonly rate: string | null;
  readonly quoteId: string | null;
  /** For a customer transfer: the recipient as they chose to be shown. */
  readonly recipient: { readonly displayName: string } | null;
  readonly note: string | null;
  readonly createdAt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Limits (read-only view for the web app)
// ---------------------------------------------------------------------------------------------------------------

/** One 30-day limit: how much is used and left, in EUR. `limit` null: the operation is not allowed at this level. */
export interface CashLimit {
  readonly operation: 'deposit' | 'withdrawal' | 'customerTransfer';
  readonly limit: string | null;
  readonly used: string;
  readonly remaining: string;
  /** Deposits only: the largest single deposit at this level (null for other operations or when not allowed). */
  readonly singleMax: string | null;
}

/** GET /limits: the caller's KYC level and the rolling 30-day limits in EUR. */
export interface CashLimits {
  readonly kycLevel: number;
  readonly currency: 'EUR';
  readonly limits: readonly CashLimit[];
}

// ---------------------------------------------------------------------------------------------------------------
// Live updates: the websocket at /api/cash-operations/ws
// ---------------------------------------------------------------------------------------------------------------

/**
 * Client → server. The first message must be `auth` with the access token, within 10 s, or the socket closes
 * (code 4401). `ping` is answered with `pong`.
 */
export const cashClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), accessToken: z.string().min(1).max(8192) }),
  z.object({ type: z.literal('ping') }),
]);
export type CashClientMessage = z.infer<typeof cashClientMessageSchema>;

/** Server → client. Only ever about the authenticated customer's own wallets and operations. */
export type CashServerMessage =
  /** Authenticated: events follow. */
  | { readonly type: 'ready'; readonly userId: string }
  /** A wallet's balance or details changed: refetch it. */
  | { readonly type: 'wallet.changed'; readonly walletId: string }
  /** An operation was created or changed status: refetch activity. */
  | {
      readonly type: 'operation.changed';
      readonly id: string;
      readonly walletId: string;
      readonly status: ActivityStatus;
    }
  | { readonly type: 'pong' }
  /**
   * A refusal; the socket closes after it (4401) when `code` is UNAUTHENTICATED, TOKEN_EXPIRED (at the token's
   * expiry) or ALREADY_AUTHENTICATED (a second `auth`).
   */
  | { readonly type: 'error'; readonly code: string };

/** Close code of a socket that did not authenticate (or whose token was refused). */
export const CASH_WS_CLOSE_UNAUTHENTICATED = 4401;
/** How long a new socket may take to send `auth`, in milliseconds. */
export const CASH_WS_AUTH_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

/**
 * Every code cash operations' core answers with (docs/api.md, "Cash operations"), besides the platform's
 * VALIDATION_FAILED, UNAUTHENTICATED, NOT_FOUND, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REQUIRED and
 * IDEMPOTENCY_IN_PROGRESS. The web app translates each in errors.json.
 */
export const CASH_ERROR_CODES = [
  'CASH_WALLET_NOT_FOUND',
  'CASH_WALLET_EXISTS',
  'CASH_WALLET_LIMIT_REACHED',
  'CASH_WALLET_NOT_OPEN',
  'CASH_ASSET_UNKNOWN',
  'CASH_AMOUNT_REQUIRED',
  'CASH_AMOUNT_NOT_A_NUMBER',
  'CASH_AMOUNT_NEGATIVE',
  'CASH_AMOUNT_NOT_POSITIVE',
  'CASH_AMOUNT_TOO_MANY_DECIMALS',
  'CASH_AMOUNT_TOO_LARGE',
  'CASH_INSUFFICIENT_FUNDS',
  'CASH_SAME_WALLET',
  'CASH_ASSET_MISMATCH',
  'CASH_QUOTE_REQUIRED',
  'CASH_QUOTE_NOT_FOUND',
  'CASH_QUOTE_EXPIRED',
  'CASH_QUOTE_MISMATCH',
  'CASH_QUOTE_USED',
  'CASH_RATE_UNAVAILABLE',
  'CASH_STEP_UP_REQUIRED',
  'CASH_KYC_LEVEL_REQUIRED',
  'CASH_LIMIT_EXCEEDED',
  'CASH_RECIPIENT_NOT_FOUND',
  'CASH_RECIPIENT_IS_SELF',
  'CASH_CURSOR_INVALID',
  'CASH_DEPOSIT_ABOVE_SINGLE_MAX',
  'CASH_STATEMENT_PERIOD_INVALID',
  'CASH_STATEMENT_TOO_LARGE',
  'CASH_LEDGER_UNAVAILABLE',
  // A newer version of the terms or privacy notice waits for the customer's acceptance (legal-documents.ts).
  'LEGAL_ACCEPTANCE_REQUIRED',
] as const;
/** One of {@link CASH_ERROR_CODES}. */
export type CashErrorCode = (typeof CASH_ERROR_CODES)[number];
