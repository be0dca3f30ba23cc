/**
 * GET /ws (upgraded): the customer's own orders, fills, positions and price alerts (docs/api.md, "Trading",
 * websocket). The first message must be `{"type":"auth","accessToken":"…"}` within TRADING_WS_AUTH_TIMEOUT_MS (a
 * browser cannot set headers on a websocket, and a token in the URL would land in logs). After `ready` the socket
 * receives only its customer's messages (bus topic `trading.customer`, so every process serves its own sockets).
 * Bounded: a socket whose send buffer passes SOCKET_BUFFER_MAX_BYTES is closed (the client reconnects and
 * refetches), at most SOCKETS_PER_CUSTOMER_MAX sockets per customer.
 */
import {
  TRADING_WS_AUTH_TIMEOUT_MS,
  TRADING_WS_CLOSE_UNAUTHENTICATED,
  tradingClientMessageSchema,
  type TradingServerMessage,
} from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { TRADING_CUSTOMER_TOPIC, type TradingCustomerEvent } from '../orders/orders.service.ts';

export const SOCKET_BUFFER_MAX_BYTES = 256 * 1024;
export const SOCKETS_PER_CUSTOMER_MAX = 20;

const send = (socket: WebSocket, message: TradingServerMessage) => {
  if (socket.readyState !== socket.OPEN) {
    return;
  }
  if (socket.bufferedAmount > SOCKET_BUFFER_MAX_BYTES) {
    socket.close(1013, 'too slow');
    return;
  }
  socket.send(JSON.stringify(message));
};

export const tradingWsRoutes: FastifyPluginAsync<{ context: ServiceContext }> = async (app, { context }) => {
  const sockets = new Map<string, Set<WebSocket>>();
  const unsubscribe = context.events.subscribe(TRADING_CUSTOMER_TOPIC, (payload) => {
    const event = payload as TradingCustomerEvent;
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
    const timer = setTimeout(() => {
      if (userId === undefined) {
        socket.close(TRADING_WS_CLOSE_UNAUTHENTICATED, 'authenticate first');
      }
    }, TRADING_WS_AUTH_TIMEOUT_MS);
    const refuse = (code: string) => {
      send(socket, { type: 'error', code });
      socket.close(TRADING_WS_CLOSE_UNAUTHENTICATED, code);
    };
    socket.on('message', (data: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString('utf8'));
      } catch {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED' });
        return;
      }
      const message = tradingClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED' });
        return;
      }
      if (message.data.type === 'ping') {
        send(socket, { type: 'pong' });
        return;
      }
      if (userId !== undefined) {
        return;
      }
      context.auth.verifyAccessToken(message.data.accessToken).then(
        (principal) => {
          const set = sockets.get(principal.userId) ?? new Set<WebSocket>();
          if (set.size >= SOCKETS_PER_CUSTOMER_MAX) {
            refuse('RATE_LIMITED');
            return;
          }
          userId = principal.userId;
          clearTimeout(timer);
          set.add(socket);
          sockets.set(principal.userId, set);
          send(socket, { type: 'ready', userId: principal.userId });
        },
        () => refuse('UNAUTHENTICATED'),
      );
    });
    socket.on('close', () => {
      clearTimeout(timer);
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
