/**
 * Maps an error from aws-amplify or the identity service to the translation key the page shows. The spec's
 * authentication messages (section 8) keep their exact English text in errors.json; Cognito's exception names get
 * a plain explanation. Anything unknown is 'Authentication Error', never the raw server text.
 */
const BY_NAME: Record<string, string> = {
  EmptySignInUsername: 'errors:auth.usernameEmpty',
  EmptySignUpUsername: 'errors:auth.usernameEmpty',
  EmptyConfirmSignUpUsername: 'errors:auth.usernameEmpty',
  EmptyResetPasswordUsername: 'errors:auth.usernameEmpty',
  EmptySignInPassword: 'errors:auth.passwordEmpty',
  EmptySignUpPassword: 'errors:auth.passwordEmpty',
  EmptyConfirmResetPasswordNewPassword: 'errors:auth.passwordEmpty',
  EmptyConfirmSignUpCode: 'errors:auth.codeEmpty',
  EmptyConfirmResetPasswordConfirmationCode: 'errors:auth.codeEmpty',
  EmptyChallengeResponse: 'errors:auth.challengeResponseEmpty',
  IncorrectMFAMethod: 'errors:auth.invalidMfaType',
  InvalidMFAMethod: 'errors:auth.invalidMfaType',
  NetworkError: 'errors:auth.network',
  UserUnAuthenticatedException: 'errors:auth.notAuthenticated',
  InvalidDeviceTracking: 'errors:auth.deviceTracking',
  NotAuthorizedException: 'auth:errors.notAuthorized',
  UserNotFoundException: 'auth:errors.notAuthorized',
  UsernameExistsException: 'auth:errors.usernameExists',
  InvalidPasswordException: 'auth:errors.invalidPassword',
  CodeMismatchException: 'auth:errors.codeMismatch',
  ExpiredCodeException: 'auth:errors.expiredCode',
  LimitExceededException: 'auth:errors.tooMany',
  TooManyRequestsException: 'auth:errors.tooMany',
  TooManyFailedAttemptsException: 'auth:errors.tooMany',
  InvalidParameterException: 'auth:errors.invalidParameter',
  UserAlreadyAuthenticatedException: 'auth:errors.alreadySignedIn',
  EnableSoftwareTokenMFAException: 'auth:errors.codeMismatch',
  OAuthSignInException: 'auth:errors.hostedLogin',
};

const BY_MESSAGE: Record<string, string> = {
  'Password attempts exceeded': 'auth:errors.tooMany',
  'Invalid state in OAuth flow': 'errors:auth.oauthState',
  // Amplify's wording when the state that came back is not the one it sent (spec section 4 names it as above).
  'An error occurred while validating the state.': 'errors:auth.oauthState',
  'OAuth wait time-out': 'auth:errors.hostedLogin',
  'User is disabled.': 'auth:errors.disabled',
};

/** The translation key for an authentication failure. */
export function authErrorKey(error: unknown): string {
  if (error instanceof Error) {
    const byMessage = BY_MESSAGE[error.message];
    if (byMessage) {
      return byMessage;
    }
    const byName = BY_NAME[error.name];
    if (byName) {
      return byName;
    }
    if (error.message === 'Network Error' || error.name === 'TypeError') {
      return 'errors:auth.network';
    }
  }
  return 'errors:auth.authenticationError';
}
