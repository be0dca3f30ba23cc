/**
 * Every route the composed server answers, read from Fastify's own route tree (`printRoutes`), so a route added
 * to any service is covered by the bad-input suite without being listed here. Each parsed route is checked
 * against `hasRoute`: a change in Fastify's print format fails loudly instead of silently covering nothing.
 */
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { z } from 'zod';

/** One method of one registered path, e.g. `POST /api/trading/orders/:id/cancel`. */
export interface RegisteredRoute {
  readonly method: HTTPMethods;
  readonly url: string;
  /** `METHOD url`, the key the suite's tables use. */
  readonly key: string;
  /** The `:name` parameters of the path, in order. */
  readonly params: readonly string[];
  /** The body schema the route declares (packages/platform/src/routes.ts), if any. */
  readonly bodySchema?: z.ZodType;
  /** The query schema the route declares, if any. */
  readonly querySchema?: z.ZodType;
}

/** A printed line: tree drawing, then the segment, then `(GET, HEAD)` when the node has handlers. */
const linePattern = /^((?:[│ ]{4}|[├└]── )*)(.*?)(?: \(([A-Z, ]+)\))?$/u;

/** Parses `app.printRoutes({ commonPrefix: false })` into routes; every node's path extends its parent's. */
export function parseRouteTree(printed: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const pathAtDepth: string[] = [];
  for (const line of printed.split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    const match = linePattern.exec(line);
    if (!match) {
      throw new Error(`Unreadable route line: ${JSON.stringify(line)}`);
    }
    const depth = [...match[1]!].length / 4;
    // The root's children are drawn at depth 1 (`├── /healthz`); a line's parent is the last line one level up.
    const url = (pathAtDepth[depth - 1] ?? '') + match[2]!;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({
        method: method as HTTPMethods,
        url,
        key: `${method} ${url}`,
        params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((param) => param[1]!),
      });
    }
  }
  return routes;
}

/**
 * Every route of `app` (after `ready()`), each confirmed by `hasRoute`, with the body and query schemas it declares:
 * the cases start from what the route itself says it accepts.
 */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const printed = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  const routes = printed.map((route) =>
    app.hasRoute({ method: route.method, url: route.url })
      ? route
      : wildcardUnderSibling(app, route, printed),
  );
  const declared = new Map<string, FastifySchema | undefined>(
    app.serviceRoutes.routes.map((route) => [`${route.method} ${route.url}`, route.schema]),
  );
  return routes.map((route) => {
    const schema = declared.get(route.key);
    const body = schema?.body;
    const query = schema?.querystring;
    return {
      ...route,
      ...(body instanceof z.ZodType ? { bodySchema: body } : {}),
      ...(query instanceof z.ZodType ? { querySchema: query } : {}),
    };
  });
}

/**
 * Fastify prints a wildcard that shares a first segment with its siblings without that segment (Swagger UI's
 * `/api/docs/static/*` appears as `*` under `/api/docs/`, beside `static/index.html`): the siblings' first segments
 * are tried in turn. Anything still unknown means the parser is out of date, and fails loudly.
 */
function wildcardUnderSibling(
  app: FastifyInstance,
  route: RegisteredRoute,
  printed: readonly RegisteredRoute[],
): RegisteredRoute {
  const parent = route.url.endsWith('*') ? route.url.slice(0, -1) : undefined;
  const segments = new Set(
    printed
      .filter((other) => parent !== undefined && other.url.startsWith(parent) && other.url !== route.url)
      .map((other) => other.url.slice(parent!.length).split('/')[0])
      .filter((segment): segment is string => segment !== undefined && segment !== ''),
  );
  for (const segment of segments) {
    const url = `${parent}${segment}/*`;
    if (app.hasRoute({ method: route.method, url })) {
      return { ...route, url, key: `${route.method} ${url}` };
    }
  }
  throw new Error(
    `The route tree printed ${route.key}, which Fastify does not know: the parser is out of date.`,
  );
}
