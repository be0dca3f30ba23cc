/**
 * GET /ws (upgraded) for a service's customer-only live updates: the one pattern the cash operations and trading
 * websockets share (docs/api.md, their "websocket" sections). The first message must be
 * `{"type":"auth","accessToken":"…"}` within `authTimeoutMs` (a browser cannot set headers on a websocket, and a
 * token in the URL would land in logs). After `{"type":"ready","userId":…}` the socket receives only its customer's
 * messages: what the service publishes on the event bus under `topic` as `{ userId, message }`, so every process
 * serves its own sockets. Bounded: a socket whose send buffer passes SOCKET_BUFFER_MAX_BYTES is closed with 1013
 * (the client reconnects and refetches), never allowed to grow memory; at most SOCKETS_PER_CUSTOMER_MAX sockets per
 * customer and process (the next one gets `error` RATE_LIMITED).
 *
 * A socket lives no longer than its access token: at the token's `exp` it gets `{"type":"error","code":
 * "TOKEN_EXPIRED"}` and is closed with `closeUnauthenticated` and reason "token expired" (the client reconnects
 * with a fresh token). One `auth` per socket: another `auth` (while the first is checked, or after `ready`) gets
 * `error` ALREADY_AUTHENTICATED and the socket is closed with the same code, so a socket never serves two accounts.
 * A message that is not JSON or not one the schema accepts gets `error` VALIDATION_FAILED; `ping` gets `pong`. A
 * socket that sends more than CUSTOMER_SOCKET_INVALID_MESSAGES_MAX invalid messages is closed with 4002 (protocol
 * violation, the market stream's code for the same thing) and reason "too many invalid messages": a client that
 * does not speak the protocol is broken or probing, and answering it forever costs a parse and a send per frame.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from './auth.ts';
import type { ServiceContext } from './service.ts';

/** A socket further behind than this is dropped. */
export const SOCKET_BUFFER_MAX_BYTES = 256 * 1024;
/** Most sockets one customer may hold open in one process. */
export const SOCKETS_PER_CUSTOMER_MAX = 20;
/** Invalid messages one socket may send (each answered VALIDATION_FAILED); the next one closes it. */
export const CUSTOMER_SOCKET_INVALID_MESSAGES_MAX = 20;
/** The close code of a socket that sent too many invalid messages (4000-4999 are the application's, RFC 6455). */
export const CUSTOMER_SOCKET_CLOSE_PROTOCOL_VIOLATION = 4002;
/** The longest delay setTimeout honours (about 24.8 days); a token living longer is closed then (and reconnects). */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** What a customer socket's client may send. */
export type CustomerSocketClientMessage = { type: 'ping' } | { type: 'auth'; accessToken: string };

/** The messages the route itself sends; the service's own come from the bus. */
type RouteMessage = { type: 'error'; code: string } | { type: 'pong' } | { type: 'ready'; userId: string };

/** What a service publishes on its topic for one customer's sockets. */
export interface CustomerSocketEvent<Message> {
  readonly userId: string;
  readonly message: Message;
}

export interface CustomerSocketOptions {
  /** The bus topic carrying {@link CustomerSocketEvent}s. */
  readonly topic: string;
  /** How long a socket may stay without a successful `auth`. */
  readonly authTimeoutMs: number;
  /** The close code of a socket refused or expired (its reason says why). */
  readonly closeUnauthenticated: number;
  /** Validates a client message (the service's contract). */
  readonly clientMessageSchema: {
    safeParse(value: unknown): { success: true; data: CustomerSocketClientMessage } | { success: false };
  };
  /** The route's documentation (summary, description, `response: { 101: ... }`); the route has none without it. */
  readonly schema?: FastifySchema;
}

const send = (socket: WebSocket, message: unknown) => {
  if (socket.readyState !== socket.OPEN) {
    return;
  }
  if (socket.bufferedAmount > SOCKET_BUFFER_MAX_BYTES) {
    socket.close(1013, 'too slow');
    return;
  }
  socket.send(JSON.stringify(message));
};

/** This process's open, authenticated sockets, by customer. */
type SocketsByCustomer = Map<string, Set<WebSocket>>;

/** What every socket of one route shares. */
interface SocketSetup {
  readonly options: CustomerSocketOptions;
  readonly context: ServiceContext;
  readonly sockets: SocketsByCustomer;
}

/** What one socket knows about itself. */
interface SocketSession {
  readonly socket: WebSocket;
  /** Set once its `auth` is accepted. */
  userId: string | undefined;
  /** Set at its first `auth`: a second one is refused. */
  authenticating: boolean;
  invalidMessages: number;
  authTimer: ReturnType<typeof setTimeout> | undefined;
  expiryTimer: ReturnType<typeof setTimeout> | undefined;
}

/** The websocket route and the fan-out of the topic's messages to this process's sockets. */
export function customerSocketRoutes(
  options: CustomerSocketOptions,
): FastifyPluginAsync<{ context: ServiceContext }> {
  return async (app, { context }) => {
    const sockets: SocketsByCustomer = new Map();
    fanOutTopic(app, context, options.topic, sockets);
    const routeOptions = options.schema === undefined ? {} : { schema: options.schema };
    app.get('/ws', { websocket: true, ...routeOptions }, (socket) =>
      serveCustomerSocket(socket, { options, context, sockets }),
    );
  };
}

/** Sends what the service publishes on `topic` to its customer's sockets; closes them all with the server. */
function fanOutTopic(
  app: FastifyInstance,
  context: ServiceContext,
  topic: string,
  sockets: SocketsByCustomer,
) {
  const unsubscribe = context.events.subscribe(topic, (payload) => {
    const event = payload as CustomerSocketEvent<unknown>;
    for (const socket of sockets.get(event.userId) ?? []) {
      send(socket, event.message);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of sockets.values()) {
      for (const socket of set) {
        socket.close(1001, 'server closing');
      }
    }
  });
}

/** One socket's life: its `auth` deadline, its messages, and leaving the map when it closes. */
function serveCustomerSocket(socket: WebSocket, setup: SocketSetup): void {
  const { authTimeoutMs, closeUnauthenticated } = setup.options;
  const session: SocketSession = {
    socket,
    userId: undefined,
    authenticating: false,
    invalidMessages: 0,
    authTimer: undefined,
    expiryTimer: undefined,
  };
  session.authTimer = setTimeout(() => {
    if (session.userId === undefined) {
      socket.close(closeUnauthenticated, 'authenticate first');
    }
  }, authTimeoutMs);
  socket.on('message', (data: Buffer) => onClientMessage(session, setup, data));
  socket.on('close', () => forgetSocket(session, setup.sockets));
}

/** A client message: `ping` is answered, the first `auth` is checked, anything else counts as invalid. */
function onClientMessage(session: SocketSession, setup: SocketSetup, data: Buffer): void {
  const message = parseClientMessage(data, setup.options.clientMessageSchema);
  if (message === undefined) {
    countInvalidMessage(session);
    return;
  }
  if (message.type === 'ping') {
    reply(session, { type: 'pong' });
    return;
  }
  if (session.authenticating) {
    refuse(session, setup, 'ALREADY_AUTHENTICATED');
    return;
  }
  session.authenticating = true;
  setup.context.auth.verifyAccessToken(message.accessToken).then(
    (principal) => admit(session, setup, principal),
    () => refuse(session, setup, 'UNAUTHENTICATED'),
  );
}

/** The message if it is JSON the schema accepts, otherwise undefined. */
function parseClientMessage(
  data: Buffer,
  schema: CustomerSocketOptions['clientMessageSchema'],
): CustomerSocketClientMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const message = schema.safeParse(parsed);
  return message.success ? message.data : undefined;
}

/** An accepted token: the socket joins its customer's (within the bound) until the token expires. */
function admit(session: SocketSession, setup: SocketSetup, principal: Principal): void {
  const { socket } = session;
  if (socket.readyState !== socket.OPEN) {
    return;
  }
  const lifetimeMs = principal.expiresAtS * 1000 - Date.now();
  if (lifetimeMs <= 0) {
    expire(session, setup);
    return;
  }
  const set = setup.sockets.get(principal.userId) ?? new Set<WebSocket>();
  if (set.size >= SOCKETS_PER_CUSTOMER_MAX) {
    refuse(session, setup, 'RATE_LIMITED');
    return;
  }
  session.userId = principal.userId;
  clearTimeout(session.authTimer);
  set.add(socket);
  setup.sockets.set(principal.userId, set);
  session.expiryTimer = setTimeout(() => expire(session, setup), Math.min(lifetimeMs, TIMER_MAX_MS));
  reply(session, { type: 'ready', userId: principal.userId });
}

function reply(session: SocketSession, message: RouteMessage): void {
  send(session.socket, message);
}

function refuse(session: SocketSession, setup: SocketSetup, code: string): void {
  reply(session, { type: 'error', code });
  session.socket.close(setup.options.closeUnauthenticated, code);
}

function expire(session: SocketSession, setup: SocketSetup): void {
  reply(session, { type: 'error', code: 'TOKEN_EXPIRED' });
  session.socket.close(setup.options.closeUnauthenticated, 'token expired');
}

/** Answers VALIDATION_FAILED, or closes a socket past CUSTOMER_SOCKET_INVALID_MESSAGES_MAX invalid messages. */
function countInvalidMessage(session: SocketSession): void {
  session.invalidMessages += 1;
  if (session.invalidMessages > CUSTOMER_SOCKET_INVALID_MESSAGES_MAX) {
    session.socket.close(CUSTOMER_SOCKET_CLOSE_PROTOCOL_VIOLATION, 'too many invalid messages');
    return;
  }
  reply(session, { type: 'error', code: 'VALIDATION_FAILED' });
}

/** A closed socket: its timers stop and it leaves its customer's set (the set goes when empty). */
function forgetSocket(session: SocketSession, sockets: SocketsByCustomer): void {
  clearTimeout(session.authTimer);
  clearTimeout(session.expiryTimer);
  if (session.userId !== undefined) {
    const set = sockets.get(session.userId);
    set?.delete(session.socket);
    if (set?.size === 0) {
      sockets.delete(session.userId);
    }
  }
}
