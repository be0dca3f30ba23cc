/**
 * The device proof of a sign-in (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER): the client proves it holds the
 * secret whose SRP verifier it registered with ConfirmDevice. Only then may a remembered device skip MFA.
 */
import { randomBytes } from 'node:crypto';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { type ChallengeRow, createChallenge, stateOf } from '../sign-in/challenges.ts';
import { challengeUsername, type SignInStep } from '../sign-in/next-step.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import { N, serverEphemeral, verifyDeviceClaim } from './srp.ts';

function responseValue(responses: Readonly<Record<string, string>>, name: string): string {
  const value = responses[name];
  if (!value) {
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

async function ownDevice(rt: IdentityRuntime, userId: string, deviceKey: string) {
  const device = await rt.db
    .selectFrom('devices')
    .selectAll()
    .where('device_key', '=', deviceKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!device) {
    throw new CognitoError('ResourceNotFoundException', 'Device does not exist.');
  }
  return device;
}

/** DEVICE_SRP_AUTH answered with SRP_A: the server's B, the salt and a secret block (DEVICE_PASSWORD_VERIFIER). */
export async function startDeviceProof(
  rt: IdentityRuntime,
  row: ChallengeRow,
  user: UserRow,
  responses: Readonly<Record<string, string>>,
): Promise<SignInStep> {
  const state = stateOf(row);
  const deviceKey = responseValue(responses, 'DEVICE_KEY');
  const srpA = responseValue(responses, 'SRP_A');
  if (deviceKey !== state.deviceKey) {
    throw new CognitoError('ResourceNotFoundException', 'Device does not exist.');
  }
  if (!/^[0-9a-fA-F]{1,1600}$/.test(srpA) || BigInt(`0x${srpA}`) % N === 0n) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  const device = await ownDevice(rt, user.id, deviceKey);
  const { b, B } = serverEphemeral(BigInt(`0x${device.verifier}`));
  const secretBlock = randomBytes(64).toString('base64');
  const session = await createChallenge(rt, {
    userId: user.id,
    clientId: row.client_id,
    name: 'DEVICE_PASSWORD_VERIFIER',
    state: { ...state, srpA, b: b.toString(16), B: B.toString(16), secretBlock },
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      USERNAME: challengeUsername(state, user),
      USER_ID_FOR_SRP: user.id,
      DEVICE_KEY: deviceKey,
      SRP_B: B.toString(16),
      SALT: device.salt,
      SECRET_BLOCK: secretBlock,
    },
  };
}

/** DEVICE_PASSWORD_VERIFIER: the claim signature must match; the device's last use is recorded. */
export async function verifyDeviceProof(
  rt: IdentityRuntime,
  row: ChallengeRow,
  user: UserRow,
  responses: Readonly<Record<string, string>>,
  request: RequestInfo,
): Promise<void> {
  const state = stateOf(row);
  const deviceKey = responseValue(responses, 'DEVICE_KEY');
  const secretBlock = responseValue(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  if (deviceKey !== state.deviceKey || secretBlock !== state['secretBlock']) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  const device = await ownDevice(rt, user.id, deviceKey);
  const valid = verifyDeviceClaim({
    verifierHex: device.verifier,
    b: BigInt(`0x${String(state['b'])}`),
    B: BigInt(`0x${String(state['B'])}`),
    srpAHex: String(state['srpA']),
    deviceGroupKey: device.device_group_key,
    deviceKey,
    secretBlock,
    timestamp: responseValue(responses, 'TIMESTAMP'),
    signature: responseValue(responses, 'PASSWORD_CLAIM_SIGNATURE'),
  });
  if (!valid) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  await rt.db
    .updateTable('devices')
    .set({ last_authenticated_at: new Date(), last_ip: request.ip })
    .where('device_key', '=', deviceKey)
    .execute();
}
