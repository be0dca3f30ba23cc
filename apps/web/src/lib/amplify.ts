/**
 * The only module that imports aws-amplify. Amplify is loaded on demand (sign-in pages and protected routes), so
 * the public home page never downloads it. Configuration comes from /config.json (spec sections 7 and 9: region
 * eu-west-1, USER_PASSWORD_AUTH, cookie storage for 365 days, secure by default) and targets our identity service,
 * which speaks the Cognito user-pool protocol; the same build can point at a managed Cognito pool.
 */
import type { RuntimeConfig } from '@tessera/contracts';

/** Cookie lifetime of the session tokens (spec section 9). */
export const TOKEN_COOKIE_DAYS = 365;

/**
 * Cookies are Secure unless the page is served over plain http from a host other than this machine (browsers
 * refuse Secure cookies there, which would make sign-in impossible on such a misconfigured deployment).
 */
export function secureCookies(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return location.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

async function setUp(config: RuntimeConfig) {
  const [{ Amplify }, auth, { cognitoUserPoolsTokenProvider }, { CookieStorage, Hub }] = await Promise.all([
    import('aws-amplify'),
    import('aws-amplify/auth'),
    import('aws-amplify/auth/cognito'),
    import('aws-amplify/utils'),
  ]);
  const { identity } = config;
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        userPoolEndpoint: identity.userPoolEndpoint,
        signUpVerificationMethod: 'code',
        loginWith: identity.oauthDomain
          ? {
              email: true,
              oauth: {
                domain: identity.oauthDomain,
                scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                redirectSignIn: [`${origin}/`],
                redirectSignOut: [`${origin}/`],
                responseType: 'code',
              },
            }
          : { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({
      expires: TOKEN_COOKIE_DAYS,
      secure: secureCookies(window.location),
      sameSite: 'strict',
      path: '/',
    }),
  );
  return { auth, Hub };
}

let loading: ReturnType<typeof setUp> | undefined;

/** Loads and configures Amplify once; resolves to the `aws-amplify/auth` API and Amplify's Hub. */
export function loadAmplify(config: RuntimeConfig): ReturnType<typeof setUp> {
  loading ??= setUp(config);
  return loading;
}

export type AmplifyAuth = Awaited<ReturnType<typeof setUp>>['auth'];
