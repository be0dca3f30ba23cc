/**
 * GET /ws (upgraded): the customer's own orders, fills, positions and price alerts (docs/api.md, "Trading",
 * websocket): what the orders service publishes for them on the bus topic `trading.customer`. Authentication,
 * bounds and token expiry are the platform's customer socket (packages/platform customer-socket.ts): `auth` first
 * within TRADING_WS_AUTH_TIMEOUT_MS, closed with TRADING_WS_CLOSE_UNAUTHENTICATED when refused or when the token
 * expires.
 */
import {
  TRADING_WS_AUTH_TIMEOUT_MS,
  TRADING_WS_CLOSE_UNAUTHENTICATED,
  tradingClientMessageSchema,
} from '@tessera/contracts';
import { customerSocketRoutes } from '@tessera/platform';
import { z } from 'zod';
import { TRADING_CUSTOMER_TOPIC } from '../orders/order-notifications.ts';

/** The websocket route, documented, and the fan-out of bus messages to this process's sockets. */
export const tradingWsRoutes = customerSocketRoutes({
  topic: TRADING_CUSTOMER_TOPIC,
  authTimeoutMs: TRADING_WS_AUTH_TIMEOUT_MS,
  closeUnauthenticated: TRADING_WS_CLOSE_UNAUTHENTICATED,
  clientMessageSchema: tradingClientMessageSchema,
  schema: {
    summary: "The customer's live orders, fills, positions and price alerts (websocket)",
    description:
      `Send {"type":"auth","accessToken":"…"} first (within ${TRADING_WS_AUTH_TIMEOUT_MS / 1000} s), then ` +
      'receive {"type":"ready","userId"}, {"type":"order","order"}, {"type":"fill","fill"}, ' +
      '{"type":"position","position"} and {"type":"alert","alert"} for this customer only (the shapes of ' +
      'tradingServerMessageSchema); {"type":"ping"} answers {"type":"pong"}; errors are {"type":"error","code"}. ' +
      `Closed with ${TRADING_WS_CLOSE_UNAUTHENTICATED} when the token is refused or expires.`,
    response: { 101: z.null().describe('Switching Protocols: then JSON messages as described') },
  },
});
