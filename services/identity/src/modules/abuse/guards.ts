/**
 * The throttling decisions of each kind of request, mapped to Cognito's errors: an account over its limit gets
 * LimitExceededException (or NotAuthorizedException 'Password attempts exceeded' at sign-in and for wrong codes
 * of a known user), an address over its limit TooManyRequestsException. All carry Retry-After. The numbers and
 * their reasons are in throttle.ts.
 */
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { UUID_PATTERN } from '../users/users.repository.ts';
import { clearKey, countEvent, lockedForS, throttleKeys, throttleRules } from './throttle.ts';

/** Refuses a request from an address that is locked for `scope`. */
async function assertIpOpen(db: IdentityDb, scope: string, ip: string): Promise<void> {
  const lockedS = await lockedForS(db, throttleKeys.ip(scope, ip));
  if (lockedS > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, lockedS);
  }
}

/** Seconds left until `until`, or 0. */
function remainingS(until: Date | null): number {
  const remainingMs = until ? until.getTime() - Date.now() : 0;
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/**
 * Before a password check, in one statement (sign-in is the hot path, and every statement is a round trip and
 * a parse on the embedded database): whether the address, the account or the account from this address is
 * locked, whether the account has a failure streak to clear after a right password, and the user the username
 * names (undefined when none). A locked sign-in is refused before the password is even hashed.
 *
 * Lock order and answers: the address (TooManyRequestsException, only ever locked for trying accounts that do
 * not exist), then the account from this address and the account anywhere (NotAuthorizedException 'Password
 * attempts exceeded', Cognito's lockout answer, which Amplify shows rather than retries).
 */
export async function openSignIn(
  db: IdentityDb,
  username: string,
  ip: string,
): Promise<{ streak: boolean; user: UserRow | undefined }> {
  const ipKey = throttleKeys.ip('sign-in-unknown', ip);
  const accountKey = throttleKeys.account('sign-in', username);
  const pairKey = throttleKeys.pair('sign-in', username, ip);
  const value = username.trim().toLowerCase();
  const byId = UUID_PATTERN.test(value);
  const row = await db
    .selectFrom(sql<{ one: number }>`(values (1))`.as('one'))
    .leftJoin('users', (join) => join.on(byId ? 'users.id' : 'users.email', '=', value))
    .leftJoin('throttles as ip_throttle', (join) => join.on('ip_throttle.key', '=', ipKey))
    .leftJoin('throttles as account_throttle', (join) => join.on('account_throttle.key', '=', accountKey))
    .leftJoin('throttles as pair_throttle', (join) => join.on('pair_throttle.key', '=', pairKey))
    .selectAll('users')
    .select([
      'ip_throttle.locked_until as ip_locked_until',
      'account_throttle.locked_until as account_locked_until',
      'account_throttle.key as account_throttle_key',
      'pair_throttle.locked_until as pair_locked_until',
      'pair_throttle.key as pair_throttle_key',
    ])
    .executeTakeFirstOrThrow();
  const ipLockedS = remainingS(row.ip_locked_until);
  if (ipLockedS > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, ipLockedS);
  }
  const accountLockedS = Math.max(remainingS(row.pair_locked_until), remainingS(row.account_locked_until));
  if (accountLockedS > 0) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.attemptsExceeded, accountLockedS);
  }
  const {
    ip_locked_until: _ip,
    account_locked_until: _account,
    account_throttle_key,
    pair_locked_until: _pair,
    pair_throttle_key,
    ...user
  } = row;
  return {
    streak: account_throttle_key !== null || pair_throttle_key !== null,
    user: user.id === null ? undefined : (user as UserRow),
  };
}

/**
 * After a wrong password: counts against the account from this address and the account anywhere; and, when no
 * account has that name, against the address (the only address count of sign-ins: see throttleRules).
 */
export async function recordSignInFailure(
  db: IdentityDb,
  username: string,
  ip: string,
  accountExists: boolean,
): Promise<void> {
  await countEvent(db, throttleKeys.pair('sign-in', username, ip), throttleRules.signInPair);
  await countEvent(db, throttleKeys.account('sign-in', username), throttleRules.signInAccount);
  if (!accountExists) {
    await countEvent(db, throttleKeys.ip('sign-in-unknown', ip), throttleRules.signInUnknownIp);
  }
}

/** After a right password: the account's failure streaks end, here and everywhere (the address keeps its count). */
export async function recordSignInSuccess(db: IdentityDb, username: string, ip: string): Promise<void> {
  await clearKey(db, throttleKeys.pair('sign-in', username, ip));
  await clearKey(db, throttleKeys.account('sign-in', username));
}

/** After a password reset: every failure streak of the account ends, from whichever address. */
export async function clearSignInLocks(db: IdentityDb, username: string): Promise<void> {
  await clearKey(db, throttleKeys.account('sign-in', username));
  await db
    .deleteFrom('throttles')
    .where('key', 'like', `${throttleKeys.pair('sign-in', username, '').replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
}

/** Before a code check: the address must not be locked. */
export async function assertCodeCheckAllowed(db: IdentityDb, ip: string): Promise<void> {
  await assertIpOpen(db, 'code', ip);
}

/**
 * Before checking a second factor or a verification code of a known user: the user must not be locked for wrong
 * codes (NotAuthorizedException 'Password attempts exceeded', which Amplify does not retry).
 */
export async function assertUserCodeCheckAllowed(db: IdentityDb, userId: string): Promise<void> {
  const lockedS = await lockedForS(db, throttleKeys.account('code', userId));
  if (lockedS > 0) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.attemptsExceeded, lockedS);
  }
}

/** After a wrong code (or a code for an unknown user); `userId` when the code was a known user's. */
export async function recordCodeFailure(db: IdentityDb, ip: string, userId?: string): Promise<void> {
  await countEvent(db, throttleKeys.ip('code', ip), throttleRules.codeIp);
  if (userId !== undefined) {
    await countEvent(db, throttleKeys.account('code', userId), throttleRules.codeAccount);
  }
}

/**
 * Before sending a code or creating an account: counts the request against the account and the address, and
 * refuses past their limits. Counted whether or not the account exists, so the answer reveals nothing.
 */
export async function assertSendAllowed(
  db: IdentityDb,
  username: string | undefined,
  ip: string,
): Promise<void> {
  await assertIpOpen(db, 'send', ip);
  const ipLockS = await countEvent(db, throttleKeys.ip('send', ip), throttleRules.sendIp);
  if (ipLockS > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, ipLockS);
  }
  if (username !== undefined) {
    const accountKey = throttleKeys.account('send', username);
    const lockedS = await lockedForS(db, accountKey);
    const lockS = lockedS > 0 ? lockedS : await countEvent(db, accountKey, throttleRules.sendAccount);
    if (lockS > 0) {
      throw new CognitoError('LimitExceededException', undefined, lockS);
    }
  }
}
