/**
 * The guards every service's routes get from {@link defineService}, in front of the service's own checks:
 *
 * - **Demo-only routes.** Every route with a `dev` path segment (the dev mailbox, the rail simulators that credit
 *   money no payer sent, the self-set KYC level) answers only when the process runs in demo mode
 *   (`config.mode`, docs/operations.md) AND the caller is on this machine: the TCP peer is a loopback address. The
 *   socket's address is read, never `request.ip`: with TRUST_PROXY, X-Forwarded-For is whatever the caller wrote.
 *   Anyone else gets the NOT_FOUND of a route that does not exist, so the routes cannot even be discovered.
 * - **Safe text, as defence in depth behind the schemas.** A request whose JSON body, query string or route
 *   parameters hold a string (an object key included, at any depth) with U+0000 or a lone surrogate is refused with
 *   400 VALIDATION_FAILED and `details.issues[].path` before any handler runs: PostgreSQL cannot store either, so a
 *   field a schema forgot would otherwise turn into a 500 after work was done (issue #13, defect 3).
 * - **No caching of customer data.** Every answer to a request carrying `Authorization` (or `x-api-key`) is `Cache-Control:
 *   no-store`, whatever the route set: it is one person's data, and a shared cache (a proxy, a CDN, the browser's
 *   back-forward cache) must never keep it. Public answers (help articles, the instrument list) carry no
 *   Authorization and keep their own caching.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { notFoundHandler } from './error-handler.ts';
import { ValidationFailedError, type ValidationIssue } from './errors.ts';

/** True when the route's URL pattern has a `dev` segment (`/dev/mailbox`, `/api/cash-operations/dev/...`). */
export function isDemoRouteUrl(routeUrl: string): boolean {
  return /(^|\/)dev(\/|$)/.test(routeUrl);
}

/** True for an IPv4 or IPv6 loopback address as Node reports a socket's peer (`127.0.0.1`, `::1`, `::ffff:127.x`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) {
    return false;
  }
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** True when demo-only features may be offered to this request: demo mode, and a loopback peer. */
export function isDemoRequest(config: Pick<Config, 'mode'>, request: FastifyRequest): boolean {
  return config.mode === 'demo' && isLoopbackAddress(request.raw.socket?.remoteAddress);
}

/** The most issues one refused request lists: enough to fix it, bounded however hostile the body. */
export const UNSAFE_TEXT_ISSUES_MAX = 20;

// A lone surrogate: in a `u` expression a valid pair is one code point, so only unpaired halves match.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000\uD800-\uDFFF]/u;

/** The message of a refused string, as `details.issues[].message` carries it. */
export const UNSAFE_TEXT_MESSAGE = 'must not contain U+0000 or an unpaired surrogate';

/** Where a value sits: its parent's place and its own key, joined into a path only when an issue is found. */
interface Place {
  readonly parent: Place | null;
  readonly key: string;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | null = place; at !== null; at = at.parent) {
    keys.push(at.key);
  }
  return keys.reverse().join('.');
}

/**
 * The paths (`body.items.0.note`, `query.q`; an unsafe key shows as `(key)`) of strings holding U+0000 or a lone
 * surrogate, at most {@link UNSAFE_TEXT_ISSUES_MAX}. Walks with its own stack, not recursion: a body of nested
 * arrays a megabyte deep must not overflow the call stack. The walk is linear in the size of the parsed value,
 * which the body limit bounds (a ledger batch of 8,189 transfers takes a few milliseconds), and builds a path only
 * for an issue.
 */
export function findUnsafeText(value: unknown, rootPath: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Array<{ value: unknown; place: Place }> = [{ value, place: { parent: null, key: rootPath } }];
  while (stack.length > 0 && issues.length < UNSAFE_TEXT_ISSUES_MAX) {
    const { value: current, place } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) {
        issues.push({ path: pathOf(place), message: UNSAFE_TEXT_MESSAGE });
      }
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], place: { parent: place, key: String(index) } });
      }
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        // The key itself is text the service may store (metadata, preferences): checked like a value.
        const unsafeKey = UNSAFE_TEXT.test(key);
        const inner: Place = { parent: place, key: unsafeKey ? '(key)' : key };
        if (unsafeKey) {
          issues.push({ path: pathOf(inner), message: UNSAFE_TEXT_MESSAGE });
        }
        stack.push({ value: (current as Record<string, unknown>)[key], place: inner });
      }
    }
  }
  return issues.slice(0, UNSAFE_TEXT_ISSUES_MAX);
}

/** Options of {@link installServiceGuards}. */
export interface ServiceGuardOptions {
  /** Refuse NUL and lone surrogates before the handlers (default true); a route opts out with `config.textGuard`. */
  readonly textGuard: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` leaves this route's text to the route (a protocol that answers in its own words). */
    textGuard?: boolean;
  }
}

/**
 * Adds the guards to `app` (a service's encapsulated instance, so they cover exactly its routes). Called by
 * {@link defineService}'s plugin wrapper before the service's own routes are registered.
 */
export function installServiceGuards(
  app: FastifyInstance,
  config: Pick<Config, 'mode'>,
  options: ServiceGuardOptions,
): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isDemoRouteUrl(request.routeOptions.url ?? '') && !isDemoRequest(config, request)) {
      return notFoundHandler(request, reply);
    }
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  if (options.textGuard) {
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.textGuard === false) {
        return;
      }
      const issues = [
        ...findUnsafeText(request.params, 'params'),
        ...findUnsafeText(request.query, 'query'),
        ...(typeof request.body === 'object' ? findUnsafeText(request.body, 'body') : []),
      ];
      if (issues.length > 0) {
        throw new ValidationFailedError(undefined, { issues: issues.slice(0, UNSAFE_TEXT_ISSUES_MAX) });
      }
    });
  }
}
