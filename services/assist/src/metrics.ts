/** The assist service's metrics. Never a payload value. */
import { serviceCounter } from '@tessera/platform';

/** Socket events dropped: unknown names, invalid payloads, events of the wrong side. */
export const droppedEvents = serviceCounter({
  name: 'assist_dropped_events_total',
  help: 'Live-assist socket events dropped (invalid or unknown), by side and reason.',
  labelNames: ['side', 'reason'] as const,
});

/** Agent actions refused by the server (no grant, rate limit). */
export const refusedActions = serviceCounter({
  name: 'assist_refused_actions_total',
  help: 'Live-assist agent actions refused by the server, by reason.',
  labelNames: ['reason'] as const,
});

/** Connections refused at the socket handshake or the PeerServer. */
export const refusedConnections = serviceCounter({
  name: 'assist_refused_connections_total',
  help: 'Live-assist connections refused, by endpoint and code.',
  labelNames: ['endpoint', 'code'] as const,
});
