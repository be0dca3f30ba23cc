/**
 * Customers' profiles: the KYC level other services ask for (USER_MANAGEMENT_CLIENT) and the reference currency.
 *
 * The effective level is the higher of what a review granted (stored) and level 1 when the identity service says
 * the e-mail and the phone number are verified (PRODUCT.md: "1 basic (e-mail and phone verified)").
 */
import {
  type CustomerProfile,
  type IdentityDirectoryApi,
  type KycLevel,
  type KycStatus,
  DEFAULT_TRADING_PREFERENCES,
  type TradingPreferences,
  tradingPreferencesSchema,
  type UserManagementApi,
} from '@tessera/contracts';
import type { AnyKysely } from '@tessera/platform';
import { sql } from 'kysely';

/** The user-management API in-process, plus the writes its routes and seed need. */
export interface UserManagementService extends UserManagementApi {
  setReferenceCurrency(userId: string, currency: string): Promise<CustomerProfile>;
  /** Sets the level a review (or a demo seed) granted; recorded with the actor. */
  grantKycLevel(
    userId: string,
    level: KycLevel,
    status: KycStatus,
    actorId: string,
  ): Promise<CustomerProfile>;
  /** The customer's trading preferences, or the defaults when they never saved any. */
  getTradingPreferences(userId: string): Promise<TradingPreferences>;
  /** Saves the whole set (validated by the caller with tradingPreferencesSchema). */
  saveTradingPreferences(userId: string, preferences: TradingPreferences): Promise<TradingPreferences>;
}

interface CustomerRow {
  user_id: string;
  kyc_level: number;
  kyc_status: KycStatus;
  reference_currency: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Directory = () => IdentityDirectoryApi | undefined;

async function readCustomer(db: AnyKysely, userId: string): Promise<CustomerRow | undefined> {
  return UUID.test(userId)
    ? ((await db
        .selectFrom('customers')
        .select(['user_id', 'kyc_level', 'kyc_status', 'reference_currency'])
        .where('user_id', '=', userId)
        .executeTakeFirst()) as CustomerRow | undefined)
    : undefined;
}

/** The profile of a row (defaults for a customer never seen); level 1 follows identity's verification. */
async function profileOf(
  directory: Directory | undefined,
  userId: string,
  row: CustomerRow | undefined,
): Promise<CustomerProfile> {
  let level = (row?.kyc_level ?? 0) as KycLevel;
  if (level < 1) {
    const contact = await directory?.()?.getContact(userId);
    if (contact?.emailVerified && contact.phoneVerified) {
      level = 1;
    }
  }
  return {
    userId,
    kycLevel: level,
    kycStatus: row?.kyc_status ?? 'not_started',
    referenceCurrency: row?.reference_currency ?? 'EUR',
  };
}

async function upsertCustomer(
  db: AnyKysely,
  userId: string,
  values: Partial<Omit<CustomerRow, 'user_id'>>,
): Promise<void> {
  await db
    .insertInto('customers')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

async function readTradingPreferences(db: AnyKysely, userId: string): Promise<TradingPreferences> {
  if (!UUID.test(userId)) {
    return DEFAULT_TRADING_PREFERENCES;
  }
  const row = await db
    .selectFrom('trading_preferences')
    .select('preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Stored sets are re-validated: a preference a later version no longer knows falls back to its default.
  const stored = tradingPreferencesSchema.safeParse({
    ...DEFAULT_TRADING_PREFERENCES,
    ...((row?.preferences as object | undefined) ?? {}),
  });
  return stored.success ? stored.data : DEFAULT_TRADING_PREFERENCES;
}

async function writeTradingPreferences(
  db: AnyKysely,
  userId: string,
  preferences: TradingPreferences,
): Promise<void> {
  await db
    .insertInto('trading_preferences')
    .values({ user_id: userId, preferences: JSON.stringify(preferences) })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ preferences: JSON.stringify(preferences), updated_at: sql`now()` }),
    )
    .execute();
}

/**
 * Sets the level and records who granted it, inside the caller's transaction `trx` (the KYC decision writes the
 * level with the decision, in one transaction).
 */
export async function writeKycLevelIn(
  trx: AnyKysely,
  userId: string,
  grant: { level: KycLevel; status: KycStatus; actorId: string },
): Promise<void> {
  const { level, status, actorId } = grant;
  await trx
    .insertInto('customers')
    .values({ user_id: userId, kyc_level: level, kyc_status: status })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ kyc_level: level, kyc_status: status, updated_at: sql`now()` }),
    )
    .execute();
  await trx
    .insertInto('customer_events')
    .values({
      user_id: userId,
      kind: 'kyc_level_granted',
      detail: JSON.stringify({ level, status }),
      actor_id: actorId,
    })
    .execute();
}

/** Sets the level and records who granted it, in one transaction. */
async function writeKycLevel(
  db: AnyKysely,
  userId: string,
  grant: { level: KycLevel; status: KycStatus; actorId: string },
): Promise<void> {
  await db.transaction().execute((trx) => writeKycLevelIn(trx, userId, grant));
}

/** Sets the customer's KYC status only (the application's status mirrored on the profile), in `db` or a trx. */
export async function writeKycStatusIn(db: AnyKysely, userId: string, status: KycStatus): Promise<void> {
  await upsertCustomer(db, userId, { kyc_status: status });
}

/** Builds the service over the user_management schema; `directory` (identity) lets level 1 follow verification. */
export function createUserManagementApi(
  db: AnyKysely,
  options: { directory?: Directory } = {},
): UserManagementService {
  const current = async (userId: string) =>
    profileOf(options.directory, userId, await readCustomer(db, userId));
  return {
    getCustomer: current,
    async setReferenceCurrency(userId, currency) {
      await upsertCustomer(db, userId, { reference_currency: currency });
      return current(userId);
    },
    getTradingPreferences: (userId) => readTradingPreferences(db, userId),
    async saveTradingPreferences(userId, preferences) {
      await writeTradingPreferences(db, userId, preferences);
      return preferences;
    },
    async grantKycLevel(userId, level, status, actorId) {
      await writeKycLevel(db, userId, { level, status, actorId });
      return current(userId);
    },
  };
}
