/**
 * MFA settings: AssociateSoftwareToken and VerifySoftwareToken (TOTP setup, signed in or during the MFA_SETUP
 * challenge), SetUserMFAPreference, and the TOTP check used by sign-in and step-up.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type {
  associateSoftwareTokenSchema,
  mfaPreferenceSchema,
  verifySoftwareTokenSchema,
} from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { assertCodeCheckAllowed, recordCodeFailure } from '../abuse/guards.ts';
import { loadChallenge, recordWrongAnswer, stateOf, updateChallengeState } from '../sign-in/challenges.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { matchTotp, newTotpSecret } from './totp.ts';

/** Who is setting up TOTP: a signed-in user (AccessToken) or a sign-in in MFA_SETUP (Session). */
async function resolveSubject(rt: IdentityRuntime, input: { AccessToken?: string; Session?: string }) {
  if (input.AccessToken) {
    return { user: (await authenticateAccess(rt, input.AccessToken)).user, challenge: undefined };
  }
  if (!input.Session) {
    throw new CognitoError('InvalidParameterException', 'AccessToken or Session is required.');
  }
  // The client id is not sent with these calls; the Session alone names the sign-in.
  const challenge = await loadChallengeAnyClient(rt, input.Session);
  const user = await findUserById(rt.db, challenge.user_id);
  if (!user) {
    throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  }
  return { user, challenge };
}

async function loadChallengeAnyClient(rt: IdentityRuntime, session: string) {
  for (const clientId of rt.settings.clientIds) {
    try {
      return await loadChallenge(rt, session, clientId, ['MFA_SETUP']);
    } catch {
      // Try the next client; the last failure is reported below.
    }
  }
  throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
}

/** AssociateSoftwareToken: a new secret, pending until a code from it is verified. */
export async function associateSoftwareToken(
  rt: IdentityRuntime,
  input: z.output<typeof associateSoftwareTokenSchema>,
) {
  const { user } = await resolveSubject(rt, input);
  const secret = newTotpSecret();
  await rt.db
    .updateTable('users')
    .set({ totp_pending_secret: secret, updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  return { SecretCode: secret, ...(input.Session ? { Session: input.Session } : {}) };
}

/**
 * VerifySoftwareToken: a right code makes the pending secret the user's. During MFA_SETUP it also turns TOTP on
 * as the preferred method (the sign-in then completes); when signed in, SetUserMFAPreference turns it on.
 */
export async function verifySoftwareToken(
  rt: IdentityRuntime,
  input: z.output<typeof verifySoftwareTokenSchema>,
  request: RequestInfo,
) {
  await assertCodeCheckAllowed(rt.db, request.ip);
  const { user, challenge } = await resolveSubject(rt, input);
  const step = user.totp_pending_secret ? matchTotp(user.totp_pending_secret, input.UserCode, 0) : undefined;
  if (step === undefined) {
    await recordCodeFailure(rt.db, request.ip);
    if (challenge) {
      await recordWrongAnswer(rt, challenge);
    }
    throw new CognitoError('EnableSoftwareTokenMFAException');
  }
  await rt.db
    .updateTable('users')
    .set({
      totp_secret: user.totp_pending_secret,
      totp_pending_secret: null,
      totp_last_step: step,
      ...(challenge ? { totp_enabled: true, preferred_mfa: 'SOFTWARE_TOKEN_MFA' as const } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  if (challenge) {
    await updateChallengeState(rt, challenge, { ...stateOf(challenge), totpVerified: true });
  }
  await audit(rt.db, { userId: user.id, event: 'totp_verified', outcome: 'success', ip: request.ip });
  return { Status: 'SUCCESS', ...(input.Session ? { Session: input.Session } : {}) };
}

/**
 * Checks a TOTP code of the user's verified secret and records its step, so the same code cannot be used twice
 * (the update only succeeds if no later step was recorded meanwhile).
 */
export async function checkTotpCode(rt: IdentityRuntime, user: UserRow, code: string): Promise<void> {
  const lastStep = Number(user.totp_last_step);
  const step = user.totp_secret ? matchTotp(user.totp_secret, code, lastStep) : undefined;
  if (step === undefined) {
    throw new CognitoError('CodeMismatchException');
  }
  const updated = await rt.db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where(sql<boolean>`totp_last_step < ${step}`)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    throw new CognitoError('CodeMismatchException');
  }
}

/** SetUserMFAPreference: SMS needs a verified phone number, TOTP a verified secret. */
export async function setUserMfaPreference(
  rt: IdentityRuntime,
  input: z.output<typeof mfaPreferenceSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const sms = input.SMSMfaSettings;
  const totp = input.SoftwareTokenMfaSettings;
  const smsEnabled = sms?.Enabled ?? (sms?.PreferredMfa ? true : user.sms_mfa_enabled);
  const totpEnabled = totp?.Enabled ?? (totp?.PreferredMfa ? true : user.totp_enabled);
  if (smsEnabled && !user.sms_mfa_enabled && !(user.phone_number && user.phone_number_verified)) {
    throw new CognitoError('InvalidParameterException', 'User does not have a verified phone_number.');
  }
  if (totpEnabled && !user.totp_enabled && !user.totp_secret) {
    throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
  }
  let preferred = user.preferred_mfa;
  if (sms?.PreferredMfa) {
    preferred = 'SMS_MFA';
  } else if (totp?.PreferredMfa) {
    preferred = 'SOFTWARE_TOKEN_MFA';
  } else if (sms?.PreferredMfa === false && preferred === 'SMS_MFA') {
    preferred = null;
  } else if (totp?.PreferredMfa === false && preferred === 'SOFTWARE_TOKEN_MFA') {
    preferred = null;
  }
  if ((preferred === 'SMS_MFA' && !smsEnabled) || (preferred === 'SOFTWARE_TOKEN_MFA' && !totpEnabled)) {
    preferred = null;
  }
  await rt.db
    .updateTable('users')
    .set({
      sms_mfa_enabled: smsEnabled,
      totp_enabled: totpEnabled,
      preferred_mfa: preferred,
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  await audit(rt.db, {
    userId: user.id,
    event: 'mfa_preference',
    outcome: 'success',
    ip: request.ip,
    detail: { sms: smsEnabled, totp: totpEnabled, preferred },
  });
  return {};
}
