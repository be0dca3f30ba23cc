/**
 * The auth state the route guards and the account menu use (spec section 4), backed by aws-amplify against the
 * identity service. Amplify is loaded only when a session must be checked (session cookies present: protected
 * routes, /login) or a sign-in form is used; a signed-out visitor's /login never downloads it before then.
 */
import type { RuntimeConfig } from '@tessera/contracts';
import {
  amplifyStarted,
  hasStoredSession,
  isHostedLoginReturn,
  loadAmplify,
  type HostedLoginOutcome,
} from './amplify.ts';
import { authErrorKey } from './auth-errors.ts';
import { isSafeRedirect } from './search-params.ts';
import { withSessionLock } from './session-lock.ts';

/** The signed-in person as the app needs it. */
export interface AuthSession {
  readonly userId: string;
  readonly email: string;
  readonly groups: readonly string[];
}

/** What the router, the API client and the account menu need from identity. */
export interface AuthAdapter {
  /** The current session (refreshed when needed), or null when signed out. */
  getSession(): Promise<AuthSession | null>;
  /** The current access token for calls to Tessera's services, or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Signs out; resolves within the spec's 3 s sign-out time-out even when the network hangs. */
  signOut(): Promise<void>;
  /** Called when the identity service says the session is no longer valid (spec section 8). */
  onInvalidSession(listener: () => void): () => void;
}

/** Spec section 8: on any of these the client signs the user out and clears its caches. */
export const INVALID_SESSION_MESSAGES = [
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'Refresh Token has expired',
  'User is disabled.',
  'User does not exist.',
  'Password reset required for the user',
] as const;

/** Spec section 9: sign-out waits at most 3 seconds. */
export const SIGN_OUT_TIMEOUT_MS = 3000;

/** Spec section 9: how long the app waits for the hosted login's code exchange. */
export const OAUTH_WAIT_TIMEOUT_MS = 10_000;

/** Where a hosted sign-in lands when it did not ask for a page (spec section 4). */
export const SIGNED_IN_HOME = '/dashboard/home/';

/** sessionStorage key of the translation key that /login shows after a failed hosted sign-in. */
export const HOSTED_LOGIN_ERROR_KEY = 'tessera.hostedLoginError';

/** True when an error (or its message) is one of the invalid-session messages. */
export function isInvalidSession(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (INVALID_SESSION_MESSAGES as readonly string[]).includes(message);
}

function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) {
        listener();
      }
    },
  };
}

function sessionFromPayload(payload: Record<string, unknown> | undefined): AuthSession | null {
  if (!payload || typeof payload['sub'] !== 'string') {
    return null;
  }
  const groups = payload['cognito:groups'];
  return {
    userId: payload['sub'],
    email:
      typeof payload['email'] === 'string' ? payload['email'] : String(payload['cognito:username'] ?? ''),
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
  };
}

/**
 * Where to go once a return from the hosted login settled: the page the sign-in started for (Amplify's custom
 * state, only if it stays on this site), or /login with the reason kept for the page to show.
 */
export function hostedLoginDestination(outcome: HostedLoginOutcome): { href: string; errorKey?: string } {
  if (outcome.ok) {
    const target = outcome.customState;
    return { href: target && isSafeRedirect(target) ? target : SIGNED_IN_HOME };
  }
  return { href: '/login', errorKey: authErrorKey(outcome.error) };
}

/**
 * On a return from the hosted login (`/?code=…&state=…`), lets Amplify finish the PKCE code exchange, then
 * continues to the page the sign-in was for; a failure, or no answer within {@link OAUTH_WAIT_TIMEOUT_MS}, goes
 * back to /login, which explains it.
 */
export async function completeHostedLogin(config: RuntimeConfig, location: Location = window.location) {
  if (!config.identity.oauthDomain || !isHostedLoginReturn(location)) {
    return;
  }
  const { hostedLogin } = await loadAmplify(config);
  if (!hostedLogin) {
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<HostedLoginOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: new Error('OAuth wait time-out') }),
      OAUTH_WAIT_TIMEOUT_MS,
    );
  });
  const outcome = await Promise.race([hostedLogin, timeout]);
  clearTimeout(timer);
  const { href, errorKey } = hostedLoginDestination(outcome);
  if (errorKey) {
    sessionStorage.setItem(HOSTED_LOGIN_ERROR_KEY, errorKey);
  }
  location.replace(href);
}

/** True when /login has the reason of a failed hosted sign-in to show (it then renders afresh: start-app.tsx). */
export function hasHostedLoginError(): boolean {
  return sessionStorage.getItem(HOSTED_LOGIN_ERROR_KEY) !== null;
}

/** The reason the last hosted sign-in failed (a translation key), once: reading it forgets it. */
export function takeHostedLoginError(): string | null {
  if (typeof sessionStorage === 'undefined') {
    return null; // pre-rendering
  }
  const key = sessionStorage.getItem(HOSTED_LOGIN_ERROR_KEY);
  sessionStorage.removeItem(HOSTED_LOGIN_ERROR_KEY);
  return key;
}

/** The adapter backed by aws-amplify. */
export function createAmplifyAdapter(config: RuntimeConfig): AuthAdapter {
  const invalid = createListeners();
  const signOut = async () => {
    const { auth } = await loadAmplify(config);
    await withTimeout(auth.signOut(), SIGN_OUT_TIMEOUT_MS);
  };
  const handle = async (error: unknown) => {
    if (isInvalidSession(error)) {
      await signOut();
      invalid.emit();
    }
    return null;
  };
  const readTokens = async () => {
    // No session cookie and Amplify not started: signed out, known without downloading Amplify (/login's first
    // screen, a public page's account link). Amplify is loaded when a session must be checked or a form is used.
    if (!amplifyStarted() && !hasStoredSession(document.cookie)) {
      return null;
    }
    const { auth } = await loadAmplify(config);
    // One tab at a time: two tabs refreshing an expired token at once would both rotate the same refresh token.
    const session = await withSessionLock(() => auth.fetchAuthSession());
    return session.tokens ?? null;
  };
  return {
    getSession: () =>
      readTokens().then((tokens) => (tokens ? sessionFromPayload(tokens.idToken?.payload) : null), handle),
    getAccessToken: () => readTokens().then((tokens) => tokens?.accessToken.toString() ?? null, handle),
    signOut,
    onInvalidSession: invalid.add,
  };
}

/** The auth adapter of the web app; on a return from the hosted login it also finishes that sign-in. */
export function createAuth(config: RuntimeConfig): AuthAdapter {
  void completeHostedLogin(config);
  return createAmplifyAdapter(config);
}
