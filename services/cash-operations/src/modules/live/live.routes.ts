/**
 * GET /ws (upgraded): the customer's live updates (docs/api.md, "Cash operations", websocket): what notifier.ts
 * publishes for them. Authentication, bounds and token expiry are the platform's customer socket
 * (packages/platform customer-socket.ts): `auth` first within CASH_WS_AUTH_TIMEOUT_MS, closed with
 * CASH_WS_CLOSE_UNAUTHENTICATED when refused or when the token expires.
 */
import {
  CASH_WS_AUTH_TIMEOUT_MS,
  CASH_WS_CLOSE_UNAUTHENTICATED,
  cashClientMessageSchema,
} from '@tessera/contracts';
import { customerSocketRoutes } from '@tessera/platform';
import { CUSTOMER_MESSAGE_TOPIC } from './notifier.ts';

/** The websocket route and the fan-out of bus messages to this process's sockets. */
export const liveRoutes = customerSocketRoutes({
  topic: CUSTOMER_MESSAGE_TOPIC,
  authTimeoutMs: CASH_WS_AUTH_TIMEOUT_MS,
  closeUnauthenticated: CASH_WS_CLOSE_UNAUTHENTICATED,
  clientMessageSchema: cashClientMessageSchema,
});
