/**
 * The hosted login's sign-in steps: the password (with the protocol's throttles and no user enumeration), then an
 * MFA code when the user has MFA, then an authorization code sent back to the client. Steps only the app can do
 * (choosing a new password, setting up MFA, confirming the e-mail) are not offered here: the page says so.
 */
import type { MfaType } from '../../database.ts';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import {
  assertCodeCheckAllowed,
  assertUserCodeCheckAllowed,
  openSignIn,
  recordCodeFailure,
  recordSignInFailure,
  recordSignInSuccess,
} from '../abuse/guards.ts';
import { checkTotpCode } from '../mfa/mfa.service.ts';
import { pickLocale } from '../outbox/messages.ts';
import {
  consumeChallenge,
  createChallenge,
  loadChallenge,
  recordWrongAnswer,
  stateOf,
} from '../sign-in/challenges.ts';
import { enabledMfa, MFA_REQUIRED_GROUPS } from '../sign-in/next-step.ts';
import { digest, opaqueSecret, type UserRow } from '../tokens/tokens.service.ts';
import { consumeCode, issueCode, maskDestination } from '../users/codes.ts';
import { burnVerification, verifyPassword } from '../users/passwords.ts';
import { findUserById } from '../users/users.repository.ts';
import type { AuthorizeRequest } from './authorize-request.ts';
import { codePage, type HostedMessage, signInPage } from './hosted-login.pages.ts';

/** Authorization codes live 5 minutes, as Cognito's (RFC 6749 recommends at most 10). */
const AUTHORIZATION_CODE_TTL_S = 5 * 60;

/** What the route sends. */
export type HostedOutcome =
  { kind: 'redirect'; url: string } | { kind: 'html'; html: string; status: number };

type Fields = Readonly<Record<string, string>>;

function signInError(fields: Fields, info: RequestInfo, error: HostedMessage, email?: string): HostedOutcome {
  return {
    kind: 'html',
    status: 400,
    html: signInPage({ locale: info.locale, fields, error, ...(email ? { email } : {}) }),
  };
}

/** Creates the authorization code and the redirect back to the client. */
async function redirectWithCode(
  rt: IdentityRuntime,
  request: AuthorizeRequest,
  user: UserRow,
  amr: string[],
  info: RequestInfo,
) {
  const code = opaqueSecret(32);
  await rt.db
    .insertInto('authorization_codes')
    .values({
      code_hash: digest(code),
      user_id: user.id,
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      scope: request.scope,
      amr: JSON.stringify(amr),
      auth_time: new Date(),
      expires_at: new Date(Date.now() + AUTHORIZATION_CODE_TTL_S * 1000),
    })
    .execute();
  await audit(rt.db, {
    userId: user.id,
    event: 'hosted_sign_in',
    outcome: 'success',
    ip: info.ip,
    detail: { amr },
  });
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state) {
    url.searchParams.set('state', request.state);
  }
  return { kind: 'redirect' as const, url: url.toString() };
}

/** Why a user whose password is right still cannot finish here, if anything. */
function blockingMessage(user: UserRow): HostedMessage | undefined {
  if (!user.enabled) {
    return 'disabled';
  }
  if (user.status === 'UNCONFIRMED') {
    return 'unconfirmed';
  }
  if (user.status === 'RESET_REQUIRED') {
    return 'resetRequired';
  }
  const needsSetup =
    enabledMfa(user).length === 0 && user.groups.some((group) => MFA_REQUIRED_GROUPS.includes(group));
  return user.status === 'FORCE_CHANGE_PASSWORD' || needsSetup ? 'finishInApp' : undefined;
}

/** The e-mail and password step. */
export async function signInWithPassword(
  rt: IdentityRuntime,
  request: AuthorizeRequest,
  form: Readonly<Record<string, unknown>>,
  fields: Fields,
  info: RequestInfo,
): Promise<HostedOutcome> {
  const email =
    typeof form['username'] === 'string' ? form['username'].trim().toLowerCase().slice(0, 254) : '';
  const password = typeof form['password'] === 'string' ? form['password'].slice(0, 256) : '';
  if (!email || !password) {
    return signInError(fields, info, 'wrongCredentials', email);
  }
  let opened: Awaited<ReturnType<typeof openSignIn>>;
  try {
    opened = await openSignIn(rt.db, email, info.ip);
  } catch {
    return signInError(fields, info, 'locked', email);
  }
  const { user, streak } = opened;
  const matches = user
    ? await verifyPassword(user.password_hash, password)
    : await burnVerification(password);
  if (!user || !matches) {
    await recordSignInFailure(rt.db, email, info.ip, user !== undefined);
    await audit(rt.db, {
      userId: user?.id ?? null,
      event: 'hosted_sign_in',
      outcome: 'failure',
      ip: info.ip,
    });
    return signInError(fields, info, 'wrongCredentials', email);
  }
  if (streak) {
    await recordSignInSuccess(rt.db, email, info.ip);
  }
  const blocked = blockingMessage(user);
  if (blocked) {
    return signInError(fields, info, blocked, email);
  }
  const methods = enabledMfa(user);
  if (methods.length === 0) {
    return redirectWithCode(rt, request, user, ['pwd'], info);
  }
  const method: MfaType =
    user.preferred_mfa && methods.includes(user.preferred_mfa) ? user.preferred_mfa : methods[0]!;
  return askForCode(rt, request, user, method, fields, info);
}

async function askForCode(
  rt: IdentityRuntime,
  request: AuthorizeRequest,
  user: UserRow,
  method: MfaType,
  fields: Fields,
  info: RequestInfo,
  error?: HostedMessage,
): Promise<HostedOutcome> {
  if (method === 'SMS_MFA' && !error) {
    await issueCode(rt.db, user.id, 'sms_mfa', {
      channel: 'sms',
      destination: user.phone_number!,
      locale: pickLocale(user.locale, info.locale),
      kind: 'smsMfaCode',
    });
  }
  const session = await createChallenge(rt, {
    userId: user.id,
    clientId: request.clientId,
    name: method,
    state: { amr: ['pwd'] },
  });
  const smsDestination = method === 'SMS_MFA' ? maskDestination(user.phone_number!) : undefined;
  return {
    kind: 'html',
    status: error ? 400 : 200,
    html: codePage({
      locale: info.locale,
      fields: { ...fields, session },
      ...(smsDestination ? { smsDestination } : {}),
      ...(error ? { error } : {}),
    }),
  };
}

/** The MFA code step. */
export async function continueWithCode(
  rt: IdentityRuntime,
  request: AuthorizeRequest,
  form: Readonly<Record<string, unknown>>,
  fields: Fields,
  info: RequestInfo,
): Promise<HostedOutcome> {
  let row;
  try {
    await assertCodeCheckAllowed(rt.db, info.ip);
    row = await loadChallenge(rt, String(form['session']), request.clientId, [
      'SOFTWARE_TOKEN_MFA',
      'SMS_MFA',
    ]);
  } catch {
    return signInError(fields, info, 'expired');
  }
  const user = await findUserById(rt.db, row.user_id);
  if (!user || blockingMessage(user)) {
    return signInError(fields, info, 'expired');
  }
  try {
    await assertUserCodeCheckAllowed(rt.db, user.id);
  } catch {
    return signInError(fields, info, 'locked');
  }
  const code = typeof form['code'] === 'string' ? form['code'].trim() : '';
  try {
    if (row.challenge_name === 'SOFTWARE_TOKEN_MFA') {
      await checkTotpCode(rt, user, code);
    } else {
      await consumeCode(rt.db, user.id, 'sms_mfa', code);
    }
  } catch (error) {
    if (!(error instanceof CognitoError)) {
      throw error;
    }
    await recordWrongAnswer(rt, row);
    await recordCodeFailure(rt.db, info.ip, user.id);
    const outcome: HostedOutcome = {
      kind: 'html',
      status: 400,
      html: codePage({
        locale: info.locale,
        fields: { ...fields, session: String(form['session']) },
        error: 'wrongCode',
      }),
    };
    return error.code === 'CodeMismatchException' ? outcome : signInError(fields, info, 'expired');
  }
  if (!(await consumeChallenge(rt, row))) {
    return signInError(fields, info, 'expired');
  }
  const method = row.challenge_name === 'SMS_MFA' ? 'sms' : 'otp';
  return redirectWithCode(rt, request, user, [...stateOf(row).amr, method, 'mfa'], info);
}
