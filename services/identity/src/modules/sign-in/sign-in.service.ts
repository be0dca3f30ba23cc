/**
 * InitiateAuth (USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH, CUSTOM_AUTH for step-up) and GetTokensFromRefreshToken.
 *
 * A password sign-in gives the same answer, in the same time, for an unknown e-mail and a wrong password; locked
 * accounts and addresses are refused before the password is even hashed.
 */
import type { z } from 'zod';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { initiateAuthSchema, refreshSchema } from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { openSignIn, recordSignInFailure, recordSignInSuccess } from '../abuse/guards.ts';
import { assertClient } from '../users/sign-up.service.ts';
import { burnVerification, PASSWORD_LENGTH_MAX, verifyPassword } from '../users/passwords.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { nextSignInStep, type SignInStep } from './next-step.ts';
import { startStepUp } from './step-up.service.ts';

/** InitiateAuth. */
export async function initiateAuth(
  rt: IdentityRuntime,
  input: z.output<typeof initiateAuthSchema>,
  request: RequestInfo,
): Promise<SignInStep | { AuthenticationResult: object; ChallengeParameters: Record<string, never> }> {
  assertClient(rt, input.ClientId);
  const parameters = input.AuthParameters ?? {};
  switch (input.AuthFlow) {
    case 'USER_PASSWORD_AUTH':
      return passwordSignIn(rt, input.ClientId, parameters, request);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN': {
      const refreshToken = required(parameters, 'REFRESH_TOKEN');
      const result = await rt.tokens.refresh(refreshToken, input.ClientId, false);
      return { AuthenticationResult: result, ChallengeParameters: {} };
    }
    case 'CUSTOM_AUTH':
      return startStepUp(rt, input.ClientId, parameters, request);
    case 'USER_SRP_AUTH':
      throw new CognitoError('InvalidParameterException', 'USER_SRP_AUTH is not enabled for the client.');
    default:
      throw new CognitoError(
        'InvalidParameterException',
        `Unsupported AuthFlow ${input.AuthFlow.slice(0, 64)}.`,
      );
  }
}

/** A required AuthParameters or ChallengeResponses member; Amplify sends these exact names. */
export function required(parameters: Readonly<Record<string, string>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value.length === 0) {
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

async function passwordSignIn(
  rt: IdentityRuntime,
  clientId: string,
  parameters: Readonly<Record<string, string>>,
  request: RequestInfo,
): Promise<SignInStep> {
  const typedUsername = required(parameters, 'USERNAME').trim();
  const username = typedUsername.toLowerCase();
  const password = required(parameters, 'PASSWORD');
  if (username.length > 254 || password.length > PASSWORD_LENGTH_MAX) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  const { streak, user } = await openSignIn(rt.db, username, request.ip);
  const passwordMatches = user
    ? await verifyPassword(user.password_hash, password)
    : await burnVerification(password);
  if (!user || !passwordMatches) {
    await recordSignInFailure(rt.db, username, request.ip, user !== undefined);
    await audit(rt.db, { userId: user?.id ?? null, event: 'sign_in', outcome: 'failure', ip: request.ip });
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  if (streak) {
    await recordSignInSuccess(rt.db, username, request.ip);
  }
  assertMaySignIn(user);
  const device = await findDevice(rt, user, parameters['DEVICE_KEY']);
  return nextSignInStep(
    rt,
    { user, clientId, state: { amr: ['pwd'], username: typedUsername }, ...(device ? { device } : {}) },
    request,
  );
}

/** After a right password: the states that stop a sign-in (Amplify turns two of them into next steps). */
function assertMaySignIn(user: UserRow): void {
  if (!user.enabled) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.userDisabled);
  }
  if (user.status === 'UNCONFIRMED') {
    throw new CognitoError('UserNotConfirmedException');
  }
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', sessionMessages.resetRequired);
  }
}

/**
 * The device a DEVICE_KEY names. An unknown key is ResourceNotFoundException 'Device does not exist.': Amplify
 * then forgets its stored device and signs in again without one (wire protocol, "Responses").
 */
export async function findDevice(
  rt: IdentityRuntime,
  user: UserRow,
  deviceKey: string | undefined,
): Promise<{ key: string; remembered: boolean } | undefined> {
  if (!deviceKey) {
    return undefined;
  }
  const device = await rt.db
    .selectFrom('devices')
    .select(['device_key', 'remembered'])
    .where('device_key', '=', deviceKey)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!device) {
    throw new CognitoError('ResourceNotFoundException', 'Device does not exist.');
  }
  return { key: device.device_key, remembered: device.remembered };
}

/** GetTokensFromRefreshToken: refresh with rotation (a new refresh token each time). */
export async function getTokensFromRefreshToken(rt: IdentityRuntime, input: z.output<typeof refreshSchema>) {
  assertClient(rt, input.ClientId);
  const result = await rt.tokens.refresh(input.RefreshToken, input.ClientId, true);
  return { AuthenticationResult: result };
}
