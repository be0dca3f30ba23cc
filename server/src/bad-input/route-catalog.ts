/**
 * Every route the composed server answers, read from Fastify's own route tree (`printRoutes`), so a route added
 * to any service is covered by the bad-input suite without being listed here. Each parsed route is checked
 * against `hasRoute`: a change in Fastify's print format fails loudly instead of silently covering nothing.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One method of one registered path, e.g. `POST /api/trading/orders/:id/cancel`. */
export interface RegisteredRoute {
  readonly method: HTTPMethods;
  readonly url: string;
  /** `METHOD url`, the key the suite's tables use. */
  readonly key: string;
  /** The `:name` parameters of the path, in order. */
  readonly params: readonly string[];
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

/** Every route of `app` (after `ready()`), each confirmed by `hasRoute`. */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method, url: route.url })) {
      throw new Error(
        `The route tree printed ${route.key}, which Fastify does not know: the parser is out of date.`,
      );
    }
  }
  return routes;
}
