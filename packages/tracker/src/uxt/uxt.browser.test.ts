/**
 * The usability-test overlay in a real browser (Debian chromium through Playwright, fake camera and microphone),
 * with the tracker, against a small fake ingest in this process, under a strict Content Security Policy: the flow
 * with a recording and its upload, a reload resuming the test on its starting path, abort, French, a refused
 * camera, 360 px, the keyboard, and the overlay kept out of the recording. Every wait is for a state or a request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { susScore, uxtSusSignalSchema, uxtTaskSignalSchema, uxtTestSignalSchema } from '@tessera/contracts';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const TEST_ID = '6f1c2b9e-8a34-4d2e-9a51-3c7e0b1d2f40';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; worker-src 'self' blob:; media-src 'self' blob:";

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
  size: number;
}

let server: Server;
let browser: Browser;
let origin = '';
let bundle = '';
let calls: Call[] = [];
let batches: string[] = [];
let test: Record<string, unknown> = {};

function testOf(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Send money to a friend',
    description: 'Three short tasks on the public site.',
    startingPath: '/',
    status: 'published',
    reqMic: true,
    reqCamera: true,
    guidelines: 'Think aloud.\nThere is no wrong answer.',
    conclusion: '',
    sus: false,
    tasks: [
      {
        task_id: 101,
        title: 'Find the pricing page',
        description: 'Where are the fees?',
        allow_typing: false,
      },
      {
        task_id: 102,
        title: 'Read the card fee',
        description: 'Type the fee you found.',
        allow_typing: true,
      },
      { task_id: 103, title: 'Open the help centre', description: '', allow_typing: false },
    ],
    ...overrides,
  };
}

const page = (lang: string) => `<!doctype html><html lang="${lang}"><head><title>Tessera</title></head><body>
<main><h1>Tessera</h1><p>Public page</p></main>
<script type="module" src="/page.js"></script>
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
  const raw = await read(request);
  if (url.pathname.startsWith('/ingest/v1/web/uxt/')) {
    const text = raw.toString('utf8');
    calls.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: request.headers['content-type'] === 'application/json' && text ? JSON.parse(text) : null,
      size: raw.length,
    });
  }
  if (url.pathname === '/' || url.pathname === '/wallets' || url.pathname === '/fr') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP });
    response.end(page(url.pathname === '/fr' ? 'fr' : 'en'));
  } else if (url.pathname === '/page.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(bundle);
  } else if (url.pathname === '/ingest/v1/web/start') {
    json(200, {
      token: 'token-1',
      userUUID: 'user-uuid',
      projectID: 'p1',
      beaconSizeLimit: 200_000,
      compressionThreshold: 24_000,
      delay: 0,
      sessionID: 'session-1',
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
      features: { 'feature-flags': false, 'usability-test': true },
    });
  } else if (url.pathname === '/ingest/v1/web/i') {
    const gzip = request.headers['content-encoding'] === 'gzip';
    batches.push((gzip ? gunzipSync(raw) : raw).toString('utf8'));
    json(200, { ok: true });
  } else if (url.pathname === '/ingest/v1/web/tags') {
    json(200, { tags: [] });
  } else if (url.pathname.startsWith('/ingest/v1/web/conditions/')) {
    json(200, { conditions: [] });
  } else if (url.pathname === `/ingest/v1/web/uxt/test/${TEST_ID}`) {
    json(200, { test });
  } else if (url.pathname.startsWith('/ingest/v1/web/uxt/test/')) {
    json(404, { error: { code: 'UXT_TEST_NOT_FOUND', message: 'No such test.' } });
  } else if (url.pathname.startsWith('/ingest/v1/web/uxt/signals/')) {
    json(200, { ok: true });
  } else if (url.pathname === '/ingest/v1/web/uxt/upload-url') {
    json(200, { url: '/ingest/v1/web/uxt/recordings/signed-1', expiresAt: new Date().toISOString() });
  } else if (url.pathname === '/ingest/v1/web/uxt/recordings/signed-1' && request.method === 'PUT') {
    json(200, { ok: true, recordingId: 'r1', size: raw.length });
  } else {
    json(404, { error: 'NOT_FOUND' });
  }
}

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `import { createTracker, loadUsabilityTest } from '../index.ts';
        const tracker = createTracker({ projectKey: 'tessera-web', secureMode: false });
        window.tracker = tracker;
        await tracker.start();
        const { startUsabilityTest } = await loadUsabilityTest();
        window.uxt = startUsabilityTest(tracker);`,
      resolveDir: join(import.meta.dirname),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  bundle = result.outputFiles[0]!.text;
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  calls = [];
  batches = [];
  test = testOf();
});

async function open(
  path: string,
  options: { width?: number; denyMedia?: boolean; colorScheme?: 'light' | 'dark' } = {},
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    permissions: options.denyMedia ? [] : ['camera', 'microphone'],
  });
  if (options.denyMedia) {
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
  }
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  await tab.goto(`${origin}${path}`);
  return { tab, errors };
}

/** axe (WCAG 2.2 AA) on the overlay only: no violation. */
async function accessible(tab: Page) {
  const results = await new AxeBuilder({ page: tab })
    .include('#tessera-uxt')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const signals = (kind: 'test' | 'task' | 'sus') =>
  calls.filter((call) => call.path === `/ingest/v1/web/uxt/signals/${kind}`).map((call) => call.body);

describe('usability-test overlay in a browser', () => {
  it('runs a test with the camera: greeting, guidelines, tasks with an answer, upload, end', async () => {
    const { tab } = await open(`/?oruxt=${TEST_ID}`);
    const greeting = tab.getByRole('dialog', { name: 'Send money to a friend' });
    await greeting.waitFor();
    // Said before the browser asks: the camera and microphone are recorded once the test begins.
    await greeting.getByText('Once you begin, this test also records your camera and microphone.').waitFor();
    // Styled under a CSP without 'unsafe-inline' (a constructed stylesheet in the shadow root).
    expect(
      await tab.locator('#tessera-uxt .backdrop').evaluate((element) => getComputedStyle(element).position),
    ).toBe('fixed');
    await expect.poll(() => tab.evaluate(() => document.activeElement?.id)).toBe('tessera-uxt');
    await accessible(tab);
    await tab.getByRole('button', { name: 'Read guidelines to begin' }).click();
    const widget = tab.getByRole('region', { name: 'Usability test' });
    await widget.getByText('There is no wrong answer.').waitFor();
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('or_uxt_active'))).toBe(TEST_ID);
    await widget.getByRole('button', { name: 'Begin Test' }).click();
    await widget.getByText('Recording your camera and microphone for this test').waitFor();
    await widget.getByRole('heading', { name: 'Find the pricing page' }).waitFor();
    expect(await widget.getByText('Task 1, current').count()).toBe(1);
    expect(await widget.getByRole('textbox', { name: 'Your answer' }).count()).toBe(0); // not allow_typing
    await widget.getByRole('button', { name: 'Done, Next' }).click();
    await widget.getByRole('heading', { name: 'Read the card fee' }).waitFor();
    expect(await widget.getByText('Task 1, done').count()).toBe(1);
    await widget.getByRole('textbox', { name: 'Your answer' }).fill('1.50 EUR');
    await accessible(tab);
    await widget.getByRole('button', { name: 'Collapse Panel' }).click();
    await widget.getByRole('button', { name: 'Expand Panel' }).click();
    expect(await widget.getByRole('textbox', { name: 'Your answer' }).inputValue()).toBe('1.50 EUR');
    await widget.getByRole('button', { name: 'Done, Next' }).click();
    await widget.getByRole('heading', { name: 'Open the help centre' }).waitFor();
    await widget.getByRole('button', { name: 'Done, Next' }).click();
    await widget.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await widget.getByText('Thank you for taking part in this usability test.', { exact: false }).waitFor();
    await widget.getByRole('button', { name: 'End Session' }).waitFor();

    const upload = calls.find((call) => call.method === 'PUT');
    expect(upload).toMatchObject({
      path: '/ingest/v1/web/uxt/recordings/signed-1',
      contentType: 'video/webm',
    });
    expect(upload!.size).toBeGreaterThan(0);
    expect(calls.find((call) => call.path.startsWith('/ingest/v1/web/uxt/upload-url'))).toMatchObject({
      path: `/ingest/v1/web/uxt/upload-url?testId=${TEST_ID}`,
      authorization: 'Bearer token-1',
    });
    expect(signals('test').map((s) => (s as { status: string }).status)).toEqual(['begin', 'done']);
    const tasks = signals('task') as { taskId: number; status: string; taskAnswer?: string }[];
    expect(tasks.map((s) => `${s.taskId}:${s.status}`)).toEqual([
      '101:begin',
      '101:done',
      '102:begin',
      '102:done',
      '103:begin',
      '103:done',
    ]);
    expect(tasks.filter((s) => s.taskAnswer !== undefined)).toEqual([
      expect.objectContaining({ taskId: 102, status: 'done', taskAnswer: '1.50 EUR' }),
    ]);
    for (const body of signals('test')) {
      expect(uxtTestSignalSchema.safeParse(body).error).toBeUndefined();
    }
    for (const body of tasks) {
      expect(uxtTaskSignalSchema.safeParse(body).error).toBeUndefined();
    }

    await widget.getByRole('button', { name: 'End Session' }).click();
    await tab.locator('#tessera-uxt').waitFor({ state: 'detached' });
    expect(
      await tab.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('or_uxt'))),
    ).toEqual([]);
    // The overlay is not in the recording (data-private): none of its texts reached the ingest.
    await tab.evaluate(() => (window as unknown as { tracker: { flush(): Promise<void> } }).tracker.flush());
    const recorded = batches.join('\n');
    expect(recorded).toContain('Public page');
    for (const text of ['Send money to a friend', 'Read the card fee', 'Thank you!', 'Done, Next']) {
      expect(recorded).not.toContain(text);
    }
    await tab.context().close();
  });

  it('goes to the starting path, and a reload resumes at the stored task', async () => {
    test = testOf({ startingPath: '/wallets', reqMic: false, reqCamera: false });
    const { tab } = await open(`/?oruxt=${TEST_ID}`);
    await tab.getByRole('button', { name: 'Read guidelines to begin' }).click();
    await tab.getByRole('button', { name: 'Begin Test' }).click();
    await tab.waitForURL(`${origin}/wallets`);
    // A full page load (no router here): the stored test resumes at its first task, without a second begin.
    const widget = tab.getByRole('region', { name: 'Usability test' });
    await widget.getByRole('heading', { name: 'Find the pricing page' }).waitFor();
    await widget.getByRole('button', { name: 'Done, Next' }).click();
    await widget.getByRole('heading', { name: 'Read the card fee' }).waitFor();
    await expect.poll(() => signals('task').length).toBe(3);
    await tab.reload();
    await widget.getByRole('heading', { name: 'Read the card fee' }).waitFor();
    expect(await widget.getByText('Task 1, done').count()).toBe(1);
    expect(signals('test').map((s) => (s as { status: string }).status)).toEqual(['begin']);
    expect(signals('task').map((s) => (s as { status: string }).status)).toEqual(['begin', 'done', 'begin']);
    await tab.context().close();
  });

  it('aborts: a skipped test signal, no upload, the overlay gone and the test forgotten', async () => {
    const { tab } = await open(`/?oruxt=${TEST_ID}`);
    await tab.getByRole('button', { name: 'Read guidelines to begin' }).click();
    await tab.getByRole('button', { name: 'Begin Test' }).click();
    await tab.locator('#tessera-uxt[data-uxt-recording="recording"]').waitFor({ state: 'attached' });
    await tab.getByRole('button', { name: 'Abort Session' }).click();
    await tab.locator('#tessera-uxt').waitFor({ state: 'detached' });
    await expect
      .poll(() => signals('test').map((s) => (s as { status: string }).status))
      .toEqual(['begin', 'skipped']);
    expect(calls.filter((call) => call.method === 'PUT' || call.path.includes('upload-url'))).toEqual([]);
    expect(await tab.evaluate(() => localStorage.getItem('or_uxt_active'))).toBeNull();
    expect(new URL(tab.url()).search).toBe(''); // ?oruxt is off the address: a reload does not offer it again
    await tab.reload();
    await tab.waitForFunction(() => (window as unknown as { uxt?: unknown }).uxt !== undefined);
    expect(await tab.locator('#tessera-uxt').count()).toBe(0);
    await tab.context().close();
  });

  it('speaks French after <html lang>, says a refused camera clearly and goes on, fits 360 px', async () => {
    test = testOf({ startingPath: '/fr' });
    const { tab } = await open(`/fr?oruxt=${TEST_ID}`, { width: 360, denyMedia: true });
    await tab.getByRole('button', { name: 'Lire les consignes pour commencer' }).click();
    const widget = tab.getByRole('region', { name: 'Test d’utilisabilité' });
    await widget.getByRole('button', { name: 'Commencer le test' }).click();
    await widget
      .getByText('L’accès à la caméra ou au micro a été refusé ou n’est pas disponible', { exact: false })
      .waitFor();
    await widget.getByRole('heading', { name: 'Find the pricing page' }).waitFor();
    const box = (await tab.locator('#tessera-uxt .widget').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // The panel moves with the arrow keys on its handle.
    const handle = widget.getByRole('button', { name: 'Déplacer le panneau (touches fléchées)' });
    await handle.focus();
    await tab.keyboard.press('ArrowDown');
    await tab.keyboard.press('ArrowDown');
    await expect
      .poll(async () => (await tab.locator('#tessera-uxt .widget').boundingBox())!.y)
      .toBeGreaterThan(box.y);
    await widget.getByRole('button', { name: 'Terminé, suivant' }).click();
    await widget.getByRole('textbox', { name: 'Votre réponse' }).waitFor();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await tab.context().close();
  });

  it('asks the SUS questions after the last task, in the dark, by keyboard, and sends the answers', async () => {
    test = testOf({ sus: true, reqCamera: false, reqMic: false, tasks: testOf().tasks.slice(0, 1) });
    const { tab } = await open(`/?oruxt=${TEST_ID}`, { colorScheme: 'dark' });
    await tab.getByRole('button', { name: 'Read guidelines to begin' }).click();
    const widget = tab.getByRole('region', { name: 'Usability test' });
    await widget.getByRole('button', { name: 'Begin Test' }).click();
    await widget.getByRole('button', { name: 'Done, Next' }).click();
    await widget.getByRole('heading', { name: 'A few questions about your experience' }).waitFor();
    await accessible(tab);
    await widget.getByRole('button', { name: 'Send answers' }).click();
    await widget.getByRole('alert').filter({ hasText: 'Please answer every statement.' }).waitFor();
    const answers = [5, 1, 4, 2, 5, 1, 4, 2, 5, 1];
    for (const [index, answer] of answers.entries()) {
      const group = widget.getByRole('group', { name: new RegExp(`^${index + 1}\\. `, 'u') });
      await group.getByRole('radio', { name: new RegExp(`^${answer}`, 'u') }).check();
    }
    await widget.getByRole('button', { name: 'Send answers' }).press('Enter');
    await widget.getByRole('button', { name: 'End Session' }).waitFor();
    expect(signals('sus')).toEqual([{ testId: TEST_ID, answers }]);
    expect(uxtSusSignalSchema.safeParse(signals('sus')[0]).error).toBeUndefined();
    expect(susScore(answers)).toBe(90);
    expect(signals('test').map((s) => (s as { status: string }).status)).toEqual(['begin', 'done']);
    await accessible(tab);
    await tab.context().close();
  });

  it('tells politely that an unknown test is not available', async () => {
    const { tab } = await open('/?oruxt=7d1e0c44-0000-4000-8000-000000000000');
    await tab
      .getByRole('alert')
      .filter({ hasText: 'This usability test is not available at the moment.' })
      .waitFor();
    await tab.getByRole('button', { name: 'Close' }).click();
    await tab.locator('#tessera-uxt').waitFor({ state: 'detached' });
    expect(signals('test')).toEqual([]);
    await tab.context().close();
  });
});
