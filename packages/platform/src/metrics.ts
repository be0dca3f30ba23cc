/**
 * GET /metrics in the Prometheus text format: the process's default metrics (CPU, memory, event loop lag, GC,
 * open handles) and, for every answer, a request counter and a duration histogram.
 *
 * Who may read it: only a scraper holding METRICS_TOKEN, sent as `Authorization: Bearer <token>`. Without a
 * configured token the route is not registered at all, so /metrics is any unknown path (the default: nothing is
 * published by accident); with one, a missing or wrong token answers UNAUTHENTICATED. The comparison takes the same time
 * whatever the token sent (a timing side channel would reveal it byte by byte).
 *
 * No customer data can reach it: the labels are the HTTP method (one of a fixed list), the route's pattern as
 * registered (`/api/ledger/accounts/:accountId`, never the URL with its ids and query) and the status class
 * (`2xx`...). So the number of series is bounded by the number of routes, whatever the traffic.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { sendError } from './error-handler.ts';
import { UnauthenticatedError } from './errors.ts';

/**
 * Counters a service keeps for its own events (the ingest's quarantined batches), published with the rest at
 * /metrics. The same rules hold: labels from a fixed, small set of values, never customer data.
 */
export const serviceMetricsRegistry = new Registry();

/** A counter of {@link serviceMetricsRegistry}; defining the same name again returns the first one. */
export function serviceCounter<const Label extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly Label[];
}): Counter<Label> {
  const existing = serviceMetricsRegistry.getSingleMetric(options.name);
  if (existing !== undefined) {
    return existing as Counter<Label>;
  }
  return new Counter({ ...options, registers: [serviceMetricsRegistry] });
}

/** Options of {@link metricsPlugin}. */
export interface MetricsOptions {
  /** The bearer token a scraper must send; `undefined` means there is no /metrics route. */
  token: string | undefined;
}

/** The label of answers that matched no route (the not-found handler, the web app's pages). */
export const unmatchedRouteLabel = '(no route)';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Request duration buckets in seconds: from a cached file (a millisecond) to a slow report (ten seconds). */
const durationBucketsS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request: its registered pattern, never its URL. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? unmatchedRouteLabel;
}

/** `2xx`, `4xx`...: the status class label. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

function sameToken(sent: string, expected: string): boolean {
  // Hashing first gives both sides the same length, so timingSafeEqual never throws and the length is not leaked.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * With a token: registers GET /metrics and the hook that counts every answer of routes registered after it;
 * without one, nothing. The registry is the plugin's own (not prom-client's global one), so two apps in one
 * process (tests) never share series.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { token }: MetricsOptions) => {
    if (token === undefined) {
      return; // nobody may read them, so nothing is counted
    }
    const registry = new Registry();
    const labelNames = ['method', 'route', 'status_class'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class.',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
      labelNames,
      buckets: durationBucketsS,
      registers: [registry],
    });
    collectDefaultMetrics({ register: registry });

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: knownMethods.has(request.method) ? request.method : 'OTHER',
        route: routeLabel(request),
        status_class: statusClass(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    app.get('/metrics', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const sent = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (sent === undefined || !sameToken(sent, token)) {
        return sendError(reply, new UnauthenticatedError('A valid metrics token is required.'));
      }
      const text = (await registry.metrics()) + (await serviceMetricsRegistry.metrics());
      return reply.type(registry.contentType).send(text);
    });
  },
  { name: 'tessera-metrics' },
);
