/**
 * GET /ws (upgraded): the customer's live updates (docs/api.md, "Cash operations", websocket): what notifier.ts
 * publishes for them. Authentication, bounds and token expiry are the platform's customer socket
 * (packages/platform customer-socket.ts): `auth` first within CASH_WS_AUTH_TIMEOUT_MS, closed with
 * CASH_WS_CLOSE_UNAUTHENTICATED when refused or when the token expires. Websocket support itself is the platform's
 * (websocketSupport, registered by src/service.ts).
 */
import {
  CASH_WS_AUTH_TIMEOUT_MS,
  CASH_WS_CLOSE_UNAUTHENTICATED,
  cashClientMessageSchema,
} from '@tessera/contracts';
import { customerSocketRoutes } from '@tessera/platform';
import { z } from 'zod';
import { CUSTOMER_MESSAGE_TOPIC } from './notifier.ts';

/** The socket's documentation. */
const liveSocketSchema = {
  summary: "The customer's live updates (websocket)",
  description:
    'Send {"type":"auth","accessToken":"…"} first (within 10 s), then receive {"type":"ready","userId"}, ' +
    '{"type":"wallet.changed","walletId"} and {"type":"operation.changed","id","walletId","status"} for this ' +
    'customer only; {"type":"ping"} answers {"type":"pong"}; errors are {"type":"error","code"}. Closed with 4401 ' +
    'when the token is refused or expires.',
  response: { 101: z.null().describe('Switching Protocols: then JSON messages as described') },
};

/** The websocket route, documented, and the fan-out of bus messages to this process's sockets. */
export const liveRoutes = customerSocketRoutes({
  topic: CUSTOMER_MESSAGE_TOPIC,
  authTimeoutMs: CASH_WS_AUTH_TIMEOUT_MS,
  closeUnauthenticated: CASH_WS_CLOSE_UNAUTHENTICATED,
  clientMessageSchema: cashClientMessageSchema,
  schema: liveSocketSchema,
});
