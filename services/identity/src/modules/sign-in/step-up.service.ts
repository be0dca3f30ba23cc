/**
 * Step-up for money movements (docs/adr/0002-identity-protocol.md): a signed-in user proves a second factor
 * again, and gets access and id tokens of the same session with a fresh `auth_time` and `amr` containing `mfa`.
 * Cash operations accept such a token for STEP_UP_VALIDITY_S (PSD2 strong customer authentication).
 *
 * InitiateAuth AuthFlow CUSTOM_AUTH with AuthParameters { USERNAME, ACCESS_TOKEN } starts it; the answer is a
 * CUSTOM_CHALLENGE whose ChallengeParameters.METHOD says what to enter: SOFTWARE_TOKEN_MFA (the authenticator's
 * code), SMS_MFA (a code sent by SMS) or EMAIL_OTP (a code sent by e-mail, for users without MFA).
 * RespondToAuthChallenge CUSTOM_CHALLENGE { USERNAME, ANSWER } completes it. No refresh token is issued: a
 * refresh never yields a step-up.
 */
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { pickLocale } from '../outbox/messages.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { issueCode, maskDestination } from '../users/codes.ts';
import { createChallenge } from './challenges.ts';
import { enabledMfa, type SignInStep } from './next-step.ts';

/** The factor a step-up asks for. */
export type StepUpMethod = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';

/** The strongest factor the user has: the authenticator app, then SMS, then an e-mailed code. */
export function stepUpMethod(user: UserRow): StepUpMethod {
  const methods = enabledMfa(user);
  if (methods.includes('SOFTWARE_TOKEN_MFA')) {
    return 'SOFTWARE_TOKEN_MFA';
  }
  return methods.includes('SMS_MFA') ? 'SMS_MFA' : 'EMAIL_OTP';
}

/** InitiateAuth CUSTOM_AUTH. */
export async function startStepUp(
  rt: IdentityRuntime,
  clientId: string,
  parameters: Readonly<Record<string, string>>,
  request: RequestInfo,
): Promise<SignInStep> {
  const accessToken = parameters['ACCESS_TOKEN'];
  if (!accessToken) {
    throw new CognitoError(
      'InvalidParameterException',
      'CUSTOM_AUTH is the step-up flow: ACCESS_TOKEN is required.',
    );
  }
  const { user, session } = await authenticateAccess(rt, accessToken);
  const username = (parameters['USERNAME'] ?? '').trim().toLowerCase();
  if (session.client_id !== clientId || (username !== user.email && username !== user.id)) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  const method = stepUpMethod(user);
  const challengeParameters: Record<string, string> = { METHOD: method };
  if (method !== 'SOFTWARE_TOKEN_MFA') {
    const sms = method === 'SMS_MFA';
    const destination = sms ? user.phone_number! : user.email;
    await issueCode(rt.db, user.id, 'step_up', {
      channel: sms ? 'sms' : 'email',
      destination,
      locale: pickLocale(user.locale, request.locale),
      kind: sms ? 'smsMfaCode' : 'stepUpCode',
    });
    challengeParameters['CODE_DELIVERY_DELIVERY_MEDIUM'] = sms ? 'SMS' : 'EMAIL';
    challengeParameters['CODE_DELIVERY_DESTINATION'] = maskDestination(destination);
  }
  const sessionString = await createChallenge(rt, {
    userId: user.id,
    clientId,
    name: 'CUSTOM_CHALLENGE',
    state: { amr: [], originJti: session.origin_jti, method },
  });
  await audit(rt.db, {
    userId: user.id,
    event: 'step_up_start',
    outcome: 'success',
    ip: request.ip,
    detail: { method },
  });
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: sessionString,
    ChallengeParameters: { USERNAME: user.id, USER_ID_FOR_SRP: user.id, ...challengeParameters },
  };
}
