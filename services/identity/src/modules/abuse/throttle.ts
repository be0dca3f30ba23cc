/**
 * Throttling and lockout, kept in the database so every process counts the same attempts.
 *
 * Two kinds of rule. A *failure* rule counts wrong answers (passwords, codes) in a window; past its threshold the
 * key is locked with exponential backoff (each further failure doubles the lock, up to a cap), and a success
 * clears it. A *request* rule counts requests (codes sent, sign-ups) in a window and refuses beyond the limit.
 * Keys are per account (the normalised e-mail, whether or not such a user exists, so a lockout reveals nothing)
 * and per client IP.
 */
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';

/** A throttling rule. */
export interface ThrottleRule {
  /** Failures (or requests) allowed in the window before locking. */
  readonly limit: number;
  readonly windowS: number;
  /** First lock; doubles with each further failure. */
  readonly lockS: number;
  readonly lockMaxS: number;
}

/** The rules, with the reasoning for their numbers. */
export const throttleRules = {
  /** 5 wrong passwords per account in 15 minutes, then 30 s doubling to 15 min (OWASP authentication). */
  signInAccount: { limit: 5, windowS: 900, lockS: 30, lockMaxS: 900 },
  /** 30 failures per IP in 15 minutes: a household or office behind one address still signs in. */
  signInIp: { limit: 30, windowS: 900, lockS: 60, lockMaxS: 3600 },
  /** Wrong codes per IP (confirmation, reset, verification, challenges) in 15 minutes. */
  codeIp: { limit: 30, windowS: 900, lockS: 60, lockMaxS: 3600 },
  /** Codes sent per account per hour (forgot password, resend, attribute verification): no mail bombing. */
  sendAccount: { limit: 5, windowS: 3600, lockS: 300, lockMaxS: 3600 },
  /** Codes sent and sign-ups per IP per hour. */
  sendIp: { limit: 20, windowS: 3600, lockS: 300, lockMaxS: 3600 },
} as const satisfies Record<string, ThrottleRule>;

/** Seconds until `key` is unlocked, or 0 when it is not locked. */
export async function lockedForS(db: IdentityDb, key: string): Promise<number> {
  const row = await db
    .selectFrom('throttles')
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  const remainingMs = row?.locked_until ? row.locked_until.getTime() - Date.now() : 0;
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/**
 * Counts one event against `key` (a failure, or a request) in one atomic upsert; returns the seconds the key is
 * now locked for (0 while under the limit). The count restarts when the window has passed.
 */
export async function countEvent(db: IdentityDb, key: string, rule: ThrottleRule): Promise<number> {
  const row = await db
    .insertInto('throttles')
    .values({ key, failures: 1, window_started_at: new Date(), locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when throttles.window_started_at < now() - make_interval(secs => ${rule.windowS})
          then 1 else throttles.failures + 1 end`,
        window_started_at: sql`case when throttles.window_started_at < now() - make_interval(secs => ${rule.windowS})
          then now() else throttles.window_started_at end`,
      }),
    )
    .returning(['failures'])
    .executeTakeFirstOrThrow();
  const over = row.failures - rule.limit - 1;
  if (over < 0) {
    return 0;
  }
  const lockS = Math.min(rule.lockS * 2 ** Math.min(over, 20), rule.lockMaxS);
  await db
    .updateTable('throttles')
    .set({ locked_until: new Date(Date.now() + lockS * 1000) })
    .where('key', '=', key)
    .execute();
  return lockS;
}

/** Clears a key after a success (a right password ends the account's failure streak). */
export async function clearKey(db: IdentityDb, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** The throttle keys of a request. */
export const throttleKeys = {
  account: (scope: string, username: string) => `${scope}:account:${username.trim().toLowerCase()}`,
  ip: (scope: string, ip: string) => `${scope}:ip:${ip}`,
};
