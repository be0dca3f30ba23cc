/**
 * Reads and writes of the users table.
 */
import type { IdentityDb, UserStatus } from '../../database.ts';
import type { UserRow } from '../tokens/tokens.service.ts';

/** The user with this e-mail (already normalised), if any. */
export function findUserByEmail(db: IdentityDb, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The user with this id, if any. */
export function findUserById(db: IdentityDb, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user id (UUID, lowercase): a USERNAME of this form names the user by id, otherwise by e-mail. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new user's columns. */
export interface NewUser {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly phoneNumber: string | null;
  readonly passwordHash: string;
  readonly status: UserStatus;
  readonly groups: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly locale: string;
}

/** Inserts a user; returns false when the e-mail is taken (unique violation, e.g. a concurrent sign-up). */
export async function insertUser(db: IdentityDb, user: NewUser): Promise<boolean> {
  const inserted = await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      phone_number: user.phoneNumber,
      password_hash: user.passwordHash,
      status: user.status,
      groups: JSON.stringify(user.groups),
      attributes: JSON.stringify(user.attributes),
      totp_secret: null,
      totp_pending_secret: null,
      preferred_mfa: null,
      locale: user.locale,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
