/**
 * Routes the HTTP server's upgrades (and the socket.io long-polling requests) by path, so the assist socket, the
 * PeerServer and the app's @fastify/websocket routes share one port. A websocket server attached to the HTTP
 * server answers or destroys upgrades that are not its own (ws answers 400, engine.io destroys them after 1 s by
 * default), so instead the listeners present when the router is installed keep every other path, and the assist
 * paths go only to their own handler.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface UpgradeRoute {
  /** The path (without the query) this route takes: exact, or a prefix ending in '/'. */
  readonly path: string;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Plain HTTP requests on the path (socket.io's long-polling); absent: the app answers them. */
  handleRequest?(request: IncomingMessage, response: ServerResponse): void;
}

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const index = raw.indexOf('?');
  return index === -1 ? raw : raw.slice(0, index);
}

function matches(route: UpgradeRoute, path: string): boolean {
  return route.path.endsWith('/')
    ? path === route.path.slice(0, -1) || path.startsWith(route.path)
    : path === route.path;
}

/** Installs the routes on `server`; returns a function that restores the previous listeners. */
export function routeUpgradesByPath(server: Server, routes: readonly UpgradeRoute[]): () => void {
  const upgradeListeners = server.listeners('upgrade') as UpgradeListener[];
  const requestListeners = server.listeners('request') as RequestListener[];
  const onUpgrade: UpgradeListener = (request, socket, head) => {
    const path = pathOf(request.url);
    const route = routes.find((candidate) => matches(candidate, path));
    if (route) {
      route.handleUpgrade(request, socket, head);
      return;
    }
    for (const listener of upgradeListeners) {
      listener.call(server, request, socket, head);
    }
  };
  const onRequest: RequestListener = (request, response) => {
    const path = pathOf(request.url);
    const route = routes.find(
      (candidate) => candidate.handleRequest !== undefined && matches(candidate, path),
    );
    if (route) {
      route.handleRequest!(request, response);
      return;
    }
    for (const listener of requestListeners) {
      listener.call(server, request, response);
    }
  };
  server.removeAllListeners('upgrade');
  server.removeAllListeners('request');
  server.on('upgrade', onUpgrade);
  server.on('request', onRequest);
  return () => {
    server.removeListener('upgrade', onUpgrade);
    server.removeListener('request', onRequest);
    for (const listener of upgradeListeners) {
      server.on('upgrade', listener);
    }
    for (const listener of requestListeners) {
      server.on('request', listener);
    }
  };
}
