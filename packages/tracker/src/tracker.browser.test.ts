/**
 * The tracker in a real browser (Debian chromium through Playwright), against a small fake ingest in this process:
 * the parts the unit tests cannot reach (rrweb, the Blob URL worker, the refusals, the 401 restart, what leaves the
 * page). No timing is asserted: every wait is for a state or a request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { trackerBatchSchema, trackerStartRequestSchema } from '@tessera/contracts';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const IBAN = 'FR7630006000011234567890189';
const CARD = '4242424242424242';
const EMAIL = 'canary.tracker@tessera.test';

interface Batch {
  url: string;
  authorization: string | undefined;
  gzip: boolean;
  body: { sessionID: string; page: number; n: number; events: { type: number; data: unknown }[] };
}

let server: Server;
let browser: Browser;
let origin = '';
let bundle = '';
let starts: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
let batches: Batch[] = [];
let batchStatuses: number[] = [];
let startAnswers: ({ status: number; text?: string } | { sessionID: string; token: string })[] = [];
let csp = '';

const PAGE = `<!doctype html><html lang="en"><head><title>Transfer</title></head><body>
<main>
  <h1>Send money</h1>
  <p id="balance">Balance €1,234.56</p>
  <p data-tracker-allow>Price €99.50</p>
  <p>Payee ${IBAN}</p>
  <p title="Card ${CARD}" aria-label="Write to ${EMAIL}">Contact</p>
  <label>IBAN <input id="iban" placeholder="${IBAN}" /></label>
  <div data-private><p>Secret ${EMAIL}</p></div>
  <p data-tracker-mask>Ana Demo</p>
</main>
<script type="module" src="/tracker.js"></script>
</body></html>`;

function read(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', origin);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/') {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(csp ? { 'content-security-policy': csp } : {}),
    });
    response.end(PAGE);
  } else if (url.pathname === '/tracker.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(bundle);
  } else if (url.pathname === '/ingest/v1/web/start') {
    const body = JSON.parse((await read(request)).toString('utf8')) as Record<string, unknown>;
    starts.push({ body, authorization: request.headers.authorization });
    const answer = startAnswers.shift() ?? { sessionID: 'session-1', token: 'token-1' };
    if ('status' in answer) {
      response.writeHead(answer.status, { 'content-type': 'text/plain' });
      response.end(answer.text ?? '');
      return;
    }
    json(200, {
      token: answer.token,
      userUUID: 'user-uuid',
      projectID: 'p1',
      beaconSizeLimit: 200_000,
      compressionThreshold: 24_000,
      delay: 0,
      sessionID: answer.sessionID,
      startTimestamp: Date.now(),
      userBrowser: 'Chrome',
      userCity: '',
      userCountry: '',
      userDevice: 'desktop',
      userOS: 'Linux',
      userState: '',
      canvasEnabled: false,
      canvasQuality: 'low',
      canvasFPS: 1,
      assistOnly: false,
      features: { 'feature-flags': false, 'usability-test': false },
    });
  } else if (url.pathname === '/ingest/v1/web/i') {
    const raw = await read(request);
    const gzip = request.headers['content-encoding'] === 'gzip';
    const body = JSON.parse((gzip ? gunzipSync(raw) : raw).toString('utf8')) as Batch['body'];
    batches.push({
      url: url.pathname + url.search,
      authorization: request.headers.authorization,
      gzip,
      body,
    });
    json(batchStatuses.shift() ?? 200, { ok: true });
  } else if (url.pathname === '/ingest/v1/web/tags') {
    json(200, { tags: [] });
  } else if (url.pathname.startsWith('/ingest/v1/web/conditions/')) {
    json(200, { conditions: [] });
  } else {
    json(404, { error: 'NOT_FOUND' });
  }
}

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `import { createTracker } from './index.ts';
        const secureMode = new URLSearchParams(location.search).get('secure') === '1';
        window.tracker = createTracker({ projectKey: 'tessera-web', secureMode });`,
      resolveDir: join(import.meta.dirname),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  bundle = result.outputFiles[0]!.text;
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  starts = [];
  batches = [];
  batchStatuses = [];
  startAnswers = [];
  csp = '';
});

async function open(query = '', doNotTrack = false): Promise<{ page: Page; logs: string[] }> {
  const context = await browser.newContext();
  if (doNotTrack) {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    );
  }
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto(`${origin}/${query}`);
  await page.waitForFunction(() => 'tracker' in window);
  return { page, logs };
}

const startTracker = (page: Page) =>
  page.evaluate(async () => {
    const tracker = (window as unknown as { tracker: { start(): Promise<unknown> } }).tracker;
    return tracker.start();
  });
const trackerStatus = (page: Page) =>
  page.evaluate(() => {
    const t = (window as unknown as { tracker: { state: string; workerState: string; sessionID: string } })
      .tracker;
    return { state: t.state, workerState: t.workerState, sessionID: t.sessionID };
  });
const flush = (page: Page) =>
  page.evaluate(() => (window as unknown as { tracker: { flush(): Promise<void> } }).tracker.flush());

describe('tracker in a browser', () => {
  it('records the page, sends masked batches, and nothing of the canaries leaves the page', async () => {
    const { page } = await open();
    expect(await startTracker(page)).toEqual({ ok: true, sessionID: 'session-1' });
    expect(await trackerStatus(page)).toMatchObject({ state: 'active', sessionID: 'session-1' });
    await page.locator('#iban').fill(IBAN);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.title = 'FR76 3000 6000 0112 3456 7890 189';
      p.textContent = 'canary.tracker@tessera.test';
      document.querySelector('main')?.append(p);
      console.error('failed for FR7630006000011234567890189');
    });
    await page.waitForFunction(() => document.querySelectorAll('p').length > 5);
    await flush(page);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches[0]!.url).toBe('/ingest/v1/web/i?batch=0_0');
    expect(batches[0]!.authorization).toBe('Bearer token-1');
    expect(starts[0]!.body).toMatchObject({
      trackerVersion: '15.1.1',
      projectKey: 'tessera-web',
      token: null,
      userID: null,
    });
    // What the ingest's contract accepts (packages/contracts session-tracking.ts).
    expect(trackerStartRequestSchema.safeParse(starts[0]!.body).error).toBeUndefined();
    for (const batch of batches) {
      expect(trackerBatchSchema.safeParse(batch.body).error).toBeUndefined();
    }
    const all = JSON.stringify(batches.map((batch) => batch.body));
    for (const secret of [IBAN, '3000 6000', CARD, EMAIL, '1,234.56', 'Ana Demo', 'Secret']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('€99.50'); // data-tracker-allow
    expect(all).toContain('Send money');
    expect(all).toContain('tessera.page');
    expect(all).toContain(`"href":"${origin}/"`);
    expect(all).toContain('tessera.console');
    await page.context().close();
  });

  it('records a page view on each in-app route change, masked, once per address, until stopped', async () => {
    const { page } = await open('?code=123');
    await startTracker(page);
    await page.evaluate(() => {
      history.pushState({}, '', '/pricing?plan=gold#top');
      history.replaceState({}, '', '/pricing?plan=silver'); // the same recorded href: not recorded again
      history.pushState({}, '', '/help/cards');
      history.pushState({}, '', `/${'x'.repeat(100_001)}`);
    });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          addEventListener('popstate', () => resolve(), { once: true });
          history.go(-2);
        }),
    );
    await page.waitForFunction(() => location.pathname === '/pricing');
    await flush(page);
    const views = () =>
      batches
        .flatMap((batch) => batch.body.events)
        .filter((event) => event.type === 5)
        .map((event) => event.data as { tag: string; payload: { href: string; pageIndex: number } })
        .filter((data) => data.tag === 'tessera.page')
        .map((data) => data.payload.href);
    expect(views()).toEqual([
      `${origin}/?code=`,
      `${origin}/pricing?plan=`,
      `${origin}/help/cards`,
      '', // over 100000 characters: blanked
      `${origin}/pricing?plan=`, // back (popstate)
    ]);
    // Stopped: the browser's own history methods are back.
    expect(
      await page.evaluate(async () => {
        await (window as unknown as { tracker: { stop(): Promise<void> } }).tracker.stop();
        return (
          history.pushState === History.prototype.pushState &&
          history.replaceState === History.prototype.replaceState
        );
      }),
    ).toBe(true);
    await page.context().close();
  });

  it('resumes the session in the same tab with its token, on the next page index', async () => {
    const { page } = await open();
    await startTracker(page);
    await flush(page);
    await page.reload();
    await page.waitForFunction(() => 'tracker' in window);
    await startTracker(page);
    await flush(page);
    expect(starts[1]!.body.token).toBe('token-1');
    expect(batches.at(-1)!.body.page).toBe(1);
    await page.context().close();
  });

  it('on a 401 starts again with the old token and sends under the new one', async () => {
    startAnswers = [
      { sessionID: 'session-1', token: 'token-1' },
      { sessionID: 'session-1', token: 'token-2' },
    ];
    batchStatuses = [401];
    const { page } = await open();
    await startTracker(page);
    await page.evaluate(() => {
      void (window as unknown as { tracker: { flush(): Promise<void> } }).tracker.flush();
    });
    await expect
      .poll(() => batches.filter((b) => b.authorization === 'Bearer token-2').length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(starts).toHaveLength(2);
    expect(starts[1]!.body.token).toBe('token-1');
    expect(batches[0]!.url).toBe(batches[1]!.url); // the refused batch, re-sent
    await page.context().close();
  });

  it('sends the user id with the access token, and starts a new session when the user changes', async () => {
    startAnswers = [
      { sessionID: 'session-1', token: 'token-1' },
      { sessionID: 'session-2', token: 'token-2' },
      { sessionID: 'session-3', token: 'token-3' },
    ];
    const { page } = await open();
    await page.evaluate(async () => {
      const tracker = (
        window as unknown as {
          tracker: {
            setUserID(id: string | null, get?: () => string | null): Promise<void>;
            start(): Promise<unknown>;
          };
        }
      ).tracker;
      await tracker.setUserID('customer-1', () => 'access-1');
      await tracker.start();
      await tracker.setUserID(null);
      await tracker.setUserID('customer-2', () => null);
    });
    expect(starts.map((start) => [start.body.userID, start.body.token, start.authorization])).toEqual([
      ['customer-1', null, 'Bearer access-1'],
      // The old token goes along (the ingest expires it rather than resume it for another user).
      [null, 'token-1', undefined],
      [null, 'token-2', undefined], // no access token: anonymous, never an unverifiable user id
    ]);
    expect(await trackerStatus(page)).toMatchObject({ state: 'active', sessionID: 'session-3' });
    await page.context().close();
  });

  it("reports 'Server error: {status}. {text}' and stays not active", async () => {
    startAnswers = [{ status: 503, text: 'Ingest down' }];
    const { page, logs } = await open();
    expect(await startTracker(page)).toMatchObject({ ok: false, reason: 'Server error: 503. Ingest down' });
    expect(await trackerStatus(page)).toMatchObject({ state: 'not active', workerState: 'not active' });
    expect(logs.some((line) => line.includes('Server error: 503. Ingest down'))).toBe(true);
    await page.context().close();
  });

  it('refuses to start with Do Not Track on', async () => {
    const { page, logs } = await open('', true);
    expect(await startTracker(page)).toMatchObject({ ok: false });
    expect(await trackerStatus(page)).toMatchObject({ state: 'not active' });
    expect(logs.filter((line) => line.includes('Do Not Track is on'))).toHaveLength(1);
    expect(starts).toHaveLength(0);
    await page.context().close();
  });

  it('refuses to start over http while secure mode is on, logging it once', async () => {
    const { page, logs } = await open('?secure=1');
    await startTracker(page);
    await startTracker(page);
    expect(await trackerStatus(page)).toMatchObject({ state: 'not active' });
    expect(logs.filter((line) => line.includes('not served over https'))).toHaveLength(1);
    expect(starts).toHaveLength(0);
    await page.context().close();
  });

  it("says 'No worker found: perhaps, CSP is not set.' when the CSP forbids blob workers", async () => {
    csp = "worker-src 'none'";
    const { page, logs } = await open();
    const result = await startTracker(page);
    await expect
      .poll(() => logs.some((line) => line.includes('No worker found: perhaps, CSP is not set.')), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(result).toBeDefined();
    await expect.poll(() => trackerStatus(page), { timeout: 30_000 }).toMatchObject({ state: 'not active' });
    await page.context().close();
  });
});
