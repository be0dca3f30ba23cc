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
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
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

/** The websocket route and the fan-out of the topic's messages to this process's sockets. */
export function customerSocketRoutes(
  options: CustomerSocketOptions,
): FastifyPluginAsync<{ context: ServiceContext }> {
  const { topic, authTimeoutMs, closeUnauthenticated, clientMessageSchema } = options;
  return async (app, { context }) => {
    const sockets = new Map<string, Set<WebSocket>>();
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

    app.get('/ws', { websocket: true }, (socket) => {
      let userId: string | undefined;
      let authenticating = false;
      let expiryTimer: ReturnType<typeof setTimeout> | undefined;
      const reply = (message: RouteMessage) => send(socket, message);
      const timer = setTimeout(() => {
        if (userId === undefined) {
          socket.close(closeUnauthenticated, 'authenticate first');
        }
      }, authTimeoutMs);
      const refuse = (code: string) => {
        reply({ type: 'error', code });
        socket.close(closeUnauthenticated, code);
      };
      const expire = () => {
        reply({ type: 'error', code: 'TOKEN_EXPIRED' });
        socket.close(closeUnauthenticated, 'token expired');
      };
      let invalidMessages = 0;
      const invalid = () => {
        invalidMessages += 1;
        if (invalidMessages > CUSTOMER_SOCKET_INVALID_MESSAGES_MAX) {
          socket.close(CUSTOMER_SOCKET_CLOSE_PROTOCOL_VIOLATION, 'too many invalid messages');
          return;
        }
        reply({ type: 'error', code: 'VALIDATION_FAILED' });
      };
      socket.on('message', (data: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString('utf8'));
        } catch {
          invalid();
          return;
        }
        const message = clientMessageSchema.safeParse(parsed);
        if (!message.success) {
          invalid();
          return;
        }
        if (message.data.type === 'ping') {
          reply({ type: 'pong' });
          return;
        }
        if (authenticating) {
          refuse('ALREADY_AUTHENTICATED');
          return;
        }
        authenticating = true;
        context.auth.verifyAccessToken(message.data.accessToken).then(
          (principal) => {
            if (socket.readyState !== socket.OPEN) {
              return;
            }
            const lifetimeMs = principal.expiresAtS * 1000 - Date.now();
            if (lifetimeMs <= 0) {
              expire();
              return;
            }
            const set = sockets.get(principal.userId) ?? new Set<WebSocket>();
            if (set.size >= SOCKETS_PER_CUSTOMER_MAX) {
              refuse('RATE_LIMITED');
              return;
            }
            userId = principal.userId;
            clearTimeout(timer);
            set.add(socket);
            sockets.set(principal.userId, set);
            expiryTimer = setTimeout(expire, Math.min(lifetimeMs, TIMER_MAX_MS));
            reply({ type: 'ready', userId: principal.userId });
          },
          () => refuse('UNAUTHENTICATED'),
        );
      });
      socket.on('close', () => {
        clearTimeout(timer);
        clearTimeout(expiryTimer);
        if (userId !== undefined) {
          const set = sockets.get(userId);
          set?.delete(socket);
          if (set?.size === 0) {
            sockets.delete(userId);
          }
        }
      });
    });
  };
}
