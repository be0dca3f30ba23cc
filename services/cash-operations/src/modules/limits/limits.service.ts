/**
 * KYC levels and the rolling 30-day limits (PRODUCT.md, "Identity verification"; the policy is KYC_POLICY in
 * @tessera/contracts, the only place limits are written down). Used amounts are the EUR values operations had when
 * they happened (operations.value_eur_minor), summed over the last 30 days for pending and posted operations of the
 * category; voided ones do not count. The rails call `checkLimit` for deposits and withdrawals.
 */
import {
  type CashLimit,
  type CashLimits,
  type CustomerProfile,
  KYC_POLICY,
  type KycLevel,
  type KycOperation,
  kycAllows,
  minimumLevelFor,
} from '@tessera/contracts';
import { Decimal, EUR, minorUnits, multiplyAmount } from '@tessera/money';
import { sql } from 'kysely';
import {
  DepositAboveSingleMaxError,
  KycLevelRequiredError,
  LegalAcceptanceRequiredError,
  LimitExceededError,
} from '../../errors.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import type { CashDatabase } from '../accounts/tables.ts';
import { formatMinor } from '../accounts/amounts.ts';
import { cashAsset } from '../accounts/amounts.ts';

/** The limited categories, as operations.limit_category stores them. */
export type LimitCategory = 'deposit' | 'withdrawal' | 'customerTransfer';

/** The rolling window. */
export const LIMIT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The customer's profile when their level is at least `level`; CASH_KYC_LEVEL_REQUIRED otherwise. */
export async function requireKycLevel(
  core: CashCore,
  userId: string,
  level: KycLevel,
): Promise<CustomerProfile> {
  const profile = await core.customers.getCustomer(userId);
  if (profile.kycLevel < level) {
    throw new KycLevelRequiredError(undefined, { requiredLevel: level, currentLevel: profile.kycLevel });
  }
  return profile;
}

/** The customer's profile when their level allows `operation` at all; CASH_KYC_LEVEL_REQUIRED otherwise. */
export async function requireKycOperation(
  core: CashCore,
  userId: string,
  operation: KycOperation,
): Promise<CustomerProfile> {
  const profile = await core.customers.getCustomer(userId);
  if (!kycAllows(profile.kycLevel, operation)) {
    throw new KycLevelRequiredError(undefined, {
      requiredLevel: minimumLevelFor(operation),
      currentLevel: profile.kycLevel,
      operation,
    });
  }
  await requireLegalAcceptance(core, userId);
  return profile;
}

/**
 * LEGAL_ACCEPTANCE_REQUIRED while the customer has a current version of a legal document to accept (user
 * management's client): every money movement goes through requireKycOperation, before anything is reserved.
 */
export async function requireLegalAcceptance(core: CashCore, userId: string): Promise<void> {
  const documents = (await core.customers.legalDocumentsToAccept?.(userId)) ?? [];
  if (documents.length > 0) {
    throw new LegalAcceptanceRequiredError(undefined, { documents: [...documents] });
  }
}

/** The EUR value of an amount at the current mid rate, in cents, rounded half up. */
export async function eurValueMinor(core: CashCore, assetCode: string, amountMinor: bigint): Promise<bigint> {
  const asset = cashAsset(assetCode);
  const magnitude = amountMinor < 0n ? -amountMinor : amountMinor;
  if (asset.code === 'EUR') {
    return magnitude;
  }
  const { rate } = await core.rates.midRate(asset.code, 'EUR');
  return multiplyAmount(minorUnits(magnitude), asset.scale, rate, EUR.scale, 'half_up');
}

/**
 * The EUR cents used in `category` over the last 30 days: pending and posted operations the ledger holds, and those
 * still being submitted by their writer (before their deadline: two requests sent together must both count).
 * An operation the ledger never held does not count (issue #13: a refused 10^36 EUR credit once used a customer's
 * limits for 30 days). The sum travels as text: a numeric sum can leave the range of a JavaScript number.
 */
export async function usedInLast30Days(
  core: Pick<CashCore, 'db' | 'now'>,
  userId: string,
  category: LimitCategory,
): Promise<bigint> {
  const now = core.now();
  const since = new Date(now.getTime() - LIMIT_WINDOW_MS);
  const row = await core.db
    .selectFrom('operations')
    .select(sql<string>`coalesce(sum(value_eur_minor), 0)::text`.as('used'))
    .where('user_id', '=', userId)
    .where('limit_category', '=', category)
    .where('status', 'in', ['pending', 'posted'])
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('ledger_state', '=', 'confirmed'), eb('ledger_deadline', '>', now)]))
    .executeTakeFirstOrThrow();
  return BigInt(row.used.split('.')[0] ?? '0');
}

function limitTextOf(level: KycLevel, category: LimitCategory): string | null {
  const limits = KYC_POLICY[level];
  switch (category) {
    case 'deposit':
      return limits.depositPer30Days;
    case 'withdrawal':
      return limits.withdrawalPer30Days;
    case 'customerTransfer':
      return limits.customerTransferPer30Days;
  }
}

const centsOf = (text: string) => Decimal.from(text).toMinorUnits(EUR.scale, 'down');

/**
 * Checks that an operation of `amountEurMinor` fits the customer's level and 30-day limit in `category` (and the
 * single-deposit maximum for deposits). Throws CASH_KYC_LEVEL_REQUIRED (details: requiredLevel, currentLevel),
 * CASH_DEPOSIT_ABOVE_SINGLE_MAX (details: operation, singleMax, currency EUR) or CASH_LIMIT_EXCEEDED (details:
 * operation, limit, used, remaining, currency EUR); resolves with the limit figures.
 */
export async function checkLimit(
  core: CashCore,
  userId: string,
  category: LimitCategory,
  amountEurMinor: bigint,
): Promise<CashLimit> {
  const profile = await requireKycOperation(core, userId, category);
  const limitText = limitTextOf(profile.kycLevel, category);
  if (limitText === null) {
    throw new KycLevelRequiredError(undefined, {
      requiredLevel: minimumLevelFor(category),
      currentLevel: profile.kycLevel,
      operation: category,
    });
  }
  const limit = centsOf(limitText);
  const used = await usedInLast30Days(core, userId, category);
  const remaining = limit > used ? limit - used : 0n;
  const single = KYC_POLICY[profile.kycLevel].depositSingleMax;
  const details = {
    operation: category,
    currency: 'EUR',
    limit: formatMinor(limit, EUR),
    used: formatMinor(used, EUR),
    remaining: formatMinor(remaining, EUR),
  };
  if (category === 'deposit' && single !== null && amountEurMinor > centsOf(single)) {
    // The per-deposit cap is its own refusal: the 30-day limit may have room left (issue #15).
    throw new DepositAboveSingleMaxError(undefined, {
      operation: category,
      currency: 'EUR',
      singleMax: single,
    });
  }
  if (amountEurMinor > remaining) {
    throw new LimitExceededError(undefined, details);
  }
  return {
    operation: category,
    limit: details.limit,
    used: details.used,
    remaining: details.remaining,
    singleMax: category === 'deposit' ? single : null,
  };
}

/**
 * Records an operation that counts towards `category`, under the customer's limit lock: in one transaction holding
 * a per-customer, per-category advisory lock, the window's used amount is counted again and `record` writes the
 * operation (and whatever goes with it) only when `amountEurMinor` still fits; else CASH_LIMIT_EXCEEDED and nothing
 * is written.
 *
 * Why: `checkLimit` alone is a check-then-act race. Two requests sent together (different Idempotency-Keys) both
 * saw the whole remaining limit and both went through (limits-hold-under-concurrent-requests.test.ts). The lock
 * makes the count and the write one step for every process on PostgreSQL; on PGlite transactions already run one at
 * a time. The profile is read before the transaction: user management may share the PGlite connection.
 */
export async function recordWithinLimit<Result>(
  core: CashCore,
  userId: string,
  category: LimitCategory,
  amountEurMinor: bigint,
  record: (db: CashDatabase) => Promise<Result>,
): Promise<Result> {
  const profile = await requireKycOperation(core, userId, category);
  const limitText = limitTextOf(profile.kycLevel, category);
  const limit = limitText === null ? 0n : centsOf(limitText);
  return core.db.transaction().execute(async (trx) => {
    const lockName = `tessera.cash-operations.limit:${userId}:${category}`;
    await sql`select pg_advisory_xact_lock(hashtext(${lockName}))`.execute(trx);
    const used = await usedInLast30Days({ db: trx, now: core.now }, userId, category);
    const remaining = limit > used ? limit - used : 0n;
    if (amountEurMinor > remaining) {
      throw new LimitExceededError(undefined, {
        operation: category,
        currency: 'EUR',
        limit: formatMinor(limit, EUR),
        used: formatMinor(used, EUR),
        remaining: formatMinor(remaining, EUR),
      });
    }
    return record(trx);
  });
}

/**
 * CASH_LIMIT_EXCEEDED with the customer's current figures in `category` (and `extra` details): the answer again
 * for a request that was refused under the limit lock (a retry with the same Idempotency-Key).
 */
export async function limitExceededNow(
  core: CashCore,
  userId: string,
  category: LimitCategory,
  extra: Record<string, string> = {},
): Promise<InstanceType<typeof LimitExceededError>> {
  const { limits } = await getLimits(core, userId);
  const figures = limits.find((limit) => limit.operation === category)!;
  return new LimitExceededError(undefined, {
    operation: category,
    currency: 'EUR',
    limit: figures.limit ?? '0.00',
    used: figures.used,
    remaining: figures.remaining,
    ...extra,
  });
}

/** GET /limits: the caller's level and every 30-day limit with what is used and left. */
export async function getLimits(core: CashCore, userId: string): Promise<CashLimits> {
  const profile = await core.customers.getCustomer(userId);
  const categories: LimitCategory[] = ['deposit', 'withdrawal', 'customerTransfer'];
  const limits = await Promise.all(
    categories.map(async (category): Promise<CashLimit> => {
      const limitText = limitTextOf(profile.kycLevel, category);
      const used = await usedInLast30Days(core, userId, category);
      if (limitText === null) {
        return {
          operation: category,
          limit: null,
          used: formatMinor(used, EUR),
          remaining: '0.00',
          singleMax: null,
        };
      }
      const limit = centsOf(limitText);
      return {
        operation: category,
        limit: formatMinor(limit, EUR),
        used: formatMinor(used, EUR),
        remaining: formatMinor(limit > used ? limit - used : 0n, EUR),
        singleMax: category === 'deposit' ? KYC_POLICY[profile.kycLevel].depositSingleMax : null,
      };
    }),
  );
  return { kycLevel: profile.kycLevel, currency: 'EUR', limits };
}
