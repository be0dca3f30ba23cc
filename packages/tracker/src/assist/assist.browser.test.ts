/**
 * Live assist's customer side in a real browser (Debian chromium through Playwright, fake camera and microphone),
 * with the tracker, against a fake ingest, a socket.io server playing the assist hub, and a real PeerServer (`peer`)
 * in this process. The test acts as the agent: it sends the hub's events to the tab and reads what the tab answers.
 * Every wait is for a state or a message, never for time.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ASSIST_TAB_EVENTS, assistRemoteRefusedSchema, type AssistTabEvent } from '@tessera/contracts';
import { build } from 'esbuild';
import { PeerServer } from 'peer';
import { Server as SocketServer, type Socket } from 'socket.io';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const AGENT = { agentId: 'a1b2c3d4e5f6', name: 'Alexandrine Martin' };
const OTHER = { agentId: '0f0e0d0c0b0a', name: 'Bo' };
const SESSION = 'session-1';

const page = (lang: string) => `<!doctype html><html lang="${lang}"><head><title>Transfer</title></head><body>
<main>
  <h1>Send money</h1>
  <form id="transfer" onsubmit="event.preventDefault(); document.getElementById('submitted').textContent = 'yes'">
    <label>Payee name <input id="payee" name="payee" autocomplete="name" /></label>
    <label>Password <input id="password" type="password" name="password" /></label>
    <p id="typed"></p>
    <p id="submitted">no</p>
    <button type="button" id="prepare" onclick="document.getElementById('prepared').textContent = 'yes'">Prepare</button>
    <p id="prepared">no</p>
    <button type="submit" id="confirm" data-assist="confirm"><span>Confirm transfer</span></button>
  </form>
  <p data-private id="secret">Secret</p>
</main>
<script>
  document.getElementById('payee').addEventListener('input', (e) => { document.getElementById('typed').textContent = e.target.value; });
</script>
<script type="module" src="/bundle.js"></script>
</body></html>`;

let server: Server;
let peerServer: Server;
let io: SocketServer;
let browser: Browser;
let origin = '';
let peerPort = 0;
let bundle = '';
let agentBundle = '';
let lang = 'en';
let tab: Socket | null = null;
let received: { event: string; payload: Record<string, unknown> }[] = [];

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
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(lang));
  } else if (url.pathname === '/agent') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><body><script type="module" src="/agent.js"></script></body></html>');
  } else if (url.pathname === '/bundle.js' || url.pathname === '/agent.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(url.pathname === '/bundle.js' ? bundle : agentBundle);
  } else if (url.pathname === '/ingest/v1/web/start') {
    await read(request);
    json(200, {
      token: 'token-1',
      userUUID: 'user-uuid',
      projectID: 'p1',
      beaconSizeLimit: 200_000,
      compressionThreshold: 24_000,
      delay: 0,
      sessionID: SESSION,
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
    await read(request);
    json(200, { ok: true });
  } else if (url.pathname === '/ingest/v1/web/tags') {
    json(200, { tags: [] });
  } else if (url.pathname.startsWith('/ingest/v1/web/conditions/')) {
    json(200, { conditions: [] });
  } else {
    json(404, { error: 'NOT_FOUND' });
  }
}

beforeAll(async () => {
  const common = { bundle: true, minify: true, format: 'esm', platform: 'browser', write: false } as const;
  const result = await build({
    ...common,
    stdin: {
      contents: `import { createTracker } from '../index.ts';
        import { startAssist } from './index.ts';
        const tracker = createTracker({ projectKey: 'tessera-web', secureMode: false });
        window.tracker = tracker;
        window.startAssistNow = (peerPort) => {
          window.assist = startAssist(tracker, {
            peer: { host: '127.0.0.1', port: peerPort, path: '/assist', secure: false },
          });
          return tracker.start();
        };`,
      resolveDir: join(import.meta.dirname),
      loader: 'ts',
    },
  });
  bundle = result.outputFiles[0]!.text;
  const agent = await build({
    ...common,
    stdin: {
      contents: `import { Peer } from 'peerjs'; window.Peer = Peer;`,
      resolveDir: join(import.meta.dirname),
      loader: 'ts',
    },
  });
  agentBundle = agent.outputFiles[0]!.text;
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  io = new SocketServer(server, { path: '/ws-assist/socket' });
  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { identity?: string; token?: string; tabId?: string };
    if (
      auth.identity !== 'session' ||
      auth.token !== 'token-1' ||
      !/^[0-9a-f]{12}$/u.test(auth.tabId ?? '')
    ) {
      socket.disconnect(true);
      return;
    }
    tab = socket;
    socket.onAny((event: string, payload: Record<string, unknown>) => {
      received.push({ event, payload });
    });
  });
  peerServer = await new Promise<Server>((resolve) => {
    PeerServer({ port: 0, host: '127.0.0.1', path: '/assist', key: 'tessera-web' }, (created) =>
      resolve(created as Server),
    );
  });
  peerPort = (peerServer.address() as AddressInfo).port;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  io?.close();
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => peerServer?.close(resolve));
});

beforeEach(() => {
  tab = null;
  received = [];
  lang = 'en';
});

async function open(clock = false): Promise<Page> {
  const context = await browser.newContext();
  const opened = await context.newPage();
  if (clock) {
    await opened.clock.install();
  }
  await opened.goto(`${origin}/`);
  await opened.waitForFunction(() => 'startAssistNow' in window);
  await opened.evaluate(
    (port) => (window as unknown as { startAssistNow(port: number): Promise<unknown> }).startAssistNow(port),
    peerPort,
  );
  await expect.poll(() => tab !== null, { timeout: 30_000 }).toBe(true);

  await opened.waitForFunction(() => document.documentElement.dataset['assistSocket'] === 'open', null, {
    polling: 100,
  });
  return opened;
}

/** The hub's side: an agent event to the tab, with the agent id and name the server adds. */
function send(event: string, payload: Record<string, unknown> = {}, agent = AGENT) {
  tab!.emit(event, { ...payload, ...agent });
}

function join_(agent = AGENT) {
  tab!.emit('agent_joined', { ...agent, peerId: `tessera-web-${SESSION}-agent-${agent.agentId}` });
}

async function next(
  event: AssistTabEvent,
  match: (payload: Record<string, unknown>) => boolean = () => true,
) {
  await expect
    .poll(() => received.some((item) => item.event === event && match(item.payload)), { timeout: 30_000 })
    .toBe(true)
    .catch((error: unknown) => {
      process.stderr.write(`RECEIVED ${JSON.stringify(received.filter((item) => item.event !== 'rrweb'))}\n`);
      throw error;
    });
  const found = received.find((item) => item.event === event && match(item.payload))!;
  // Every message the tab sends is what the server's contract accepts.
  expect(ASSIST_TAB_EVENTS[event].safeParse(found.payload).error).toBeUndefined();
  return found.payload;
}

describe('live assist, customer side', () => {
  it('streams a full snapshot on join, without the overlays or private elements', async () => {
    const opened = await open();
    join_();
    const first = await next('rrweb', (payload) =>
      (payload['events'] as { type: number }[]).some((event) => event.type === 2),
    );
    const all = JSON.stringify(first);
    expect(all).toContain('Send money');
    expect(all).not.toContain('Secret');
    // An overlay appears (the control popup): nothing of it reaches the stream.
    send('control_request');
    await opened.getByRole('dialog').getByRole('button', { name: 'Grant Remote Control' }).waitFor();
    await opened.getByRole('button', { name: 'Prepare' }).click(); // a mutation after the popup
    await opened.getByRole('button', { name: 'Grant Remote Control' }).click();
    await next('control_granted');
    const streamed = JSON.stringify(received.filter((item) => item.event === 'rrweb'));
    expect(streamed).not.toContain('Grant Remote Control');
    expect(streamed).not.toContain('Agent requested remote control');
    await opened.context().close();
  });

  it('remote control: consent, typing into a field, a click; refusals on money, credential and the overlay', async () => {
    const opened = await open();
    join_();
    // Before any grant, the agent cannot act.
    send('control_event', { kind: 'click', x: 5, y: 5 });
    expect(await next('remote_refused')).toMatchObject({ reason: 'not_granted', kind: 'click' });

    send('control_request');
    const dialog = opened.getByRole('dialog');
    await expect.poll(() => dialog.locator('p').textContent()).toBe('Agent requested remote control. Allow?');
    // Keyboard: the confirm button has the focus; Enter grants.
    await opened.keyboard.press('Enter');
    await next('control_granted', (payload) => payload['agentId'] === AGENT.agentId);
    await opened.waitForFunction(() => document.documentElement.dataset['assistControl'] === 'enabled');
    await opened.getByText('End control').waitFor();
    expect(await opened.evaluate(() => sessionStorage.getItem('tessera.assist.controlAgent'))).toBe(
      AGENT.agentId,
    );
    // A second agent is told busy.
    join_(OTHER);
    send('control_request', {}, OTHER);
    await next('control_busy', (payload) => payload['agentId'] === OTHER.agentId);

    const center = async (selector: string) =>
      opened.locator(selector).evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      });
    // Click into the payee field, type, paste: the page's input listener sees it (React's onChange would).
    send('control_event', { kind: 'click', ...(await center('#payee')) });
    for (const key of ['A', 'n', 'a', 'x', 'Backspace']) {
      send('control_event', { kind: 'key', key });
    }
    send('control_event', { kind: 'input', value: ' Demo' });
    await expect.poll(() => opened.locator('#typed').textContent()).toBe('Ana Demo');
    await expect.poll(() => opened.locator('#payee').inputValue()).toBe('Ana Demo');
    // The agent's pointer shows its shortened name.
    await expect
      .poll(() => opened.locator('#tessera-assist .pointer span').textContent())
      .toBe('Alexandri...');
    // A click on an ordinary button works.
    send('control_event', { kind: 'click', ...(await center('#prepare')) });
    await expect.poll(() => opened.locator('#prepared').textContent()).toBe('yes');

    // The money confirmation (its inner span is what is under the point): refused, nothing submitted.
    send('control_event', { kind: 'click', ...(await center('#confirm span')) });
    const money = await next('remote_refused', (payload) => payload['reason'] === 'money');
    expect(assistRemoteRefusedSchema.parse(money)).toMatchObject({ kind: 'click', agentId: AGENT.agentId });
    // Enter in the form would submit it: refused too.
    send('control_event', { kind: 'click', ...(await center('#payee')) });
    send('control_event', { kind: 'key', key: 'Enter' });
    await next('remote_refused', (payload) => payload['reason'] === 'money' && payload['kind'] === 'key');
    // The password field: refused, nothing typed.
    send('control_event', { kind: 'click', ...(await center('#password')) });
    await next('remote_refused', (payload) => payload['reason'] === 'credential');
    await opened.locator('#password').focus();
    send('control_event', { kind: 'input', value: 'hunter2' });
    await next(
      'remote_refused',
      (payload) => payload['reason'] === 'credential' && payload['kind'] === 'input',
    );
    expect(await opened.locator('#password').inputValue()).toBe('');
    // The overlay itself ('End control' in the call window) cannot be clicked by the agent.
    const end = await opened.getByText('End control').evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
    send('control_event', { kind: 'click', ...end });
    await next('remote_refused', (payload) => payload['reason'] === 'masked');
    expect(await opened.locator('#submitted').textContent()).toBe('no');
    expect(await opened.evaluate(() => document.documentElement.dataset['assistControl'])).toBe('enabled');

    // The customer ends control.
    await opened.getByText('End control').click();
    await next('control_released', (payload) => payload['agentId'] === AGENT.agentId);
    await opened.waitForFunction(() => document.documentElement.dataset['assistControl'] === 'disabled');
    await opened.context().close();
  });

  it('in French: the recording popup, accepted, shows the red dashed border; a call declined', async () => {
    lang = 'fr';
    const opened = await open();
    join_();
    send('recording_request');
    const dialog = opened.getByRole('dialog', { name: "Autoriser l'enregistrement" });
    await dialog.getByText("L'agent demande à enregistrer l'activité de cet onglet du navigateur.").waitFor();
    await dialog.getByRole('button', { name: "Autoriser l'enregistrement" }).click();
    await next('recording_accepted');
    const border = opened.locator('#tessera-assist .recording');
    await border.waitFor();
    expect(await border.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('dashed');
    expect(await border.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('2px');
    send('recording_stop');
    await next('recording_stopped');
    await border.waitFor({ state: 'hidden' });

    send('call_request');
    const call = opened.getByRole('dialog');
    await call.getByText('Vous avez un appel entrant. Voulez-vous répondre ?').waitFor();
    await call.getByRole('button', { name: 'Refuser' }).click();
    await next('call_rejected', (payload) => payload['agentId'] === AGENT.agentId);
    await opened.context().close();
  });

  it('a call answered: the agent dials the tab through the PeerServer and media flows both ways', async () => {
    const opened = await open();
    join_();
    send('call_request');
    await opened.getByRole('button', { name: 'Answer' }).click();
    await next('call_answered', (payload) => payload['agentId'] === AGENT.agentId);
    const tabId = await opened.evaluate(() => sessionStorage.getItem('tessera.tracker.tab'));
    const agentPage = await opened.context().newPage();
    await agentPage.goto(`${origin}/agent`);
    await agentPage.waitForFunction(() => 'Peer' in window);
    await agentPage.evaluate(
      async ({ port, tabPeer, agentPeer }) => {
        const PeerClass = (window as unknown as { Peer: new (id: string, options: object) => unknown }).Peer;
        const peer = new PeerClass(agentPeer, {
          host: '127.0.0.1',
          port,
          path: '/assist',
          key: 'tessera-web',
          secure: false,
          config: { iceServers: [] },
        }) as {
          once(event: string, listener: () => void): void;
          call(id: string, stream: MediaStream): { peerConnection: RTCPeerConnection };
        };
        await new Promise<void>((resolve) => peer.once('open', resolve));
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
        (window as unknown as { pc: RTCPeerConnection }).pc = peer.call(tabPeer, stream).peerConnection;
      },
      {
        port: peerPort,
        tabPeer: `tessera-web-${SESSION}-${tabId}`,
        agentPeer: `tessera-web-${SESSION}-agent-${AGENT.agentId}`,
      },
    );
    const connected = (target: Page, expression: string) =>
      target.evaluate(async (source) => {
        const pc = new Function(`return ${source}`)() as RTCPeerConnection | null;
        if (!pc) {
          return { state: 'none', bytes: 0 };
        }
        let bytes = 0;
        (await pc.getStats()).forEach((report: { type: string; bytesReceived?: number }) => {
          if (report.type === 'inbound-rtp') {
            bytes += report.bytesReceived ?? 0;
          }
        });
        return { state: pc.connectionState, bytes };
      }, expression);
    await expect
      .poll(async () => connected(opened, 'window.assist.peerConnection'), { timeout: 30_000 })
      .toMatchObject({ state: 'connected' });
    await expect
      .poll(async () => (await connected(opened, 'window.assist.peerConnection')).bytes, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await connected(agentPage, 'window.pc')).bytes, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // The call window: the agent's name (20 characters at most), the duration, the call start kept for a reload.
    const window_ = opened.locator('#tessera-assist [data-assist-window]');
    await expect.poll(() => window_.locator('.name').textContent()).toBe('Alexandrine Martin');
    await expect.poll(() => window_.locator('.duration').textContent()).toMatch(/^\d+m \d\ds$/u);
    expect(await opened.evaluate(() => sessionStorage.getItem('tessera.assist.callStart'))).toContain(
      AGENT.agentId,
    );
    // The customer ends the call.
    await opened.getByRole('button', { name: 'End call' }).click();
    await next('call_ended', (payload) => payload['agentId'] === AGENT.agentId);
    await window_.waitFor({ state: 'hidden' });
    expect(await opened.evaluate(() => sessionStorage.getItem('tessera.assist.callStart'))).toBeNull();
    await opened.context().close();
  });

  it('an unanswered call ends after 30 s and an unanswered control request expires (test clock)', async () => {
    const opened = await open(true);
    join_();
    send('call_request');
    await opened.getByRole('button', { name: 'Answer' }).waitFor();
    send('control_request');
    await opened.getByRole('button', { name: 'Grant Remote Control' }).waitFor();
    await opened.clock.fastForward(29_000);
    expect(received.some((item) => item.event === 'call_rejected')).toBe(false);
    await opened.clock.fastForward(1_000);
    await next('call_rejected', (payload) => payload['agentId'] === AGENT.agentId);
    await next('call_state', (payload) => payload['state'] === 'none');
    await next('control_released', (payload) => payload['agentId'] === AGENT.agentId);
    await opened.getByRole('dialog').first().waitFor({ state: 'detached' });
    expect(await opened.evaluate(() => document.documentElement.dataset['assistControl'])).toBe('disabled');
    await opened.context().close();
  });
});
