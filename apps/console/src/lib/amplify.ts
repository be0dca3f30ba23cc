/**
 * The only module of the console that imports aws-amplify, configured like apps/web's (runtime /config.json,
 * USER_PASSWORD_AUTH against the identity service), except that the staff session's cookies are scoped to
 * /console: a staff sign-in is not a sign-in on the customer site, and the reverse.
 */
import type { RuntimeConfig } from '@tessera/contracts';

export const TOKEN_COOKIE_DAYS = 1;

async function setUp(config: RuntimeConfig) {
  const [{ Amplify }, auth, { cognitoUserPoolsTokenProvider }, { CookieStorage }] = await Promise.all([
    import('aws-amplify'),
    import('aws-amplify/auth'),
    import('aws-amplify/auth/cognito'),
    import('aws-amplify/utils'),
  ]);
  const { identity } = config;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        userPoolEndpoint: new URL(identity.userPoolEndpoint, window.location.origin).href,
        loginWith: { email: true },
      },
    },
  });
  const secure =
    window.location.protocol === 'https:' ||
    ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({ expires: TOKEN_COOKIE_DAYS, secure, sameSite: 'strict', path: '/console' }),
  );
  return auth;
}

let loading: ReturnType<typeof setUp> | undefined;

export function loadAmplify(config: RuntimeConfig): ReturnType<typeof setUp> {
  loading ??= setUp(config);
  return loading;
}

export type AmplifyAuth = Awaited<ReturnType<typeof setUp>>;
