import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { workerMain, type FromWorker, type WorkerConfig, type WorkerScope } from './worker.ts';

const config: WorkerConfig = {
  t: 'config',
  ingest: 'https://bank.test/ingest',
  token: 'token-1',
  sessionID: 's1',
  tabId: 'abcdefabcdef',
  page: 0,
  beaconSizeLimit: 200_000,
  compressionThreshold: 24_000,
  hardLimit: 1_000_000,
  keepaliveLimit: 65_536,
  flushInterval: 10_000,
  retries: 10,
  retryStep: 250,
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A worker scope with an injected clock: timers run only when the test says, and fetch answers from a list. */
function harness(statuses: number[]) {
  const posted: FromWorker[] = [];
  const calls: Call[] = [];
  const timers: { ms: number; callback: () => void }[] = [];
  const scope: WorkerScope = {
    postMessage: (message) => posted.push(message as FromWorker),
    onmessage: null,
    fetch: (url, init) => {
      calls.push({ url, init });
      return Promise.resolve({ status: statuses.shift() ?? 200 });
    },
    setTimeout: (callback, ms) => timers.push({ ms, callback }),
    setInterval: () => 1,
    clearInterval: () => undefined,
    CompressionStream: globalThis.CompressionStream,
  };
  workerMain(scope);
  const send = (data: unknown) => scope.onmessage?.({ data });
  const idle = async () => {
    for (let i = 0; i < 20; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Runs the next waiting timer and returns the delay it was set with. */
  const tick = async () => {
    const timer = timers.shift();
    if (!timer) {
      throw new Error('no timer waiting');
    }
    timer.callback();
    await idle();
    return timer.ms;
  };
  return { posted, calls, timers, send, idle, tick };
}

const body = (call: Call) => JSON.parse(new TextDecoder().decode(call.init.body as Uint8Array));

describe('worker', () => {
  it('sends a batch as POST /v1/web/i?batch={page}_{n} with the bearer token and keepalive', async () => {
    const h = harness([200, 200]);
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    h.send({ t: 'events', events: [{ type: 3, timestamp: 2, data: {} }] });
    h.send({ t: 'flush', id: 2 });
    await h.idle();
    expect(h.calls.map((c) => c.url)).toEqual([
      'https://bank.test/ingest/v1/web/i?batch=0_0',
      'https://bank.test/ingest/v1/web/i?batch=0_1',
    ]);
    const [first] = h.calls;
    expect(first!.init.headers).toEqual({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/octet-stream',
    });
    expect(first!.init.keepalive).toBe(true);
    expect(body(first!)).toEqual({
      v: 1,
      sessionID: 's1',
      tabId: 'abcdefabcdef',
      page: 0,
      n: 0,
      events: [{ type: 4, timestamp: 1, data: {} }],
    });
    expect(h.posted).toContainEqual({ t: 'flushed', id: 2 });
  });

  it('gzips a batch over the compression threshold', async () => {
    const h = harness([200]);
    h.send(config);
    const events = Array.from({ length: 100 }, (_, i) => ({
      type: 3,
      timestamp: i,
      data: { text: `${i}`.repeat(300) },
    }));
    h.send({ t: 'events', events });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    const call = h.calls[0]!;
    expect((call.init.headers as Record<string, string>)['Content-Encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(call.init.body as Uint8Array).toString('utf8'));
    expect(decoded.events).toHaveLength(100);
  });

  it('closes a batch before it goes over the beacon size', async () => {
    const h = harness([]);
    h.send({ ...config, beaconSizeLimit: 1000 });
    const events = Array.from({ length: 10 }, (_, i) => ({
      type: 3,
      timestamp: i,
      data: { s: 'x'.repeat(200) },
    }));
    h.send({ t: 'events', events });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    expect(h.calls.length).toBeGreaterThan(2);
    for (const call of h.calls) {
      expect((call.init.body as Uint8Array).byteLength).toBeLessThan(1000 + 120);
    }
    expect(h.calls.flatMap((call) => body(call).events)).toHaveLength(10);
  });

  it('retries a status >= 400 ten times, waiting 250 ms x the attempt number, then reports and drops', async () => {
    const h = harness(Array.from({ length: 11 }, () => 503));
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    const delays: number[] = [];
    while (h.timers.length > 0) {
      delays.push(await h.tick());
    }
    expect(delays).toEqual([250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500]);
    expect(h.calls).toHaveLength(11);
    expect(h.posted).toContainEqual({ t: 'failed', status: 503, batch: '0_0' });
    expect(h.posted).toContainEqual({ t: 'flushed', id: 1 });
  });

  it('stops retrying once the server accepts the batch', async () => {
    const h = harness([500, 429, 200]);
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    expect(await h.tick()).toBe(250);
    expect(await h.tick()).toBe(500);
    expect(h.timers).toHaveLength(0);
    expect(h.calls).toHaveLength(3);
    expect(h.posted.some((m) => m.t === 'failed')).toBe(false);
  });

  it('on 401 asks for a new session and re-sends the batch under the new token when the session is resumed', async () => {
    const h = harness([401, 200]);
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    expect(h.posted).toContainEqual({ t: 'unauthorized' });
    expect(h.calls).toHaveLength(1);
    h.send({ t: 'token', token: 'token-2', sessionID: 's1', page: 0 });
    await h.idle();
    expect(h.calls).toHaveLength(2);
    expect((h.calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer token-2');
    expect(h.calls[1]!.url).toMatch(/batch=0_0$/u);
  });

  it('on 401 followed by a new session drops the old session batches and starts its numbering again', async () => {
    const h = harness([401, 200]);
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'flush', id: 1 });
    await h.idle();
    h.send({ t: 'token', token: 'token-2', sessionID: 's2', page: 0 });
    await h.idle();
    expect(h.posted).toContainEqual({ t: 'dropped', batches: 1 });
    h.send({ t: 'events', events: [{ type: 2, timestamp: 5, data: {} }] });
    h.send({ t: 'flush', id: 2 });
    await h.idle();
    expect(h.calls).toHaveLength(2);
    expect(body(h.calls[1]!)).toMatchObject({ sessionID: 's2', n: 0 });
  });

  it('stops after sending what it holds', async () => {
    const h = harness([200]);
    h.send(config);
    h.send({ t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] });
    h.send({ t: 'stop' });
    await h.idle();
    expect(h.calls).toHaveLength(1);
    expect(h.posted.filter((m) => m.t === 'state')).toEqual([
      { t: 'state', state: 'active' },
      { t: 'state', state: 'stopping' },
      { t: 'state', state: 'stopped' },
    ]);
  });

  it('is self-contained: its source alone runs in a fresh context (as it does from the Blob URL)', async () => {
    const h = harness([]);
    const posted: FromWorker[] = [];
    const calls: string[] = [];
    const scope = {
      postMessage: (message: FromWorker) => posted.push(message),
      onmessage: null as ((event: { data: unknown }) => void) | null,
      fetch: (url: string) => {
        calls.push(url);
        return Promise.resolve({ status: 200 });
      },
      setTimeout,
      setInterval: () => 1,
      clearInterval: () => undefined,
    };
    // Only what a worker's global scope has: no module, no import, nothing of this file.
    runInNewContext(`(${workerMain.toString()})(self);`, { self: scope, TextEncoder, Blob, Response, JSON });
    scope.onmessage?.({ data: config });
    scope.onmessage?.({ data: { t: 'events', events: [{ type: 4, timestamp: 1, data: {} }] } });
    scope.onmessage?.({ data: { t: 'flush', id: 1 } });
    await h.idle();
    expect(calls).toEqual(['https://bank.test/ingest/v1/web/i?batch=0_0']);
    expect(posted).toContainEqual({ t: 'flushed', id: 1 });
  });
});
