/**
 * The identity protocol's errors: Cognito's exception names are the stable codes, because aws-amplify and the AWS
 * SDK branch on them (../shared/reference/identity-wire-protocol.md, "Responses"). They leave as
 * `{ "__type": name, "message": text }` with the `x-amzn-errortype` header, never as the platform's error body.
 *
 * Statuses follow Cognito: 400 for every client error (Amplify decides retries by name, and retries
 * LimitExceededException and TooManyRequestsException), 500 only for InternalErrorException.
 * Messages are Cognito's own texts where the web app or Amplify reads them (section 8 of the spec).
 */
import { AppError } from '@tessera/platform';

/** Every exception name this service sends, with its default message (listed in docs/api.md). */
export const cognitoErrorMessages = {
  AliasExistsException: 'An account with the given email already exists.',
  CodeMismatchException: 'Invalid verification code provided, please try again.',
  EnableSoftwareTokenMFAException: 'Code mismatch',
  ExpiredCodeException: 'Invalid code provided, please request a code again.',
  ForbiddenException: 'You are not allowed to do this.',
  InternalErrorException: 'Internal server error.',
  InvalidParameterException: 'Invalid parameters.',
  InvalidPasswordException: 'Password does not conform to policy.',
  LimitExceededException: 'Attempt limit exceeded, please try after some time.',
  NotAuthorizedException: 'Incorrect username or password.',
  PasswordResetRequiredException: 'Password reset required for the user',
  ResourceNotFoundException: 'Device does not exist.',
  SerializationException: 'The request body is not valid JSON.',
  TooManyRequestsException: 'Too many requests, please try again later.',
  UnknownOperationException: 'Unknown operation.',
  UserNotConfirmedException: 'User is not confirmed.',
  UsernameExistsException: 'An account with the given email already exists.',
} as const;

/** A Cognito exception name. */
export type CognitoErrorName = keyof typeof cognitoErrorMessages;

/** An expected failure of an identity operation, named as Cognito names it. */
export class CognitoError extends AppError<CognitoErrorName> {
  override readonly name = 'CognitoError';

  constructor(code: CognitoErrorName, message: string = cognitoErrorMessages[code], retryAfterS?: number) {
    super(
      code,
      code === 'InternalErrorException' ? 500 : 400,
      message,
      retryAfterS === undefined ? {} : { retryAfterSeconds: retryAfterS },
    );
  }
}

/** Shorthand: `fail('NotAuthorizedException', 'User is disabled.')` throws. */
export function fail(code: CognitoErrorName, message?: string): never {
  throw new CognitoError(code, message);
}

/** The messages of the invalid-session family (spec section 8): the web app signs out on each. */
export const sessionMessages = {
  accessRevoked: 'Access Token has been revoked',
  accessExpired: 'Access Token has expired',
  refreshRevoked: 'Refresh Token has been revoked',
  refreshExpired: 'Refresh Token has expired',
  refreshInvalid: 'Invalid Refresh Token',
  userDisabled: 'User is disabled.',
  userMissing: 'User does not exist.',
  resetRequired: 'Password reset required for the user',
  wrongCredentials: 'Incorrect username or password.',
  attemptsExceeded: 'Password attempts exceeded',
  missingScope: 'Access Token does not have required scopes',
  invalidSession: 'Invalid session for the user, session is expired.',
} as const;
