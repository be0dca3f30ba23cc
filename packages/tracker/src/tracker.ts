/**
 * The tracker: `createTracker(options)` gives an object the web app starts once the page is idle. States are spec
 * section 4's (tracker: 'not active' | 'starting' | 'active' | 'cold start'; worker: 'not active' | 'starting' |
 * 'stopping' | 'active' | 'stopped'). The protocol is docs/tracker-protocol.md.
 */
import { record } from '@rrweb/record';
import { conditionMatches, parseConditions, type Condition, type Signal } from './conditions.ts';
import {
  BEACON_SIZE_LIMIT,
  CANVAS_IMAGES_PER_BATCH,
  CANVAS_QUALITY,
  COLD_START_BUFFER_RESTART_MS,
  DURATION_CONDITION_CHECK_MS,
  KEEPALIVE_LIMIT,
  MOUSEMOVE_SAMPLING_MS,
  NODE_MAINTAINER_BATCH,
  NODE_MAINTAINER_INTERVAL_MS,
  SCROLL_SAMPLING_MS,
  SEND_RETRIES,
  SEND_RETRY_STEP_MS,
  SESSION_RESTART_MS,
  STORAGE_SESSION_KEY,
  STORAGE_TAB_KEY,
  TAB_ID_LENGTH,
  TAG_POLL_INTERVAL_MS,
  TRACKER_VERSION,
  WORKER_FLUSH_INTERVAL_MS,
} from './constants.ts';
import { createMaskTextFn, type MaskOptions } from './mask.ts';
import { newTabId, recordedHref, trackerVersionWarning } from './rules.ts';
import { sanitizeEvent } from './sanitize.ts';
import {
  StartError,
  refusalReason,
  startHttpError,
  validateStartResponse,
  type StartResponse,
} from './start.ts';
import { installTelemetry } from './telemetry.ts';
import { createWorkerUrl, type FromWorker, type ToWorker } from './worker.ts';

export type TrackerState = 'not active' | 'starting' | 'active' | 'cold start';
export type WorkerState = 'not active' | 'starting' | 'stopping' | 'active' | 'stopped';

export const NO_WORKER = 'No worker found: perhaps, CSP is not set.';

/** rrweb's incremental snapshot type and the sources that are the customer's own interactions. */
const EVENT_INCREMENTAL = 3;
/** Mouse moves, mouse interactions, scrolls, inputs, touch moves, drags. */
const USER_SOURCES = new Set([1, 2, 3, 5, 6, 12]);

export interface TrackerOptions {
  projectKey: string;
  /** Where the ingest answers; default `${location.origin}/ingest`. */
  ingestPoint?: string;
  /** Refuse to start without https (default true). */
  secureMode?: boolean;
  /** Obscure e-mail-like text (default true). */
  obscureTextEmails?: boolean;
  /** Obscure every digit of the page's text (default false). */
  obscureTextNumbers?: boolean;
  /** The fetch used for the tracker's own calls (tests); default the page's. */
  fetch?: typeof fetch;
  /** Spec section 9: service workers are unregistered on load (default true). */
  unregisterServiceWorkers?: boolean;
}

export interface PluginContext {
  sessionID: string;
  token: string;
  projectKey: string;
  ingestPoint: string;
  /** Adds a custom event to the recording (it goes through the sanitizer like every event). */
  addEvent(tag: string, payload: Record<string, unknown>): void;
  /** The tab's id (12 hexadecimal characters, sessionStorage): live assist's peer id and socket. */
  tabId: string;
  /** Listens to every recorded event once sanitized (also in 'cold start'): live assist streams them. */
  onEvent(listener: (event: { type: number; data: unknown; timestamp: number }) => void): () => void;
  /** A new Meta and full snapshot now (an agent joined live assist and needs the whole page). */
  takeFullSnapshot(): void;
}

export interface TrackerPlugin {
  name: string;
  /** The tracker version the plugin needs (default the minimum, 14.0.10); a warning is given when unmet. */
  trackerVersion?: string;
  onStart?(context: PluginContext): void;
  onStop?(): void;
}

export interface TrackerStatus {
  state: TrackerState;
  workerState: WorkerState;
  sessionID: string | null;
  /** The last error: a refusal, a failed start, a dropped batch. */
  error: string | null;
}

export interface FeatureFlag {
  key: string;
  is_persist: boolean;
  value: unknown;
  payload?: unknown;
}

export type StartResult = { ok: true; sessionID: string } | { ok: false; reason: string; canceled?: boolean };

export interface Tracker {
  start(): Promise<StartResult>;
  stop(): Promise<void>;
  /** Sets the signed-in customer (null: signed out); a change starts a new session. */
  setUserID(id: string | null, getAccessToken?: () => Promise<string | null> | string | null): Promise<void>;
  /** Sends what is recorded so far; resolves once the worker has sent it (or given up). */
  flush(): Promise<void>;
  /** Adds a custom event (tag and payload; sanitized like every event). */
  event(tag: string, payload?: Record<string, unknown>): void;
  readonly state: TrackerState;
  readonly workerState: WorkerState;
  readonly sessionID: string | null;
  readonly error: string | null;
  /** Batches and bytes (as sent, compressed) since the page loaded. */
  readonly stats: { batches: number; bytes: number; failed: number };
  onStateChange(listener: (status: TrackerStatus) => void): () => void;
  addPlugin(plugin: TrackerPlugin): void;
  isFlagEnabled(key: string): boolean;
}

interface StoredSession {
  token: string;
  sessionID: string;
  page: number;
  userID: string | null;
  lastActive: number;
}

type RrwebEvent = { type: number; data: unknown; timestamp: number };

function readStored(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_SESSION_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

function writeStored(session: StoredSession | null): void {
  try {
    if (session) {
      sessionStorage.setItem(STORAGE_SESSION_KEY, JSON.stringify(session));
    } else {
      sessionStorage.removeItem(STORAGE_SESSION_KEY);
    }
  } catch {
    // Storage refused (private mode): every page is then a new session.
  }
}

function tabId(): string {
  try {
    const stored = sessionStorage.getItem(STORAGE_TAB_KEY);
    if (stored && new RegExp(`^[0-9a-f]{${TAB_ID_LENGTH}}$`, 'u').test(stored)) {
      return stored;
    }
    const fresh = newTabId();
    sessionStorage.setItem(STORAGE_TAB_KEY, fresh);
    return fresh;
  } catch {
    return newTabId();
  }
}

let serviceWorkersUnregistered = false;

export function createTracker(options: TrackerOptions): Tracker {
  const secureMode = options.secureMode ?? true;
  const maskOptions: MaskOptions = {
    emails: options.obscureTextEmails ?? true,
    numbers: options.obscureTextNumbers ?? false,
  };
  const ingestPoint = (options.ingestPoint ?? `${location.origin}/ingest`).replace(/\/+$/u, '');
  const doFetch: typeof fetch = options.fetch ?? window.fetch.bind(window);
  const log = { warn: console.warn.bind(console), error: console.error.bind(console) };

  let state: TrackerState = 'not active';
  let workerState: WorkerState = 'not active';
  let error: string | null = null;
  let session: (StartResponse & { page: number }) | null = null;
  let userID: string | null = null;
  let getAccessToken: (() => Promise<string | null> | string | null) | undefined;
  let worker: Worker | null = null;
  let stopRecording: (() => void) | undefined;
  let stopTelemetry: (() => void) | undefined;
  let stopRouteWatch: (() => void) | undefined;
  /** The recorded href of the last page view, so a route change to the same address is not recorded twice. */
  let lastPageHref: string | null = null;
  let timers: ReturnType<typeof setInterval>[] = [];
  let outbox: RrwebEvent[] = [];
  let outboxTimer: ReturnType<typeof setTimeout> | null = null;
  let coldBuffer: RrwebEvent[] | null = null;
  let conditions: Condition[] = [];
  let flags: FeatureFlag[] = [];
  let flushId = 0;
  let restarting = false;
  let generation = 0;
  const flushWaiters = new Map<number, () => void>();
  const listeners = new Set<(status: TrackerStatus) => void>();
  const plugins: TrackerPlugin[] = [];
  const eventListeners = new Set<(event: RrwebEvent) => void>();
  const logged = new Set<string>();
  const stats = { batches: 0, bytes: 0, failed: 0 };
  const tab = tabId();
  let lastInteraction = Date.now();
  let renewing = false;
  const maskTextFn = createMaskTextFn(maskOptions);

  const status = (): TrackerStatus => ({ state, workerState, sessionID: session?.sessionID ?? null, error });
  const notify = () => {
    for (const listener of listeners) {
      listener(status());
    }
  };
  const setState = (next: TrackerState) => {
    if (state !== next) {
      state = next;
      notify();
    }
  };
  const setWorkerState = (next: WorkerState) => {
    if (workerState !== next) {
      workerState = next;
      notify();
    }
  };
  /** Logs a reason once per page (refusals, failures), and keeps it as the tracker's error. */
  const logOnce = (message: string, level: 'warn' | 'error' = 'error') => {
    error = message;
    if (!logged.has(message)) {
      logged.add(message);
      log[level](`[tessera tracker] ${message}`);
    }
    notify();
  };

  const post = (message: ToWorker) => worker?.postMessage(message);

  const drainOutbox = () => {
    if (outboxTimer !== null) {
      clearTimeout(outboxTimer);
      outboxTimer = null;
    }
    if (outbox.length > 0) {
      post({ t: 'events', events: outbox });
      outbox = [];
    }
  };

  const emit = (event: RrwebEvent) => {
    sanitizeEvent(event, maskOptions);
    for (const listener of eventListeners) {
      listener(event);
    }
    if (
      event.type === EVENT_INCREMENTAL &&
      USER_SOURCES.has((event.data as { source?: number }).source ?? -1)
    ) {
      // The customer is back after 30 minutes without interaction: a new session (spec section 9).
      if (event.timestamp - lastInteraction > SESSION_RESTART_MS && !renewing) {
        renewing = true;
        setTimeout(() => void renewSession(), 0);
      }
      lastInteraction = event.timestamp;
    }
    if (coldBuffer) {
      coldBuffer.push(event);
      return;
    }
    outbox.push(event);
    outboxTimer ??= setTimeout(drainOutbox, 1000);
  };

  const addEvent = (tag: string, payload: Record<string, unknown>) => {
    if (state !== 'active' && state !== 'cold start') {
      return;
    }
    record.addCustomEvent(tag, payload);
    if (tag === 'tessera.error') {
      signal({ type: 'exception', value: String(payload.message ?? '') });
    } else if (tag === 'tessera.network') {
      signal({ type: 'network_request', value: String(payload.url ?? '') });
      signal({ type: 'network_request', value: Number(payload.status ?? 0) });
    }
  };

  /** A page signal in the 'cold start' state: the first matching condition starts sending, buffer first. */
  function signal(value: Signal) {
    if (state !== 'cold start' || !conditions.some((condition) => conditionMatches(condition, value))) {
      return;
    }
    const buffered = coldBuffer ?? [];
    coldBuffer = null;
    outbox.push(...buffered);
    drainOutbox();
    setState('active');
  }

  async function authorization(): Promise<{ Authorization?: string }> {
    if (userID === null || !getAccessToken) {
      return {};
    }
    const token = await Promise.resolve(getAccessToken()).catch(() => null);
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  async function callStart(previousToken: string | null): Promise<StartResponse> {
    const nav = navigator as Navigator & { deviceMemory?: number };
    const memory = (performance as Performance & { memory?: { jsHeapSizeLimit?: number } }).memory;
    // The user id goes only with the customer's access token (the ingest verifies its subject); without a token the
    // session is anonymous.
    const auth = await authorization();
    const response = await doFetch(`${ingestPoint}/v1/web/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify({
        trackerVersion: TRACKER_VERSION,
        projectKey: options.projectKey,
        timestamp: Date.now(),
        doNotRecord: false,
        bufferDiff: 0,
        userID: auth.Authorization ? userID : null,
        token: previousToken,
        deviceMemory: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
        jsHeapSizeLimit: memory?.jsHeapSizeLimit ?? null,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
        width: screen.width,
        height: screen.height,
        condition: null,
        assistOnly: false,
        href: recordedHref(location.href),
        referrer: recordedHref(document.referrer),
      }),
    });
    if (response.status !== 200) {
      throw startHttpError(response.status, await response.text().catch(() => ''));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return validateStartResponse(body);
  }

  /** The previous session of this tab when it is resumable: same customer, active within 30 minutes. */
  function resumable(): StoredSession | null {
    const stored = readStored();
    if (!stored || stored.userID !== userID || Date.now() - stored.lastActive > SESSION_RESTART_MS) {
      return null;
    }
    return stored;
  }

  /** The tab's last session when the user changed, active within 30 minutes: its token goes to the next start. */
  let retired: StoredSession | null = null;

  function remember() {
    if (session) {
      writeStored({
        token: session.token,
        sessionID: session.sessionID,
        page: session.page,
        userID,
        lastActive: Date.now(),
      });
    }
  }

  function createWorker(): Worker | null {
    const url = createWorkerUrl();
    if (!url) {
      return null;
    }
    try {
      const created = new Worker(url);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return created;
    } catch {
      URL.revokeObjectURL(url);
      return null;
    }
  }

  function onWorkerMessage(message: FromWorker) {
    switch (message.t) {
      case 'state':
        setWorkerState(message.state);
        if (message.state === 'stopped') {
          worker?.terminate();
          worker = null;
        }
        break;
      case 'sent':
        stats.batches += 1;
        stats.bytes += message.bytes;
        remember();
        break;
      case 'failed':
        stats.failed += 1;
        logOnce(
          message.status === 413
            ? `Batch ${message.batch} dropped: over ${BEACON_SIZE_LIMIT} bytes even compressed.`
            : `Batch ${message.batch} dropped: the ingest answered ${message.status} after ${SEND_RETRIES} retries.`,
          'warn',
        );
        break;
      case 'dropped':
        break;
      case 'unauthorized':
        void restartSession();
        break;
      case 'flushed':
        flushWaiters.get(message.id)?.();
        flushWaiters.delete(message.id);
        break;
    }
  }

  /** 401 from the ingest: a new start carrying the old token; the worker carries on under the answer's token. */
  async function restartSession() {
    if (restarting || !session) {
      return;
    }
    restarting = true;
    const mine = generation;
    try {
      const answer = await callStart(session.token);
      if (mine !== generation) {
        return;
      }
      const same = answer.sessionID === session.sessionID;
      session = { ...answer, page: same ? session.page : 0 };
      remember();
      drainOutbox();
      post({ t: 'token', token: answer.token, sessionID: answer.sessionID, page: session.page });
      if (!same) {
        pageEvent();
        record.takeFullSnapshot(true);
        startPlugins();
      }
    } catch (caught) {
      logOnce(caught instanceof Error ? caught.message : String(caught));
      await stop();
    } finally {
      restarting = false;
    }
  }

  function pageEvent() {
    const href = recordedHref(location.href);
    lastPageHref = href;
    addEvent('tessera.page', {
      href,
      title: document.title,
      pageIndex: session?.page ?? 0,
    });
    signal({ type: 'visited_url', value: href });
  }

  /**
   * A page view on every in-app route change (history.pushState / replaceState, popstate), not only at a page load:
   * a single-page app changes its address without loading a page. Masked as at a load (recordedHref); an address
   * whose recorded href is the last page view's is not recorded again. Gives back the function that undoes it.
   */
  function watchRoutes(): () => void {
    const onRoute = () => {
      if (session && recordedHref(location.href) !== lastPageHref) {
        pageEvent();
      }
    };
    const originalPush = history.pushState;
    const originalReplace = history.replaceState;
    const push: History['pushState'] = function (this: History, ...args) {
      originalPush.apply(this, args);
      onRoute();
    };
    const replace: History['replaceState'] = function (this: History, ...args) {
      originalReplace.apply(this, args);
      onRoute();
    };
    history.pushState = push;
    history.replaceState = replace;
    window.addEventListener('popstate', onRoute);
    return () => {
      window.removeEventListener('popstate', onRoute);
      // Someone may have wrapped ours since: then theirs stays (it calls ours, which records nothing once stopped).
      if (history.pushState === push) {
        history.pushState = originalPush;
      }
      if (history.replaceState === replace) {
        history.replaceState = originalReplace;
      }
    };
  }

  async function getJson(path: string): Promise<unknown> {
    if (!session) {
      return null;
    }
    try {
      const response = await doFetch(`${ingestPoint}${path}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return response.status === 200 ? await response.json() : null;
    } catch {
      return null;
    }
  }

  function startTags(list: unknown) {
    const tags = (
      typeof list === 'object' && list !== null && Array.isArray((list as { tags?: unknown }).tags)
        ? (list as { tags: unknown[] }).tags
        : []
    ).filter(
      (tag): tag is { id: string | number; selector: string } =>
        typeof tag === 'object' &&
        tag !== null &&
        typeof (tag as { selector?: unknown }).selector === 'string',
    );
    if (tags.length === 0) {
      return;
    }
    const seen = new Set<Element>();
    let live = tags;
    timers.push(
      setInterval(() => {
        live = live.filter((tag) => {
          try {
            for (const element of document.querySelectorAll(tag.selector)) {
              if (!seen.has(element)) {
                seen.add(element);
                addEvent('tessera.tag', { tagId: tag.id });
              }
            }
            return true;
          } catch {
            return false; // not a valid selector: dropped
          }
        });
      }, TAG_POLL_INTERVAL_MS),
      // Node maintainer: forgets detached elements, 2500 at a time.
      setInterval(() => {
        let checked = 0;
        for (const element of seen) {
          if (checked >= NODE_MAINTAINER_BATCH) {
            break;
          }
          checked += 1;
          if (!element.isConnected) {
            seen.delete(element);
          }
        }
      }, NODE_MAINTAINER_INTERVAL_MS),
    );
  }

  async function loadFlags() {
    if (!session?.features['feature-flags']) {
      return;
    }
    let persisted: FeatureFlag[] = [];
    try {
      persisted = JSON.parse(localStorage.getItem('tessera.tracker.flags') ?? '[]') as FeatureFlag[];
    } catch {
      persisted = [];
    }
    try {
      const response = await doFetch(`${ingestPoint}/v1/web/feature-flags`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify({
          projectID: session.projectID,
          userID,
          metadata: {},
          referrer: recordedHref(document.referrer),
          os: session.userOS,
          device: session.userDevice,
          country: session.userCountry,
          state: session.userState,
          city: session.userCity,
          browser: session.userBrowser,
          persistFlags: persisted
            .filter((flag) => flag.is_persist)
            .map((flag) => ({
              key: flag.key,
              value: typeof flag.value === 'boolean' ? flag.value : String(flag.value),
            })),
        }),
      });
      const body = (response.status === 200 ? await response.json() : null) as { flags?: unknown } | null;
      flags = Array.isArray(body?.flags)
        ? (body.flags as FeatureFlag[]).filter((flag) => typeof flag?.key === 'string')
        : [];
      localStorage.setItem('tessera.tracker.flags', JSON.stringify(flags.filter((flag) => flag.is_persist)));
      notify();
    } catch {
      flags = persisted;
    }
  }

  function startCanvas() {
    if (!session?.canvasEnabled) {
      return;
    }
    const quality = CANVAS_QUALITY[session.canvasQuality];
    const images: { name: string; blob: Blob }[] = [];
    let counter = 0;
    const send = async () => {
      if (!session) {
        return;
      }
      const form = new FormData();
      for (const image of images.splice(0)) {
        form.append('snapshot', image.blob, image.name);
      }
      try {
        const response = await doFetch(`${ingestPoint}/v1/web/images`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session.token}` },
          body: form,
        });
        if (response.status === 401) {
          void restartSession();
        }
      } catch {
        // Snapshots are best effort.
      }
    };
    timers.push(
      setInterval(
        () => {
          for (const canvas of document.querySelectorAll('canvas')) {
            if (canvas.width === 0 || canvas.closest('[data-private]')) {
              continue;
            }
            const nodeId = record.mirror.getId(canvas);
            if (nodeId < 0) {
              continue;
            }
            canvas.toBlob(
              (blob) => {
                if (!blob || !session) {
                  return;
                }
                counter += 1;
                const name = `${session.sessionID}_${nodeId}_${Date.now()}_${counter}.webp`;
                images.push({ name, blob });
                addEvent('tessera.canvas', { nodeId, image: name });
                if (images.length > CANVAS_IMAGES_PER_BATCH) {
                  void send();
                }
              },
              'image/webp',
              quality,
            );
          }
        },
        Math.round(1000 / session.canvasFPS),
      ),
    );
  }

  function startPlugins() {
    if (!session) {
      return;
    }
    for (const plugin of plugins) {
      plugin.onStart?.(pluginContext());
    }
  }

  const pluginContext = (): PluginContext => ({
    sessionID: session?.sessionID ?? '',
    token: session?.token ?? '',
    projectKey: options.projectKey,
    ingestPoint,
    addEvent,
    tabId: tab,
    onEvent: (listener) => {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    takeFullSnapshot: () => {
      if (stopRecording) {
        record.takeFullSnapshot(true);
      }
    },
  });

  const onHide = () => {
    if (document.visibilityState === 'hidden') {
      void flush();
    }
  };
  const onPageHide = () => void flush();

  function startRecording() {
    stopRecording =
      record<RrwebEvent>({
        emit,
        maskAllInputs: true,
        maskTextSelector: '*',
        maskTextFn,
        blockSelector: '[data-private]',
        sampling: { mousemove: MOUSEMOVE_SAMPLING_MS, scroll: SCROLL_SAMPLING_MS, input: 'last' },
        slimDOMOptions: 'all',
        recordCanvas: false,
        collectFonts: false,
        inlineImages: false,
        recordCrossOriginIframes: false,
        errorHandler: () => true,
      }) ?? undefined;
  }

  async function start(): Promise<StartResult> {
    if (state !== 'not active') {
      return session ? { ok: true, sessionID: session.sessionID } : { ok: false, reason: 'already starting' };
    }
    const refusal = refusalReason(globalThis as never, secureMode);
    if (refusal) {
      logOnce(refusal, 'warn');
      return { ok: false, reason: refusal };
    }
    generation += 1;
    const mine = generation;
    lastInteraction = Date.now();
    setState('starting');
    if (
      (options.unregisterServiceWorkers ?? true) &&
      !serviceWorkersUnregistered &&
      navigator.serviceWorker
    ) {
      serviceWorkersUnregistered = true;
      void navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
        .catch(() => undefined);
    }
    worker = createWorker();
    if (!worker) {
      setState('not active');
      logOnce(NO_WORKER);
      return { ok: false, reason: NO_WORKER };
    }
    setWorkerState('starting');
    const created = worker;
    created.onmessage = (event: MessageEvent<FromWorker>) => onWorkerMessage(event.data);
    created.onerror = () => {
      if (workerState === 'starting' && worker === created) {
        logOnce(NO_WORKER);
        void stop();
      }
    };
    const previous = resumable();
    const last = previous ?? retired;
    retired = null;
    let answer: StartResponse;
    try {
      // After a change of user (sign-in, sign-out), the tab's last token still goes along: the ingest does not
      // resume it for another user and expires it, so no copy of it can write into the old session.
      answer = await callStart(last?.token ?? null);
    } catch (caught) {
      const canceled = caught instanceof StartError && caught.canceled;
      const reason = caught instanceof Error ? caught.message : String(caught);
      if (!canceled) {
        logOnce(reason);
      }
      terminate();
      setState('not active');
      return { ok: false, reason, canceled };
    }
    if (mine !== generation) {
      return { ok: false, reason: 'stopped while starting' };
    }
    // Resumed (the ingest decides: same project, customer and recording choice): the next page index.
    const page = last && last.sessionID === answer.sessionID ? last.page + 1 : 0;
    session = { ...answer, page };
    error = null;
    remember();
    post({
      t: 'config',
      ingest: ingestPoint,
      token: answer.token,
      sessionID: answer.sessionID,
      tabId: tab,
      page,
      beaconSizeLimit: answer.beaconSizeLimit,
      compressionThreshold: answer.compressionThreshold,
      hardLimit: BEACON_SIZE_LIMIT,
      keepaliveLimit: KEEPALIVE_LIMIT,
      flushInterval: WORKER_FLUSH_INTERVAL_MS,
      retries: SEND_RETRIES,
      retryStep: SEND_RETRY_STEP_MS,
    });
    conditions = parseConditions(
      await getJson(`/v1/web/conditions/${encodeURIComponent(options.projectKey)}`),
    );
    if (mine !== generation) {
      return { ok: false, reason: 'stopped while starting' };
    }
    const sessionStarted = Date.now();
    if (conditions.length > 0) {
      coldBuffer = [];
      setState('cold start');
      timers.push(
        setInterval(() => {
          if (state === 'cold start') {
            coldBuffer = [];
            record.takeFullSnapshot(true);
          }
        }, COLD_START_BUFFER_RESTART_MS),
        setInterval(
          () => signal({ type: 'duration', value: Math.floor((Date.now() - sessionStarted) / 1000) }),
          DURATION_CONDITION_CHECK_MS,
        ),
      );
    } else {
      setState('active');
    }
    startRecording();
    stopTelemetry = installTelemetry(addEvent, { ingestPoint, origin: location.origin });
    pageEvent();
    stopRouteWatch = watchRoutes();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    // A full page load or a closing tab: beforeunload comes while the old page still lives (until the next page's
    // answer), which gives the worker time to send what it holds; pagehide alone often comes too late for it.
    window.addEventListener('beforeunload', onPageHide);
    void getJson('/v1/web/tags').then((list) => {
      if (mine === generation) {
        startTags(list);
      }
    });
    void loadFlags();
    startCanvas();
    startPlugins();
    return { ok: true, sessionID: answer.sessionID };
  }

  function terminate() {
    worker?.terminate();
    worker = null;
    setWorkerState('not active');
  }

  function flush(): Promise<void> {
    if (!worker) {
      return Promise.resolve();
    }
    drainOutbox();
    flushId += 1;
    const id = flushId;
    return new Promise<void>((resolve) => {
      const timeout = setTimeout(() => {
        flushWaiters.delete(id);
        resolve();
      }, 30_000);
      flushWaiters.set(id, () => {
        clearTimeout(timeout);
        resolve();
      });
      post({ t: 'flush', id });
    });
  }

  async function stop(): Promise<void> {
    generation += 1;
    stopRecording?.();
    stopRecording = undefined;
    stopTelemetry?.();
    stopTelemetry = undefined;
    stopRouteWatch?.();
    stopRouteWatch = undefined;
    lastPageHref = null;
    for (const timer of timers) {
      clearInterval(timer);
    }
    timers = [];
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('beforeunload', onPageHide);
    for (const plugin of plugins) {
      plugin.onStop?.();
    }
    coldBuffer = null;
    if (worker && workerState === 'active') {
      drainOutbox();
      const stopping = worker;
      post({ t: 'stop' });
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (worker !== stopping || workerState === 'stopped') {
            clearInterval(check);
            resolve();
          }
        }, 50);
        setTimeout(() => {
          clearInterval(check);
          resolve();
        }, 10_000);
      });
      if (worker === stopping) {
        stopping.terminate();
        worker = null;
      }
    } else {
      terminate();
    }
    outbox = [];
    remember();
    session = null;
    setState('not active');
    notify();
  }

  /** A new session in the same page (after 30 minutes without interaction). */
  async function renewSession() {
    try {
      if (state === 'active' || state === 'cold start') {
        await stop();
        writeStored(null);
        await start();
      }
    } finally {
      renewing = false;
      lastInteraction = Date.now();
    }
  }

  async function setUserID(id: string | null, tokenProvider?: () => Promise<string | null> | string | null) {
    getAccessToken = tokenProvider;
    if (id === userID) {
      return;
    }
    userID = id;
    if (state === 'not active') {
      return;
    }
    await stop();
    const old = readStored();
    retired = old && Date.now() - old.lastActive <= SESSION_RESTART_MS ? old : null;
    writeStored(null);
    await start();
  }

  return {
    start,
    stop,
    setUserID,
    flush,
    event: (tag, payload = {}) => {
      addEvent(tag, payload);
      signal({ type: 'custom_event', value: tag });
    },
    get state() {
      return state;
    },
    get workerState() {
      return workerState;
    },
    get sessionID() {
      return session?.sessionID ?? null;
    },
    get error() {
      return error;
    },
    get stats() {
      return { ...stats };
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addPlugin(plugin) {
      const warning = trackerVersionWarning(plugin.name, plugin.trackerVersion);
      if (warning) {
        log.warn(`[tessera tracker] ${warning}`);
      }
      plugins.push(plugin);
      if (session && (state === 'active' || state === 'cold start')) {
        plugin.onStart?.(pluginContext());
      }
    },
    isFlagEnabled(key) {
      const flag = flags.find((candidate) => candidate.key === key);
      return flag !== undefined && flag.value !== false && flag.value !== null && flag.value !== undefined;
    },
  };
}
