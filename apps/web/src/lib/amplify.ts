/**
 * The only module that imports aws-amplify. Amplify is loaded on demand (sign-in pages and protected routes), so
 * the public home page never downloads it. Configuration comes from /config.json (spec sections 7 and 9: region
 * eu-west-1, USER_PASSWORD_AUTH, cookie storage for 365 days, secure by default) and targets our identity service,
 * which speaks the Cognito user-pool protocol; the same build can point at a managed Cognito pool.
 */
import type { RuntimeConfig } from '@tessera/contracts';
import type { Hub as AmplifyHub } from 'aws-amplify/utils';

/** Cookie lifetime of the session tokens (spec section 9). */
export const TOKEN_COOKIE_DAYS = 365;

/**
 * Cookies are Secure unless the page is served over plain http from a host other than this machine (browsers
 * refuse Secure cookies there, which would make sign-in impossible on such a misconfigured deployment).
 */
export function secureCookies(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return location.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

/** What came of a return from the hosted login: Amplify exchanged the code (with the custom state), or failed. */
export type HostedLoginOutcome =
  { ok: true; customState: string | undefined } | { ok: false; error: unknown };

/**
 * True when this page is the hosted login sending the browser back to the site root (spec section 4: "both the
 * sign-in and sign-out redirects return to the site root") with `code` and `state`, or with an `error`.
 */
export function isHostedLoginReturn(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const params = new URLSearchParams(location.search);
  return location.pathname === '/' && params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * Listens for the end of the code exchange that Amplify starts by itself once configured with OAuth (its listener
 * reads `code` and `state`, checks the state and PKCE verifier it stored, and calls /oauth2/token). Registered
 * before `Amplify.configure`, so no event is missed.
 */
function listenForHostedLogin(Hub: typeof AmplifyHub): Promise<HostedLoginOutcome> {
  return new Promise((resolve) => {
    let customState: string | undefined;
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'customOAuthState') {
        customState = payload.data;
      } else if (payload.event === 'signInWithRedirect') {
        stop();
        resolve({ ok: true, customState });
      } else if (payload.event === 'signInWithRedirect_failure') {
        stop();
        resolve({ ok: false, error: payload.data?.error });
      }
    });
  });
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
  const hostedLogin =
    identity.oauthDomain && isHostedLoginReturn(window.location) ? listenForHostedLogin(Hub) : null;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        // /config.json gives a path unless PUBLIC_URL is set (it never echoes the request's Host): Amplify needs
        // an absolute URL, so a path is resolved against this page's origin.
        userPoolEndpoint: new URL(identity.userPoolEndpoint, origin).href,
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
  return { auth, Hub, hostedLogin };
}

let loading: ReturnType<typeof setUp> | undefined;

/**
 * True when the browser holds the tokens of a session: Amplify keeps them in cookies named
 * `CognitoIdentityServiceProvider.<client>.<user>.accessToken` (and `.idToken`, `.refreshToken`). Without them there
 * is no session to check, so a page for a signed-out visitor (/login) does not load Amplify before it is used.
 * Exported for its unit test.
 */
export function hasStoredSession(cookies: string): boolean {
  return /(?:^|;\s*)CognitoIdentityServiceProvider\.[^=;]+\.(?:accessToken|refreshToken)=[^;]/.test(cookies);
}

/** True once something loaded Amplify (a sign-in started, a session was read). */
export function amplifyStarted(): boolean {
  return loading !== undefined;
}

/**
 * Loads and configures Amplify once; resolves to the `aws-amplify/auth` API, Amplify's Hub, and, on a return from
 * the hosted login, the outcome of its code exchange (null otherwise).
 */
export function loadAmplify(config: RuntimeConfig): ReturnType<typeof setUp> {
  loading ??= setUp(config);
  return loading;
}

export type AmplifyAuth = Awaited<ReturnType<typeof setUp>>['auth'];
