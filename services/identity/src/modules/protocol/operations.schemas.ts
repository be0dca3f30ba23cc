/**
 * The request shapes of every operation, with Cognito's bounds (lengths from the Cognito API reference).
 * Unknown members are ignored, as the AWS SDKs send extras (AnalyticsMetadata, UserContextData).
 *
 * Every string goes through the shared text rule of @tessera/contracts (issue #13, defect 3): a NUL or a lone
 * surrogate reaching PostgreSQL was a 500, which Amplify and the AWS SDK retry three times. A refused string is
 * InvalidParameterException (400), as Cognito answers, before any work is done.
 */
import { isSafeText, isWellFormedText, TEXT_RULE_MESSAGES, textSchema } from '@tessera/contracts';
import { z } from 'zod';

/** A name, id or token: the shared rule (single line, NFC, trimmed), at least one character. */
const text = (max: number) => textSchema({ max, min: 1 });
/**
 * A string used as given (no trimming, no normalisation), only checked: secrets (a password hashed as typed, so
 * normalising it would lock out whoever set it before) and the values of maps whose meaning depends on the key
 * (AuthParameters carries PASSWORD). Tab and line feed stay allowed: a password may hold them.
 */
const verbatim = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => isWellFormedText(value), { error: TEXT_RULE_MESSAGES.malformed, abort: true })
    .refine((value) => isSafeText(value, { multiline: true }), { error: TEXT_RULE_MESSAGES.control });
/** A map of strings (AuthParameters, ChallengeResponses, ClientMetadata): keys and values checked, bounded. */
const stringMap = (valueMax: number) =>
  z
    .record(verbatim(128), verbatim(valueMax))
    .refine((map) => Object.keys(map).length <= 64, { error: 'must have at most 64 members' });

const clientId = text(128);
const username = text(128);
const password = verbatim(256);
const code = text(2048);
const token = text(8192);
const session = text(4096);
const clientMetadata = stringMap(2048).optional();
const attribute = z.object({ Name: text(32), Value: textSchema({ max: 2048 }) });

export const signUpSchema = z.object({
  ClientId: clientId,
  Username: username,
  Password: password,
  UserAttributes: z.array(attribute).max(50).optional(),
  ClientMetadata: clientMetadata,
});

export const confirmSignUpSchema = z.object({
  ClientId: clientId,
  Username: username,
  ConfirmationCode: code,
});
export const usernameSchema = z.object({ ClientId: clientId, Username: username });
export const confirmForgotPasswordSchema = z.object({
  ClientId: clientId,
  Username: username,
  ConfirmationCode: code,
  Password: password,
});

export const initiateAuthSchema = z.object({
  AuthFlow: text(64),
  ClientId: clientId,
  AuthParameters: stringMap(8192).optional(),
  ClientMetadata: clientMetadata,
});

export const respondToAuthChallengeSchema = z.object({
  ChallengeName: text(64),
  ClientId: clientId,
  Session: session,
  ChallengeResponses: stringMap(8192).optional(),
  ClientMetadata: clientMetadata,
});

export const refreshSchema = z.object({
  ClientId: clientId,
  RefreshToken: token,
  DeviceKey: text(55).optional(),
});

export const accessTokenSchema = z.object({ AccessToken: token });
export const changePasswordSchema = z.object({
  AccessToken: token,
  PreviousPassword: password,
  ProposedPassword: password,
});
export const updateAttributesSchema = z.object({
  AccessToken: token,
  UserAttributes: z.array(attribute).min(1).max(50),
});
export const deleteAttributesSchema = z.object({
  AccessToken: token,
  UserAttributeNames: z.array(text(32)).min(1).max(50),
});
export const attributeCodeSchema = z.object({ AccessToken: token, AttributeName: text(32) });
export const verifyAttributeSchema = z.object({ AccessToken: token, AttributeName: text(32), Code: code });
export const userSettingsSchema = z.object({
  AccessToken: token,
  MFAOptions: z
    .array(
      z.object({ DeliveryMedium: z.enum(['SMS', 'EMAIL']).optional(), AttributeName: text(32).optional() }),
    )
    .max(2),
});
export const revokeTokenSchema = z.object({ Token: token, ClientId: clientId });

export const associateSoftwareTokenSchema = z.object({
  AccessToken: token.optional(),
  Session: session.optional(),
});
export const verifySoftwareTokenSchema = z.object({
  AccessToken: token.optional(),
  Session: session.optional(),
  UserCode: textSchema({ min: 6, max: 6 }),
  FriendlyDeviceName: textSchema({ max: 128 }).optional(),
});
const mfaSetting = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();
export const mfaPreferenceSchema = z.object({
  AccessToken: token,
  SMSMfaSettings: mfaSetting,
  SoftwareTokenMfaSettings: mfaSetting,
});

const deviceKey = text(55);
export const confirmDeviceSchema = z.object({
  AccessToken: token,
  DeviceKey: deviceKey,
  DeviceSecretVerifierConfig: z.object({ PasswordVerifier: text(2048), Salt: text(512) }),
  DeviceName: textSchema({ max: 1024 }).optional(),
});
export const deviceSchema = z.object({ AccessToken: token, DeviceKey: deviceKey });
export const forgetDeviceSchema = z.object({ AccessToken: token.optional(), DeviceKey: deviceKey });
export const listDevicesSchema = z.object({
  AccessToken: token,
  Limit: z.number().int().min(0).max(60).optional(),
  PaginationToken: textSchema({ max: 512 }).optional(),
});
export const deviceStatusSchema = z.object({
  AccessToken: token,
  DeviceKey: deviceKey,
  DeviceRememberedStatus: z.enum(['remembered', 'not_remembered']).optional(),
});

/** Staff-only creation of a user (Cognito's AdminCreateUser): the user must choose a password at first sign-in. */
export const adminCreateUserSchema = z.object({
  AccessToken: token,
  Username: username,
  UserAttributes: z.array(attribute).max(50).optional(),
  TemporaryPassword: password.optional(),
  GroupNames: z
    .array(z.enum(['support_agent', 'kyc_reviewer', 'ux_researcher', 'admin']))
    .max(4)
    .optional(),
});
