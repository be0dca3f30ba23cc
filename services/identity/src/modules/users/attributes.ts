/**
 * User attributes as Cognito exposes them: `sub`, `email`, `email_verified`, `phone_number`,
 * `phone_number_verified`, and the standard OpenID Connect profile attributes a user may write.
 */
import { CognitoError } from '../protocol/cognito-errors.ts';
import type { UserRow } from '../tokens/tokens.service.ts';

/** Standard attributes a user may set on themselves (OpenID Connect Core 5.1, as Cognito names them). */
export const profileAttributeNames = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'birthdate',
  'gender',
  'locale',
  'zoneinfo',
  'website',
  'picture',
  'profile',
  'address',
]);

/** E-mail as a username: at most 254 characters (RFC 5321), one @, no spaces. */
const emailPattern = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
/** E.164, as Cognito requires for phone_number. */
const phonePattern = /^\+[1-9]\d{4,14}$/;

/** The normalised e-mail (trimmed, lower case), or an InvalidParameterException. */
export function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !emailPattern.test(email)) {
    throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
  }
  return email;
}

/** The phone number if it is E.164, or an InvalidParameterException. */
export function checkPhone(value: string): string {
  if (!phonePattern.test(value)) {
    throw new CognitoError('InvalidParameterException', 'Invalid phone number format.');
  }
  return value;
}

/** Attribute changes split by kind; every name is checked. */
export interface AttributeChanges {
  email?: string;
  phoneNumber?: string;
  profile: Record<string, string>;
}

/** Validates `[{ Name, Value }]`; `sub` and the `*_verified` flags are never writable by the user. */
export function parseAttributeChanges(
  attributes: readonly { Name: string; Value: string }[],
): AttributeChanges {
  const changes: AttributeChanges = { profile: {} };
  for (const { Name, Value } of attributes) {
    if (Name === 'email') {
      changes.email = normaliseEmail(Value);
    } else if (Name === 'phone_number') {
      changes.phoneNumber = checkPhone(Value);
    } else if (profileAttributeNames.has(Name)) {
      if (Value.length > 2048) {
        throw new CognitoError('InvalidParameterException', `Attribute ${Name} is too long.`);
      }
      changes.profile[Name] = Value;
    } else {
      throw new CognitoError(
        'InvalidParameterException',
        `Attribute ${Name.slice(0, 32)} cannot be set: it is unknown or not writable.`,
      );
    }
  }
  return changes;
}

/** GetUser's UserAttributes. */
export function userAttributeList(user: UserRow): { Name: string; Value: string }[] {
  const list = [
    { Name: 'sub', Value: user.id },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.email_verified) },
  ];
  if (user.phone_number) {
    list.push({ Name: 'phone_number', Value: user.phone_number });
    list.push({ Name: 'phone_number_verified', Value: String(user.phone_number_verified) });
  }
  for (const [name, value] of Object.entries(user.attributes)) {
    list.push({ Name: name, Value: value });
  }
  return list;
}

/** GetUser's MFA members. */
export function userMfaSettings(user: UserRow) {
  const enabled: string[] = [];
  if (user.sms_mfa_enabled) {
    enabled.push('SMS_MFA');
  }
  if (user.totp_enabled) {
    enabled.push('SOFTWARE_TOKEN_MFA');
  }
  return {
    ...(enabled.length > 0 ? { UserMFASettingList: enabled } : {}),
    ...(user.preferred_mfa ? { PreferredMfaSetting: user.preferred_mfa } : {}),
    ...(user.sms_mfa_enabled
      ? { MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }
      : {}),
  };
}

/** The e-mail code delivery of a response, masked as Cognito shows it. */
export function emailDelivery(destination: string) {
  return { Destination: destination, DeliveryMedium: 'EMAIL', AttributeName: 'email' } as const;
}
