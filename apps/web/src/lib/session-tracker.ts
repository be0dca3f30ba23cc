/**
 * The session tracker in the web app (issue #17; packages/tracker, docs/tracker-protocol.md). It is loaded late and
 * on its own: a dynamic import (its own chunk, never in a page's modulepreload list), after the page has loaded and
 * the browser is idle. On a pre-rendered page (the public site, the help centre, /login) it waits for the visitor's
 * first interaction or navigation as well, so that it never runs while a page is being measured for its first load
 * (docs/benchmarks.md: the public pages' Lighthouse scores stay what they were).
 *
 * The signed-in customer's id is given to the tracker with the access-token getter (the ingest verifies the token's
 * subject): after every navigation the tracker is told who is signed in (a sign-in always ends on a new page), and a
 * sign-out tells it first, before the session ends, so that nothing after it is filed under the customer.
 *
 * Once the tracker runs, live assist (issue #18) is loaded the same way, as a chunk of its own, when /config.json
 * offers it: it rides on the tracker's session (its token identifies the tab to the assist server).
 *
 * The tracker's state (spec section 4) is written to `<html data-tracker-state>`, where a journey can read it, and
 * `<html data-tracker-load="on interaction">` says a pre-rendered page's tracker waits for the visitor.
 */
import type { RuntimeConfig } from '@tessera/contracts';
import type { Tracker } from '@tessera/tracker';
import type { AuthAdapter } from './auth.ts';

/** What the router offers the tracker: a callback after each navigation (and its history, for usability tests). */
export interface NavigationSource {
  subscribe(event: 'onResolved', listener: () => void): () => void;
  history?: { push(path: string): void };
}

/**
 * A usability test is asked for (issue #19, spec section 2): `?oruxt=<id>` on the address or the stored active test
 * id (`or_uxt_active`). Its participant gets the tracker and the overlay at once, not at the first interaction;
 * the overlay is its own chunk, which other visitors never load.
 */
function usabilityTestAsked(): boolean {
  try {
    return (
      new URLSearchParams(window.location.search ?? '').has('oruxt') ||
      Boolean(window.localStorage?.getItem('or_uxt_active'))
    );
  } catch {
    return false;
  }
}

/** The tracking settings of /config.json, or null when the deployment records no sessions. */
export function trackingSettings(
  config: RuntimeConfig,
): { ingestPoint: string; projectKey: string; secureMode: boolean } | null {
  const tracking = config.tracker;
  if (!tracking) {
    return null;
  }
  return {
    ingestPoint: new URL(tracking.ingestPoint, window.location.origin).href.replace(/\/$/, ''),
    projectKey: tracking.projectKey,
    secureMode: tracking.secureMode,
  };
}

/** Where live assist reaches this origin's server, as packages/tracker's assist takes it. */
export interface AssistSettings {
  /** The origin of the assist socket (socket.io at /ws-assist/socket). */
  socketUrl: string;
  /** The PeerJS server at /assist of this origin; its key is the tracker's project key. */
  peer: {
    host: string;
    port: number;
    path: string;
    key: string;
    secure: boolean;
    iceServers: NonNullable<RuntimeConfig['assist']>['iceServers'];
  };
}

/**
 * Live assist's settings (issue #18): this origin, the PeerServer at /assist keyed by the tracker's project key,
 * and /config.json's ICE servers; null when the deployment offers no live assist (no `assist` or no tracking).
 */
export function assistSettings(config: RuntimeConfig): AssistSettings | null {
  const tracking = config.tracker;
  if (!tracking || !config.assist) {
    return null;
  }
  const { origin, protocol, hostname, port } = new URL(window.location.origin);
  const secure = protocol === 'https:';
  return {
    socketUrl: origin,
    peer: {
      host: hostname,
      port: port === '' ? (secure ? 443 : 80) : Number(port),
      path: '/assist',
      key: tracking.projectKey,
      secure,
      iceServers: config.assist.iceServers,
    },
  };
}

/** packages/tracker's live-assist chunk, as the web app uses it: started once on the running tracker. */
type LoadAssist = () => Promise<{ startAssist(tracker: Tracker, settings: AssistSettings): unknown }>;

/** Resolves once the page has loaded and the browser has an idle moment. */
function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: 10_000 });
      } else {
        setTimeout(resolve, 200);
      }
    };
    if (document.readyState === 'complete') {
      idle();
    } else {
      window.addEventListener('load', idle, { once: true });
    }
  });
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** Resolves at the visitor's first interaction or at the first navigation away from the pre-rendered page. */
function firstInteraction(router: NavigationSource, prerenderedPath: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) {
        window.removeEventListener(type, done, { capture: true });
      }
      unsubscribe();
      resolve();
    };
    for (const type of INTERACTIONS) {
      window.addEventListener(type, done, { capture: true, passive: true, once: true });
    }
    const unsubscribe = router.subscribe('onResolved', () => {
      if (window.location.pathname !== prerenderedPath) {
        done();
      }
    });
  });
}

/** The tracker once it runs with live assist (this page's only one), for {@link liveAssistSessionId}. */
let assistedTracker: Tracker | null = null;

/**
 * The tracker's session while it runs and carries live assist (the assistant ties a request for a person to it, so
 * an agent can join this tab), or null: tracker refused (Do Not Track...), not loaded yet, or no live assist.
 */
export function liveAssistSessionId(): string | null {
  return assistedTracker?.state === 'active' ? assistedTracker.sessionID : null;
}

/** The web app's side of session tracking: {@link SessionTracking.start} once the router exists. */
export interface SessionTracking {
  /** Loads and starts the tracker when the page allows it (see the module comment). */
  start(router: NavigationSource): void;
  /** The customer is signing out: the tracker starts an anonymous session before the sign-out. */
  signingOut(): void;
}

/**
 * Creates the web app's tracking. `auth` is the app's auth adapter; the returned {@link withTrackedSignOut} wraps it
 * so that every sign-out goes through {@link SessionTracking.signingOut}.
 */
export function createSessionTracking(config: RuntimeConfig, auth: AuthAdapter): SessionTracking {
  const settings = trackingSettings(config);
  let tracker: Tracker | null = null;
  let userId: string | null = null;
  let identity: Promise<void> = Promise.resolve();

  /** Tells the tracker who is signed in now (one check at a time, in order). */
  const syncIdentity = () => {
    identity = identity.then(async () => {
      const session = await auth.getSession().catch(() => null);
      const next = session?.userId ?? null;
      if (tracker && next !== userId) {
        userId = next;
        await tracker.setUserID(next, auth.getAccessToken);
      }
    });
    return identity;
  };

  const load = async (router: NavigationSource) => {
    if (!settings) {
      return;
    }
    const prerendered = document.documentElement.dataset['prerendered'];
    const usabilityTest = usabilityTestAsked();
    await afterLoadAndIdle();
    if (prerendered === window.location.pathname && !usabilityTest) {
      // Said on <html data-tracker-load> so that a journey knows the tracker is waiting, not late.
      document.documentElement.dataset['trackerLoad'] = 'on interaction';
      await firstInteraction(router, prerendered);
    }
    delete document.documentElement.dataset['trackerLoad'];
    const { createTracker, loadAssist, loadUsabilityTest } = await import('@tessera/tracker');
    const created = createTracker({
      projectKey: settings.projectKey,
      ingestPoint: settings.ingestPoint,
      secureMode: settings.secureMode,
    });
    const showState = () => {
      document.documentElement.dataset['trackerState'] = created.state;
    };
    created.onStateChange(showState);
    showState();
    // The customer signed in now is the first session's (the tracker sends their id with the access token).
    const session = await auth.getSession().catch(() => null);
    userId = session?.userId ?? null;
    await created.setUserID(userId, auth.getAccessToken);
    tracker = created;
    const started = await created.start();
    showState();
    if (usabilityTest) {
      // The overlay says so itself when the tracker refused (it needs the session's token).
      void loadUsabilityTest()
        .then(({ startUsabilityTest }) =>
          startUsabilityTest(created, {
            navigate: (path) => (router.history ? router.history.push(path) : window.location.assign(path)),
          }),
        )
        .catch((error: unknown) => {
          console.warn('Usability test not started:', error instanceof Error ? error.message : error);
        });
    }
    if (!started.ok) {
      return; // refused (Do Not Track, not https in secure mode...): the tracker said why once, and stays inactive
    }
    router.subscribe('onResolved', () => void syncIdentity());
    startLiveAssist(created, loadAssist);
  };

  /**
   * Live assist (issue #18) rides on the tracker's session: its own chunk (socket.io and PeerJS), loaded only once
   * the tracker runs, so the first load never pays for it. It follows the tracker's sessions by itself.
   */
  const startLiveAssist = (started: Tracker, loadAssist: LoadAssist) => {
    const assist = assistSettings(config);
    if (!assist) {
      return;
    }
    assistedTracker = started;
    void loadAssist()
      .then(({ startAssist }) => startAssist(started, assist))
      .catch((error: unknown) => {
        // The app works without live assist: said once, never thrown at the customer.
        console.warn('Live assist not started:', error instanceof Error ? error.message : error);
      });
  };

  return {
    start(router) {
      load(router).catch((error: unknown) => {
        // The app works without its tracker: the failure is said once, never thrown at the customer.
        console.warn('Session tracker not started:', error instanceof Error ? error.message : error);
      });
    },
    signingOut() {
      if (tracker && userId !== null) {
        userId = null;
        void tracker.setUserID(null, auth.getAccessToken);
      }
    },
  };
}

/** The auth adapter whose sign-out tells the tracker first (every sign-out of the app goes through it). */
export function withTrackedSignOut(auth: AuthAdapter, tracking: SessionTracking): AuthAdapter {
  return {
    ...auth,
    signOut: () => {
      tracking.signingOut();
      return auth.signOut();
    },
  };
}
