/**
 * Live assist end to end over real sockets (docs/adr/0020-live-assist.md): a customer tab and agents on socket.io,
 * the PeerServer's authentication, the hash-chained audit, the staff API, and the app's other websocket routes
 * still upgrading with assist mounted. No timed assertions: every wait is for an event or a state.
 */
import {
  ASSIST_SOCKET_PATH,
  ASSIST_STATS_CSV_HEADER,
  type AssistActionList,
  type AssistLiveList,
  type AssistRecordingList,
  type AssistStats,
  type TrackerStartResponse,
} from '@tessera/contracts';
import { serviceMetricsRegistry } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEERS_FORBIDDEN_TEXT } from './modules/peer/peer-server.ts';
import { agentIdOf } from './modules/live/hub.ts';
import { AGENT_NAMES, type AssistTestApp, buildAssistTestApp } from './test-support/assist-test-app.ts';

const TAB = '0123456789ab';
const OTHER_TAB = 'ba9876543210';
const REASON = { 'x-staff-reason': 'CASE-4242' };

function open(origin: string, auth: Record<string, unknown>): Socket {
  return connect(origin, {
    path: ASSIST_SOCKET_PATH,
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function refused(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function next<T = Record<string, unknown>>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** Records every event a socket receives, in order. */
function recorder(socket: Socket): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

/** Round trip: once the tab has answered a ping, everything the server forwarded before it has arrived. */
async function settle(tab: Socket, agent: Socket): Promise<void> {
  const seen = next(agent, 'page_visibility');
  tab.emit('page_visibility', { visible: true });
  await seen;
}

async function counter(name: string): Promise<number> {
  const metric = await serviceMetricsRegistry.getSingleMetric(name)?.get();
  return (metric?.values ?? []).reduce((sum, value) => sum + value.value, 0);
}

describeEachDatabase('live assist', ({ createDatabase }) => {
  let t: AssistTestApp;
  const sockets: Socket[] = [];
  const track = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await buildAssistTestApp(await createDatabase(), { controlEventsPerSecond: 1000 });
  });
  afterAll(async () => {
    for (const socket of sockets) {
      socket.disconnect();
    }
    await t.close();
  });

  async function tabOf(session: TrackerStartResponse, tabId = TAB) {
    const tab = track(open(t.origin, { identity: 'session', token: session.token, tabId }));
    await connected(tab);
    return tab;
  }

  async function agentOf(session: TrackerStartResponse, userId = 'agent-ana', groups = ['support_agent']) {
    const agent = track(
      open(t.origin, {
        identity: 'agent',
        token: await t.token(userId, groups),
        sessionId: session.sessionID,
        reason: 'CASE-4242',
      }),
    );
    const welcome = next(agent, 'assist_welcome');
    await connected(agent);
    return { agent, welcome: await welcome };
  }

  describe('the live channel', () => {
    it("forwards an agent's events only to its own session's tab, with the server's agent id and name", async () => {
      const mine = await t.startSession();
      const theirs = await t.startSession();
      const tab = await tabOf(mine);
      const otherTab = await tabOf(theirs);
      const otherSeen = recorder(otherTab);
      const joined = next(tab, 'agent_joined');
      const { agent, welcome } = await agentOf(mine);
      expect(welcome).toMatchObject({
        agentId: agentIdOf('agent-ana'),
        name: AGENT_NAMES['agent-ana'],
        peerId: `tessera-web-${mine.sessionID}-agent-${agentIdOf('agent-ana')}`,
        sessionId: mine.sessionID,
        tabs: [{ tabId: TAB, peerId: `tessera-web-${mine.sessionID}-${TAB}` }],
      });
      expect(await joined).toMatchObject({ agentId: agentIdOf('agent-ana'), name: 'Ana Support' });

      const request = next(tab, 'call_request');
      // The agent's own claim of an id or a name is replaced by the server's.
      agent.emit('call_request', { agentId: 'ffffffffffff', name: 'Mallory' });
      agent.emit('call_request');
      expect(await request).toEqual({ agentId: agentIdOf('agent-ana'), name: 'Ana Support' });

      // The tab's events reach the agent with the tab id; events of the other session's tab do not.
      const fromTab = next(agent, 'rrweb');
      otherTab.emit('rrweb', { events: [{ type: 2, timestamp: 2, data: { secret: 'other' } }] });
      tab.emit('rrweb', { events: [{ type: 2, timestamp: 1, data: {} }] });
      expect(await fromTab).toEqual({ events: [{ type: 2, timestamp: 1, data: {} }], tabId: TAB });
      await settle(tab, agent);
      expect(otherSeen.map((entry) => entry.event)).not.toContain('call_request');

      const left = next(tab, 'agent_left');
      agent.disconnect();
      expect(await left).toEqual({ agentId: agentIdOf('agent-ana') });
    });

    it('refuses a second socket for a tab, bad handshakes, and agents without a valid staff token', async () => {
      const session = await t.startSession();
      await tabOf(session);
      expect(
        await refused(track(open(t.origin, { identity: 'session', token: session.token, tabId: TAB }))),
      ).toBe('ASSIST_TAB_TAKEN');
      expect(await refused(track(open(t.origin, { identity: 'session', token: 'nope', tabId: TAB })))).toBe(
        'ASSIST_UNAUTHENTICATED',
      );
      expect(
        await refused(track(open(t.origin, { identity: 'session', token: session.token, tabId: 'XYZ' }))),
      ).toBe('ASSIST_HANDSHAKE_INVALID');
      expect(await refused(track(open(t.origin, { identity: 'root' })))).toBe('ASSIST_HANDSHAKE_INVALID');
      // A customer's token, a forged token, a session token used as a staff token: never an agent.
      const customer = await t.token('customer-1', []);
      for (const token of [customer, 'forged.token.value', session.token]) {
        expect(
          await refused(track(open(t.origin, { identity: 'agent', token, sessionId: session.sessionID }))),
        ).toMatch(/^ASSIST_(UNAUTHENTICATED|FORBIDDEN)$/);
      }
      // A session nobody's tab has connected.
      const staff = await t.token('agent-ana', ['support_agent']);
      expect(
        await refused(
          track(
            open(t.origin, {
              identity: 'agent',
              token: staff,
              sessionId: '00000000-0000-4000-8000-000000000000',
              reason: 'CASE-4242',
            }),
          ),
        ),
      ).toBe('ASSIST_SESSION_NOT_LIVE');
      // No case reference, or one that is not a reference: refused (review #18).
      for (const reason of [undefined, 'x', 'no spaces allowed']) {
        expect(
          await refused(
            track(
              open(t.origin, {
                identity: 'agent',
                token: staff,
                sessionId: session.sessionID,
                ...(reason === undefined ? {} : { reason }),
              }),
            ),
          ),
        ).toBe('ASSIST_REASON_REQUIRED');
      }
    });

    it('refuses and audits a control_event without a grant, forwards it once granted, and the chain verifies', async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const { agent } = await agentOf(session, 'agent-bob');
      const bob = agentIdOf('agent-bob');
      const tabSeen = recorder(tab);

      const refusal = next(agent, 'action_refused');
      agent.emit('control_event', { kind: 'click', x: 10, y: 20 });
      expect(await refusal).toEqual({ event: 'control_event', reason: 'not_granted' });

      const asked = next(tab, 'control_request');
      agent.emit('control_request');
      await asked;
      const granted = next(agent, 'control_granted');
      tab.emit('control_granted', { agentId: bob });
      expect(await granted).toEqual({ agentId: bob, tabId: TAB });
      const click = next(tab, 'control_event');
      agent.emit('control_event', { kind: 'input', value: 'prepared text' });
      expect(await click).toEqual({
        kind: 'input',
        value: 'prepared text',
        agentId: bob,
        name: AGENT_NAMES['agent-bob'],
      });

      // Released: refused again.
      tab.emit('control_released', { agentId: bob });
      const again = next(agent, 'action_refused');
      await settle(tab, agent);
      agent.emit('control_event', { kind: 'click', x: 1, y: 1 });
      expect(await again).toMatchObject({ reason: 'not_granted' });
      expect(tabSeen.filter((entry) => entry.event === 'control_event')).toHaveLength(1);

      // The tab reports what it refused itself.
      tab.emit('remote_refused', { agentId: bob, kind: 'click', reason: 'money', label: 'Confirm transfer' });
      await settle(tab, agent);
      await t.queue.idle();

      const staff = await t.token('agent-bob', ['support_agent']);
      const listed = await t.app.inject({
        url: `/api/assist/staff/sessions/${session.sessionID}/actions`,
        headers: { authorization: `Bearer ${staff}`, ...REASON },
      });
      expect(listed.statusCode).toBe(200);
      const body = listed.json<AssistActionList>();
      expect(body.chain).toEqual({ valid: true, brokenAt: null });
      expect(
        body.actions.map((action) => [action.kind, action.outcome, action.detail['reason'] ?? null]),
      ).toEqual([
        ['join', 'forwarded', null],
        ['control_event', 'refused', 'not_granted'],
        ['control_request', 'forwarded', null],
        ['control_event', 'forwarded', null],
        ['control_event', 'refused', 'not_granted'],
        ['remote_refused', 'reported', 'money'],
      ]);
      // Never the typed value: its length only.
      expect(body.actions[3]!.detail).toEqual({ kind: 'input', valueLength: 13 });
      expect(JSON.stringify(body)).not.toContain('prepared text');
      expect(body.actions[1]!.prevHash).toBe(body.actions[0]!.hash);

      // Tampering with a row breaks the chain from there.
      await sql`update assist.actions set detail = '{"kind":"click"}' where session_id = ${session.sessionID} and seq = 4`.execute(
        t.database.db,
      );
      const tampered = await t.app.inject({
        url: `/api/assist/staff/sessions/${session.sessionID}/actions`,
        headers: { authorization: `Bearer ${staff}`, ...REASON },
      });
      expect(tampered.json<AssistActionList>().chain).toEqual({ valid: false, brokenAt: 4 });
    });

    it('drops hostile payloads (NUL, lone surrogates, huge, wrong types) without crashing or reaching the tab', async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const { agent } = await agentOf(session);
      const ana = agentIdOf('agent-ana');
      tab.emit('control_granted', { agentId: ana });
      await settle(tab, agent);
      const tabSeen = recorder(tab);
      const before = await counter('assist_dropped_events_total');
      const hostile: [string, unknown][] = [
        ['control_event', { kind: 'input', value: 'a\u0000b' }],
        ['control_event', { kind: 'input', value: 'lone \ud800 surrogate' }],
        ['control_event', { kind: 'input', value: 'x'.repeat(20000) }],
        ['control_event', { kind: 'click', x: 'ten', y: null }],
        ['control_event', { kind: 'drag' }],
        ['control_event', 'click'],
        ['control_event', [1, 2, 3]],
        ['annotation', { phase: 'start', x: Number.NaN, y: 0 }],
        ['annotation', { phase: 'start', x: 1e12, y: 0 }],
        ['call_request', { tabId: '\ud800\udc00' }],
        ['not_an_event', { any: 'thing' }],
        ['__proto__', {}],
      ];
      for (const [event, payload] of hostile) {
        agent.emit(event, payload);
      }
      // The socket still works: a valid event goes through, and it is the only one the tab saw.
      const ok = next(tab, 'control_event');
      agent.emit('control_event', { kind: 'click', x: 5, y: 6 });
      await ok;
      expect(tabSeen.map((entry) => entry.event)).toEqual(['control_event']);
      expect((await counter('assist_dropped_events_total')) - before).toBe(hostile.length);
      // A tab's hostile payloads are dropped too, and a message over the size limit closes only that socket.
      const agentSeen = recorder(agent);
      tab.emit('call_state', { state: 'exploded', agentId: ana });
      tab.emit('page_visibility', { visible: 'yes' });
      tab.emit('remote_refused', { agentId: ana, kind: 'click', reason: 'money', label: 'x'.repeat(5000) });
      tab.emit('remote_refused', { agentId: ana, kind: 'click', reason: 'money', label: 'a\u0000b' });
      await settle(tab, agent);
      expect(agentSeen.map((entry) => entry.event)).toEqual(['page_visibility']);
      const huge = track(open(t.origin, { identity: 'session', token: session.token, tabId: OTHER_TAB }));
      await connected(huge);
      const closed = next<string>(huge, 'disconnect');
      huge.emit('rrweb', { events: [{ type: 3, timestamp: 1, data: 'x'.repeat(6 * 1024 * 1024) }] });
      expect(await closed).toBe('transport close');
      // The server is still up.
      expect((await t.app.inject({ url: '/assist/tessera-web/id' })).statusCode).toBe(200);
    });
  });

  describe('the PeerServer', () => {
    function peerSocket(id: string, token: string, key = 'tessera-web') {
      const url = `${t.origin.replace('http', 'ws')}/assist/peerjs?key=${key}&id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&version=1.5.5`;
      return new WebSocket(url);
    }
    function firstMessage(ws: WebSocket): Promise<{ type: string; payload?: { msg: string } }> {
      return new Promise((resolve, reject) => {
        ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as { type: string }));
        ws.once('unexpected-response', (_request, response) =>
          reject(new Error(`HTTP ${response.statusCode}`)),
        );
        ws.once('error', reject);
      });
    }

    it("accepts only a tab's own id with its session token, and joined agents' ids with their staff token", async () => {
      const session = await t.startSession();
      const other = await t.startSession();
      const tabId = `tessera-web-${session.sessionID}-${TAB}`;
      const own = peerSocket(tabId, session.token);
      expect((await firstMessage(own)).type).toBe('OPEN');
      own.close();
      // A foreign id (another session's tab) with this token, a bad token, a made-up id.
      await expect(
        firstMessage(peerSocket(`tessera-web-${other.sessionID}-${TAB}`, session.token)),
      ).rejects.toThrow('HTTP 401');
      await expect(
        firstMessage(peerSocket(`tessera-web-${session.sessionID}-${OTHER_TAB}`, 'bad')),
      ).rejects.toThrow('HTTP 401');
      await expect(firstMessage(peerSocket('anything-goes', session.token))).rejects.toThrow('HTTP 401');
      // peer's own answer to a wrong key.
      expect(await firstMessage(peerSocket(tabId, session.token, 'other-key'))).toEqual({
        type: 'ERROR',
        payload: { msg: 'Invalid key provided' },
      });

      // An agent's id: only while joined to that session on the live channel.
      const cy = agentIdOf('agent-cy');
      const agentPeer = `tessera-web-${session.sessionID}-agent-${cy}`;
      const staff = await t.token('agent-cy', ['support_agent']);
      await expect(firstMessage(peerSocket(agentPeer, staff))).rejects.toThrow('HTTP 401');
      await tabOf(session);
      const peers = await t.app.inject({
        url: '/assist/tessera-web/peers',
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(peers.statusCode).toBe(401);
      const { agent } = await agentOf(session, 'agent-cy');
      const agentSocket = peerSocket(agentPeer, staff);
      expect((await firstMessage(agentSocket)).type).toBe('OPEN');
      // Another agent's token does not own this agent's id.
      const bobToken = await t.token('agent-bob', ['support_agent']);
      await expect(firstMessage(peerSocket(agentPeer, bobToken))).rejects.toThrow('HTTP 401');
      // The joined agent may list its session's peers.
      const listed = await t.app.inject({
        url: '/assist/tessera-web/peers',
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([agentPeer]);
      agentSocket.close();
      agent.disconnect();
    });

    it("relays signalling only within the sender's own session (review #18, t2)", async () => {
      const mine = await t.startSession();
      const theirs = await t.startSession();
      const a = peerSocket(`tessera-web-${mine.sessionID}-${TAB}`, mine.token);
      const a2Id = `tessera-web-${mine.sessionID}-${OTHER_TAB}`;
      const a2 = peerSocket(a2Id, mine.token);
      const bId = `tessera-web-${theirs.sessionID}-${TAB}`;
      const b = peerSocket(bId, theirs.token);
      // Every socket's listener is on before any message can arrive: a socket's OPEN that came while the test
      // awaited another's would be missed, and the test would wait for it forever.
      const opened = [a, a2, b].map(firstMessage);
      for (const open of opened) {
        expect((await open).type).toBe('OPEN');
      }
      const bSeen: string[] = [];
      b.on('message', (data: Buffer) => bSeen.push(data.toString()));
      const offer = (dst: string, sdp: string) =>
        JSON.stringify({
          type: 'OFFER',
          dst,
          payload: { sdp: { type: 'offer', sdp }, type: 'media', connectionId: 'mc_x' },
        });
      // The foreign offer first, then one to a peer of the sender's own session; once that one has arrived, the
      // first has been handled.
      a.send(offer(bId, 'v=0 forged'));
      a.send(offer(`tessera-web-${theirs.sessionID}-agent-0123456789ab`, 'v=0 forged'));
      const arrived = firstMessage(a2);
      a.send(offer(a2Id, 'v=0 own'));
      expect(await arrived).toMatchObject({ type: 'OFFER', src: `tessera-web-${mine.sessionID}-${TAB}` });
      expect(bSeen).toEqual([]);
      for (const ws of [a, a2, b]) {
        ws.close();
      }
    });

    it("answers /id with a new id and /peers with the spec's 401 text", async () => {
      const id = await t.app.inject({ url: '/assist/tessera-web/id' });
      expect(id.statusCode).toBe(200);
      expect(id.body).toMatch(/^[0-9a-f-]{36}$/);
      for (const headers of [{}, { authorization: 'Bearer nope' }]) {
        const peers = await t.app.inject({ url: '/assist/tessera-web/peers', headers });
        expect(peers.statusCode).toBe(401);
        expect(peers.body).toBe(PEERS_FORBIDDEN_TEXT);
        expect(peers.body).toBe("It doesn't look like you have permission to list peers IDs.");
      }
    });
  });

  describe('the staff API', () => {
    it('lists live sessions, takes and streams recordings, and counts time per agent (JSON and CSV)', async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const { agent } = await agentOf(session);
      const ana = agentIdOf('agent-ana');
      tab.emit('call_state', { state: 'active', agentId: ana });
      tab.emit('control_granted', { agentId: ana });
      await settle(tab, agent);
      const staff = await t.token('agent-ana', ['support_agent']);
      const headers = { authorization: `Bearer ${staff}`, ...REASON };

      const live = await t.app.inject({ url: '/api/assist/staff/live', headers });
      expect(live.statusCode).toBe(200);
      const entry = live.json<AssistLiveList>().sessions.find((item) => item.sessionId === session.sessionID);
      expect(entry).toMatchObject({
        projectKey: 'tessera-web',
        tabs: [{ tabId: TAB }],
        agents: [{ agentId: ana }],
      });

      // Group, case reference and body checks.
      const customer = await t.token('customer-1', []);
      expect(
        (
          await t.app.inject({
            url: '/api/assist/staff/live',
            headers: { authorization: `Bearer ${customer}`, ...REASON },
          })
        ).json(),
      ).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect(
        (
          await t.app.inject({ url: '/api/assist/staff/live', headers: { authorization: `Bearer ${staff}` } })
        ).json(),
      ).toMatchObject({ error: { code: 'STAFF_REASON_REQUIRED' } });
      const url = `/api/assist/staff/sessions/${session.sessionID}/recordings`;
      const video = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
      const upload = (token: string, body: Buffer | string, type = 'video/webm') =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, ...REASON, 'content-type': type },
          payload: body,
        });
      // Before the customer allows a recording, nothing is taken (the body is not even read).
      expect((await upload(staff, video)).json()).toMatchObject({
        error: { code: 'ASSIST_RECORDING_NOT_CONSENTED' },
      });
      tab.emit('recording_accepted', { agentId: ana });
      await settle(tab, agent);
      // Not a WebM file.
      expect((await upload(staff, '<html><script>alert(1)</script>')).json()).toMatchObject({
        error: { code: 'ASSIST_RECORDING_INVALID' },
      });
      const bad = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'ASSIST_RECORDING_INVALID' } });
      // A staff user the customer allowed nothing cannot file a recording under the session.
      const stranger = await t.token('agent-zed', ['support_agent']);
      expect((await upload(stranger, video)).json()).toMatchObject({
        error: { code: 'ASSIST_RECORDING_NOT_CONSENTED' },
      });
      const posted = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'video/webm', 'x-recording-duration-ms': '4200' },
        payload: video,
      });
      expect(posted.statusCode).toBe(201);
      // One 'Allow Recording', one recording.
      expect((await upload(staff, video)).json()).toMatchObject({
        error: { code: 'ASSIST_RECORDING_NOT_CONSENTED' },
      });
      const listed = await t.app.inject({ url, headers });
      const recordings = listed.json<AssistRecordingList>().recordings;
      expect(recordings).toEqual([expect.objectContaining({ agentId: ana, size: 8, durationMs: 4200 })]);
      const streamed = await t.app.inject({ url: `${url}/${recordings[0]!.id}`, headers });
      expect(streamed.headers['content-type']).toBe('video/webm');
      expect(Buffer.compare(streamed.rawPayload, video)).toBe(0);
      const missing = await t.app.inject({ url: `${url}/00000000-0000-4000-8000-000000000000`, headers });
      expect(missing.json()).toMatchObject({ error: { code: 'ASSIST_RECORDING_NOT_FOUND' } });

      agent.disconnect();
      await next(tab, 'agent_left');
      await t.queue.idle();
      const from = new Date(Date.now() - 3600_000).toISOString();
      const to = new Date(Date.now() + 3600_000).toISOString();
      const stats = await t.app.inject({ url: `/api/assist/staff/stats?from=${from}&to=${to}`, headers });
      expect(stats.statusCode).toBe(200);
      const mine = stats.json<AssistStats>().agents.find((row) => row.agentId === ana);
      expect(mine).toMatchObject({ name: 'Ana Support' });
      expect(mine!.liveSeconds).toBeGreaterThanOrEqual(mine!.callSeconds);
      const csv = await t.app.inject({ url: `/api/assist/staff/stats.csv?from=${from}&to=${to}`, headers });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe(ASSIST_STATS_CSV_HEADER);
      expect(csv.body).toContain(`${ana},Ana Support,`);
      const backwards = await t.app.inject({ url: `/api/assist/staff/stats?from=${to}&to=${from}`, headers });
      expect(backwards.json()).toMatchObject({ error: { code: 'ASSIST_STATS_RANGE_INVALID' } });
      expect(t.audit.map((record) => record.action)).toEqual(
        expect.arrayContaining(['assist.join', 'assist.live', 'assist.recording.upload', 'assist.stats']),
      );
    });
  });

  describe('tokens after the handshake (review #18, t1)', () => {
    let quick: AssistTestApp;
    beforeAll(async () => {
      // The periodic check every 100 ms here (60 s in the product), so a test waits for a disconnect, not a minute.
      quick = await buildAssistTestApp(await createDatabase(), {
        controlEventsPerSecond: 1000,
        reverifyIntervalMs: 100,
      });
    });
    afterAll(async () => {
      await quick.close();
    });

    async function actionsOf(app: AssistTestApp, sessionId: string) {
      await app.queue.idle();
      const staff = await app.token('agent-ana', ['support_agent']);
      const listed = await app.app.inject({
        url: `/api/assist/staff/sessions/${sessionId}/actions`,
        headers: { authorization: `Bearer ${staff}`, ...REASON },
      });
      return listed
        .json<AssistActionList>()
        .actions.map((action) => [action.kind, action.outcome, action.detail['reason'] ?? null]);
    }

    it('a revoked staff token is refused at its next control_event: the agent is disconnected, nothing reaches the tab', async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const token = await t.issuer.sign('agent-bob', {
        groups: ['support_agent'],
        originJti: 'origin-bob-revoked',
      });
      const agent = track(
        open(t.origin, { identity: 'agent', token, sessionId: session.sessionID, reason: 'CASE-1' }),
      );
      await connected(agent);
      const bob = agentIdOf('agent-bob');
      const tabSeen = recorder(tab);
      const granted = next(agent, 'control_granted');
      tab.emit('control_granted', { agentId: bob });
      await granted;
      const first = next(tab, 'control_event');
      agent.emit('control_event', { kind: 'click', x: 1, y: 2 });
      await first;

      t.issuer.revoke('origin-bob-revoked');
      const gone = next<string>(agent, 'disconnect');
      const left = next(tab, 'agent_left');
      agent.emit('control_event', { kind: 'input', value: 'after revoke' });
      expect(await gone).toBe('io server disconnect');
      expect(await left).toEqual({ agentId: bob });
      expect(tabSeen.filter((entry) => entry.event === 'control_event')).toHaveLength(1);
      expect(await actionsOf(t, session.sessionID)).toEqual([
        ['join', 'forwarded', null],
        ['control_event', 'forwarded', null],
        ['control_event', 'refused', 'token_invalid'],
        ['leave', 'forwarded', null],
      ]);
    });

    it('a revoked staff token loses its socket and its PeerJS connection on the periodic check, without sending anything', async () => {
      const session = await quick.startSession();
      const tab = track(open(quick.origin, { identity: 'session', token: session.token, tabId: TAB }));
      await connected(tab);
      const token = await quick.issuer.sign('agent-ana', {
        groups: ['support_agent'],
        originJti: 'origin-ana-idle',
      });
      const agent = track(
        open(quick.origin, { identity: 'agent', token, sessionId: session.sessionID, reason: 'CASE-1' }),
      );
      await connected(agent);
      const peerId = `tessera-web-${session.sessionID}-agent-${agentIdOf('agent-ana')}`;
      const peer = new WebSocket(
        `${quick.origin.replace('http', 'ws')}/assist/peerjs?key=tessera-web&id=${peerId}&token=${encodeURIComponent(token)}&version=1.5.5`,
      );
      const opened = await new Promise<string>((resolve, reject) => {
        peer.once('message', (data: Buffer) =>
          resolve((JSON.parse(data.toString()) as { type: string }).type),
        );
        peer.once('error', reject);
      });
      expect(opened).toBe('OPEN');
      const peerClosed = new Promise<void>((resolve) => peer.once('close', () => resolve()));
      const gone = next<string>(agent, 'disconnect');
      quick.issuer.revoke('origin-ana-idle');
      expect(await gone).toBe('io server disconnect');
      await peerClosed;
      // The tab's own token still holds: it stays.
      expect(tab.connected).toBe(true);
    });

    it("an agent's socket ends when its staff token expires", async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const token = await t.issuer.sign('agent-ana', { groups: ['support_agent'], expiresInS: 2 });
      const agent = track(
        open(t.origin, { identity: 'agent', token, sessionId: session.sessionID, reason: 'CASE-1' }),
      );
      const gone = next<string>(agent, 'disconnect');
      const left = next(tab, 'agent_left');
      await connected(agent);
      expect(await gone).toBe('io server disconnect');
      expect(await left).toEqual({ agentId: agentIdOf('agent-ana') });
    });
  });

  describe('an event aimed at an unknown tab (review #18)', () => {
    it("is refused and audited 'unknown_tab', not forwarded", async () => {
      const session = await t.startSession();
      const tab = await tabOf(session);
      const tabSeen = recorder(tab);
      const { agent } = await agentOf(session, 'agent-bob');
      const refusal = next(agent, 'action_refused');
      agent.emit('call_request', { tabId: 'ffffffffffff' });
      expect(await refusal).toEqual({ event: 'call_request', reason: 'unknown_tab' });
      await settle(tab, agent);
      expect(tabSeen.map((entry) => entry.event)).not.toContain('call_request');
      await t.queue.idle();
      const staff = await t.token('agent-bob', ['support_agent']);
      const listed = await t.app.inject({
        url: `/api/assist/staff/sessions/${session.sessionID}/actions`,
        headers: { authorization: `Bearer ${staff}`, ...REASON },
      });
      expect(
        listed.json<AssistActionList>().actions.map((action) => [action.kind, action.outcome, action.detail]),
      ).toEqual([
        ['join', 'forwarded', {}],
        ['call_request', 'refused', { reason: 'unknown_tab', tabId: 'ffffffffffff' }],
      ]);
    });
  });

  describe('other websockets', () => {
    it('an @fastify/websocket route still upgrades with assist mounted', async () => {
      const ws = new WebSocket(`${t.origin.replace('http', 'ws')}/api/echo-stub/ws`);
      const answer = await new Promise<string>((resolve, reject) => {
        ws.once('open', () => ws.send('hello'));
        ws.once('message', (data: Buffer) => resolve(data.toString()));
        ws.once('error', reject);
      });
      expect(answer).toBe('echo:hello');
      ws.close();
    });
  });
});
