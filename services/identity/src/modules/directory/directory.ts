/**
 * The identity service's in-process directory (IDENTITY_CLIENT of @tessera/contracts): who a customer e-mail
 * belongs to, how to address a user, and where other services write the staff audit log. Staff, unconfirmed and
 * disabled users are never found by e-mail.
 */
import type {
  CustomerDirectoryEntry,
  CustomerDisabling,
  CustomerEmailNotice,
  IdentityDirectoryApi,
  UserContact,
} from '@tessera/contracts';
import type { IdentityDb } from '../../database.ts';
import { createStaffAuditLog } from '../staff/staff-audit-log.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { findUserByEmail, findUserById } from '../users/users.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { pickLocale } from '../outbox/messages.ts';
import { announceRevocations } from '../tokens/revocation-feed.ts';
import { burnVerification, verifyPassword } from '../users/passwords.ts';

function displayNameOf(user: Pick<UserRow, 'email' | 'attributes'>): string {
  const name = [user.attributes['given_name'], user.attributes['family_name']]
    .filter((part): part is string => typeof part === 'string' && part.trim().length > 0)
    .join(' ')
    .trim();
  return name || (user.email.split('@')[0] ?? user.email);
}

/** Builds the directory over the identity schema. */
export function createIdentityDirectory(db: IdentityDb): IdentityDirectoryApi {
  const auditLog = createStaffAuditLog(db);
  return {
    // Other services' staff reads (customer lookup, KYC review) go to the same append-only table as identity's.
    recordStaffAccess: (record) => auditLog.record(record),
    async lookupCustomerByEmail(email: string): Promise<CustomerDirectoryEntry | null> {
      const normalised = email.trim().toLowerCase();
      if (normalised.length === 0 || normalised.length > 254) {
        return null;
      }
      const user = await findUserByEmail(db, normalised);
      if (!user || user.status !== 'CONFIRMED' || !user.enabled || user.groups.length > 0) {
        return null;
      }
      return { userId: user.id, displayName: displayNameOf(user) };
    },
    // Written to the outbox like identity's own messages; the delivery job sends it (SMTP) or the dev mailbox shows it.
    async emailCustomer(userId: string, notice: CustomerEmailNotice, value = ''): Promise<void> {
      const user = /^[0-9a-f-]{36}$/i.test(userId) ? await findUserById(db, userId) : undefined;
      if (!user || user.groups.length > 0) {
        return;
      }
      await enqueueMessage(db, {
        channel: 'email',
        recipient: user.email,
        locale: pickLocale(user.locale),
        kind: notice,
        // A notification's amount or product, from another service: bounded, one line.
        value: value.replace(/[\r\n]+/g, ' ').slice(0, 80),
      });
    },
    // Closing an account (user management's close module): the customer's password, then sign-in disabled (and
    // enabled again when user management's second look finds something that blocks the closing after all).
    async verifyCustomerPassword(userId: string, password: string): Promise<boolean> {
      const user = /^[0-9a-f-]{36}$/i.test(userId) ? await findUserById(db, userId) : undefined;
      if (!user || !user.enabled || user.groups.length > 0 || !user.password_hash) {
        return burnVerification(password);
      }
      return verifyPassword(user.password_hash, password);
    },
    // Sign-in turned off only when it was on (the answer says so, for enableCustomer); the sessions end either way.
    async disableCustomer(userId: string): Promise<CustomerDisabling | null> {
      const user = /^[0-9a-f-]{36}$/i.test(userId) ? await findUserById(db, userId) : undefined;
      if (!user || user.groups.length > 0) {
        return null;
      }
      const disabledAt = new Date();
      const turnedOff = await db
        .updateTable('users')
        .set({ enabled: false, updated_at: disabledAt })
        .where('id', '=', user.id)
        .where('enabled', '=', true)
        .executeTakeFirst();
      // As TokenService.revokeUserSessions: every live session ends, and verifiers hear it at once.
      const live = await db
        .selectFrom('sessions')
        .select('origin_jti')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      const originJtis = live.map((row) => row.origin_jti);
      if (originJtis.length > 0) {
        await db
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('origin_jti', 'in', originJtis)
          .where('revoked_at', 'is', null)
          .execute();
        announceRevocations(originJtis);
      }
      return turnedOff.numUpdatedRows > 0n ? { userId: user.id, disabledAt: disabledAt.toISOString() } : null;
    },
    // Undoes exactly one disableCustomer: only the flag it turned off, and only if nothing changed the user since
    // (updated_at is still the instant it set). Revoked sessions cannot come back: verifiers remember them.
    async enableCustomer(disabling: CustomerDisabling): Promise<boolean> {
      const disabledAt = new Date(disabling.disabledAt);
      if (!/^[0-9a-f-]{36}$/i.test(disabling.userId) || Number.isNaN(disabledAt.getTime())) {
        return false;
      }
      const user = await findUserById(db, disabling.userId);
      if (!user || user.groups.length > 0 || user.enabled) {
        return false;
      }
      const turnedOn = await db
        .updateTable('users')
        .set({ enabled: true, updated_at: new Date() })
        .where('id', '=', user.id)
        .where('enabled', '=', false)
        .where('updated_at', '=', disabledAt)
        .executeTakeFirst();
      return turnedOn.numUpdatedRows > 0n;
    },
    async getContact(userId: string): Promise<UserContact | null> {
      if (!/^[0-9a-f-]{36}$/i.test(userId)) {
        return null;
      }
      const user = await findUserById(db, userId);
      return user
        ? {
            userId: user.id,
            email: user.email,
            displayName: displayNameOf(user),
            locale: user.locale,
            emailVerified: user.email_verified,
            phoneVerified: user.phone_number !== null && user.phone_number_verified,
            signedUpAt: user.created_at.toISOString(),
          }
        : null;
    },
  };
}
