/**
 * RespondToAuthChallenge: checks the answer to the challenge a Session is waiting for, then hands over to
 * `nextSignInStep` (or, for CUSTOM_CHALLENGE, issues the step-up tokens). A wrong answer counts against the
 * Session (dropped after CHALLENGE_ATTEMPTS_MAX) and against the caller's address.
 */
import type { z } from 'zod';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { respondToAuthChallengeSchema } from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { assertCodeCheckAllowed, assertUserCodeCheckAllowed, recordCodeFailure } from '../abuse/guards.ts';
import { verifyDeviceProof, startDeviceProof } from '../devices/device-auth.ts';
import { checkTotpCode } from '../mfa/mfa.service.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { assertClient } from '../users/sign-up.service.ts';
import { consumeCode } from '../users/codes.ts';
import { assertPasswordPolicy, hashPassword } from '../users/passwords.ts';
import { findUserById } from '../users/users.repository.ts';
import { parseAttributeChanges } from '../users/attributes.ts';
import {
  type ChallengeName,
  type ChallengeRow,
  type ChallengeState,
  consumeChallenge,
  loadChallenge,
  recordWrongAnswer,
  stateOf,
} from './challenges.ts';
import { mfaChallenge, nextSignInStep, type SignInStep } from './next-step.ts';
import { required } from './sign-in.service.ts';

type Input = z.output<typeof respondToAuthChallengeSchema>;

/** A checked answer: the state to continue with, or a ready step (device proof's intermediate challenge). */
type Checked = { state: ChallengeState; user: UserRow } | { step: SignInStep };

/** RespondToAuthChallenge. */
export async function respondToAuthChallenge(rt: IdentityRuntime, input: Input, request: RequestInfo) {
  assertClient(rt, input.ClientId);
  await assertCodeCheckAllowed(rt.db, request.ip);
  const name = input.ChallengeName as ChallengeName;
  const row = await loadChallenge(rt, input.Session, input.ClientId, [name]);
  const responses = input.ChallengeResponses ?? {};
  const user = await findUserById(rt.db, row.user_id);
  if (!user?.enabled) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.invalidSession);
  }
  const username = required(responses, 'USERNAME').trim().toLowerCase();
  if (username !== user.id && username !== user.email) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  await assertUserCodeCheckAllowed(rt.db, user.id);
  let checked: Checked;
  try {
    checked = await checkAnswer(rt, name, row, user, responses, request);
  } catch (error) {
    if (error instanceof CognitoError && error.code !== 'InvalidPasswordException') {
      await recordWrongAnswer(rt, row);
      await recordCodeFailure(rt.db, request.ip, user.id);
      await audit(rt.db, { userId: user.id, event: `challenge_${name}`, outcome: 'failure', ip: request.ip });
    }
    throw error;
  }
  if (!(await consumeChallenge(rt, row))) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.invalidSession);
  }
  if ('step' in checked) {
    return checked.step;
  }
  if (name === 'CUSTOM_CHALLENGE') {
    return completeStepUp(rt, checked.user, checked.state, request);
  }
  const device = checked.state.deviceKey ? await deviceOf(rt, user.id, checked.state.deviceKey) : undefined;
  return nextSignInStep(
    rt,
    { user: checked.user, clientId: row.client_id, state: checked.state, ...(device ? { device } : {}) },
    request,
  );
}

async function deviceOf(rt: IdentityRuntime, userId: string, deviceKey: string) {
  const device = await rt.db
    .selectFrom('devices')
    .select(['device_key', 'remembered'])
    .where('device_key', '=', deviceKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return device ? { key: device.device_key, remembered: device.remembered } : undefined;
}

/** Checks one challenge's answer; throws Cognito's error for a wrong one. */
async function checkAnswer(
  rt: IdentityRuntime,
  name: ChallengeName,
  row: ChallengeRow,
  user: UserRow,
  responses: Readonly<Record<string, string>>,
  request: RequestInfo,
): Promise<Checked> {
  const state = stateOf(row);
  switch (name) {
    case 'SMS_MFA':
      await consumeCode(rt.db, user.id, 'sms_mfa', required(responses, 'SMS_MFA_CODE').trim());
      return { user, state: withMethods(state, ['sms', 'mfa']) };
    case 'SOFTWARE_TOKEN_MFA':
      await checkTotpCode(rt, user, required(responses, 'SOFTWARE_TOKEN_MFA_CODE').trim());
      return { user, state: withMethods(state, ['otp', 'mfa']) };
    case 'SELECT_MFA_TYPE':
      return { step: await selectMfaType(rt, row, user, state, required(responses, 'ANSWER'), request) };
    case 'MFA_SETUP':
      if (state['totpVerified'] !== true) {
        throw new CognitoError(
          'InvalidParameterException',
          'Verify a software token before answering MFA_SETUP.',
        );
      }
      return { user: (await findUserById(rt.db, user.id))!, state: withMethods(state, ['otp', 'mfa']) };
    case 'NEW_PASSWORD_REQUIRED':
      return { user: await setNewPassword(rt, user, responses), state };
    case 'DEVICE_SRP_AUTH':
      return { step: await startDeviceProof(rt, row, user, responses) };
    case 'DEVICE_PASSWORD_VERIFIER':
      await verifyDeviceProof(rt, row, user, responses, request);
      return { user, state: withMethods(state, ['swk']) };
    case 'CUSTOM_CHALLENGE':
      await checkStepUpAnswer(rt, user, state, required(responses, 'ANSWER').trim());
      return { user, state };
    default:
      throw new CognitoError('InvalidParameterException', 'Unknown challenge name.');
  }
}

function withMethods(state: ChallengeState, methods: readonly string[]): ChallengeState {
  return { ...state, amr: [...new Set([...state.amr, ...methods])] };
}

async function selectMfaType(
  rt: IdentityRuntime,
  row: ChallengeRow,
  user: UserRow,
  state: ChallengeState,
  answer: string,
  request: RequestInfo,
): Promise<SignInStep> {
  if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') {
    throw new CognitoError('InvalidParameterException', 'Invalid MFA type');
  }
  return mfaChallenge(rt, { user, clientId: row.client_id, state }, answer, request);
}

/** NEW_PASSWORD_REQUIRED: the staff-created user's own password (and any attributes they were asked for). */
async function setNewPassword(
  rt: IdentityRuntime,
  user: UserRow,
  responses: Readonly<Record<string, string>>,
): Promise<UserRow> {
  const password = required(responses, 'NEW_PASSWORD');
  assertPasswordPolicy(password);
  const attributes = Object.entries(responses)
    .filter(([key]) => key.startsWith('userAttributes.'))
    .map(([key, value]) => ({ Name: key.slice('userAttributes.'.length), Value: value }));
  const changes = parseAttributeChanges(attributes);
  await rt.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      status: 'CONFIRMED',
      attributes: JSON.stringify({ ...user.attributes, ...changes.profile }),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  return (await findUserById(rt.db, user.id))!;
}

async function checkStepUpAnswer(rt: IdentityRuntime, user: UserRow, state: ChallengeState, answer: string) {
  if (state['method'] === 'SOFTWARE_TOKEN_MFA') {
    await checkTotpCode(rt, user, answer);
  } else {
    await consumeCode(rt.db, user.id, 'step_up', answer);
  }
}

/** Issues the step-up tokens, if the session the step-up started from is still alive. */
async function completeStepUp(
  rt: IdentityRuntime,
  user: UserRow,
  state: ChallengeState,
  request: RequestInfo,
) {
  const session = await rt.db
    .selectFrom('sessions')
    .selectAll()
    .where('origin_jti', '=', String(state['originJti']))
    .executeTakeFirst();
  if (!session || session.revoked_at || session.expires_at.getTime() <= Date.now()) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.accessRevoked);
  }
  const methods =
    state['method'] === 'SOFTWARE_TOKEN_MFA'
      ? ['otp', 'mfa']
      : state['method'] === 'SMS_MFA'
        ? ['sms', 'mfa']
        : ['otp', 'mfa'];
  const result = await rt.tokens.stepUp(session, user, methods);
  await audit(rt.db, {
    userId: user.id,
    event: 'step_up',
    outcome: 'success',
    ip: request.ip,
    detail: { method: state['method'] },
  });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}
