/**
 * Throttling and lockout, kept in the database so every process counts the same attempts.
 *
 * Two kinds of rule. A *failure* rule counts wrong answers (passwords, codes) in a window; past its threshold the
 * key is locked with a progressive delay (each failure after a lock has ended doubles the next lock, up to a
 * cap), and a success clears it. A *request* rule counts requests (codes sent, sign-ups) in a window and refuses
 * beyond the limit.
 *
 * Keys name what is counted: an account (the normalised e-mail, whether or not such a user exists, so a lockout
 * reveals nothing), an account from one address, or an address alone. Many people share one address (an office
 * or a campus behind NAT, a mobile carrier's CGNAT, a corporate proxy), so an address is never locked for what
 * one of them does to their own account: wrong passwords lock the (account, address) pair first and the account
 * next, and the address limits count only what an attacker does and a person rarely does (issue #13, defect 4:
 * 31 wrong passwords from one address used to lock every account's sign-in from it).
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

/**
 * The rules, with the reasoning for their numbers (docs/adr/0002-identity-protocol.md, "Throttles", and
 * docs/operations.md repeat them).
 */
export const throttleRules = {
  /**
   * Wrong passwords for one account from one address: 5 in 15 minutes, then 30 s doubling to 15 minutes (OWASP
   * authentication cheat sheet; Cognito locks after 5). Only the person who mistyped waits: colleagues behind the
   * same address, and the account's owner elsewhere, sign in as before.
   */
  signInPair: { limit: 5, windowS: 900, lockS: 30, lockMaxS: 900 },
  /**
   * Wrong passwords for one account from every address: 20 in an hour, then 60 s doubling to 15 minutes. This
   * stops guessing spread over many addresses (a botnet gets about 4 tries an hour once the lock is at its cap,
   * under a hundred a day, NIST SP 800-63B section 5.2.2); the price is that such an attacker can keep one
   * account waiting, as with every account lockout.
   */
  signInAccount: { limit: 20, windowS: 3600, lockS: 60, lockMaxS: 900 },
  /**
   * Failed sign-ins naming an account that does not exist, per address: 100 in 15 minutes, then 60 s doubling to
   * an hour. People mistype their own e-mail now and then; a hundred distinct misses in 15 minutes from one
   * address is a list being tried (credential stuffing, spraying), so the address waits. The lock applies to
   * every sign-in from the address, whoever it names, so its answer says nothing about which accounts exist.
   */
  signInUnknownIp: { limit: 100, windowS: 900, lockS: 60, lockMaxS: 3600 },
  /**
   * Wrong codes per address (confirmation, reset, verification, MFA and step-up) in 15 minutes: 100, then 60 s
   * doubling to an hour. Each code is burnt after 5 guesses already (CODE_ATTEMPTS_MAX) and each challenge after
   * 5 answers; this bounds one address guessing across many accounts, sized so that a shared address's mistyped
   * codes never reach it.
   */
  codeIp: { limit: 100, windowS: 900, lockS: 60, lockMaxS: 3600 },
  /**
   * Wrong second-factor and verification codes per signed-in or signing-in user: 10 in 15 minutes, then 60 s
   * doubling to 15 minutes. An authenticator code is never burnt, and a thief with the password can open a new
   * challenge after every 5 answers: this keeps them near 40 guesses an hour (a 6-digit code accepted in 3 time
   * steps: about one chance in 8,000 a hour) wherever they come from.
   */
  codeAccount: { limit: 10, windowS: 900, lockS: 60, lockMaxS: 900 },
  /** Codes sent per account per hour (forgot password, resend, attribute verification, sign-up): no mail bombing. */
  sendAccount: { limit: 5, windowS: 3600, lockS: 300, lockMaxS: 3600 },
  /**
   * Codes sent and sign-ups per address per hour: 200, then 60 s doubling to an hour. It bounds the mail one
   * address can make the service send and the accounts it can create; 200 an hour is far above what an office
   * or a carrier's NAT produces (the per-account limit stops bombing one inbox), far below a sign-up bot.
   */
  sendIp: { limit: 200, windowS: 3600, lockS: 60, lockMaxS: 3600 },
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
  countsSinceSweep += 1;
  if (countsSinceSweep >= SWEEP_EVERY_COUNTS) {
    countsSinceSweep = 0;
    await sweepIdleThrottles(db);
  }
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

/** The longest window of any rule: a row whose window started before this counts nothing any more. */
const WINDOW_MAX_S = Math.max(...Object.values(throttleRules).map((rule) => rule.windowS));
/** One count in this many also sweeps idle rows, so the table stays bounded by recent activity. */
const SWEEP_EVERY_COUNTS = 100;
/** Rows deleted by one sweep at most (a sweep never holds a request up for long). */
const SWEEP_ROWS_MAX = 1000;
let countsSinceSweep = 0;

/**
 * Deletes rows that no longer count: their window has passed and they are not locked. `countEvent` restarts such
 * a row at 1 anyway, so deleting it changes no decision; without this, every name a sprayer tries and every
 * (account, address) that once failed would stay a row for ever. Returns how many rows went.
 */
export async function sweepIdleThrottles(db: IdentityDb): Promise<number> {
  const idle = db
    .selectFrom('throttles')
    .select('key')
    .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${WINDOW_MAX_S})`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .limit(SWEEP_ROWS_MAX);
  const result = await db.deleteFrom('throttles').where('key', 'in', idle).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Clears a key after a success (a right password ends the account's failure streak). */
export async function clearKey(db: IdentityDb, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** The throttle keys of a request. */
export const throttleKeys = {
  account: (scope: string, username: string) => `${scope}:account:${username.trim().toLowerCase()}`,
  /** One account from one address (the address last: an e-mail may not contain a space, so no two collide). */
  pair: (scope: string, username: string, ip: string) =>
    `${scope}:pair:${username.trim().toLowerCase()} ${ip}`,
  ip: (scope: string, ip: string) => `${scope}:ip:${ip}`,
};
