/**
 * The throttling decisions of each kind of request, mapped to Cognito's errors: an account over its limit gets
 * LimitExceededException (or NotAuthorizedException 'Password attempts exceeded' at sign-in), an address over its
 * limit TooManyRequestsException. Both carry Retry-After.
 */
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';
import { CognitoError, sessionMessages } from '../../protocol/cognito-errors.ts';
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

/**
 * Before a password check, in one statement (sign-in is the hot path, and every statement is a round trip and
 * a parse on the embedded database): whether the address or the account is locked, whether the account has a
 * failure streak to clear after a right password, and the user the username names (undefined when none). A
 * locked address or account is refused before the password is even hashed.
 */
export async function openSignIn(
  db: IdentityDb,
  username: string,
  ip: string,
): Promise<{ streak: boolean; user: UserRow | undefined }> {
  const ipKey = throttleKeys.ip('sign-in', ip);
  const accountKey = throttleKeys.account('sign-in', username);
  const value = username.trim().toLowerCase();
  const byId = UUID_PATTERN.test(value);
  const row = await db
    .selectFrom(sql<{ one: number }>`(values (1))`.as('one'))
    .leftJoin('users', (join) => join.on(byId ? 'users.id' : 'users.email', '=', value))
    .leftJoin('throttles as ip_throttle', (join) => join.on('ip_throttle.key', '=', ipKey))
    .leftJoin('throttles as account_throttle', (join) => join.on('account_throttle.key', '=', accountKey))
    .selectAll('users')
    .select([
      'ip_throttle.locked_until as ip_locked_until',
      'account_throttle.locked_until as account_locked_until',
      'account_throttle.key as account_throttle_key',
    ])
    .executeTakeFirstOrThrow();
  const lockedS = (until: Date | null) => {
    const remainingMs = until ? until.getTime() - Date.now() : 0;
    return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  };
  if (lockedS(row.ip_locked_until) > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, lockedS(row.ip_locked_until));
  }
  if (lockedS(row.account_locked_until) > 0) {
    throw new CognitoError(
      'NotAuthorizedException',
      sessionMessages.attemptsExceeded,
      lockedS(row.account_locked_until),
    );
  }
  const { ip_locked_until: _ip, account_locked_until: _account, account_throttle_key, ...user } = row;
  return {
    streak: account_throttle_key !== null,
    user: user.id === null ? undefined : (user as UserRow),
  };
}

/** After a wrong password (or an unknown user): counts against the account and the address. */
export async function recordSignInFailure(db: IdentityDb, username: string, ip: string): Promise<void> {
  await countEvent(db, throttleKeys.account('sign-in', username), throttleRules.signInAccount);
  await countEvent(db, throttleKeys.ip('sign-in', ip), throttleRules.signInIp);
}

/** After a right password: the account's failure streak ends (the address keeps its count). */
export async function recordSignInSuccess(db: IdentityDb, username: string): Promise<void> {
  await clearKey(db, throttleKeys.account('sign-in', username));
}

/** Before a code check: the address must not be locked. */
export async function assertCodeCheckAllowed(db: IdentityDb, ip: string): Promise<void> {
  await assertIpOpen(db, 'code', ip);
}

/** After a wrong code (or a code for an unknown user). */
export async function recordCodeFailure(db: IdentityDb, ip: string): Promise<void> {
  await countEvent(db, throttleKeys.ip('code', ip), throttleRules.codeIp);
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
