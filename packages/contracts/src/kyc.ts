/**
 * KYC levels and the one policy module that says what each level may do (PRODUCT.md, "Identity verification").
 * Cash operations and trading ask it; nobody else keeps limits. Amounts are decimal strings in EUR, the currency
 * limits are counted in: another asset counts at its EUR value when the operation happens.
 *
 * Levels: 0 none (browse), 1 basic (e-mail and phone verified: small deposits and own-wallet transfers),
 * 2 verified (document, selfie, address, review: trading, withdrawals, transfers to other customers),
 * 3 enhanced (source of funds: high limits).
 */
import { z } from 'zod';

/** Every KYC level, lowest first. */
export const KYC_LEVELS = [0, 1, 2, 3] as const;
/** One of {@link KYC_LEVELS}. */
export type KycLevel = (typeof KYC_LEVELS)[number];
export const kycLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** The statuses of a customer's verification (PRODUCT.md). */
export const KYC_STATUSES = [
  'not_started',
  'in_progress',
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'more_info_requested',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** What a customer may do, and how much, per rolling 30 days (EUR decimal strings; `null` when not allowed). */
export interface KycLimits {
  readonly level: KycLevel;
  /** Money in (card, SEPA, crypto), per 30 days. */
  readonly depositPer30Days: string | null;
  /** One deposit at most. */
  readonly depositSingleMax: string | null;
  /** Money out to a beneficiary or a crypto address, per 30 days. */
  readonly withdrawalPer30Days: string | null;
  /** Transfers to another Tessera customer, per 30 days. */
  readonly customerTransferPer30Days: string | null;
  /** Transfers and conversions between one's own wallets. */
  readonly ownTransfers: boolean;
  /** Placing orders and investing in funds. */
  readonly trading: boolean;
}

/** The limits per level. Level 0 browses only. */
export const KYC_POLICY: Readonly<Record<KycLevel, KycLimits>> = {
  0: {
    level: 0,
    depositPer30Days: null,
    depositSingleMax: null,
    withdrawalPer30Days: null,
    customerTransferPer30Days: null,
    ownTransfers: false,
    trading: false,
  },
  1: {
    level: 1,
    depositPer30Days: '1000.00',
    depositSingleMax: '500.00',
    withdrawalPer30Days: null,
    customerTransferPer30Days: null,
    ownTransfers: true,
    trading: false,
  },
  2: {
    level: 2,
    depositPer30Days: '50000.00',
    depositSingleMax: '15000.00',
    withdrawalPer30Days: '20000.00',
    customerTransferPer30Days: '10000.00',
    ownTransfers: true,
    trading: true,
  },
  3: {
    level: 3,
    depositPer30Days: '1000000.00',
    depositSingleMax: '250000.00',
    withdrawalPer30Days: '500000.00',
    customerTransferPer30Days: '100000.00',
    ownTransfers: true,
    trading: true,
  },
};

/** The lowest level that may open a wallet (level 0 browses only); cash operations and the web app ask it. */
export const WALLET_CREATE_KYC_LEVEL: KycLevel = 1;

/** The operations the policy knows. */
export type KycOperation = 'deposit' | 'withdrawal' | 'customerTransfer' | 'ownTransfer' | 'trading';

/** The lowest level that allows `operation` at all. */
export function minimumLevelFor(operation: KycOperation): KycLevel {
  const level = KYC_LEVELS.find((candidate) => allows(KYC_POLICY[candidate], operation));
  if (level === undefined) {
    throw new Error(`No KYC level allows ${operation}`);
  }
  return level;
}

function allows(limits: KycLimits, operation: KycOperation): boolean {
  switch (operation) {
    case 'deposit':
      return limits.depositPer30Days !== null;
    case 'withdrawal':
      return limits.withdrawalPer30Days !== null;
    case 'customerTransfer':
      return limits.customerTransferPer30Days !== null;
    case 'ownTransfer':
      return limits.ownTransfers;
    case 'trading':
      return limits.trading;
  }
}

/** Whether a customer of `level` may do `operation` at all (amount limits are checked by the caller). */
export function kycAllows(level: KycLevel, operation: KycOperation): boolean {
  return allows(KYC_POLICY[level], operation);
}

/** A customer as other services need to know them: KYC level and status, reference currency. */
export interface CustomerProfile {
  readonly userId: string;
  readonly kycLevel: KycLevel;
  readonly kycStatus: KycStatus;
  /** The currency totals are shown in (home page), an asset code of the registry. */
  readonly referenceCurrency: string;
}

/** The fiat currencies a customer may choose as reference currency. */
export const REFERENCE_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export const referenceCurrencySchema = z.enum(REFERENCE_CURRENCIES);

/** GET /api/user-management/me: the signed-in customer's profile and what their level allows. */
export const customerProfileResponseSchema = z.object({
  userId: z.string(),
  kycLevel: kycLevelSchema,
  kycStatus: z.enum(KYC_STATUSES),
  referenceCurrency: referenceCurrencySchema,
  limits: z.object({
    level: kycLevelSchema,
    depositPer30Days: z.string().nullable(),
    depositSingleMax: z.string().nullable(),
    withdrawalPer30Days: z.string().nullable(),
    customerTransferPer30Days: z.string().nullable(),
    ownTransfers: z.boolean(),
    trading: z.boolean(),
  }),
  /** The level the next step of verification reaches, or null at the top. */
  nextLevel: kycLevelSchema.nullable(),
});
export type CustomerProfileResponse = z.infer<typeof customerProfileResponseSchema>;

/** PATCH /api/user-management/me. */
export const updateCustomerProfileSchema = z.object({ referenceCurrency: referenceCurrencySchema }).strict();

/** What user management offers other services in-process. */
export interface UserManagementApi {
  /** The customer's profile; a customer never seen before is level 0, not_started, EUR. */
  getCustomer(userId: string): Promise<CustomerProfile>;
  /**
   * The legal documents whose current version the customer has still to accept (legal-documents.ts); money
   * movements are refused with LEGAL_ACCEPTANCE_REQUIRED while it is not empty. Optional: a stand-in may omit it.
   */
  legalDocumentsToAccept?(userId: string): Promise<readonly string[]>;
}

/** `context.clients?.get(USER_MANAGEMENT_CLIENT)`: the user-management service's in-process client. */
export const USER_MANAGEMENT_CLIENT: {
  readonly service: 'user-management';
  readonly __client?: UserManagementApi;
} = { service: 'user-management' };
