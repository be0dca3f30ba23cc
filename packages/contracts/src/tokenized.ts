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
// Answers: each a zod schema (the routes' OpenAPI response schemas) and the type it infers
// ---------------------------------------------------------------------------------------------------------------

/** An issuer token as created: a fund row of asset kind `token` (its page is the fund's page). */
export const issuerTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    currency: z.string(),
    parValue: z.string(),
    description: z.string(),
    createdAt: z.string(),
  })
  .describe('An issuer token as created');
export type IssuerToken = z.infer<typeof issuerTokenSchema>;

/** Why a transfer would fail, each with the smallest change that would lift it. */
export const TOKEN_CHECK_REASON_CODES = [
  'TRANSFERS_PAUSED',
  'SENDER_NOT_VERIFIED',
  'RECIPIENT_NOT_CUSTOMER',
  'RECIPIENT_IS_SELF',
  'RECIPIENT_NOT_VERIFIED',
  'INSUFFICIENT_UNITS',
  'UNITS_FROZEN',
] as const;
export type TokenCheckReasonCode = (typeof TOKEN_CHECK_REASON_CODES)[number];

/**
 * The smallest change: reduce the units to `units`; the sender or the recipient reaches verification `level`;
 * wait for the issuer to resume transfers; choose another recipient; ask the issuer to unfreeze units (none is
 * free to move); invest in the fund first (the sender holds none).
 */
export const tokenCheckFixSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reduceUnits'), units: z.string() }),
  z.object({ kind: z.literal('askIssuerToUnfreeze') }),
  z.object({ kind: z.literal('investFirst') }),
  z.object({ kind: z.literal('senderVerification'), level: z.number().int() }),
  z.object({ kind: z.literal('recipientVerification'), level: z.number().int() }),
  z.object({ kind: z.literal('waitForResume') }),
  z.object({ kind: z.literal('otherRecipient') }),
]);
export type TokenCheckFix = z.infer<typeof tokenCheckFixSchema>;

/** One reason a transfer would fail, and the smallest change that would lift it. */
export const tokenCheckReasonSchema = z.object({
  code: z.enum(TOKEN_CHECK_REASON_CODES),
  /** Units the sender holds, of them frozen, and free to move (when the reason is about units). */
  held: z.string().optional(),
  frozen: z.string().optional(),
  available: z.string().optional(),
  fix: tokenCheckFixSchema,
});
export type TokenCheckReason = z.infer<typeof tokenCheckReasonSchema>;

/** The compliance pre-check's answer: `allowed` only when `reasons` is empty. */
export const tokenTransferCheckSchema = z
  .object({
    fundId: z.string(),
    units: z.string(),
    allowed: z.boolean(),
    /** The recipient's display name (to confirm) when the address is a Tessera customer's. */
    recipientName: z.string().nullable(),
    reasons: z.array(tokenCheckReasonSchema).readonly(),
    /** The units that would pass when reducing them is enough (null: it is not, or nothing is wrong with them). */
    suggestedUnits: z.string().nullable(),
  })
  .describe("The compliance pre-check's answer: allowed only when reasons is empty");
export type TokenTransferCheck = z.infer<typeof tokenTransferCheckSchema>;

/** A done transfer (a holder's, the issuer's forced one, a mint or a burn). */
export const tokenTransferSchema = z
  .object({
    id: z.string(),
    fundId: z.string(),
    kind: z.enum(['transfer', 'forced', 'mint', 'burn']),
    units: z.string(),
    /** Who received the units; for a burn, the holder whose units were burnt. */
    recipientName: z.string(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe("A done transfer (a holder's, a forced one, a mint or a burn)");
export type TokenTransfer = z.infer<typeof tokenTransferSchema>;

/** What sets an issuer token apart from a fund: its symbol and its par value (its price per unit). */
export const issuerTokenTermsSchema = z.object({ symbol: z.string(), parValue: z.string() });
export type IssuerTokenTerms = z.infer<typeof issuerTokenTermsSchema>;

/** The caller's own position in a fund's token: what they hold, of it frozen, and whether transfers are paused. */
export const tokenPositionSchema = z
  .object({
    fundId: z.string(),
    units: z.string(),
    frozenUnits: z.string(),
    availableUnits: z.string(),
    paused: z.boolean(),
    /** True when the caller may act as the issuer. */
    isIssuer: z.boolean(),
    /** The token's symbol and par value when the asset is an issuer token; null for a fund's units. */
    token: issuerTokenTermsSchema.nullable(),
  })
  .describe("The caller's position in a fund's token");
export type TokenPosition = z.infer<typeof tokenPositionSchema>;

/** A line of the holder register. */
export const tokenHolderSchema = z
  .object({
    holderId: z.string(),
    name: z.string(),
    units: z.string(),
    frozenUnits: z.string(),
    /** Percent of the units outstanding held by this holder, 4 decimals, cut toward zero. */
    share: z.string(),
    /** When the holder first received units (ISO time). */
    since: z.string(),
  })
  .describe('A line of the holder register');
export type TokenHolder = z.infer<typeof tokenHolderSchema>;

/** `GET /tokens/funds/:fundId/register`: the holders of the fund's units (the issuer only). */
export const tokenRegisterSchema = z
  .object({
    fundId: z.string(),
    fundName: z.string(),
    currency: z.string(),
    paused: z.boolean(),
    unitsOutstanding: z.string(),
    holders: z.array(tokenHolderSchema).readonly(),
  })
  .describe("The fund's holder register");
export type TokenRegister = z.infer<typeof tokenRegisterSchema>;

/** `POST /tokens/funds/:fundId/pause` and `/resume`: the fund's transfers as they now stand. */
export const tokenPauseStateSchema = z.object({ fundId: z.string(), paused: z.boolean() });
export type TokenPauseState = z.infer<typeof tokenPauseStateSchema>;

/** One holder's leg of a distribution. */
export const tokenDistributionShareSchema = z.object({
  holderId: z.string(),
  name: z.string(),
  units: z.string(),
  /** Cash to this holder: amount x units / units held by all, cut to the cent. */
  amount: z.string(),
});
export type TokenDistributionShare = z.infer<typeof tokenDistributionShareSchema>;

/** A distribution's preview and its record: shares, what they sum to, and the remainder that stays with the issuer. */
export const tokenDistributionSchema = z
  .object({
    id: z.string().nullable(),
    fundId: z.string(),
    amount: z.string(),
    currency: z.string(),
    shares: z.array(tokenDistributionShareSchema).readonly(),
    distributed: z.string(),
    /** The cents the cut leaves (and the issuer's own share when the issuer holds units): they stay in the wallet. */
    remainder: z.string(),
    status: z.enum(['preview', 'done']),
    createdAt: z.string().nullable(),
  })
  .describe("A distribution's preview or record");
export type TokenDistribution = z.infer<typeof tokenDistributionSchema>;

/** The issuer actions the audit records. */
export const TOKEN_AUDIT_ACTIONS = [
  'freeze',
  'unfreeze',
  'pause',
  'resume',
  'forced_transfer',
  'distribution',
  'mint',
  'burn',
] as const;
export type TokenAuditAction = (typeof TOKEN_AUDIT_ACTIONS)[number];

/** One issuer action as the audit records it. */
export const tokenAuditEntrySchema = z.object({
  id: z.string(),
  fundId: z.string(),
  action: z.enum(TOKEN_AUDIT_ACTIONS),
  actorId: z.string(),
  actorName: z.string(),
  /** `manager` (the community fund's manager) or `staff` (an admin acting for a curated fund). */
  actorRole: z.enum(['manager', 'staff']),
  holderId: z.string().nullable(),
  units: z.string().nullable(),
  amount: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type TokenAuditEntry = z.infer<typeof tokenAuditEntrySchema>;

/** `GET /tokens/funds/:fundId/audit`: the issuer's actions, newest first (at most {@link TOKEN_AUDIT_PAGE_MAX}). */
export const tokenAuditResponseSchema = z
  .object({ items: z.array(tokenAuditEntrySchema).readonly() })
  .describe("The issuer's actions on the fund, newest first");
export type TokenAuditResponse = z.infer<typeof tokenAuditResponseSchema>;

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
