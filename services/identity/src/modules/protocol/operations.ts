/**
 * Every operation of the protocol: its input schema and its handler. The route looks the operation up by the
 * x-amz-target header; anything not listed is UnknownOperationException.
 */
import type { z } from 'zod';
import {
  confirmDevice,
  forgetDevice,
  getDevice,
  listDevices,
  updateDeviceStatus,
} from '../devices/devices.service.ts';
import { associateSoftwareToken, setUserMfaPreference, verifySoftwareToken } from '../mfa/mfa.service.ts';
import { respondToAuthChallenge } from '../sign-in/respond.service.ts';
import { getTokensFromRefreshToken, initiateAuth } from '../sign-in/sign-in.service.ts';
import { globalSignOut, revokeToken } from '../sign-in/sign-out.service.ts';
import {
  changePassword,
  deleteUser,
  deleteUserAttributes,
  getUser,
  getUserAttributeVerificationCode,
  setUserSettings,
  updateUserAttributes,
  verifyUserAttribute,
} from '../users/account.service.ts';
import { adminCreateUser } from '../users/admin.service.ts';
import {
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  resendConfirmationCode,
  signUp,
} from '../users/sign-up.service.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import * as schemas from './operations.schemas.ts';

/** One operation: validate with `schema`, then `run`. */
export interface Operation<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  readonly run: (rt: IdentityRuntime, input: z.output<S>, request: RequestInfo) => Promise<object>;
}

const operation = <S extends z.ZodType>(schema: S, run: Operation<S>['run']): Operation => ({
  schema,
  run: run as Operation['run'],
});

/** The operations by name (spec section 7, plus GetTokensFromRefreshToken and the staff AdminCreateUser). */
export const operations: Readonly<Record<string, Operation>> = {
  SignUp: operation(schemas.signUpSchema, signUp),
  ConfirmSignUp: operation(schemas.confirmSignUpSchema, confirmSignUp),
  ResendConfirmationCode: operation(schemas.usernameSchema, resendConfirmationCode),
  ForgotPassword: operation(schemas.usernameSchema, forgotPassword),
  ConfirmForgotPassword: operation(schemas.confirmForgotPasswordSchema, confirmForgotPassword),
  InitiateAuth: operation(schemas.initiateAuthSchema, initiateAuth),
  RespondToAuthChallenge: operation(schemas.respondToAuthChallengeSchema, respondToAuthChallenge),
  GetTokensFromRefreshToken: operation(schemas.refreshSchema, (rt, input) =>
    getTokensFromRefreshToken(rt, input),
  ),
  GetUser: operation(schemas.accessTokenSchema, (rt, input) => getUser(rt, input)),
  UpdateUserAttributes: operation(schemas.updateAttributesSchema, updateUserAttributes),
  DeleteUserAttributes: operation(schemas.deleteAttributesSchema, (rt, input) =>
    deleteUserAttributes(rt, input),
  ),
  GetUserAttributeVerificationCode: operation(schemas.attributeCodeSchema, getUserAttributeVerificationCode),
  VerifyUserAttribute: operation(schemas.verifyAttributeSchema, verifyUserAttribute),
  ChangePassword: operation(schemas.changePasswordSchema, changePassword),
  SetUserSettings: operation(schemas.userSettingsSchema, (rt, input) => setUserSettings(rt, input)),
  DeleteUser: operation(schemas.accessTokenSchema, deleteUser),
  GlobalSignOut: operation(schemas.accessTokenSchema, globalSignOut),
  RevokeToken: operation(schemas.revokeTokenSchema, revokeToken),
  AssociateSoftwareToken: operation(schemas.associateSoftwareTokenSchema, (rt, input) =>
    associateSoftwareToken(rt, input),
  ),
  VerifySoftwareToken: operation(schemas.verifySoftwareTokenSchema, verifySoftwareToken),
  SetUserMFAPreference: operation(schemas.mfaPreferenceSchema, setUserMfaPreference),
  ConfirmDevice: operation(schemas.confirmDeviceSchema, confirmDevice),
  GetDevice: operation(schemas.deviceSchema, (rt, input) => getDevice(rt, input)),
  ListDevices: operation(schemas.listDevicesSchema, (rt, input) => listDevices(rt, input)),
  ForgetDevice: operation(schemas.forgetDeviceSchema, forgetDevice),
  UpdateDeviceStatus: operation(schemas.deviceStatusSchema, (rt, input) => updateDeviceStatus(rt, input)),
  AdminCreateUser: operation(schemas.adminCreateUserSchema, adminCreateUser),
};
