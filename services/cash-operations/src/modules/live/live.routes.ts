/**
 * GET /ws (upgraded): the customer's live updates (docs/api.md, "Cash operations", websocket). The first message
 * must be `{"type":"auth","accessToken":"…"}` within CASH_WS_AUTH_TIMEOUT_MS (a browser cannot set headers on a
 * websocket, and a token in the URL would land in logs). After `ready`, the socket receives only its customer's
 * messages. Bounded: a socket whose send buffer passes SOCKET_BUFFER_MAX_BYTES is closed (the client reconnects
 * and refetches), never allowed to grow memory.
 *
 * A socket lives no longer than its access token: at the token's `exp` it gets `{"type":"error","code":
 * "TOKEN_EXPIRED"}` and is closed with CASH_WS_CLOSE_UNAUTHENTICATED and reason "token expired" (the client reconnects with a fresh
 * token). One `auth` per socket: another `auth` (while the first is checked, or after `ready`) gets `error`
 * ALREADY_AUTHENTICATED and the socket is closed with the same code, so a socket never serves two accounts.
 */
import {
  CASH_WS_AUTH_TIMEOUT_MS,
  CASH_WS_CLOSE_UNAUTHENTICATED,
  cashClientMessageSchema,
  type CashServerMessage,
} from '@tessera/contracts';
import type { ServicePluginOptions } from '@tessera/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { CUSTOMER_MESSAGE_TOPIC, type CustomerMessageEvent } from './notifier.ts';

/** A socket further behind than this is dropped. */
export const SOCKET_BUFFER_MAX_BYTES = 256 * 1024;
/** Most sockets one customer may hold open in one process. */
export const SOCKETS_PER_CUSTOMER_MAX = 20;
/** The longest delay setTimeout honours (about 24.8 days); a token living longer is closed then (and reconnects). */
const TIMER_MAX_MS = 2 ** 31 - 1;

const send = (socket: WebSocket, message: CashServerMessage) => {
  if (socket.readyState !== socket.OPEN) {
    return;
  }
  if (socket.bufferedAmount > SOCKET_BUFFER_MAX_BYTES) {
    socket.close(1013, 'too slow');
    return;
  }
  socket.send(JSON.stringify(message));
};

/** The websocket route and the fan-out of bus messages to this process's sockets. */
export const liveRoutes: FastifyPluginAsync<ServicePluginOptions> = async (app, { context }) => {
  const sockets = new Map<string, Set<WebSocket>>();
  const unsubscribe = context.events.subscribe(CUSTOMER_MESSAGE_TOPIC, (payload) => {
    const event = payload as CustomerMessageEvent;
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
    const timer = setTimeout(() => {
      if (userId === undefined) {
        socket.close(CASH_WS_CLOSE_UNAUTHENTICATED, 'authenticate first');
      }
    }, CASH_WS_AUTH_TIMEOUT_MS);
    const refuse = (code: string) => {
      send(socket, { type: 'error', code });
      socket.close(CASH_WS_CLOSE_UNAUTHENTICATED, code);
    };
    const expire = () => {
      send(socket, { type: 'error', code: 'TOKEN_EXPIRED' });
      socket.close(CASH_WS_CLOSE_UNAUTHENTICATED, 'token expired');
    };
    socket.on('message', (data: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString('utf8'));
      } catch {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED' });
        return;
      }
      const message = cashClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED' });
        return;
      }
      if (message.data.type === 'ping') {
        send(socket, { type: 'pong' });
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
          send(socket, { type: 'ready', userId: principal.userId });
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
