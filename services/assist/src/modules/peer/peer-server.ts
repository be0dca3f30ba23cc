/**
 * The PeerJS server at ASSIST_PEER_PATH (`peer` 1.0.2): call signalling between the customer's tab and the agent.
 *
 * `peer` alone trusts anyone who knows the key and lets any client claim any free id (peers/peerjs-server#15,
 * #232, #240). Here its websocket server runs in `noServer` mode (its `createWebSocketServer` hook) and every upgrade
 * to `{path}/peerjs?key&id&token` is checked first: the id must be the caller's own, proven by the `token`:
 * - a tab's id `${projectKey}-${sessionId}-${tabId}` needs that session's live tracker token;
 * - an agent's id `${projectKey}-${sessionId}-agent-${agentId}` needs the access token of that staff user, who must be
 *   joined to that session on the live channel right now.
 * Anything else is answered 401 ('Invalid token provided') before any websocket exists. peer's websocket server
 * listens on a private emitter, never on the HTTP server, so it sees only the upgrades passed to it here. The REST part is ours:
 * GET {path}/{key}/id (a fresh id, as peer answers) and GET {path}/{key}/peers, which needs an agent's bearer token
 * and lists only the peers of the sessions that agent is joined to (401 with the spec's text otherwise).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ASSIST_PEER_HEARTBEAT_MS,
  ASSIST_PEER_PATH,
  INGEST_SESSION_CLIENT,
  TRACKER_TAB_ID_PATTERN,
} from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ExpressPeerServer, type IClient } from 'peer';
import { droppedEvents, refusedConnections } from '../../metrics.ts';
import { agentIdOf, ASSIST_GROUPS, type LiveHub } from '../live/hub.ts';

/** The 401 text of GET {path}/{key}/peers (spec section 6). */
export const PEERS_FORBIDDEN_TEXT = "It doesn't look like you have permission to list peers IDs.";
/** The websocket path of the PeerServer. */
export const PEER_SOCKET_PATH = `${ASSIST_PEER_PATH}/peerjs`;

/** A PeerServer key as the ingest's project keys are written. */
const keyParams = z.object({ key: z.string().regex(/^[a-z0-9-]{1,64}$/) });

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface PeerServerOptions {
  readonly context: ServiceContext;
  readonly hub: LiveHub;
  /** The PeerServer key: the tracker's project key. */
  readonly key: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createAssistPeerServer({ context, hub, key }: PeerServerOptions) {
  /** What peer's websocket server listens to instead of the HTTP server. */
  const upgrades = new EventEmitter();
  const connected = new Map<string, IClient>();
  const peerOptions = {
    path: '/',
    key,
    allow_discovery: false,
    // A few missed heartbeats (every ASSIST_PEER_HEARTBEAT_MS) and the peer is dropped.
    alive_timeout: ASSIST_PEER_HEARTBEAT_MS * 6,
  };
  // peer starts its realm when its Express app is mounted in another; that parent is a second, never mounted
  // peer app (express is peer's dependency, not ours), so exactly one realm exists.
  const peerApp = ExpressPeerServer(upgrades as never, peerOptions);
  const parent = ExpressPeerServer(upgrades as never, peerOptions);
  parent.use(ASSIST_PEER_PATH, peerApp);
  peerApp.on('connection', (client) => {
    connected.set(client.getId(), client);
    guardRelay(client);
  });
  peerApp.on('disconnect', (client) => {
    if (connected.get(client.getId()) === client) {
      connected.delete(client.getId());
    }
  });
  // An agent's PeerJS connection ends with their live socket (left, token revoked or expired).
  hub.onAgentLeft((peerId) => {
    connected.get(peerId)?.getSocket()?.terminate();
  });
  peerApp.on('error', (error) => context.log.debug({ err: error }, 'peer server error'));

  const projectPrefix = new RegExp(
    `^${escapeRegExp(key)}-(${UUID})-(?:agent-([0-9a-f]{12})|([0-9a-f]{12}))$`,
  );

  /**
   * peer relays OFFER, ANSWER, CANDIDATE (and LEAVE, EXPIRE) to any `dst`: a peer may only reach the peers of its own
   * session (`${key}-${sessionId}-`). peer's message listener is wrapped so anything else is dropped (and counted)
   * before peer reads it; HEARTBEAT (no destination) passes.
   */
  function guardRelay(client: IClient) {
    const socket = client.getSocket();
    const match = projectPrefix.exec(client.getId());
    if (!socket) {
      return;
    }
    const prefix = match ? `${key}-${match[1]}-` : null;
    const inner = socket.listeners('message') as ((...args: unknown[]) => void)[];
    socket.removeAllListeners('message');
    socket.on('message', (data: unknown, ...rest: unknown[]) => {
      let message: { type?: unknown; dst?: unknown } | null = null;
      try {
        message = JSON.parse(String(data)) as { type?: unknown; dst?: unknown };
      } catch {
        message = null;
      }
      const allowed =
        message !== null &&
        typeof message === 'object' &&
        (message.type === 'HEARTBEAT' ||
          (prefix !== null && typeof message.dst === 'string' && message.dst.startsWith(prefix)));
      if (!allowed) {
        droppedEvents.inc({ side: 'peer', reason: 'foreign_destination' }, 1);
        return;
      }
      for (const listener of inner) {
        listener.call(socket, data, ...rest);
      }
    });
  }

  /** Whether `token` owns peer id `id`. */
  async function owns(id: string, token: string): Promise<boolean> {
    const match = projectPrefix.exec(id);
    if (!match) {
      return false;
    }
    const [, sessionId, agentId, tabId] = match;
    if (tabId !== undefined) {
      if (!TRACKER_TAB_ID_PATTERN.test(tabId)) {
        return false;
      }
      const verified = await context.clients?.find(INGEST_SESSION_CLIENT)?.verifySessionToken(token);
      return verified?.sessionId === sessionId && verified?.projectKey === key;
    }
    const principal = await context.auth.verifyAccessToken(token).catch(() => null);
    return (
      principal !== null &&
      principal.groups.some((group) => (ASSIST_GROUPS as readonly string[]).includes(group)) &&
      agentIdOf(principal.userId) === agentId &&
      hub.isJoined(sessionId!, agentId!)
    );
  }

  function refuse(socket: Duplex, code: string) {
    refusedConnections.inc({ endpoint: 'peer', code }, 1);
    const body = 'Invalid token provided';
    socket.end(
      `HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  return {
    /** Handles an upgrade to PEER_SOCKET_PATH. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      socket.on('error', () => socket.destroy());
      const query = new URL(request.url ?? '', 'http://assist.invalid').searchParams;
      const id = query.get('id') ?? '';
      const token = query.get('token') ?? '';
      if (query.get('key') !== key || id === '' || token === '' || id.length > 300 || token.length > 4096) {
        // peer's own checks answer these (missing parameters, invalid key) with its ERROR messages.
        upgrades.emit('upgrade', request, socket, head);
        return;
      }
      owns(id, token)
        .then((ok) => {
          if (ok) {
            upgrades.emit('upgrade', request, socket, head);
          } else {
            refuse(socket, 'not_owner');
          }
        })
        .catch((error: unknown) => {
          context.log.warn({ err: error }, 'peer authentication failed');
          refuse(socket, 'error');
        });
    },

    /** GET {path}/{key}/id and GET {path}/{key}/peers. */
    async routes(app: FastifyInstance) {
      app.get<{ Params: { key: string } }>(
        `${ASSIST_PEER_PATH}/:key/id`,
        {
          schema: {
            summary: 'PeerJS: a new peer id (text)',
            params: keyParams,
            response: { 200: z.string().describe('A fresh peer id (text/html, as PeerJS answers)') },
          },
        },
        async (_request, reply) => {
          reply.type('text/html').send(randomUUID());
        },
      );
      app.get<{ Params: { key: string } }>(
        `${ASSIST_PEER_PATH}/:key/peers`,
        {
          schema: {
            summary:
              "PeerJS: the peer ids of the sessions the calling agent is joined to (agent's bearer token)",
            description: `401 with the text '${PEERS_FORBIDDEN_TEXT}' for anyone else.`,
            response: {
              200: z.array(z.string()),
              401: z.string().describe(PEERS_FORBIDDEN_TEXT),
            },
          },
        },
        async (request, reply) => {
          const header = request.headers.authorization;
          const token =
            typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
          const principal =
            token === '' || request.params.key !== key
              ? null
              : await context.auth.verifyAccessToken(token).catch(() => null);
          const sessions =
            principal !== null &&
            principal.groups.some((group) => (ASSIST_GROUPS as readonly string[]).includes(group))
              ? hub.sessionsOfAgent(agentIdOf(principal.userId))
              : [];
          if (sessions.length === 0) {
            return reply.code(401).type('text/plain; charset=utf-8').send(PEERS_FORBIDDEN_TEXT);
          }
          const prefixes = sessions.map((sessionId) => `${key}-${sessionId}-`);
          return reply.send(
            [...connected.keys()].filter((id) => prefixes.some((prefix) => id.startsWith(prefix))),
          );
        },
      );
    },

    close(): void {
      for (const client of connected.values()) {
        client.getSocket()?.terminate();
      }
      connected.clear();
    },
  };
}

export type AssistPeerServer = ReturnType<typeof createAssistPeerServer>;
