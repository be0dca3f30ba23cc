/**
 * The investments service's contract (PRODUCT.md, "Funds, automated investments, tokenized assets"; docs/api.md,
 * "Investments"; docs/adr/0019-fund-units-nav-and-money-paths.md): HTTP bodies and answers under
 * `/api/investments`, the in-process clients, and every error code.
 *
 * Money and units are decimal strings, never numbers: amounts in the fund's currency at its scale (EUR: 2
 * digits), units at {@link FUND_UNITS_SCALE} digits, NAV per unit at {@link FUND_NAV_SCALE} digits, weights in
 * percent with at most {@link FUND_WEIGHT_DECIMALS} digits (the targets of a fund sum to exactly `100`).
 *
 * NAV per unit = (cash + sum(position quantity x reference price) - accrued fees) / units outstanding, pending
 * subscriptions and redemptions excluded, rounded down (toward zero) to {@link FUND_NAV_SCALE} digits. A fund
 * without units outstanding has the NAV {@link FUND_INITIAL_NAV}. Units minted for an investment are rounded down
 * to {@link FUND_UNITS_SCALE} digits, the cash paid for a redemption is rounded down to the currency's scale: the
 * remainder stays in the fund, so the holders who stay never pay for the rounding of the one who comes or goes.
 *
 * Invest and redeem take an `Idempotency-Key` header: the same key and body answer the first operation again; the
 * same key with another body answers INVESTMENTS_IDEMPOTENCY_KEY_REUSED.
 */
import { z } from 'zod';
import type { HoldingBlockingClose, PlanBlockingClose } from './account-close.ts';
import { textSchema } from './text.ts';
import { decimalStringSchema, productIdSchema } from './time-series.ts';

// ---------------------------------------------------------------------------------------------------------------
// Constants and bounds
// ---------------------------------------------------------------------------------------------------------------

/** Where the investments service's routes live. */
export const INVESTMENTS_API_PREFIX = '/api/investments';
/** Digits of a fund unit (the units' ledger asset has this scale: units are fractional). */
export const FUND_UNITS_SCALE = 6;
/** Digits of the NAV per unit. */
export const FUND_NAV_SCALE = 6;
/** The NAV per unit of a fund before its first subscription, in its currency. */
export const FUND_INITIAL_NAV = '10.000000';
/** Digits a target weight (percent) may have after the point: `33.34` is fine, `33.333` is not. */
export const FUND_WEIGHT_DECIMALS = 2;
/** Instruments in one fund's composition. */
export const FUND_COMPONENTS_MIN = 1;
export const FUND_COMPONENTS_MAX = 20;
/** The annual management fee in percent: from 0 to this (a community manager cannot charge more). */
export const FUND_FEE_PERCENT_MAX = '2.50';
/** Digits of the fee percent after the point (`0.75`). */
export const FUND_FEE_DECIMALS = 2;
/** The currencies a fund may be denominated in. */
export const FUND_CURRENCIES = ['EUR'] as const;
export type FundCurrency = (typeof FUND_CURRENCIES)[number];
/** One investment's amount, in the fund's currency: at least this, at most {@link FUND_INVEST_AMOUNT_MAX}. */
export const FUND_INVEST_AMOUNT_MIN = '10.00';
export const FUND_INVEST_AMOUNT_MAX = '100000.00';
/** Funds one customer may manage. */
export const FUND_MANAGED_MAX = 10;
/** The KYC level a customer needs to invest, redeem, or manage a community fund (2: verified). */
export const FUND_KYC_LEVEL_REQUIRED = 2;
/** The management fee accrues once per calendar day (UTC) on this basis: fee/day = value x fee% / 100 / 365. */
export const FUND_FEE_DAY_BASIS = 365;
/** How long a subscription or redemption may stay unfinished before recovery takes it over (its owner died). */
export const FUND_OPERATION_LEASE_MS = 60_000;
/** NAV history points a fund's page receives at most (one per day, the newest last). */
export const FUND_NAV_HISTORY_MAX = 400;
/** The performance periods of a fund's page. */
export const FUND_PERFORMANCE_PERIODS = ['1D', '1W', '1M', '3M', '1Y', 'max'] as const;
export type FundPerformancePeriod = (typeof FUND_PERFORMANCE_PERIODS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

const weightPattern = new RegExp(`^(0|[1-9][0-9]{0,2})(\\.[0-9]{1,${FUND_WEIGHT_DECIMALS}})?$`);
const feePattern = new RegExp(`^(0|[1-9][0-9]?)(\\.[0-9]{1,${FUND_FEE_DECIMALS}})?$`);

/** Sum of weights in hundredths of a percent (exact: no floats). */
export function weightHundredths(weight: string): bigint {
  const match = /^([0-9]{1,12})(?:\.([0-9]{1,2}))?$/.exec(weight);
  if (match === null) {
    // Not a percent with at most two decimals: never a valid weight or fee (the schemas refuse it).
    return -1n;
  }
  return BigInt(match[1]!) * 100n + BigInt(((match[2] ?? '') + '00').slice(0, 2));
}

/** A target weight in percent: more than 0, at most 100, at most two decimals. */
export const fundWeightSchema = z
  .string()
  .max(8)
  .regex(weightPattern, { error: 'must be a percent with at most 2 decimals', abort: true })
  .refine((value) => weightHundredths(value) > 0n && weightHundredths(value) <= 10_000n, {
    error: 'must be more than 0 and at most 100',
  });

/** The annual management fee in percent (0 to {@link FUND_FEE_PERCENT_MAX}, two decimals). */
export const fundFeePercentSchema = z
  .string()
  .max(6)
  .regex(feePattern, { error: 'must be a percent with at most 2 decimals', abort: true })
  .refine((value) => weightHundredths(value) <= weightHundredths(FUND_FEE_PERCENT_MAX), {
    error: `must be at most ${FUND_FEE_PERCENT_MAX}`,
  })
  .refine((value) => weightHundredths(value) >= 0n, { error: 'must be a percent with at most 2 decimals' });

/** One instrument of a composition and its target weight. */
export const fundComponentSchema = z
  .object({ productId: productIdSchema, weight: fundWeightSchema })
  .strict();
export type FundComponentInput = z.input<typeof fundComponentSchema>;

/** A composition: 1 to 20 distinct instruments whose weights sum to exactly 100. */
export const fundCompositionSchema = z
  .array(fundComponentSchema)
  .min(FUND_COMPONENTS_MIN)
  .max(FUND_COMPONENTS_MAX)
  .superRefine((components, ctx) => {
    const seen = new Set<string>();
    for (const component of components) {
      if (seen.has(component.productId)) {
        ctx.addIssue({ code: 'custom', message: `duplicate instrument ${component.productId}` });
      }
      seen.add(component.productId);
    }
    const total = components.reduce((sum, component) => sum + weightHundredths(component.weight), 0n);
    if (total !== 10_000n) {
      ctx.addIssue({ code: 'custom', message: 'the weights must sum to exactly 100' });
    }
  });

/** `POST /funds`: a community fund managed by the caller (KYC level 2). */
export const createFundRequestSchema = z
  .object({
    name: textSchema({ max: 80, min: 3 }),
    description: textSchema({ max: 2000, multiline: true }).default(''),
    currency: z.enum(FUND_CURRENCIES).default('EUR'),
    managementFeePercent: fundFeePercentSchema,
    components: fundCompositionSchema,
  })
  .strict();
export type CreateFundRequest = z.input<typeof createFundRequestSchema>;

/**
 * `PATCH /funds/:fundId`: the manager edits name, description, fee or composition. A new composition with
 * `apply: false` (the default) only answers the rebalance preview; `apply: true` stores it and rebalances.
 */
export const updateFundRequestSchema = z
  .object({
    name: textSchema({ max: 80, min: 3 }).optional(),
    description: textSchema({ max: 2000, multiline: true }).optional(),
    managementFeePercent: fundFeePercentSchema.optional(),
    components: fundCompositionSchema.optional(),
    apply: z.boolean().default(false),
  })
  .strict();
export type UpdateFundRequest = z.input<typeof updateFundRequestSchema>;

/** An amount in the fund's currency: positive, at most two decimals. */
export const fundAmountSchema = decimalStringSchema.refine(
  (value) => /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/.test(value) && /[1-9]/.test(value),
  { error: 'must be a positive amount with at most 2 decimals' },
);

/** A number of units: positive, at most {@link FUND_UNITS_SCALE} decimals. */
export const fundUnitsSchema = decimalStringSchema.refine(
  (value) =>
    new RegExp(`^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,${FUND_UNITS_SCALE}})?$`).test(value) && /[1-9]/.test(value),
  { error: `must be a positive number of units with at most ${FUND_UNITS_SCALE} decimals` },
);

/** `POST /funds/:fundId/invest` and `/invest/preview`: an amount from the caller's current wallet of the currency. */
export const investRequestSchema = z.object({ amount: fundAmountSchema }).strict();
export type InvestRequest = z.input<typeof investRequestSchema>;

/** `POST /funds/:fundId/redeem` and `/redeem/preview`: units to burn (`all` for the whole holding). */
export const redeemRequestSchema = z.object({ units: z.union([fundUnitsSchema, z.literal('all')]) }).strict();
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

/** `GET /funds?scope=`: curated (by Tessera), community, mine (managed by me), or all. */
export const listFundsQuerySchema = z
  .object({ scope: z.enum(['all', 'curated', 'community', 'mine']).default('all') })
  .strict();
export type ListFundsQuery = z.input<typeof listFundsQuerySchema>;

/** An `Idempotency-Key` header: 8 to 64 of A-Z, a-z, 0-9, `-` and `_`. */
export const fundIdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

export type FundKind = 'curated' | 'community';

/** Tessera's own description of a curated fund, in each language of the app. */
export interface FundDescriptions {
  readonly en: string;
  readonly fr: string;
}

/** A fund's row in lists. */
export interface FundSummary {
  readonly id: string;
  readonly kind: FundKind;
  readonly name: string;
  /** As written: the manager's words for a community fund, the English text for a curated one. */
  readonly description: string;
  /** A curated fund's description in each language (show the page's); null for a community fund or a token. */
  readonly descriptions?: FundDescriptions | null;
  readonly currency: FundCurrency;
  /** Tessera for a curated fund, else the manager's display name. */
  readonly managerName: string;
  /** True when the caller manages it. */
  readonly managedByMe: boolean;
  /**
   * Set when the row is an issuer token (tokenized.ts, docs/adr/0021): no composition, its NAV is its par value,
   * no invest or redeem. Absent or null for a fund.
   */
  readonly token?: { readonly symbol: string; readonly parValue: string } | null;
  readonly managementFeePercent: string;
  /** NAV per unit now ({@link FUND_NAV_SCALE} digits). */
  readonly nav: string;
  readonly unitsOutstanding: string;
  readonly createdAt: string;
}

/** One instrument of a fund: its target weight and the weight it has now at reference prices. */
export interface FundComponent {
  readonly productId: string;
  readonly targetWeight: string;
  /** Percent of the fund's gross value (2 decimals), `0.00` before the first investment. */
  readonly actualWeight: string;
  /** Units of the instrument the fund holds. */
  readonly quantity: string;
  /** The reference price used (null: none known; the position then counts as 0 and the NAV says so). */
  readonly price: string | null;
  readonly value: string;
}

/** One point of the NAV chart (one per day, the last one is now). */
export interface FundNavPoint {
  readonly at: string;
  readonly nav: string;
}

/** A fund's page. */
export interface FundDetail extends FundSummary {
  readonly components: readonly FundComponent[];
  /** The NAV's parts (the formula of this file's header), each a decimal string in the currency. */
  readonly valuation: {
    readonly cash: string;
    readonly positions: string;
    readonly accruedFees: string;
    readonly netAssets: string;
    /** Instruments without a reference price (their value counted as 0). */
    readonly unpriced: readonly string[];
  };
  readonly navHistory: readonly FundNavPoint[];
  /** Percent change of the NAV over each period (2 decimals), null when the fund is younger than the period. */
  readonly performance: Readonly<Record<FundPerformancePeriod, string | null>>;
  readonly holdersCount: number;
  readonly factsheet: {
    readonly inceptionDate: string;
    readonly currency: FundCurrency;
    readonly managementFeePercent: string;
    readonly componentsCount: number;
    readonly unitsScale: number;
    readonly minimumInvestment: string;
  };
}

/** A trade a rebalance (or an investment) makes. */
export interface FundTrade {
  readonly productId: string;
  readonly side: 'buy' | 'sell';
  /** The amount in the fund's currency at the reference price. */
  readonly notional: string;
}

/** `PATCH /funds/:fundId` answer: the fund and, for a new composition, the trades of its rebalance. */
export interface UpdateFundResponse {
  readonly fund: FundDetail;
  readonly rebalance: { readonly applied: boolean; readonly trades: readonly FundTrade[] } | null;
}

/** `POST /funds/:fundId/invest/preview` answer. */
export interface InvestPreview {
  readonly fundId: string;
  readonly amount: string;
  readonly nav: string;
  /** Units the amount buys at today's NAV (the minted units follow the NAV of the fills). */
  readonly estimatedUnits: string;
  /** The fund's annual management fee and what it costs on this amount over one year. */
  readonly managementFeePercent: string;
  readonly annualFeeEstimate: string;
  readonly trades: readonly FundTrade[];
  /** The instruments to buy whose market is closed now: investing is refused until they open (empty: none). */
  readonly closedMarkets: readonly FundClosedMarket[];
}

/** `POST /funds/:fundId/redeem/preview` answer. */
export interface RedeemPreview {
  readonly fundId: string;
  readonly units: string;
  readonly nav: string;
  readonly estimatedAmount: string;
  readonly trades: readonly FundTrade[];
  /** The instruments to sell whose market is closed now: redeeming is refused until they open (empty: none). */
  readonly closedMarkets: readonly FundClosedMarket[];
}

/** An instrument whose market is closed now, and when it opens next (null: not known). */
export interface FundClosedMarket {
  readonly productId: string;
  readonly nextOpenAt: string | null;
}

/**
 * A subscription (invest) or redemption and its state machine:
 * subscription pending -> buying -> minted | refunded; redemption pending -> selling -> paid | restored.
 */
export type FundOperationStatus =
  'pending' | 'buying' | 'minted' | 'refunded' | 'selling' | 'paid' | 'restored';

export interface FundOperation {
  readonly id: string;
  readonly fundId: string;
  readonly kind: 'subscription' | 'redemption';
  readonly status: FundOperationStatus;
  /** Cash in (subscription) or out (redemption), in the currency. */
  readonly amount: string;
  /** Units minted or burnt ("0" until then). */
  readonly units: string;
  /** The NAV per unit the units were minted or burnt at (null until then). */
  readonly nav: string | null;
  /** Why it ended refunded or restored (a trading or ledger code). */
  readonly reason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One of my holdings. */
export interface FundHolding {
  readonly fundId: string;
  readonly fundName: string;
  readonly currency: FundCurrency;
  readonly units: string;
  readonly nav: string;
  readonly value: string;
  /** Cash invested less cash redeemed (cost basis), and the difference to value. */
  readonly invested: string;
  readonly gain: string;
}

// ---------------------------------------------------------------------------------------------------------------
// In-process clients
// ---------------------------------------------------------------------------------------------------------------

/** A market order of a fund's pool as the trading engine answers it once final. */
export interface FundOrderResult {
  readonly status: 'filled' | 'partially_filled' | 'rejected';
  /** Units of the instrument bought or sold. */
  readonly filledQuantity: string;
  /** Cash paid (buy, fees included) or received (sell, fees deducted), in the currency. */
  readonly notionalFilled: string;
  /** The fills' volume-weighted average price (null when nothing filled). */
  readonly averagePrice: string | null;
  /** The refusal's code when `rejected` (a TRADING_* code). */
  readonly reason: string | null;
}

/** A fund's pool as the trading engine sees it: who owns its positions and which account pays and receives cash. */
export interface FundPool {
  /** The ledger owner id of the pool (`fund:<fundId>`): its positions are this owner's position accounts. */
  readonly ownerId: string;
  /** The ledger account (bank tenant, the fund's currency) a buy is paid from and a sell is paid to. */
  readonly cashAccountId: string;
}

/**
 * What the trading engine offers investments in-process (`context.clients?.find(FUND_TRADING_CLIENT)`, the trading
 * service's client, which also is TRADING_CLIENT): market orders from a fund pool (a non-customer owner: no KYC or
 * legal-document check applies), idempotent by `clientOrderId`, and its reference prices (docs/adr/0019).
 */
export interface FundTradingApi {
  /** The ledger account of the pool's position in `productId` (opened when absent). */
  positionAccount(poolOwnerId: string, productId: string): Promise<string>;
  /** A market order; answers once the order is final (filled, partially filled and cancelled, or rejected). */
  marketOrder(
    pool: FundPool,
    order: {
      readonly clientOrderId: string;
      readonly productId: string;
      readonly side: 'buy' | 'sell';
      /** Buy: the cash to spend; sell: give `quantity` instead. */
      readonly notional?: string;
      readonly quantity?: string;
    },
  ): Promise<FundOrderResult>;
  /** The reference price now (null: none yet). */
  referencePrice(productId: string): Promise<string | null>;
  /** The instrument as a fund's composition needs it: null when unknown; its quote currency; tradable or not. */
  instrument(productId: string): Promise<{ readonly currency: string; readonly tradable: boolean } | null>;
  /** Whether the instrument's market is open now, and when it opens next (null: not a tradable instrument). */
  marketState(productId: string): Promise<PlanMarketState | null>;
}

export const FUND_TRADING_CLIENT: { readonly service: 'trading'; readonly __client?: FundTradingApi } = {
  service: 'trading',
};

/** What investments offers other services in-process (automated plans, tokenized-asset management). */
export interface InvestmentsApi {
  invest(userId: string, fundId: string, amount: string, idempotencyKey: string): Promise<FundOperation>;
  redeem(userId: string, fundId: string, units: string, idempotencyKey: string): Promise<FundOperation>;
  /** The units ledger code of a fund (its units are a ledger asset, scale {@link FUND_UNITS_SCALE}); null: no such fund. */
  unitsLedgerOf(fundId: string): Promise<string | null>;
  /** The customer's holdings. */
  holdings(userId: string): Promise<readonly FundHolding[]>;
  /**
   * Read only, closing the account: every fund or token the customer holds units of (posted, frozen or locked
   * ones, or units pending in or out), from their units accounts in the ledger. Absent in test doubles.
   */
  unitsHeld?(userId: string): Promise<readonly HoldingBlockingClose[]>;
  /** Read only, closing the account: the customer's active automated plans (paused ones do not run). */
  activePlans?(userId: string): Promise<readonly PlanBlockingClose[]>;
}

export const INVESTMENTS_CLIENT: { readonly service: 'investments'; readonly __client?: InvestmentsApi } = {
  service: 'investments',
};

// ---------------------------------------------------------------------------------------------------------------
// Plans: automated investments (issue #21; docs/api.md "Investments", "Plans"; docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans')
// ---------------------------------------------------------------------------------------------------------------

/** How often a plan runs: every week, every two weeks, or every month on its day (the 31st: the month's last day). */
export const PLAN_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
/** A plan: active (runs on its due dates), paused, cancelled (final), ended (its end date passed: final). */
export const PLAN_STATUSES = ['active', 'paused', 'cancelled', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/**
 * One run (one due date): pending (being run), deferred (the market is closed: runs at `runAt`), done (the
 * investment or order went through), skipped (the available balance was short, or the plan was paused or cancelled
 * before a deferred run: nothing moved), failed (refused for another reason: `reason`).
 */
export const PLAN_RUN_STATUSES = ['pending', 'deferred', 'done', 'skipped', 'failed'] as const;
export type PlanRunStatus = (typeof PLAN_RUN_STATUSES)[number];
/** Plans one customer may have that are not cancelled or ended. */
export const PLANS_PER_CUSTOMER_MAX = 20;
/** How far ahead a plan may start, in days. */
export const PLAN_START_AHEAD_MAX_DAYS = 366;
/** Runs a plan's page shows at most (newest first). */
export const PLAN_RUNS_SHOWN_MAX = 100;

/** A calendar day `YYYY-MM-DD` (UTC) that exists. */
export const planDateSchema = z
  .string()
  .max(10)
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, { error: 'must be a date YYYY-MM-DD', abort: true })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, {
    error: 'must be a date that exists',
  });

/** What a plan buys: units of a fund (an investment) or an instrument (a market buy for the amount). */
export const planTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fund'), fundId: z.string().max(64) }).strict(),
  z.object({ kind: z.literal('instrument'), productId: productIdSchema }).strict(),
]);
export type PlanTarget = z.infer<typeof planTargetSchema>;

/**
 * `POST /plans` (Idempotency-Key header): from the caller's current wallet in the target's currency (`walletId`,
 * when given, must be that wallet), `amount` every `frequency` from `startDate` (today at the earliest) to
 * `endDate` (optional, on or after the start).
 */
export const createPlanRequestSchema = z
  .object({
    target: planTargetSchema,
    amount: fundAmountSchema,
    frequency: z.enum(PLAN_FREQUENCIES),
    startDate: planDateSchema,
    endDate: planDateSchema.nullable().optional(),
    walletId: z.string().max(64).optional(),
  })
  .strict();
export type CreatePlanRequest = z.input<typeof createPlanRequestSchema>;

/** `PATCH /plans/:planId`: what changes applies from the next run (not to a run already started). */
export const updatePlanRequestSchema = z
  .object({
    amount: fundAmountSchema.optional(),
    frequency: z.enum(PLAN_FREQUENCIES).optional(),
    endDate: planDateSchema.nullable().optional(),
    walletId: z.string().max(64).optional(),
  })
  .strict();
export type UpdatePlanRequest = z.input<typeof updatePlanRequestSchema>;

/** One run of a plan. */
export interface PlanRun {
  readonly dueDate: string;
  readonly status: PlanRunStatus;
  readonly amount: string;
  /** Units minted (fund) or quantity bought (instrument); null until done. */
  readonly units: string | null;
  readonly quantity: string | null;
  /** Why it was skipped, deferred or failed (an INVESTMENTS_* or TRADING_* code). */
  readonly reason: string | null;
  /** When a deferred run runs (the market's next open). */
  readonly runAt: string | null;
  /** The fund operation (subscription) or the trading order it made. */
  readonly operationId: string | null;
  readonly orderId: string | null;
  readonly updatedAt: string;
}

/** A plan as lists show it. */
export interface Plan {
  readonly id: string;
  readonly target: PlanTarget;
  /** The fund's name or the instrument's id. */
  readonly targetName: string;
  readonly currency: string;
  readonly amount: string;
  readonly frequency: PlanFrequency;
  readonly startDate: string;
  readonly endDate: string | null;
  readonly walletId: string;
  readonly status: PlanStatus;
  /** The next due date (null: paused, cancelled or ended). */
  readonly nextRunDate: string | null;
  readonly lastRun: PlanRun | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** `GET /plans/:planId`: the plan and its runs (newest first). */
export interface PlanDetail extends Plan {
  readonly runs: readonly PlanRun[];
}

/**
 * The bus topic a plan's run is published on when the customer must hear of it (a run skipped: the balance was
 * short); user management turns it into the customer's notification (`plan.skipped`), once per plan and due date.
 */
export const INVESTMENTS_PLAN_TOPIC = 'investments.plan';
export interface PlanRunEvent {
  readonly userId: string;
  readonly planId: string;
  readonly dueDate: string;
  readonly status: PlanRunStatus;
  readonly amount: string;
  readonly currency: string;
  readonly reason: string | null;
}

/** The trading engine's market state of an instrument (open now; the next open when closed). */
export interface PlanMarketState {
  readonly open: boolean;
  readonly nextOpenAt: string | null;
}

/** A customer's market buy for an amount, as the engine answers it once final. */
export interface PlanOrderResult {
  readonly orderId: string | null;
  readonly status: 'filled' | 'partially_filled' | 'rejected';
  readonly filledQuantity: string;
  /** Cash paid, fees included. */
  readonly notionalFilled: string;
  readonly reason: string | null;
}

/**
 * What the trading engine offers plans in-process (the trading service's client, the same key as
 * {@link FUND_TRADING_CLIENT}): an instrument's market state, and a market buy for an amount as the customer's own
 * order (their KYC and legal documents checked, paid from their wallet), idempotent by `clientOrderId`. The
 * quantity is the amount over the reference price, cut to the instrument's lot (the engine's hold of a market buy
 * fits in the amount; the rest stays in the wallet).
 */
export interface PlanTradingApi {
  marketState(productId: string): Promise<PlanMarketState | null>;
  customerMarketBuy(
    userId: string,
    order: { readonly clientOrderId: string; readonly productId: string; readonly notional: string },
  ): Promise<PlanOrderResult>;
}

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "Investments")
// ---------------------------------------------------------------------------------------------------------------

export const INVESTMENTS_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVESTMENTS_KYC_LEVEL_REQUIRED',
  'LEGAL_ACCEPTANCE_REQUIRED',
  'INVESTMENTS_FUND_NOT_FOUND',
  'INVESTMENTS_NOT_FUND_MANAGER',
  'INVESTMENTS_CURATED_FUND_READ_ONLY',
  'INVESTMENTS_MANAGED_FUNDS_LIMIT',
  'INVESTMENTS_INSTRUMENT_NOT_TRADABLE',
  'INVESTMENTS_CURRENCY_MISMATCH',
  'INVESTMENTS_AMOUNT_TOO_SMALL',
  'INVESTMENTS_AMOUNT_TOO_LARGE',
  'INVESTMENTS_NO_WALLET',
  'INVESTMENTS_INSUFFICIENT_FUNDS',
  'INVESTMENTS_INSUFFICIENT_UNITS',
  'INVESTMENTS_NO_PRICE',
  'INVESTMENTS_IDEMPOTENCY_KEY_REQUIRED',
  'INVESTMENTS_IDEMPOTENCY_KEY_REUSED',
  'INVESTMENTS_OPERATION_IN_PROGRESS',
  'INVESTMENTS_TRADING_UNAVAILABLE',
  'INVESTMENTS_MARKET_CLOSED',
  // Plans (automated investments)
  'INVESTMENTS_PLAN_NOT_FOUND',
  'INVESTMENTS_PLAN_LIMIT',
  'INVESTMENTS_PLAN_DATES_INVALID',
  'INVESTMENTS_PLAN_STATE_CONFLICT',
  'INVESTMENTS_PLAN_WALLET_NOT_FOUND',
] as const;
export type InvestmentsErrorCode = (typeof INVESTMENTS_ERROR_CODES)[number];
