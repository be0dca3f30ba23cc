/**
 * Sign-up, confirmation and password reset (spec section 4, "Sign-up"): SignUp, ConfirmSignUp,
 * ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword.
 *
 * No answer reveals whether an account exists: SignUp with a taken e-mail answers like a new sign-up (and tells
 * the owner by e-mail), codes for unknown users fail as wrong codes (and every failed code of a real account
 * fails the same way), and ForgotPassword answers alike for everyone.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type {
  confirmForgotPasswordSchema,
  confirmSignUpSchema,
  signUpSchema,
  usernameSchema,
} from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import {
  assertCodeCheckAllowed,
  assertSendAllowed,
  clearSignInLocks,
  recordCodeFailure,
} from '../abuse/guards.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { emailDelivery, parseAttributeChanges, normaliseEmail } from './attributes.ts';
import { consumeEmailCode, issueCode, maskDestination } from './codes.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './users.repository.ts';

/** Refuses an unknown app client as Cognito does. */
export function assertClient(rt: IdentityRuntime, clientId: string): void {
  if (!rt.settings.clientIds.includes(clientId)) {
    throw new CognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId.slice(0, 128)} does not exist.`,
    );
  }
}

/** SignUp: a new unconfirmed user with e-mail as username, and a confirmation code by e-mail. */
export async function signUp(
  rt: IdentityRuntime,
  input: z.output<typeof signUpSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  const email = normaliseEmail(input.Username);
  const changes = parseAttributeChanges(input.UserAttributes ?? []);
  if (changes.email !== undefined && changes.email !== email) {
    throw new CognitoError('InvalidParameterException', 'The email attribute must be the username.');
  }
  assertPasswordPolicy(input.Password);
  await assertSendAllowed(rt.db, email, request.ip);
  // Hash before looking the e-mail up: both answers then take the same time.
  const passwordHash = await hashPassword(input.Password);
  const id = randomUUID();
  const created = await insertUser(rt.db, {
    id,
    email,
    emailVerified: false,
    phoneNumber: changes.phoneNumber ?? null,
    passwordHash,
    status: 'UNCONFIRMED',
    groups: [],
    attributes: changes.profile,
    locale: request.locale,
  });
  if (created) {
    await issueCode(rt.db, id, 'sign_up', {
      channel: 'email',
      destination: email,
      locale: request.locale,
      kind: 'signUpCode',
    });
  } else {
    await enqueueMessage(rt.db, {
      channel: 'email',
      recipient: email,
      locale: request.locale,
      kind: 'existingAccount',
      value: '',
    });
  }
  await audit(rt.db, { userId: created ? id : null, event: 'sign_up', outcome: 'success', ip: request.ip });
  return {
    UserConfirmed: false,
    UserSub: id,
    CodeDeliveryDetails: emailDelivery(maskDestination(email)),
  };
}

/**
 * ConfirmSignUp: the code proves the e-mail; the user becomes CONFIRMED with a verified e-mail. Every failure is
 * CodeMismatchException, whether or not the account exists (`consumeEmailCode`).
 */
export async function confirmSignUp(
  rt: IdentityRuntime,
  input: z.output<typeof confirmSignUpSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  await assertCodeCheckAllowed(rt.db, request.ip);
  let user: { id: string; email: string };
  try {
    user = await consumeEmailCode(
      rt.db,
      input.Username.trim().toLowerCase(),
      'sign_up',
      input.ConfirmationCode.trim(),
    );
  } catch (error) {
    await recordCodeFailure(rt.db, request.ip);
    throw error;
  }
  await rt.db
    .updateTable('users')
    .set({ status: 'CONFIRMED', email_verified: true, updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  await audit(rt.db, { userId: user.id, event: 'confirm_sign_up', outcome: 'success', ip: request.ip });
  return {};
}

/** ResendConfirmationCode: a new code for an unconfirmed user; the same answer for anyone else. */
export async function resendConfirmationCode(
  rt: IdentityRuntime,
  input: z.output<typeof usernameSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  const email = normaliseEmail(input.Username);
  await assertSendAllowed(rt.db, email, request.ip);
  const user = await findUserByEmail(rt.db, email);
  if (user?.status === 'UNCONFIRMED') {
    await issueCode(rt.db, user.id, 'sign_up', {
      channel: 'email',
      destination: user.email,
      locale: request.locale,
      kind: 'signUpCode',
    });
  }
  return { CodeDeliveryDetails: emailDelivery(maskDestination(email)) };
}

/** ForgotPassword: a reset code by e-mail to an existing, enabled user; the same answer for anyone else. */
export async function forgotPassword(
  rt: IdentityRuntime,
  input: z.output<typeof usernameSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  const email = normaliseEmail(input.Username);
  await assertSendAllowed(rt.db, email, request.ip);
  const user = await findUserByEmail(rt.db, email);
  if (user?.enabled) {
    await issueCode(rt.db, user.id, 'forgot_password', {
      channel: 'email',
      destination: user.email,
      locale: request.locale,
      kind: 'forgotPasswordCode',
    });
  }
  await audit(rt.db, {
    userId: user?.id ?? null,
    event: 'forgot_password',
    outcome: 'success',
    ip: request.ip,
  });
  return { CodeDeliveryDetails: emailDelivery(maskDestination(email)) };
}

/**
 * ConfirmForgotPassword: the code proves the e-mail, the new password replaces the old, every session ends (a
 * reset is what a person does when they fear someone else is in), and the sign-in lockouts are lifted. Every
 * failure is CodeMismatchException, whether or not the account exists (`consumeEmailCode`).
 */
export async function confirmForgotPassword(
  rt: IdentityRuntime,
  input: z.output<typeof confirmForgotPasswordSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  assertPasswordPolicy(input.Password);
  await assertCodeCheckAllowed(rt.db, request.ip);
  let user: { id: string; email: string };
  try {
    user = await consumeEmailCode(
      rt.db,
      input.Username.trim().toLowerCase(),
      'forgot_password',
      input.ConfirmationCode.trim(),
    );
  } catch (error) {
    await recordCodeFailure(rt.db, request.ip);
    throw error;
  }
  await rt.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(input.Password),
      status: 'CONFIRMED',
      email_verified: true,
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  await rt.tokens.revokeUserSessions(user.id);
  await clearSignInLocks(rt.db, user.email);
  await audit(rt.db, { userId: user.id, event: 'password_reset', outcome: 'success', ip: request.ip });
  return {};
}
