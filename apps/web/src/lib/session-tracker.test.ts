import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@tessera/contracts';
import type { AuthAdapter, AuthSession } from './auth.ts';

/** What the fake tracker was asked, in order. */
const calls: string[] = [];
let refuse = false;

vi.mock('@tessera/tracker', () => ({
  loadAssist: async () => ({
    startAssist: (tracker: { state: string }, settings: { socketUrl: string; peer: { key: string } }) => {
      calls.push(`startAssist ${tracker.state} ${settings.socketUrl} ${settings.peer.key}`);
    },
  }),
  loadUsabilityTest: async () => ({
    startUsabilityTest: (tracker: { state: string }, options: { navigate?: unknown }) => {
      calls.push(`startUsabilityTest ${tracker.state} ${typeof options.navigate}`);
    },
  }),
  createTracker: (options: { projectKey: string; ingestPoint: string; secureMode: boolean }) => {
    calls.push(`create ${options.projectKey} ${options.ingestPoint} ${String(options.secureMode)}`);
    let state = 'not active';
    return {
      get state() {
        return state;
      },
      onStateChange: () => () => undefined,
      setUserID: async (id: string | null, getter?: unknown) => {
        calls.push(`setUserID ${String(id)} ${typeof getter}`);
      },
      start: async () => {
        calls.push('start');
        if (refuse) {
          return { ok: false, reason: 'Tracker refused to start: Do Not Track is on.' };
        }
        state = 'active';
        return { ok: true, sessionID: 's-1' };
      },
    };
  },
}));

const { assistSettings, createSessionTracking, trackingSettings, withTrackedSignOut } =
  await import('./session-tracker.ts');

function config(tracker: RuntimeConfig['tracker']): RuntimeConfig {
  return {
    services: {},
    identity: {
      region: 'eu',
      userPoolId: 'p',
      userPoolClientId: 'c',
      userPoolEndpoint: '/identity',
      oauthDomain: null,
    },
    features: {},
    tracker,
  };
}

const TRACKER = { ingestPoint: '/ingest', projectKey: 'tessera-web', secureMode: false };

function fakeAuth(session: { current: AuthSession | null }): AuthAdapter {
  return {
    getSession: async () => session.current,
    getAccessToken: async () => (session.current ? 'access-token' : null),
    signOut: async () => {
      calls.push('auth.signOut');
    },
    onInvalidSession: () => () => undefined,
  };
}

/** A router whose navigations the test fires. */
function fakeRouter() {
  const listeners: (() => void)[] = [];
  return {
    subscribe: (_event: 'onResolved', listener: () => void) => {
      listeners.push(listener);
      return () => undefined;
    },
    navigate: () => listeners.forEach((listener) => listener()),
  };
}

const html: { dataset: Record<string, string> } = { dataset: {} };

beforeEach(() => {
  calls.length = 0;
  refuse = false;
  html.dataset = {};
  vi.stubGlobal('window', {
    location: { origin: 'https://bank.example', pathname: '/dashboard/home/' },
    requestIdleCallback: (callback: () => void) => setTimeout(callback, 0),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal('document', { readyState: 'complete', documentElement: html });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ana: AuthSession = { userId: 'u-ana', email: 'ana@example.com', groups: [] };

describe('session tracking in the web app', () => {
  it('reads the settings of /config.json; none, no tracking', () => {
    expect(trackingSettings(config(null))).toBeNull();
    expect(trackingSettings(config(TRACKER))).toEqual({
      ingestPoint: 'https://bank.example/ingest',
      projectKey: 'tessera-web',
      secureMode: false,
    });
  });

  it("gives live assist this origin's socket and PeerServer, keyed by the project, with the ICE servers", () => {
    const iceServers = [{ urls: 'turn:turn.bank.example:3478', username: 'u', credential: 'c' }];
    expect(assistSettings({ ...config(TRACKER), assist: { iceServers } })).toEqual({
      socketUrl: 'https://bank.example',
      peer: {
        host: 'bank.example',
        port: 443,
        path: '/assist',
        key: 'tessera-web',
        secure: true,
        iceServers,
      },
    });
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:23456' } });
    expect(assistSettings({ ...config(TRACKER), assist: { iceServers: [] } })?.peer).toMatchObject({
      host: '127.0.0.1',
      port: 23456,
      secure: false,
    });
    // No assist in /config.json, or no tracking (assist rides on the tracker's session): no live assist.
    expect(assistSettings(config(TRACKER))).toBeNull();
    expect(assistSettings({ ...config(null), assist: { iceServers: [] } })).toBeNull();
  });

  it('starts with the signed-in customer and the token getter, follows sign-in and sign-out', async () => {
    const session = { current: ana as AuthSession | null };
    const identity = fakeAuth(session);
    const tracking = createSessionTracking(config(TRACKER), identity);
    const auth = withTrackedSignOut(identity, tracking);
    const router = fakeRouter();
    tracking.start(router);
    await vi.waitFor(() => expect(html.dataset['trackerState']).toBe('active'));
    expect(calls).toEqual([
      'create tessera-web https://bank.example/ingest false',
      'setUserID u-ana function',
      'start',
    ]);
    // Sign-out: the tracker hears it before the identity service does.
    calls.length = 0;
    await auth.signOut();
    session.current = null;
    expect(calls).toEqual(['setUserID null function', 'auth.signOut']);
    // Signed out, a navigation changes nothing; a sign-in (then a navigation) gives the new customer.
    calls.length = 0;
    router.navigate();
    session.current = { ...ana, userId: 'u-leo' };
    router.navigate();
    await vi.waitFor(() => expect(calls).toEqual(['setUserID u-leo function']));
  });

  it('never loads the tracker without settings, and stays inactive when it refuses', async () => {
    const none = createSessionTracking(config(null), fakeAuth({ current: ana }));
    none.start(fakeRouter());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);

    refuse = true;
    const router = fakeRouter();
    createSessionTracking(config(TRACKER), fakeAuth({ current: null })).start(router);
    await vi.waitFor(() => expect(calls).toContain('start'));
    await vi.waitFor(() => expect(html.dataset['trackerState']).toBe('not active'));
    router.navigate();
    expect(calls.filter((call) => call.startsWith('setUserID'))).toEqual(['setUserID null function']);
  });

  it('starts the tracker and the usability-test overlay at once for ?oruxt, even on a pre-rendered page', async () => {
    html.dataset = { prerendered: '/pricing/' };
    vi.stubGlobal('window', {
      location: { origin: 'https://bank.example', pathname: '/pricing/', search: '?oruxt=6f1c2b9e' },
      requestIdleCallback: (callback: () => void) => setTimeout(callback, 0),
      // No interaction ever comes: the tracker must not wait for one.
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    createSessionTracking(config(TRACKER), fakeAuth({ current: null })).start(fakeRouter());
    await vi.waitFor(() => expect(calls).toContain('startUsabilityTest active function'));
    expect(html.dataset['trackerLoad']).toBeUndefined();
  });

  it('starts live assist on the running tracker when /config.json offers it, never before nor without it', async () => {
    createSessionTracking(
      { ...config(TRACKER), assist: { iceServers: [] } },
      fakeAuth({ current: ana }),
    ).start(fakeRouter());
    await vi.waitFor(() => expect(calls).toContain('startAssist active https://bank.example tessera-web'));
    expect(calls.indexOf('start')).toBeLessThan(
      calls.indexOf('startAssist active https://bank.example tessera-web'),
    );

    calls.length = 0;
    createSessionTracking(config(TRACKER), fakeAuth({ current: ana })).start(fakeRouter());
    await vi.waitFor(() => expect(calls).toContain('start'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((call) => call.startsWith('startAssist'))).toBe(false);

    calls.length = 0;
    refuse = true;
    createSessionTracking(
      { ...config(TRACKER), assist: { iceServers: [] } },
      fakeAuth({ current: ana }),
    ).start(fakeRouter());
    await vi.waitFor(() => expect(calls).toContain('start'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((call) => call.startsWith('startAssist'))).toBe(false);
  });

  it('never loads the overlay for a visitor without a test', async () => {
    createSessionTracking(config(TRACKER), fakeAuth({ current: null })).start(fakeRouter());
    await vi.waitFor(() => expect(html.dataset['trackerState']).toBe('active'));
    expect(calls.some((call) => call.startsWith('startUsabilityTest'))).toBe(false);
  });
});
