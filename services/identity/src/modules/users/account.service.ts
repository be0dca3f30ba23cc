/**
 * Self-service operations on one's own user, each authenticated by an access token with the user-admin scope
 * (spec section 5): GetUser, UpdateUserAttributes, DeleteUserAttributes, GetUserAttributeVerificationCode,
 * VerifyUserAttribute, ChangePassword, SetUserSettings, DeleteUser. The token decides whose user is read or
 * changed; no input names another user.
 */
import type { z } from 'zod';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type {
  accessTokenSchema,
  attributeCodeSchema,
  changePasswordSchema,
  deleteAttributesSchema,
  updateAttributesSchema,
  userSettingsSchema,
  verifyAttributeSchema,
} from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import {
  assertCodeCheckAllowed,
  assertSendAllowed,
  assertUserCodeCheckAllowed,
  recordCodeFailure,
  recordSignInFailure,
} from '../abuse/guards.ts';
import { pickLocale } from '../outbox/messages.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import type { UserRow } from '../tokens/tokens.service.ts';
import {
  emailDelivery,
  parseAttributeChanges,
  profileAttributeNames,
  userAttributeList,
  userMfaSettings,
} from './attributes.ts';
import { consumeCode, issueCode, maskDestination } from './codes.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { findUserByEmail } from './users.repository.ts';

/** GetUser. */
export async function getUser(rt: IdentityRuntime, input: z.output<typeof accessTokenSchema>) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  return { Username: user.id, UserAttributes: userAttributeList(user), ...userMfaSettings(user) };
}

/**
 * UpdateUserAttributes. A new e-mail or phone number is unverified until its code comes back; a new phone number
 * also turns SMS MFA off until then, so codes never go to a number nobody proved.
 */
export async function updateUserAttributes(
  rt: IdentityRuntime,
  input: z.output<typeof updateAttributesSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const changes = parseAttributeChanges(input.UserAttributes);
  const newEmail = changes.email !== undefined && changes.email !== user.email ? changes.email : undefined;
  const newPhone =
    changes.phoneNumber !== undefined && changes.phoneNumber !== user.phone_number
      ? changes.phoneNumber
      : undefined;
  if (newEmail && (await findUserByEmail(rt.db, newEmail))) {
    throw new CognitoError('AliasExistsException');
  }
  if (newEmail || newPhone) {
    await assertSendAllowed(rt.db, user.email, request.ip);
  }
  await rt.db
    .updateTable('users')
    .set({
      attributes: JSON.stringify({ ...user.attributes, ...changes.profile }),
      ...(newEmail ? { email: newEmail, email_verified: false } : {}),
      ...(newPhone ? { phone_number: newPhone, phone_number_verified: false, sms_mfa_enabled: false } : {}),
      ...(newPhone && user.preferred_mfa === 'SMS_MFA' ? { preferred_mfa: null } : {}),
      ...(changes.profile['locale'] ? { locale: pickLocale(changes.profile['locale']) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  const deliveries = [];
  if (newEmail) {
    deliveries.push(await sendAttributeCode(rt, { ...user, email: newEmail }, 'email', request));
  }
  if (newPhone) {
    deliveries.push(
      await sendAttributeCode(rt, { ...user, phone_number: newPhone }, 'phone_number', request),
    );
  }
  await audit(rt.db, { userId: user.id, event: 'update_attributes', outcome: 'success', ip: request.ip });
  return deliveries.length > 0 ? { CodeDeliveryDetailsList: deliveries } : {};
}

/** DeleteUserAttributes: the e-mail is the username and cannot be deleted. */
export async function deleteUserAttributes(
  rt: IdentityRuntime,
  input: z.output<typeof deleteAttributesSchema>,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const names = new Set(input.UserAttributeNames);
  for (const name of names) {
    if (name !== 'phone_number' && !profileAttributeNames.has(name)) {
      throw new CognitoError(
        'InvalidParameterException',
        `Attribute ${name.slice(0, 32)} cannot be deleted.`,
      );
    }
  }
  const attributes = Object.fromEntries(Object.entries(user.attributes).filter(([name]) => !names.has(name)));
  const dropPhone = names.has('phone_number');
  await rt.db
    .updateTable('users')
    .set({
      attributes: JSON.stringify(attributes),
      ...(dropPhone ? { phone_number: null, phone_number_verified: false, sms_mfa_enabled: false } : {}),
      ...(dropPhone && user.preferred_mfa === 'SMS_MFA' ? { preferred_mfa: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  return {};
}

async function sendAttributeCode(
  rt: IdentityRuntime,
  user: UserRow,
  attribute: 'email' | 'phone_number',
  request: RequestInfo,
) {
  const locale = pickLocale(user.locale, request.locale);
  if (attribute === 'email') {
    await issueCode(rt.db, user.id, 'verify_email', {
      channel: 'email',
      destination: user.email,
      locale,
      kind: 'verifyEmailCode',
    });
    return emailDelivery(maskDestination(user.email));
  }
  if (!user.phone_number) {
    throw new CognitoError('InvalidParameterException', 'The user has no phone_number to verify.');
  }
  await issueCode(rt.db, user.id, 'verify_phone', {
    channel: 'sms',
    destination: user.phone_number,
    locale,
    kind: 'verifyPhoneCode',
  });
  return {
    Destination: maskDestination(user.phone_number),
    DeliveryMedium: 'SMS',
    AttributeName: 'phone_number',
  };
}

function verifiableAttribute(name: string): 'email' | 'phone_number' {
  if (name !== 'email' && name !== 'phone_number') {
    throw new CognitoError('InvalidParameterException', 'Only email and phone_number can be verified.');
  }
  return name;
}

/** GetUserAttributeVerificationCode. */
export async function getUserAttributeVerificationCode(
  rt: IdentityRuntime,
  input: z.output<typeof attributeCodeSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const attribute = verifiableAttribute(input.AttributeName);
  await assertSendAllowed(rt.db, user.email, request.ip);
  return { CodeDeliveryDetails: await sendAttributeCode(rt, user, attribute, request) };
}

/** VerifyUserAttribute: the code must have been sent to the attribute's current value. */
export async function verifyUserAttribute(
  rt: IdentityRuntime,
  input: z.output<typeof verifyAttributeSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const attribute = verifiableAttribute(input.AttributeName);
  await assertCodeCheckAllowed(rt.db, request.ip);
  await assertUserCodeCheckAllowed(rt.db, user.id);
  const destination = attribute === 'email' ? user.email : (user.phone_number ?? '');
  try {
    await consumeCode(
      rt.db,
      user.id,
      attribute === 'email' ? 'verify_email' : 'verify_phone',
      input.Code.trim(),
      destination,
    );
  } catch (error) {
    await recordCodeFailure(rt.db, request.ip, user.id);
    throw error;
  }
  await rt.db
    .updateTable('users')
    .set(attribute === 'email' ? { email_verified: true } : { phone_number_verified: true })
    .where('id', '=', user.id)
    .execute();
  return {};
}

/**
 * ChangePassword: the previous password must be right (counted like a sign-in failure when wrong); every other
 * session of the user ends, the caller's stays.
 */
export async function changePassword(
  rt: IdentityRuntime,
  input: z.output<typeof changePasswordSchema>,
  request: RequestInfo,
) {
  const { user, session } = await authenticateAccess(rt, input.AccessToken);
  assertPasswordPolicy(input.ProposedPassword);
  if (!(await verifyPassword(user.password_hash, input.PreviousPassword))) {
    await recordSignInFailure(rt.db, user.email, request.ip, true);
    await audit(rt.db, { userId: user.id, event: 'change_password', outcome: 'failure', ip: request.ip });
    throw new CognitoError('NotAuthorizedException', sessionMessages.wrongCredentials);
  }
  await rt.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.ProposedPassword), updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  const others = await rt.db
    .selectFrom('sessions')
    .select('origin_jti')
    .where('user_id', '=', user.id)
    .where('origin_jti', '!=', session.origin_jti)
    .where('revoked_at', 'is', null)
    .execute();
  await rt.tokens.revokeSessions(others.map((row) => row.origin_jti));
  await audit(rt.db, { userId: user.id, event: 'change_password', outcome: 'success', ip: request.ip });
  return {};
}

/** SetUserSettings (legacy SMS MFA switch): MFAOptions with SMS turns SMS MFA on, an empty list turns it off. */
export async function setUserSettings(rt: IdentityRuntime, input: z.output<typeof userSettingsSchema>) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const wantsSms = input.MFAOptions.some((option) => option.DeliveryMedium === 'SMS');
  if (wantsSms && !(user.phone_number && user.phone_number_verified)) {
    throw new CognitoError('InvalidParameterException', 'User does not have a verified phone_number.');
  }
  await rt.db
    .updateTable('users')
    .set({
      sms_mfa_enabled: wantsSms,
      ...(!wantsSms && user.preferred_mfa === 'SMS_MFA' ? { preferred_mfa: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  return {};
}

/** DeleteUser: every session ends, then the user and everything of theirs (cascade) is deleted. */
export async function deleteUser(
  rt: IdentityRuntime,
  input: z.output<typeof accessTokenSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  await rt.tokens.revokeUserSessions(user.id);
  await audit(rt.db, { userId: user.id, event: 'delete_user', outcome: 'success', ip: request.ip });
  // The revoked session rows stay (other processes' verifiers poll them); their refresh tokens go.
  await rt.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('refresh_tokens')
      .where(
        'origin_jti',
        'in',
        trx.selectFrom('sessions').select('origin_jti').where('user_id', '=', user.id),
      )
      .execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
  return {};
}
