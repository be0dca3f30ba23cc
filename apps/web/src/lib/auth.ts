/**
 * The auth-state interface the route guards use (spec section 4). The identity service fills it in with
 * aws-amplify sessions (issue #3); until then the app has no way to sign in, so the default adapter reports
 * "signed out" and every protected route redirects to /login.
 *
 * For the browser journeys that must render the dashboard shell before identity exists, the server can publish
 * `features.fixtureAuth` in /config.json (only when started with TESSERA_FIXTURE_AUTH=1 outside production).
 * The fixture adapter then treats a session stored under `tessera.fixtureSession` in sessionStorage as signed in.
 * It unlocks only the client-side shell: no service trusts it, because services verify real tokens.
 */

/** The signed-in person as the app needs it. */
export interface AuthSession {
  readonly userId: string;
  readonly email: string;
  readonly groups: readonly string[];
}

/** What the router and the account menu need from identity. */
export interface AuthAdapter {
  /** The current session (refreshed when needed), or null when signed out. */
  getSession(): Promise<AuthSession | null>;
  /** Signs out; resolves within the spec's 3 s sign-out time-out. */
  signOut(): Promise<void>;
}

export const FIXTURE_SESSION_KEY = 'tessera.fixtureSession';

/** The adapter used while no identity service is configured. */
export const signedOutAdapter: AuthAdapter = {
  getSession: () => Promise.resolve(null),
  signOut: () => Promise.resolve(),
};

/** Test-only adapter, enabled by the server's `features.fixtureAuth` (see the module comment). */
export const fixtureAdapter: AuthAdapter = {
  getSession: () => {
    const stored = sessionStorage.getItem(FIXTURE_SESSION_KEY);
    if (!stored) {
      return Promise.resolve(null);
    }
    try {
      const parsed = JSON.parse(stored) as Partial<AuthSession>;
      return Promise.resolve(
        typeof parsed.userId === 'string' && typeof parsed.email === 'string'
          ? { userId: parsed.userId, email: parsed.email, groups: parsed.groups ?? [] }
          : null,
      );
    } catch {
      return Promise.resolve(null);
    }
  },
  signOut: () => {
    sessionStorage.removeItem(FIXTURE_SESSION_KEY);
    return Promise.resolve();
  },
};

/** Chooses the adapter for this runtime configuration. */
export function createAuth(features: Record<string, unknown>): AuthAdapter {
  return features['fixtureAuth'] === true ? fixtureAdapter : signedOutAdapter;
}
