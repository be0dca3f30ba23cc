/**
 * The throttling decisions of each kind of request, mapped to Cognito's errors: an account over its limit gets
 * LimitExceededException (or NotAuthorizedException 'Password attempts exceeded' at sign-in), an address over its
 * limit TooManyRequestsException. Both carry Retry-After.
 */
import type { IdentityDb } from '../../database.ts';
import { CognitoError, sessionMessages } from '../../protocol/cognito-errors.ts';
import { clearKey, countEvent, lockedForS, throttleKeys, throttleRules } from './throttle.ts';

/** Refuses a request from an address that is locked for `scope`. */
async function assertIpOpen(db: IdentityDb, scope: string, ip: string): Promise<void> {
  const lockedS = await lockedForS(db, throttleKeys.ip(scope, ip));
  if (lockedS > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, lockedS);
  }
}

/**
 * Before a password check: the address and the account must not be locked (one query for both, as this is on
 * every sign-in). Returns whether the account has a failure streak to clear after a right password.
 */
export async function assertSignInAllowed(
  db: IdentityDb,
  username: string,
  ip: string,
): Promise<{ streak: boolean }> {
  const ipKey = throttleKeys.ip('sign-in', ip);
  const accountKey = throttleKeys.account('sign-in', username);
  const rows = await db
    .selectFrom('throttles')
    .select(['key', 'locked_until'])
    .where('key', 'in', [ipKey, accountKey])
    .execute();
  const lockedS = (key: string) => {
    const until = rows.find((row) => row.key === key)?.locked_until;
    const remainingMs = until ? until.getTime() - Date.now() : 0;
    return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  };
  if (lockedS(ipKey) > 0) {
    throw new CognitoError('TooManyRequestsException', undefined, lockedS(ipKey));
  }
  if (lockedS(accountKey) > 0) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.attemptsExceeded, lockedS(accountKey));
  }
  return { streak: rows.some((row) => row.key === accountKey) };
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
