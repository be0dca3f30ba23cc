/**
 * The auth state the route guards and the account menu use (spec section 4), backed by aws-amplify against the
 * identity service. Amplify is loaded only when something asks for the session (protected routes, /login).
 */
import type { RuntimeConfig } from '@tessera/contracts';
import { loadAmplify } from './amplify.ts';

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
    const { auth } = await loadAmplify(config);
    const session = await auth.fetchAuthSession();
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

/** The auth adapter of the web app. */
export function createAuth(config: RuntimeConfig): AuthAdapter {
  return createAmplifyAdapter(config);
}
