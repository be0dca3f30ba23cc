/**
 * Personal information and account preferences (settings sections personalInformation, languages, appearance):
 * stored per customer in user_management; the picture's bytes in the object store. Every function takes the
 * customer's id from the caller (the routes take it from the token), so one customer never names another's rows.
 */
import {
  type AccountPreferences,
  type AccountPreferencesResponse,
  DEFAULT_ACCOUNT_PREFERENCES,
  type PersonalInformation,
  type PersonalInformationUpdate,
  accountPreferencesSchema,
} from '@tessera/contracts';
import type { AnyKysely, ObjectStore } from '@tessera/platform';
import { sql } from 'kysely';
import { preparePicture } from './profile-picture.ts';
import { ProfilePictureNotFoundError } from './profile.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a customer's picture lives in the object store. */
export function pictureKeyOf(userId: string): string {
  return `profile-pictures/${userId.toLowerCase()}`;
}

interface InformationRow {
  given_name: string | null;
  family_name: string | null;
  birth_date: string | Date | null;
  address: unknown;
  picture_key: string | null;
  picture_updated_at: Date | string | null;
}

const EMPTY: PersonalInformation = {
  givenName: null,
  familyName: null,
  birthDate: null,
  address: null,
  picture: null,
};

function isoDate(value: string | Date | null): string | null {
  if (value === null) {
    return null;
  }
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function addressOf(value: unknown): PersonalInformation['address'] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as PersonalInformation['address']) : null;
}

export interface ProfileService {
  getPersonalInformation(userId: string): Promise<PersonalInformation>;
  savePersonalInformation(userId: string, update: PersonalInformationUpdate): Promise<PersonalInformation>;
  /** Checks, resizes and stores the picture. @throws the PROFILE_PICTURE_* errors */
  savePicture(userId: string, bytes: Uint8Array): Promise<PersonalInformation>;
  /** The picture's bytes. @throws ProfilePictureNotFoundError */
  readPicture(userId: string): Promise<{ body: Uint8Array; contentType: string }>;
  deletePicture(userId: string): Promise<PersonalInformation>;
  getPreferences(userId: string): Promise<AccountPreferencesResponse>;
  savePreferences(userId: string, preferences: AccountPreferences): Promise<AccountPreferencesResponse>;
}

export function createProfileService(deps: {
  db: AnyKysely;
  store: ObjectStore;
  now?: () => Date;
}): ProfileService {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());

  const readRow = async (userId: string): Promise<InformationRow | undefined> =>
    UUID.test(userId)
      ? ((await db
          .selectFrom('personal_information')
          .select(['given_name', 'family_name', 'birth_date', 'address', 'picture_key', 'picture_updated_at'])
          .where('user_id', '=', userId)
          .executeTakeFirst()) as InformationRow | undefined)
      : undefined;

  const information = async (userId: string): Promise<PersonalInformation> => {
    const row = await readRow(userId);
    if (!row) {
      return EMPTY;
    }
    return {
      givenName: row.given_name,
      familyName: row.family_name,
      birthDate: isoDate(row.birth_date),
      address: addressOf(row.address),
      picture:
        row.picture_key !== null && row.picture_updated_at !== null
          ? { updatedAt: isoTime(row.picture_updated_at), contentType: 'image/webp' }
          : null,
    };
  };

  const upsert = async (userId: string, values: Record<string, unknown>) => {
    await db
      .insertInto('personal_information')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  };

  return {
    getPersonalInformation: information,
    async savePersonalInformation(userId, update) {
      const address = {
        line1: update.address.line1,
        ...(update.address.line2 ? { line2: update.address.line2 } : {}),
        postalCode: update.address.postalCode,
        city: update.address.city,
        country: update.address.country,
      };
      await upsert(userId, {
        given_name: update.givenName,
        family_name: update.familyName,
        birth_date: update.birthDate,
        address: JSON.stringify(address),
      });
      return information(userId);
    },
    async savePicture(userId, bytes) {
      const picture = await preparePicture(bytes);
      const key = pictureKeyOf(userId);
      await store.put(key, picture.body, picture.contentType);
      await upsert(userId, { picture_key: key, picture_updated_at: now() });
      return information(userId);
    },
    async readPicture(userId) {
      const row = await readRow(userId);
      const stored = row?.picture_key ? await store.get(row.picture_key) : null;
      if (!stored) {
        throw new ProfilePictureNotFoundError();
      }
      return { body: stored.body, contentType: stored.contentType };
    },
    async deletePicture(userId) {
      const row = await readRow(userId);
      if (row?.picture_key) {
        await store.delete(row.picture_key);
        await upsert(userId, { picture_key: null, picture_updated_at: null });
      }
      return information(userId);
    },
    async getPreferences(userId) {
      const row = UUID.test(userId)
        ? await db
            .selectFrom('account_preferences')
            .select(['language', 'theme'])
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : undefined;
      const parsed = accountPreferencesSchema.safeParse(row ?? {});
      return parsed.success
        ? { ...parsed.data, saved: true }
        : { ...DEFAULT_ACCOUNT_PREFERENCES, saved: false };
    },
    async savePreferences(userId, preferences) {
      const values = { language: preferences.language, theme: preferences.theme };
      await db
        .insertInto('account_preferences')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }),
        )
        .execute();
      return { ...values, saved: true };
    },
  };
}
