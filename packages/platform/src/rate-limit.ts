/**
 * The global rate-limit floor: at most `max` requests per client address per minute, across every route, then
 * RATE_LIMITED (429, `Retry-After`) in our error envelope until the minute is over.
 *
 * It is a floor, not the real limits: identity's throttles (sign-in, codes, sign-ups) and the services' own
 * (recipient lookups, feedback) stay the tight, per-purpose ones. This one only stops a single address flooding
 * the process. It is generous on purpose: an office behind one NAT address is many customers, and one page of
 * the web app is tens of requests.
 *
 * Bounds: the counts live in this process's memory, at most {@link rateLimitTrackedAddressesMax} addresses (the
 * least recently seen is forgotten first), so several replicas each count their own share. The client address is
 * `request.ip`: behind a load balancer set TRUST_PROXY, or every customer shares the balancer's address.
 *
 * In demo mode loopback callers are not counted: demo mode is one person's machine (npm start, the test suites
 * and the browser journeys, which send thousands of requests a minute from 127.0.0.1), as its demo routes are.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from './errors.ts';

/** Options of {@link rateLimitPlugin}. */
export interface RateLimitOptions {
  /** Requests per address per window; 0 registers nothing (no floor). */
  max: number;
  /** Whether loopback callers are exempt (demo mode). */
  exemptLoopback: boolean;
  /** The window; one minute unless a test shortens it. */
  windowMs?: number;
}

/** How many client addresses are counted at once (memory bound of the in-process store). */
export const rateLimitTrackedAddressesMax = 10_000;

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function isLoopback(request: FastifyRequest): boolean {
  return loopbackAddresses.has(request.ip);
}

/** Registers the floor for every route registered after it; register it before the services. */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, { max, exemptLoopback, windowMs = 60_000 }: RateLimitOptions) => {
    if (max === 0) {
      return;
    }
    await app.register(fastifyRateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      cache: rateLimitTrackedAddressesMax,
      keyGenerator: (request) => request.ip,
      ...(exemptLoopback ? { allowList: (request: FastifyRequest) => isLoopback(request) } : {}),
      // Retry-After on the 429 only: the x-ratelimit-* headers on every answer would be noise for the browser.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
      // Thrown to our error handler, which answers it in the envelope (and sets Retry-After from the details).
      errorResponseBuilder: (_request, context) =>
        new RateLimitedError(undefined, {
          reason: 'requests_per_address',
          limit: context.max,
          retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
        }),
    });
  },
  { name: 'tessera-rate-limit' },
);
