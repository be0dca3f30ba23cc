/**
 * One-time codes: 6 random digits sent through the outbox, stored as a digest, valid CODE_TTL_S, and burnt after
 * CODE_ATTEMPTS_MAX wrong guesses. One live code per user and purpose: asking again replaces it.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';
import { CognitoError } from '../protocol/cognito-errors.ts';
import { CODE_ATTEMPTS_MAX, CODE_TTL_S } from '../../settings.ts';
import type { Locale, MessageKind } from '../outbox/messages.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';

/** What a code is for; a code of one purpose never answers another. */
export type CodePurpose =
  'sign_up' | 'forgot_password' | 'verify_email' | 'verify_phone' | 'sms_mfa' | 'step_up';

/** Where a code goes. */
export interface CodeDelivery {
  readonly channel: 'email' | 'sms';
  readonly destination: string;
  readonly locale: Locale;
  readonly kind: MessageKind;
}

function codeDigest(userId: string, purpose: CodePurpose, code: string): Buffer {
  // Bound to the user and purpose, so a digest cannot be replayed across either.
  return createHash('sha256').update(`${userId}:${purpose}:${code}`, 'utf8').digest();
}

/** Six uniformly random digits from the CSPRNG. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Creates (or replaces) the user's code for `purpose` and queues its message; returns the code (tests). */
export async function issueCode(
  db: IdentityDb,
  userId: string,
  purpose: CodePurpose,
  delivery: CodeDelivery,
): Promise<string> {
  const code = randomCode();
  const values = {
    code_hash: codeDigest(userId, purpose, code),
    destination: delivery.destination,
    attempts: 0,
    expires_at: new Date(Date.now() + CODE_TTL_S * 1000),
    created_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('codes')
      .values({ user_id: userId, purpose, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
      .execute();
    await enqueueMessage(trx, {
      channel: delivery.channel,
      recipient: delivery.destination,
      locale: delivery.locale,
      kind: delivery.kind,
      value: code,
    });
  });
  return code;
}

/**
 * Checks a code. Each guess spends an attempt before it is compared (one atomic update), so concurrent guesses
 * cannot exceed the limit. A right code is consumed. Throws CodeMismatchException, ExpiredCodeException or
 * LimitExceededException; `expectedDestination`, when given, must be where the code was sent (a code sent to an
 * old address does not verify a new one).
 */
export async function consumeCode(
  db: IdentityDb,
  userId: string,
  purpose: CodePurpose,
  code: string,
  expectedDestination?: string,
): Promise<void> {
  const spent = await db
    .updateTable('codes')
    .set({ attempts: sql`attempts + 1` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('attempts', '<', CODE_ATTEMPTS_MAX)
    .returning(['code_hash', 'expires_at', 'destination'])
    .executeTakeFirst();
  if (!spent) {
    const exists = await db
      .selectFrom('codes')
      .select('attempts')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    throw exists ? new CognitoError('LimitExceededException') : new CognitoError('CodeMismatchException');
  }
  if (spent.expires_at.getTime() <= Date.now()) {
    await deleteCode(db, userId, purpose);
    throw new CognitoError('ExpiredCodeException');
  }
  const given = codeDigest(userId, purpose, code);
  const matches = timingSafeEqual(given, spent.code_hash);
  if (!matches || (expectedDestination !== undefined && spent.destination !== expectedDestination)) {
    throw new CognitoError('CodeMismatchException');
  }
  await deleteCode(db, userId, purpose);
}

/**
 * Checks a code sent to the account an e-mail names, for the operations anyone may call with any e-mail
 * (ConfirmSignUp, ConfirmForgotPassword); returns the account on success and consumes the code.
 *
 * Every failure answers CodeMismatchException: no such account, an account in another state, no code, a code
 * burnt by CODE_ATTEMPTS_MAX wrong guesses, an expired code, a wrong code. Any other answer would tell a stranger
 * which e-mails have an account (issue #13, defect 4: LimitExceededException after 5 wrong reset codes, against
 * CodeMismatchException for an unknown e-mail, did). The work is the same too: one statement finds the account
 * and spends a guess on its code, on every path, and nothing else touches the database before the answer.
 */
export async function consumeEmailCode(
  db: IdentityDb,
  email: string,
  purpose: 'sign_up' | 'forgot_password',
  code: string,
): Promise<{ id: string; email: string }> {
  const spent = await db
    .updateTable('codes')
    .from('users')
    .set({ attempts: sql`codes.attempts + 1` })
    .whereRef('codes.user_id', '=', 'users.id')
    .where('users.email', '=', email)
    .where('codes.purpose', '=', purpose)
    .where('codes.attempts', '<', CODE_ATTEMPTS_MAX)
    .$if(purpose === 'sign_up', (query) => query.where('users.status', '=', 'UNCONFIRMED'))
    .$if(purpose === 'forgot_password', (query) => query.where('users.enabled', '=', true))
    .returning([
      'codes.code_hash',
      'codes.expires_at',
      'codes.destination',
      'users.id as user_id',
      'users.email as user_email',
    ])
    .executeTakeFirst();
  // Compared even without a code (against a digest of nothing), so every path does the same hashing.
  const given = codeDigest(spent?.user_id ?? '', purpose, code);
  const matches = timingSafeEqual(given, spent?.code_hash ?? Buffer.alloc(given.length));
  if (
    !spent ||
    !matches ||
    spent.expires_at.getTime() <= Date.now() ||
    spent.destination !== spent.user_email
  ) {
    throw new CognitoError('CodeMismatchException');
  }
  await deleteCode(db, spent.user_id, purpose);
  return { id: spent.user_id, email: spent.user_email };
}

async function deleteCode(db: IdentityDb, userId: string, purpose: CodePurpose): Promise<void> {
  await db.deleteFrom('codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** Masks a destination the way Cognito shows it: `a***@e***` or `+*******1234`. */
export function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) {
    const domain = destination.slice(at + 1);
    return `${destination[0]}***@${domain[0] ?? ''}***`;
  }
  return `+${'*'.repeat(Math.max(destination.length - 5, 0))}${destination.slice(-4)}`;
}
