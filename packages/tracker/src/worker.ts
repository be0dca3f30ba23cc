/**
 * The batching worker. `workerMain` is a self-contained function (it references nothing outside itself, not even
 * the constants module: the tracker sends them in the `config` message), so its source becomes the worker through a
 * Blob URL (CSP `worker-src blob:`), in Vite's build as in esbuild's. Tests call it directly with a fake scope.
 *
 * It batches the (already sanitized) rrweb events, closes a batch when the next event would take it over the
 * beacon size, gzip-compresses a batch over the compression threshold (CompressionStream), and sends
 * POST {ingest}/v1/web/i?batch={page}_{n} with the session's bearer token, `keepalive` under 65536 bytes, one batch
 * at a time, in order. Every flush interval (10 s) and on the tracker's `flush` it sends what it holds.
 *  - 401: sending pauses, the batch is kept and `unauthorized` is posted; the tracker starts again (a new start
 *    call carrying the old token) and answers `token`. Same session id: the kept batches are re-sent under the new
 *    token. A new session: they are dropped (their incremental events belong to the old session's snapshot; the
 *    new session begins with its own full snapshot), and `dropped` says how many.
 *  - another status >= 400, or a network failure: retried up to `retries` (10) times, waiting retryStep (250 ms)
 *    x the attempt number; then `failed` is posted (the tracker warns once and shows it in its state) and the
 *    batch is dropped.
 *  - a compressed batch still over the hard limit (1000000 bytes) is never sent: `failed` with status 413.
 */

/** What the worker needs from its global scope (the real `self`, or a fake in tests). */
export interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  fetch(url: string, init: RequestInit): Promise<{ status: number }>;
  setTimeout(callback: () => void, ms: number): unknown;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  CompressionStream?: unknown;
}

export interface WorkerConfig {
  t: 'config';
  ingest: string;
  token: string;
  sessionID: string;
  tabId: string;
  page: number;
  beaconSizeLimit: number;
  compressionThreshold: number;
  hardLimit: number;
  keepaliveLimit: number;
  flushInterval: number;
  retries: number;
  retryStep: number;
}

export type ToWorker =
  | WorkerConfig
  | { t: 'events'; events: unknown[] }
  | { t: 'flush'; id: number }
  | { t: 'token'; token: string; sessionID: string; page: number }
  | { t: 'stop' };

export type FromWorker =
  | { t: 'state'; state: 'active' | 'stopping' | 'stopped' }
  | { t: 'unauthorized' }
  | { t: 'failed'; status: number; batch: string }
  | { t: 'dropped'; batches: number }
  | { t: 'sent'; batch: string; bytes: number; gzip: boolean }
  | { t: 'flushed'; id: number };

export function workerMain(scope: WorkerScope): void {
  interface Batch {
    name: string;
    body: string;
    sessionID: string;
  }
  let config: WorkerConfig | null = null;
  let pending: string[] = [];
  let pendingSize = 0;
  let n = 0;
  const queue: Batch[] = [];
  let sending = false;
  let waitingToken = false;
  let stopping = false;
  let interval: unknown = null;
  let flushWaiters: number[] = [];

  const post = (message: FromWorker) => scope.postMessage(message);

  function seal() {
    if (!config || pending.length === 0) {
      return;
    }
    const head = JSON.stringify({
      v: 1,
      sessionID: config.sessionID,
      tabId: config.tabId,
      page: config.page,
      n,
    });
    const body = `${head.slice(0, -1)},"events":[${pending.join(',')}]}`;
    queue.push({ name: `${config.page}_${n}`, body, sessionID: config.sessionID });
    n += 1;
    pending = [];
    pendingSize = 0;
  }

  function settle() {
    if (queue.length > 0 && !waitingToken) {
      return;
    }
    for (const id of flushWaiters) {
      post({ t: 'flushed', id });
    }
    flushWaiters = [];
    if (stopping && queue.length === 0) {
      stopping = false;
      post({ t: 'state', state: 'stopped' });
    }
  }

  async function encode(body: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; gzip: boolean }> {
    const raw = new TextEncoder().encode(body);
    const Stream = scope.CompressionStream as
      (new (format: 'gzip') => TransformStream<Uint8Array, Uint8Array>) | undefined;
    if (!config || raw.byteLength <= config.compressionThreshold || typeof Stream !== 'function') {
      return { bytes: raw, gzip: false };
    }
    const stream = new Blob([raw]).stream().pipeThrough(new Stream('gzip'));
    return { bytes: new Uint8Array(await new Response(stream).arrayBuffer()), gzip: true };
  }

  async function sendHead(attempt: number): Promise<void> {
    const batch = queue[0];
    if (!config || !batch || waitingToken) {
      sending = false;
      settle();
      return;
    }
    sending = true;
    const { bytes, gzip } = await encode(batch.body);
    if (bytes.byteLength > config.hardLimit) {
      queue.shift();
      post({ t: 'failed', status: 413, batch: batch.name });
      void sendHead(0);
      return;
    }
    let status = 0;
    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${config.token}`,
        'Content-Type': 'application/octet-stream',
      };
      if (gzip) {
        headers['Content-Encoding'] = 'gzip';
      }
      const response = await scope.fetch(`${config.ingest}/v1/web/i?batch=${batch.name}`, {
        method: 'POST',
        headers,
        body: bytes,
        keepalive: bytes.byteLength < config.keepaliveLimit,
      });
      status = response.status;
    } catch {
      status = 0;
    }
    if (status === 401) {
      waitingToken = true;
      sending = false;
      post({ t: 'unauthorized' });
      settle();
      return;
    }
    if (status >= 200 && status < 400) {
      queue.shift();
      post({ t: 'sent', batch: batch.name, bytes: bytes.byteLength, gzip });
      void sendHead(0);
      return;
    }
    const next = attempt + 1;
    if (next > config.retries) {
      queue.shift();
      post({ t: 'failed', status, batch: batch.name });
      void sendHead(0);
      return;
    }
    scope.setTimeout(() => void sendHead(next), config.retryStep * next);
  }

  function flush() {
    seal();
    if (!sending) {
      void sendHead(0);
    }
  }

  function add(events: unknown[]) {
    if (!config) {
      return;
    }
    for (const event of events) {
      const text = JSON.stringify(event);
      if (pendingSize > 0 && pendingSize + text.length + 1 > config.beaconSizeLimit) {
        flush();
      }
      pending.push(text);
      pendingSize += text.length + 1;
    }
    if (pendingSize >= config.beaconSizeLimit) {
      flush();
    }
  }

  scope.onmessage = (event) => {
    const message = event.data as ToWorker;
    switch (message.t) {
      case 'config':
        config = message;
        n = 0;
        scope.clearInterval(interval);
        interval = scope.setInterval(flush, message.flushInterval);
        post({ t: 'state', state: 'active' });
        break;
      case 'events':
        add(message.events);
        break;
      case 'flush':
        flushWaiters.push(message.id);
        flush();
        if (!sending) {
          settle();
        }
        break;
      case 'token': {
        if (!config) {
          break;
        }
        const same = message.sessionID === config.sessionID;
        config = { ...config, token: message.token, sessionID: message.sessionID, page: message.page };
        if (!same) {
          const dropped = queue.length + (pending.length > 0 ? 1 : 0);
          queue.length = 0;
          pending = [];
          pendingSize = 0;
          n = 0;
          if (dropped > 0) {
            post({ t: 'dropped', batches: dropped });
          }
        }
        waitingToken = false;
        if (!sending) {
          void sendHead(0);
        }
        break;
      }
      case 'stop':
        stopping = true;
        scope.clearInterval(interval);
        post({ t: 'state', state: 'stopping' });
        flush();
        if (!sending) {
          settle();
        }
        break;
    }
  };
}

/** The worker's source, as a Blob URL; null when this browser cannot make one. */
export function createWorkerUrl(): string | null {
  try {
    const source = `(${workerMain.toString()})(self);`;
    return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  } catch {
    return null;
  }
}
