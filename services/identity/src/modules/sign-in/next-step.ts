/**
 * What follows a proven factor: another challenge, or tokens. One place decides, for every path (password,
 * new password, MFA answers, device proof), so no path can skip a step.
 *
 * Order: a staff-created user first chooses a password (NEW_PASSWORD_REQUIRED); a user with MFA answers it, unless
 * a remembered device proves itself by SRP first (DEVICE_SRP_AUTH); a user who must have MFA and has none sets
 * it up (MFA_SETUP); then tokens.
 */
import { STAFF_GROUPS } from '@tessera/platform';
import type { MfaType } from '../../database.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { USER_ADMIN_SCOPE } from '../../settings.ts';
import { userAttributeList } from '../users/attributes.ts';
import { issueCode, maskDestination } from '../users/codes.ts';
import { pickLocale } from '../outbox/messages.ts';
import type { AuthenticationResult, UserRow } from '../tokens/tokens.service.ts';
import { type ChallengeName, type ChallengeState, createChallenge } from './challenges.ts';

/** An InitiateAuth or RespondToAuthChallenge answer. */
export type SignInStep =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, never> }
  | { ChallengeName: ChallengeName; Session: string; ChallengeParameters: Record<string, string> };

/** Staff must use MFA: they reach every customer's data. */
export const MFA_REQUIRED_GROUPS: readonly string[] = STAFF_GROUPS;

/** The MFA methods a user has turned on. */
export function enabledMfa(user: UserRow): MfaType[] {
  const methods: MfaType[] = [];
  if (user.sms_mfa_enabled && user.phone_number && user.phone_number_verified) {
    methods.push('SMS_MFA');
  }
  if (user.totp_enabled && user.totp_secret) {
    methods.push('SOFTWARE_TOKEN_MFA');
  }
  return methods;
}

/** Where the sign-in stands. */
export interface SignInProgress {
  readonly user: UserRow;
  readonly clientId: string;
  readonly state: ChallengeState;
  /** A confirmed device of this user named by the client (not yet proven unless `amr` has `swk`). */
  readonly device?: { key: string; remembered: boolean };
}

/** Decides and produces the next step. */
export async function nextSignInStep(
  rt: IdentityRuntime,
  progress: SignInProgress,
  request: RequestInfo,
): Promise<SignInStep> {
  const { user, clientId, state, device } = progress;
  const challenge = (name: ChallengeName, parameters: Record<string, string> = {}) =>
    challengeStep(rt, progress, name, parameters);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const attributes = Object.fromEntries(userAttributeList(user).map(({ Name, Value }) => [Name, Value]));
    return challenge('NEW_PASSWORD_REQUIRED', {
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(attributes),
    });
  }
  const methods = enabledMfa(user);
  const secondFactorDone = state.amr.includes('mfa') || state.amr.includes('swk');
  if (methods.length > 0 && !secondFactorDone) {
    if (device?.remembered) {
      return challenge('DEVICE_SRP_AUTH', { DEVICE_KEY: device.key });
    }
    if (methods.length > 1 && !user.preferred_mfa) {
      return challenge('SELECT_MFA_TYPE', { MFAS_CAN_CHOOSE: JSON.stringify(methods) });
    }
    const chosen =
      user.preferred_mfa && methods.includes(user.preferred_mfa) ? user.preferred_mfa : methods[0]!;
    return mfaChallenge(rt, progress, chosen, request);
  }
  if (methods.length === 0 && user.groups.some((group) => MFA_REQUIRED_GROUPS.includes(group))) {
    return challenge('MFA_SETUP', { MFAS_CAN_SETUP: JSON.stringify(['SOFTWARE_TOKEN_MFA']) });
  }
  const result = await rt.tokens.startSession({
    user,
    clientId,
    amr: state.amr,
    scope: USER_ADMIN_SCOPE,
    ...(device ? { deviceKey: device.key } : {}),
    audit: { event: 'sign_in', ip: request.ip },
  });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}

/** The SMS_MFA (a code is sent now) or SOFTWARE_TOKEN_MFA challenge. */
export async function mfaChallenge(
  rt: IdentityRuntime,
  progress: SignInProgress,
  method: MfaType,
  request: RequestInfo,
): Promise<SignInStep> {
  if (method === 'SOFTWARE_TOKEN_MFA') {
    return challengeStep(rt, progress, 'SOFTWARE_TOKEN_MFA', {});
  }
  const phone = progress.user.phone_number!;
  await issueCode(rt.db, progress.user.id, 'sms_mfa', {
    channel: 'sms',
    destination: phone,
    locale: pickLocale(progress.user.locale, request.locale),
    kind: 'smsMfaCode',
  });
  return challengeStep(rt, progress, 'SMS_MFA', {
    CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
    CODE_DELIVERY_DESTINATION: maskDestination(phone),
  });
}

/**
 * The USERNAME a challenge sends back: the e-mail as the client typed it at InitiateAuth (kept in the challenge
 * state), else the user id. Amplify files the device it confirms under this name, and looks remembered devices up
 * by the typed username at the next sign-in: answering with the id would make every remembered device invisible
 * to it. The typed value only ever reaches here after it matched this user (case-insensitively).
 */
export function challengeUsername(state: ChallengeState, user: UserRow): string {
  const typed = state['username'];
  return typeof typed === 'string' && typed.length > 0 ? typed : user.id;
}

async function challengeStep(
  rt: IdentityRuntime,
  progress: SignInProgress,
  name: ChallengeName,
  parameters: Record<string, string>,
): Promise<SignInStep> {
  const state: ChallengeState = {
    ...progress.state,
    ...(progress.device ? { deviceKey: progress.device.key } : {}),
  };
  const session = await createChallenge(rt, {
    userId: progress.user.id,
    clientId: progress.clientId,
    name,
    state,
  });
  return {
    ChallengeName: name,
    Session: session,
    ChallengeParameters: {
      USER_ID_FOR_SRP: progress.user.id,
      USERNAME: challengeUsername(state, progress.user),
      ...parameters,
    },
  };
}
