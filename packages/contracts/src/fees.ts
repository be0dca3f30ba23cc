/**
 * Tessera's one fee schedule (PRODUCT.md: "Fees come from one fee schedule, which the pricing page also shows").
 * The pricing page renders this data, and cash operations, trading and investments charge from it, so what a
 * visitor reads is what a customer pays. Amounts are decimal strings in the asset's own unit (never JavaScript
 * numbers) and rates are whole basis points (1 bp = 0.01 %), so no figure passes through a float.
 */

/** An amount of one asset, as a decimal string (`"1.00"` EUR, `"0.0001"` BTC). */
export interface FeeAmount {
  readonly amount: string;
  readonly asset: string;
}

/** How one fee is charged. */
export type FeeCharge =
  | { readonly type: 'free' }
  /** A fixed amount per operation; `freePerMonth` operations a month are free first. */
  | { readonly type: 'fixed'; readonly fee: FeeAmount; readonly freePerMonth?: number }
  /** A fixed amount that depends on the asset sent (network fees of crypto withdrawals). */
  | { readonly type: 'perAsset'; readonly fees: readonly FeeAmount[] }
  /**
   * A share of the amount in basis points, at least `minimum` when given (in the operation's currency when
   * `minimum.asset` is `*`); `perYear` rates accrue over a year (fund management fees).
   */
  | {
      readonly type: 'rate';
      readonly basisPoints: number;
      readonly minimum?: FeeAmount;
      readonly perYear?: boolean;
      /** The rate is the highest allowed, set lower by someone else (community fund managers). */
      readonly upTo?: boolean;
    };

/** The sections of the schedule, in the order the pricing page shows them. */
export const FEE_GROUPS = [
  'account',
  'deposits',
  'withdrawals',
  'transfers',
  'trading',
  'investing',
  'business',
] as const;
/** One of {@link FEE_GROUPS}. */
export type FeeGroup = (typeof FEE_GROUPS)[number];

/** One line of the schedule. `id` is stable: services charge by it and the pricing page translates by it. */
export interface FeeScheduleEntry {
  readonly id: string;
  readonly group: FeeGroup;
  readonly charge: FeeCharge;
}

/** The date the schedule below took effect (YYYY-MM-DD). */
export const FEE_SCHEDULE_EFFECTIVE_DATE = '2026-11-01';

const free = { type: 'free' } as const;

/** Every fee Tessera charges. An operation not listed here is free. */
export const FEE_SCHEDULE: readonly FeeScheduleEntry[] = [
  { id: 'accountMonthly', group: 'account', charge: free },
  { id: 'statements', group: 'account', charge: free },
  { id: 'depositSepa', group: 'deposits', charge: free },
  { id: 'depositCard', group: 'deposits', charge: { type: 'rate', basisPoints: 70 } },
  { id: 'depositCrypto', group: 'deposits', charge: free },
  { id: 'withdrawalSepa', group: 'withdrawals', charge: free },
  {
    id: 'withdrawalCrypto',
    group: 'withdrawals',
    charge: {
      type: 'perAsset',
      fees: [
        { amount: '0.0002', asset: 'BTC' },
        { amount: '0.002', asset: 'ETH' },
        { amount: '2.00', asset: 'USDC' },
      ],
    },
  },
  { id: 'transferOwnWallets', group: 'transfers', charge: free },
  { id: 'transferCustomer', group: 'transfers', charge: free },
  { id: 'conversionFiat', group: 'transfers', charge: { type: 'rate', basisPoints: 40 } },
  { id: 'conversionCrypto', group: 'transfers', charge: { type: 'rate', basisPoints: 100 } },
  {
    id: 'tradingSecurities',
    group: 'trading',
    charge: { type: 'rate', basisPoints: 10, minimum: { amount: '1.00', asset: '*' } },
  },
  { id: 'tradingCrypto', group: 'trading', charge: { type: 'rate', basisPoints: 50 } },
  { id: 'fundInvestRedeem', group: 'investing', charge: free },
  {
    id: 'fundManagementCurated',
    group: 'investing',
    charge: { type: 'rate', basisPoints: 25, perYear: true },
  },
  {
    id: 'fundManagementCommunity',
    group: 'investing',
    charge: { type: 'rate', basisPoints: 200, perYear: true, upTo: true },
  },
  { id: 'automatedInvestmentRun', group: 'investing', charge: free },
  { id: 'tokenizedTransfer', group: 'investing', charge: free },
  {
    id: 'ledgerApiTransfer',
    group: 'business',
    charge: { type: 'fixed', fee: { amount: '0.01', asset: 'EUR' }, freePerMonth: 10_000 },
  },
];

/** The schedule line with this id; throws for an unknown id (a caller charging a fee that does not exist). */
export function getFee(id: string): FeeScheduleEntry {
  const entry = FEE_SCHEDULE.find((candidate) => candidate.id === id);
  if (!entry) {
    throw new Error(`No fee ${id} in the fee schedule.`);
  }
  return entry;
}

/** Basis points as an exact percentage string with two decimals: 70 → "0.70", 1250 → "12.50". */
export function basisPointsToPercent(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points must be a non-negative integer, got ${basisPoints}`);
  }
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/**
 * A rate fee on an amount in minor units, rounded half up to a whole minor unit (the rounding the schedule
 * promises: 0.5 of a cent or more is one cent). Amounts are non-negative.
 */
export function rateFeeMinor(amountMinor: bigint, basisPoints: number): bigint {
  if (amountMinor < 0n) {
    throw new RangeError('the amount must not be negative');
  }
  basisPointsToPercent(basisPoints);
  return (amountMinor * BigInt(basisPoints) + 5_000n) / 10_000n;
}
