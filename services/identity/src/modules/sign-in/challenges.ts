/**
 * Challenge sessions: the opaque `Session` string of a sign-in that waits for an answer (MFA code, new password,
 * device proof, step-up code). Stored as a digest, valid CHALLENGE_TTL_S, bound to one user, app client and
 * challenge name, dropped after CHALLENGE_ATTEMPTS_MAX wrong answers, and consumed by a right one.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ChallengesTable } from '../../database.ts';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime } from '../../runtime.ts';
import { CHALLENGE_ATTEMPTS_MAX, CHALLENGE_TTL_S } from '../../settings.ts';
import { digest, opaqueSecret } from '../tokens/tokens.service.ts';

export type ChallengeRow = Selectable<ChallengesTable>;

/** The names of the challenges this service sends (spec section 4, "Sign-in"). */
export type ChallengeName =
  | 'SMS_MFA'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'NEW_PASSWORD_REQUIRED'
  | 'CUSTOM_CHALLENGE'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER';

/** What a challenge carries between requests. */
export interface ChallengeState {
  /** Methods proven so far (RFC 8176): `pwd`, then `otp`/`sms`/`mfa`/`swk`. */
  amr: string[];
  /** The device the sign-in came from (proven or to be proven). */
  deviceKey?: string;
  [key: string]: unknown;
}

/** Creates a challenge session and returns the opaque Session string for the client. */
export async function createChallenge(
  rt: IdentityRuntime,
  challenge: { userId: string; clientId: string; name: ChallengeName; state: ChallengeState },
): Promise<string> {
  const session = opaqueSecret(64);
  await rt.db
    .insertInto('challenges')
    .values({
      session_hash: digest(session),
      user_id: challenge.userId,
      client_id: challenge.clientId,
      challenge_name: challenge.name,
      state: JSON.stringify(challenge.state),
      expires_at: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
    })
    .execute();
  // Expired sessions are swept as new ones are made, so the table stays as small as the live sign-ins.
  await rt.db
    .deleteFrom('challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  return session;
}

/** The live challenge of a Session for this client and name; NotAuthorizedException when there is none. */
export async function loadChallenge(
  rt: IdentityRuntime,
  session: string,
  clientId: string,
  names: readonly ChallengeName[],
): Promise<ChallengeRow> {
  const row = await rt.db
    .selectFrom('challenges')
    .selectAll()
    .where('session_hash', '=', digest(session))
    .executeTakeFirst();
  if (
    !row ||
    row.client_id !== clientId ||
    !names.includes(row.challenge_name as ChallengeName) ||
    row.expires_at.getTime() <= Date.now() ||
    row.attempts >= CHALLENGE_ATTEMPTS_MAX
  ) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.invalidSession);
  }
  return row;
}

/** Counts a wrong answer; the session is gone after the last allowed one. */
export async function recordWrongAnswer(rt: IdentityRuntime, row: ChallengeRow): Promise<void> {
  await rt.db
    .updateTable('challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('session_hash', '=', row.session_hash)
    .execute();
}

/**
 * Consumes a challenge session (a right answer). Returns false when another request consumed it first, so one
 * Session yields tokens once.
 */
export async function consumeChallenge(rt: IdentityRuntime, row: ChallengeRow): Promise<boolean> {
  const deleted = await rt.db
    .deleteFrom('challenges')
    .where('session_hash', '=', row.session_hash)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Replaces a challenge session's state (MFA setup progress) without changing its Session string. */
export async function updateChallengeState(rt: IdentityRuntime, row: ChallengeRow, state: ChallengeState) {
  await rt.db
    .updateTable('challenges')
    .set({ state: JSON.stringify(state) })
    .where('session_hash', '=', row.session_hash)
    .execute();
}

/** The state of a row, typed. */
export function stateOf(row: ChallengeRow): ChallengeState {
  const state = row.state as Partial<ChallengeState>;
  return { ...state, amr: Array.isArray(state.amr) ? state.amr : [] } as ChallengeState;
}
