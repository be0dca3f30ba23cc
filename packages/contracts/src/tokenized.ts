/**
 * Tokenized assets management (PRODUCT.md, "Funds, automated investments, tokenized assets"; docs/api.md,
 * "Tokenized assets"; docs/adr/0021-tokenized-fund-units.md): a fund's units treated as a permissioned token in the
 * manner of ERC-3643 (T-REX), under `/api/investments/tokens`.
 *
 * - Holders move units between verified customers (KYC level 2) after a compliance pre-check. Where ERC-3643's
 *   `canTransfer` answers only yes or no, the pre-check answers every reason a transfer fails and the smallest
 *   change that would make it pass ({@link TokenCheckReason}).
 * - The issuer (a community fund's manager; for a fund curated by Tessera, the `admin` staff role) freezes and
 *   unfreezes a holder's units in whole or in part (a pending ledger transfer holds the frozen units, so the ledger
 *   itself refuses to move them), pauses and resumes transfers, forces a transfer (a reason required), distributes
 *   cash pro rata to the holders (one linked batch of ledger transfers: all land or none) and exports the holder
 *   register. Every issuer action is audited (who, what, when, reason).
 *
 * Units are decimal strings at {@link FUND_UNITS_SCALE} digits, cash in the fund's currency at 2 digits.
 */
import { z } from 'zod';
import { FUND_CURRENCIES, fundAmountSchema, fundUnitsSchema } from './investments.ts';
import { textSchema } from './text.ts';

// ---------------------------------------------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------------------------------------------

/** Where the tokenized-assets routes live (under the investments service). */
export const TOKENS_API_PREFIX = '/api/investments/tokens';
/** Different recipient addresses one customer may look up in {@link TOKEN_RECIPIENT_LOOKUP_WINDOW_S}. */
export const TOKEN_RECIPIENT_LOOKUPS_MAX = 20;
export const TOKEN_RECIPIENT_LOOKUP_WINDOW_S = 24 * 60 * 60;
/** A forced transfer's (and a freeze's optional) reason: 3 to 200 characters. */
export const TOKEN_REASON_MIN = 3;
export const TOKEN_REASON_MAX = 200;
/** Audit entries one page answers at most (newest first). */
export const TOKEN_AUDIT_PAGE_MAX = 200;
/** An issuer token's symbol: 2 to 8 capital letters or digits. */
export const TOKEN_SYMBOL_PATTERN = /^[A-Z0-9]{2,8}$/;

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

const recipientEmailSchema = textSchema({ min: 3, max: 254 }).refine(
  (value) => /^[^\s@]+@[^\s@]+$/.test(value.trim()),
  {
    error: 'must be an e-mail address',
  },
);
const reasonSchema = textSchema({ min: TOKEN_REASON_MIN, max: TOKEN_REASON_MAX });
const userIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

/** `POST /tokens/funds/:fundId/transfers/check` and `/transfers`: units to another customer, found by e-mail. */
export const tokenTransferRequestSchema = z
  .object({ recipientEmail: recipientEmailSchema, units: fundUnitsSchema })
  .strict();
export type TokenTransferRequest = z.input<typeof tokenTransferRequestSchema>;

/** `POST /tokens/funds/:fundId/freeze`: freeze `units` more of the holder's units, or `all` of them. */
export const tokenFreezeRequestSchema = z
  .object({
    holderId: userIdSchema,
    units: z.union([fundUnitsSchema, z.literal('all')]),
    reason: reasonSchema.optional(),
  })
  .strict();
export type TokenFreezeRequest = z.input<typeof tokenFreezeRequestSchema>;

/** `POST /tokens/funds/:fundId/unfreeze`: release `units` of the frozen part, or `all` of it. */
export const tokenUnfreezeRequestSchema = tokenFreezeRequestSchema;
export type TokenUnfreezeRequest = TokenFreezeRequest;

/** `POST /tokens/funds/:fundId/pause` and `/resume`. */
export const tokenPauseRequestSchema = z.object({ reason: reasonSchema.optional() }).strict();
export type TokenPauseRequest = z.input<typeof tokenPauseRequestSchema>;

/** `POST /tokens/funds/:fundId/forced-transfers`: the issuer moves a holder's units to another holder. */
export const tokenForcedTransferRequestSchema = z
  .object({
    fromHolderId: userIdSchema,
    toHolderId: userIdSchema,
    units: fundUnitsSchema,
    reason: reasonSchema,
  })
  .strict();
export type TokenForcedTransferRequest = z.input<typeof tokenForcedTransferRequestSchema>;

/** `POST /tokens/funds/:fundId/distributions` and `/distributions/preview`: cash from the issuer's wallet. */
export const tokenDistributionRequestSchema = z.object({ amount: fundAmountSchema }).strict();
export type TokenDistributionRequest = z.input<typeof tokenDistributionRequestSchema>;

/**
 * `POST /tokens/issued`: an issuer token (no underlying basket) issued by the caller, a verified customer. Its price
 * per unit is its par value (a positive decimal with at most 2 decimals in its currency); its symbol is upper-cased.
 */
export const createIssuerTokenRequestSchema = z
  .object({
    name: textSchema({ min: 3, max: 80 }),
    symbol: z
      .string()
      .max(16)
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => TOKEN_SYMBOL_PATTERN.test(value), {
        error: 'must be 2 to 8 letters or digits',
      }),
    currency: z.enum(FUND_CURRENCIES).default('EUR'),
    parValue: fundAmountSchema,
    description: textSchema({ max: 2000, multiline: true }).default(''),
  })
  .strict();
export type CreateIssuerTokenRequest = z.input<typeof createIssuerTokenRequestSchema>;

/** `POST /tokens/funds/:fundId/mint` (an issuer token only): new units to a verified customer found by e-mail. */
export const tokenMintRequestSchema = z
  .object({ recipientEmail: recipientEmailSchema, units: fundUnitsSchema, reason: reasonSchema })
  .strict();
export type TokenMintRequest = z.input<typeof tokenMintRequestSchema>;

/** `POST /tokens/funds/:fundId/burn` (an issuer token only): a holder's free units back to the issuance account. */
export const tokenBurnRequestSchema = z
  .object({ holderId: userIdSchema, units: fundUnitsSchema, reason: reasonSchema })
  .strict();
export type TokenBurnRequest = z.input<typeof tokenBurnRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** An issuer token as created: a fund row of asset kind `token` (its page is the fund's page). */
export interface IssuerToken {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly currency: string;
  readonly parValue: string;
  readonly description: string;
  readonly createdAt: string;
}

/** Why a transfer would fail, each with the smallest change that would lift it. */
export type TokenCheckReasonCode =
  | 'TRANSFERS_PAUSED'
  | 'SENDER_NOT_VERIFIED'
  | 'RECIPIENT_NOT_CUSTOMER'
  | 'RECIPIENT_IS_SELF'
  | 'RECIPIENT_NOT_VERIFIED'
  | 'INSUFFICIENT_UNITS'
  | 'UNITS_FROZEN';

/**
 * The smallest change: reduce the units to `units`; the sender or the recipient reaches verification `level`;
 * wait for the issuer to resume transfers; choose another recipient; ask the issuer to unfreeze units (none is
 * free to move); invest in the fund first (the sender holds none).
 */
export type TokenCheckFix =
  | { readonly kind: 'reduceUnits'; readonly units: string }
  | { readonly kind: 'askIssuerToUnfreeze' }
  | { readonly kind: 'investFirst' }
  | { readonly kind: 'senderVerification'; readonly level: number }
  | { readonly kind: 'recipientVerification'; readonly level: number }
  | { readonly kind: 'waitForResume' }
  | { readonly kind: 'otherRecipient' };

export interface TokenCheckReason {
  readonly code: TokenCheckReasonCode;
  /** Units the sender holds, of them frozen, and free to move (when the reason is about units). */
  readonly held?: string;
  readonly frozen?: string;
  readonly available?: string;
  readonly fix: TokenCheckFix;
}

/** The compliance pre-check's answer: `allowed` only when `reasons` is empty. */
export interface TokenTransferCheck {
  readonly fundId: string;
  readonly units: string;
  readonly allowed: boolean;
  /** The recipient's display name (to confirm) when the address is a Tessera customer's. */
  readonly recipientName: string | null;
  readonly reasons: readonly TokenCheckReason[];
  /** The units that would pass when reducing them is enough (null: it is not, or nothing is wrong with them). */
  readonly suggestedUnits: string | null;
}

/** A done transfer (a holder's, the issuer's forced one, a mint or a burn). */
export interface TokenTransfer {
  readonly id: string;
  readonly fundId: string;
  readonly kind: 'transfer' | 'forced' | 'mint' | 'burn';
  readonly units: string;
  /** Who received the units; for a burn, the holder whose units were burnt. */
  readonly recipientName: string;
  readonly reason: string | null;
  readonly createdAt: string;
}

/** The caller's own position in a fund's token: what they hold, of it frozen, and whether transfers are paused. */
export interface TokenPosition {
  readonly fundId: string;
  readonly units: string;
  readonly frozenUnits: string;
  readonly availableUnits: string;
  readonly paused: boolean;
  /** True when the caller may act as the issuer. */
  readonly isIssuer: boolean;
  /** The token's symbol and par value when the asset is an issuer token; null for a fund's units. */
  readonly token: IssuerTokenTerms | null;
}

/** What sets an issuer token apart from a fund: its symbol and its par value (its price per unit). */
export interface IssuerTokenTerms {
  readonly symbol: string;
  readonly parValue: string;
}

/** A line of the holder register. */
export interface TokenHolder {
  readonly holderId: string;
  readonly name: string;
  readonly units: string;
  readonly frozenUnits: string;
  /** Percent of the units outstanding held by this holder, 4 decimals, cut toward zero. */
  readonly share: string;
  /** When the holder first received units (ISO time). */
  readonly since: string;
}

export interface TokenRegister {
  readonly fundId: string;
  readonly fundName: string;
  readonly currency: string;
  readonly paused: boolean;
  readonly unitsOutstanding: string;
  readonly holders: readonly TokenHolder[];
}

/** One holder's leg of a distribution. */
export interface TokenDistributionShare {
  readonly holderId: string;
  readonly name: string;
  readonly units: string;
  /** Cash to this holder: amount x units / units held by all, cut to the cent. */
  readonly amount: string;
}

/** A distribution's preview and its record: shares, what they sum to, and the remainder that stays with the issuer. */
export interface TokenDistribution {
  readonly id: string | null;
  readonly fundId: string;
  readonly amount: string;
  readonly currency: string;
  readonly shares: readonly TokenDistributionShare[];
  readonly distributed: string;
  /** The cents the cut leaves (and the issuer's own share when the issuer holds units): they stay in the wallet. */
  readonly remainder: string;
  readonly status: 'preview' | 'done';
  readonly createdAt: string | null;
}

export type TokenAuditAction =
  'freeze' | 'unfreeze' | 'pause' | 'resume' | 'forced_transfer' | 'distribution' | 'mint' | 'burn';

/** One issuer action as the audit records it. */
export interface TokenAuditEntry {
  readonly id: string;
  readonly fundId: string;
  readonly action: TokenAuditAction;
  readonly actorId: string;
  readonly actorName: string;
  /** `manager` (the community fund's manager) or `staff` (an admin acting for a curated fund). */
  readonly actorRole: 'manager' | 'staff';
  readonly holderId: string | null;
  readonly units: string | null;
  readonly amount: string | null;
  readonly reason: string | null;
  readonly at: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "Tokenized assets")
// ---------------------------------------------------------------------------------------------------------------

export const TOKENIZED_ERROR_CODES = [
  'TOKENS_NOT_ISSUER',
  'TOKENS_NOT_HOLDER',
  'TOKENS_TRANSFER_REFUSED',
  'TOKENS_INSUFFICIENT_UNITS',
  'TOKENS_NOTHING_FROZEN',
  'TOKENS_RECIPIENT_NOT_VERIFIED',
  'TOKENS_NO_HOLDERS',
  'TOKENS_NO_WALLET',
  'TOKENS_INSUFFICIENT_FUNDS',
  'TOKENS_DISTRIBUTION_FAILED',
  'TOKENS_NOT_A_TOKEN',
  'TOKENS_NOT_INVESTABLE',
  'TOKENS_SYMBOL_TAKEN',
] as const;
export type TokenizedErrorCode = (typeof TOKENIZED_ERROR_CODES)[number];
