/**
 * Cash operations' rails: the HTTP contract of card, SEPA and crypto deposits, withdrawals and beneficiaries
 * (services/cash-operations/src/modules/{card,sepa,crypto,withdrawals,beneficiaries}; docs/api.md, "Cash operations:
 * rails"), and of the payment-processor simulator's tokenisation endpoint (/processor-sim).
 *
 * Same conventions as cash-operations.ts: decimal-string amounts, ISO 8601 times, UUID ids, an Idempotency-Key on
 * every POST that moves money or creates a resource. IBANs and addresses are checked by the service with
 * payment-identifiers.ts (the same functions the web app may run first), so a bad one is a CASH_INVALID_* code
 * rather than VALIDATION_FAILED.
 */
import { z } from 'zod';
import { textSchema } from './text.ts';

/** The crypto assets with a chain (deposit addresses, crypto beneficiaries). */
export const RAIL_CRYPTO_ASSETS = ['BTC', 'ETH', 'USDC'] as const;
export type RailCryptoAsset = (typeof RAIL_CRYPTO_ASSETS)[number];

/** The fiat assets a card deposit may fund. */
export const CARD_DEPOSIT_ASSETS = ['EUR', 'USD', 'GBP', 'CHF'] as const;

const idText = textSchema({ min: 1, max: 64 });
const amountText = z.string({ error: 'CASH_AMOUNT_NOT_A_NUMBER: amounts are decimal strings' }).max(64);

// ---------------------------------------------------------------------------------------------------------------
// Beneficiaries (settings, section withdrawal)
// ---------------------------------------------------------------------------------------------------------------

/** Longest beneficiary name (SEPA's creditor name is at most 70 characters). */
export const BENEFICIARY_NAME_MAX_CHARS = 70;
/** Most beneficiaries one customer may keep. */
export const BENEFICIARIES_PER_CUSTOMER_MAX = 50;

/** POST /beneficiaries: an IBAN (SEPA, EUR) or a crypto address for one asset. */
export const createBeneficiaryRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('iban'),
      name: textSchema({ max: 200 }),
      iban: textSchema({ max: 64 }),
      bic: textSchema({ max: 20 }).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('crypto'),
      name: textSchema({ max: 200 }),
      asset: z.enum(RAIL_CRYPTO_ASSETS),
      address: textSchema({ max: 128 }),
    })
    .strict(),
]);
export type CreateBeneficiaryRequest = z.input<typeof createBeneficiaryRequestSchema>;

/** A saved beneficiary. `iban` is the electronic format (print it with formatIban). */
export interface Beneficiary {
  readonly id: string;
  readonly kind: 'iban' | 'crypto';
  readonly name: string;
  readonly iban: string | null;
  readonly bic: string | null;
  /** For crypto: the asset it receives, and the chain. */
  readonly asset: RailCryptoAsset | null;
  readonly chain: 'bitcoin' | 'ethereum' | null;
  readonly address: string | null;
  readonly createdAt: string;
}

export interface BeneficiaryListResponse {
  readonly items: readonly Beneficiary[];
}

// ---------------------------------------------------------------------------------------------------------------
// Cards (settings, section depositCard) and card deposits
// ---------------------------------------------------------------------------------------------------------------

/** A card the customer saved: the processor's token stays on the server; only these facts are shown. */
export interface SavedCard {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly isDefault: boolean;
  readonly createdAt: string;
}

export interface SavedCardListResponse {
  readonly items: readonly SavedCard[];
}

/** Most cards one customer may keep saved (a deposit asking to save one more is refused: CASH_CARD_LIMIT_REACHED). */
export const SAVED_CARDS_PER_CUSTOMER_MAX = 10;

/**
 * POST /card/deposits: fund `walletId` with `amount` (what arrives in the wallet; the card is charged amount + the
 * depositCard fee). Pay with a fresh `token` from the processor's tokenisation endpoint (optionally `saveCard`) or
 * a `savedCardId`. `returnUrl` is a path of this site where the 3-D Secure page sends the customer back.
 */
export const createCardDepositRequestSchema = z
  .object({
    walletId: idText,
    amount: amountText,
    token: textSchema({ min: 1, max: 128 }).optional(),
    savedCardId: idText.optional(),
    saveCard: z.boolean().optional(),
    returnUrl: textSchema({ max: 512 }).optional(),
    /** The language of the 3-D Secure page. */
    locale: z.enum(['en', 'fr']).optional(),
  })
  .strict()
  .refine((body) => (body.token === undefined) !== (body.savedCardId === undefined), {
    error: 'give exactly one of token and savedCardId',
  });
export type CreateCardDepositRequest = z.input<typeof createCardDepositRequestSchema>;

/**
 * Where a card deposit stands: requires_action (3-D Secure: send the customer to `actionUrl`), pending (authorised,
 * held until capture), posted (captured: the money is in the wallet), declined (nothing held), voided (3-D Secure
 * failed or the authorisation was released).
 */
export const CARD_DEPOSIT_STATUSES = ['requires_action', 'pending', 'posted', 'declined', 'voided'] as const;
export type CardDepositStatus = (typeof CARD_DEPOSIT_STATUSES)[number];

export interface CardDeposit {
  /** The operation id (the same in the wallet's activity). */
  readonly id: string;
  readonly walletId: string;
  readonly status: CardDepositStatus;
  readonly asset: string;
  /** What arrives in the wallet. */
  readonly amount: string;
  readonly fee: string;
  /** What the card is charged: amount + fee. */
  readonly charged: string;
  readonly card: { readonly brand: string; readonly last4: string };
  /** For requires_action: the processor's 3-D Secure page. */
  readonly actionUrl: string | null;
  /** For declined: the processor's reason, e.g. card_declined. */
  readonly declineCode: string | null;
  readonly createdAt: string;
}

/** POST /processor-sim/v1/tokens (the processor's hosted field): card details in, a token out. */
export const tokenizeCardRequestSchema = z
  .object({
    number: z.string().max(32),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(8),
  })
  .strict();
export type TokenizeCardRequest = z.input<typeof tokenizeCardRequestSchema>;

export interface CardToken {
  readonly token: string;
  readonly card: {
    readonly brand: string;
    readonly last4: string;
    readonly expMonth: number;
    readonly expYear: number;
  };
}

/** The simulator's test cards (docs/operations.md): any future expiry, any 3-digit CVC. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// SEPA (settings, section depositSepa)
// ---------------------------------------------------------------------------------------------------------------

/** GET /sepa/details: what to give a payer so money reaches the EUR current wallet. */
export interface SepaDepositDetails {
  readonly walletId: string;
  readonly iban: string;
  readonly bic: string;
  /** The account holder name to use. */
  readonly accountHolder: string;
  /** The customer's payment reference: not required with the wallet's own IBAN, but it lets support match fast. */
  readonly reference: string;
}

/** POST /dev/sepa/incoming (simulator; not in production except for staff): a credit arriving for an IBAN. */
export const simulateSepaCreditRequestSchema = z
  .object({
    iban: textSchema({ max: 64 }),
    amount: amountText,
    currency: z.literal('EUR').default('EUR'),
    debtorName: textSchema({ min: 1, max: 70 }).default('Simulated payer'),
    debtorIban: textSchema({ max: 64 }).optional(),
    remittance: textSchema({ max: 140 }).optional(),
    endToEndId: textSchema({ min: 1, max: 35 }).optional(),
  })
  .strict();
export type SimulateSepaCreditRequest = z.input<typeof simulateSepaCreditRequestSchema>;

/** One incoming credit as booked: to a wallet, or to suspense when no wallet has the IBAN. */
export interface SepaCreditResult {
  readonly id: string;
  readonly entryReference: string;
  readonly outcome: 'credited' | 'suspense';
  /** False when this entry had been booked before (a re-import or a retried credit): nothing moved again. */
  readonly created: boolean;
  readonly amount: string;
  readonly currency: string;
}

/** POST /sepa/camt054: what importing a notification file did. */
export interface Camt054ImportResult {
  readonly entries: number;
  readonly credited: number;
  readonly suspense: number;
  /** Entries already booked by an earlier import. */
  readonly duplicates: number;
  /** Debit entries and non-EUR entries are not credits to wallets: counted, not booked. */
  readonly skipped: number;
  readonly results: readonly SepaCreditResult[];
}

/**
 * Where a camt.054 import stands (four eyes): `pending` (uploaded, nothing booked), `approved` (a second admin said
 * yes; booking under way, or interrupted and resumed by approving again), `booked`, `rejected`, `expired` (not
 * approved within CAMT054_IMPORT_TTL_HOURS).
 */
export const CAMT054_IMPORT_STATUSES = ['pending', 'approved', 'booked', 'rejected', 'expired'] as const;
export type Camt054ImportStatus = (typeof CAMT054_IMPORT_STATUSES)[number];

/** How long an uploaded camt.054 file waits for a second admin's approval before it expires. */
export const CAMT054_IMPORT_TTL_HOURS = 24;
/** Most imports that may wait for approval at once (each holds up to 5,000 credits): a bound on stored work. */
export const CAMT054_PENDING_IMPORTS_MAX = 20;
/** Most imports one page of GET /sepa/camt054/imports holds (newest first). */
export const CAMT054_IMPORT_LIST_MAX = 50;
/** Longest reason an admin may give when rejecting an import. */
export const CAMT054_REJECT_REASON_MAX_CHARS = 500;

/** A staff member as the audit log names them: the token's `sub` and username. */
export interface StaffActor {
  readonly userId: string;
  readonly username: string;
}

/** One credit of an import's preview: what approving will book, and where it is expected to land. */
export interface Camt054ImportCredit {
  readonly reference: string;
  readonly creditorIban: string;
  /** Euros, decimal text. */
  readonly amount: string;
  readonly debtorName: string | null;
  readonly debtorIban: string | null;
  readonly remittance: string | null;
  /** At upload: a wallet has the IBAN (credited), none has (suspense), or the entry was booked before (duplicate). */
  readonly expectedOutcome: 'credited' | 'suspense' | 'duplicate';
}

/** An uploaded camt.054 file awaiting, or past, a second admin's decision. */
export interface Camt054Import {
  readonly id: string;
  readonly status: Camt054ImportStatus;
  /** SHA-256 of the file as uploaded (hex), to match it with the bank's copy. */
  readonly fileSha256: string;
  readonly entries: number;
  /** The booked EUR credits the file carries, and their total in euros (decimal text). */
  readonly creditCount: number;
  readonly creditTotal: string;
  readonly currency: 'EUR';
  /** Debits, other currencies and unbooked entries: never booked. */
  readonly skipped: number;
  readonly uploadedBy: StaffActor;
  readonly uploadedAt: string;
  readonly expiresAt: string;
  /** Who approved or rejected it, and when (null while pending or expired). */
  readonly decidedBy: StaffActor | null;
  readonly decidedAt: string | null;
  readonly rejectReason: string | null;
  readonly bookedAt: string | null;
  /** What booking did (null until booked). */
  readonly result: Camt054ImportResult | null;
  /** The preview (GET of one import, upload and decisions; omitted in lists). */
  readonly credits?: readonly Camt054ImportCredit[];
}

/** GET /sepa/camt054/imports: newest first, at most CAMT054_IMPORT_LIST_MAX. */
export interface Camt054ImportListResponse {
  readonly items: readonly Camt054Import[];
}

/** GET /sepa/camt054/imports query. */
export const camt054ImportListQuerySchema = z
  .object({ status: z.enum(CAMT054_IMPORT_STATUSES).optional() })
  .strict();

/** POST /sepa/camt054/imports/:id/reject. */
export const rejectCamt054ImportRequestSchema = z
  .object({ reason: textSchema({ max: CAMT054_REJECT_REASON_MAX_CHARS, multiline: true }).optional() })
  .strict();
export type RejectCamt054ImportRequest = z.input<typeof rejectCamt054ImportRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Crypto (settings, section depositCrypto)
// ---------------------------------------------------------------------------------------------------------------

/** GET /crypto/networks: the chains, their confirmations required and the simulated chain's height. */
export interface CryptoNetwork {
  readonly chain: 'bitcoin' | 'ethereum';
  readonly assets: readonly RailCryptoAsset[];
  readonly confirmationsRequired: number;
  readonly tipHeight: number;
  /** How often the simulated chain produces a block (null: a real chain). */
  readonly blockIntervalMs: number | null;
}

export interface CryptoNetworksResponse {
  readonly items: readonly CryptoNetwork[];
}

/** POST /dev/crypto/incoming (simulator): someone sends `amount` of `asset` to `address`. */
export const simulateCryptoDepositRequestSchema = z
  .object({
    asset: z.enum(RAIL_CRYPTO_ASSETS),
    address: textSchema({ max: 128 }),
    amount: amountText,
  })
  .strict();
export type SimulateCryptoDepositRequest = z.input<typeof simulateCryptoDepositRequestSchema>;

export interface SimulatedCryptoTransaction {
  readonly chain: 'bitcoin' | 'ethereum';
  readonly txHash: string;
  /** The deposit it created (pending until the confirmations), or null when no wallet has the address. */
  readonly depositId: string | null;
}

/** POST /dev/crypto/blocks (simulator): produce `count` blocks on `chain` now. */
export const produceBlocksRequestSchema = z
  .object({ chain: z.enum(['bitcoin', 'ethereum']), count: z.number().int().min(1).max(100).default(1) })
  .strict();

// ---------------------------------------------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------------------------------------------

/** POST /withdrawals: send `amount` (what the beneficiary receives; the fee is on top) to a saved beneficiary. */
export const createWithdrawalRequestSchema = z
  .object({
    walletId: idText,
    beneficiaryId: idText,
    amount: amountText,
    reference: textSchema({ max: 140 }).optional(),
  })
  .strict();
export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequestSchema>;

/** pending: held in the wallet until the rail confirms; posted: sent; voided: the rail rejected it, hold released. */
export interface Withdrawal {
  readonly id: string;
  readonly walletId: string;
  readonly beneficiaryId: string;
  readonly rail: 'sepa' | 'crypto';
  readonly destination: string;
  readonly beneficiaryName: string;
  readonly asset: string;
  readonly amount: string;
  readonly fee: string;
  readonly status: 'pending' | 'posted' | 'voided';
  /** The rail's reference once sent (a transaction hash on a chain). */
  readonly railReference: string | null;
  readonly rejectReason: string | null;
  readonly createdAt: string;
  /** When the rail confirmed (posted) or rejected (voided) it; null while pending. */
  readonly settledAt: string | null;
}

/** Most withdrawals one page of GET /withdrawals holds. */
export const WITHDRAWAL_LIST_LIMIT_MAX = 100;
/** Withdrawals per page when the caller does not say. */
export const WITHDRAWAL_LIST_LIMIT_DEFAULT = 20;

/** GET /withdrawals query: `cursor` is the previous page's `nextCursor`; `status` narrows to one status. */
export const withdrawalListQuerySchema = z
  .object({
    cursor: textSchema({ max: 200 }).optional(),
    status: z.enum(['pending', 'posted', 'voided']).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(WITHDRAWAL_LIST_LIMIT_MAX)
      .default(WITHDRAWAL_LIST_LIMIT_DEFAULT),
  })
  .strict();
export type WithdrawalListQuery = z.input<typeof withdrawalListQuerySchema>;

/** GET /withdrawals: the caller's withdrawals, newest first; `nextCursor` is null on the last page. */
export interface WithdrawalPage {
  readonly items: readonly Withdrawal[];
  readonly nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

/** Every code the rails answer with besides the core's (CASH_ERROR_CODES) and the platform's. */
export const CASH_RAIL_ERROR_CODES = [
  'CASH_INVALID_IBAN',
  'CASH_INVALID_BIC',
  'CASH_INVALID_CRYPTO_ADDRESS',
  'CASH_BENEFICIARY_NOT_FOUND',
  'CASH_BENEFICIARY_NAME_INVALID',
  'CASH_BENEFICIARY_LIMIT_REACHED',
  'CASH_BENEFICIARY_ASSET_MISMATCH',
  'CASH_CARD_DECLINED',
  'CASH_CARD_TOKEN_INVALID',
  'CASH_CARD_NOT_FOUND',
  'CASH_CARD_DEPOSIT_NOT_FOUND',
  'CASH_CARD_ASSET_UNSUPPORTED',
  'CASH_CARD_RETURN_URL_INVALID',
  'CASH_CARD_PROCESSOR_UNAVAILABLE',
  'CASH_CARD_LIMIT_REACHED',
  'CASH_SEPA_ASSET_UNSUPPORTED',
  'CASH_CAMT054_INVALID',
  'CASH_CRYPTO_ASSET_UNSUPPORTED',
  'CASH_WITHDRAWAL_NOT_FOUND',
  'CASH_SIMULATOR_DISABLED',
] as const;
export type CashRailErrorCode = (typeof CASH_RAIL_ERROR_CODES)[number];

/** The codes only admins' back-office routes answer with (camt.054 imports); the customer app never shows them. */
export const CASH_BACK_OFFICE_ERROR_CODES = [
  'CASH_CAMT054_IMPORT_NOT_FOUND',
  'CASH_CAMT054_TOO_MANY_PENDING',
  'CASH_CAMT054_SAME_ADMIN',
  'CASH_CAMT054_IMPORT_EXPIRED',
  'CASH_CAMT054_IMPORT_NOT_PENDING',
] as const;

/** The processor simulator's own codes (it is an outside party: PROCESSOR_ prefix). */
export const PROCESSOR_SIM_ERROR_CODES = [
  'PROCESSOR_CARD_NUMBER_INVALID',
  'PROCESSOR_CARD_NOT_A_TEST_CARD',
  'PROCESSOR_CARD_EXPIRED',
  'PROCESSOR_CARD_CVC_INVALID',
  'PROCESSOR_CHALLENGE_NOT_FOUND',
] as const;
