/**
 * Serves the built web app at / and the console at /console/, with their SPA fallbacks, and the translations.
 *
 * Rules (so the client router and caches behave):
 *  - a file in dist is served as is; hashed files under assets/ are cached for a year (immutable), HTML never
 *    without revalidation, translations for five minutes;
 *  - GET of an unknown path that does not look like a file: `dist/<path>/index.html` when pre-rendered, otherwise
 *    `index.html` with 200 so the client router renders its own not-found page;
 *  - a missing asset (`/assets/x.js`, `/favicon.png`) is a real 404, never HTML that a browser would run as script;
 *  - backend paths (/api, /identity, ...) and other methods get the NOT_FOUND JSON.
 */
import { access } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundHandler } from '@tessera/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the two built apps are. */
export interface StaticAppsOptions {
  webDist: string;
  consoleDist: string;
}

/** First path segments that belong to backends: an unknown path under them is a JSON 404, never the SPA. */
const backendSegments = new Set([
  'api',
  'identity',
  'oauth2',
  'v1',
  'ingest',
  'assist',
  'ws-assist',
  '.well-known',
  'lang',
]);

const languagePattern = /^[a-zA-Z-]{2,10}$/;
const namespaceFilePattern = /^([a-z-]{1,40})\.json$/;
const looksLikeFile = /\.[A-Za-z0-9]{1,10}$/;
const safeSegment = /^[A-Za-z0-9._~-]+$/;

/** Cache-Control for a file of a dist folder, by its path inside the folder. */
export function cacheControlFor(pathInDist: string): string {
  const path = pathInDist.split(sep).join('/');
  if (path.startsWith('assets/')) {
    return 'public, max-age=31536000, immutable';
  }
  if (path.startsWith('lang/')) {
    return 'public, max-age=300';
  }
  return 'no-cache';
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Registers the static apps, /lang and the not-found handler (the one for the whole process). */
export async function staticAppsRoutes(app: FastifyInstance, { webDist, consoleDist }: StaticAppsOptions) {
  const webBuilt = await exists(join(webDist, 'index.html'));
  const consoleBuilt = await exists(join(consoleDist, 'index.html'));
  const roots = [webDist, consoleDist];
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const root = roots.find((candidate) => filePath.startsWith(candidate + sep)) ?? webDist;
    void reply.header('cache-control', cacheControlFor(relative(root, filePath)));
  };
  const common = {
    wildcard: true,
    redirect: false,
    cacheControl: false,
    setHeaders,
    dotfiles: 'ignore',
  } as const;
  if (webBuilt) {
    await app.register(fastifyStatic, { ...common, root: webDist, prefix: '/' });
  }
  if (consoleBuilt) {
    await app.register(fastifyStatic, {
      ...common,
      root: consoleDist,
      prefix: '/console/',
      decorateReply: !webBuilt,
    });
  }

  app.get('/console', async (_request, reply) => reply.redirect('/console/', 301));

  app.get<{ Params: { language: string; file: string } }>('/lang/:language/:file', async (request, reply) => {
    const { language, file } = request.params;
    const namespace = namespaceFilePattern.exec(file)?.[1];
    if (!webBuilt || !languagePattern.test(language) || namespace === undefined) {
      return notFoundHandler(request, reply);
    }
    // Translations may be read from another origin (a site embedding the widget, a CDN in front).
    void reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin');
    return reply.sendFile(`${language}/${namespace}.json`, join(webDist, 'lang'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (path === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFoundHandler(request, reply);
    }
    const segments = path.split('/').filter(Boolean);
    if (backendSegments.has(segments[0] ?? '')) {
      return notFoundHandler(request, reply);
    }
    if (segments[0] === 'console') {
      return spaFallback(
        request,
        reply,
        consoleBuilt ? consoleDist : undefined,
        segments.slice(1),
        'console',
      );
    }
    return spaFallback(request, reply, webBuilt ? webDist : undefined, segments, 'web app');
  });
}

function pathOf(request: FastifyRequest): string | undefined {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}

async function spaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  dist: string | undefined,
  segments: string[],
  appName: string,
) {
  const last = segments.at(-1) ?? '';
  if (segments[0] === 'assets' || looksLikeFile.test(last)) {
    return notFoundHandler(request, reply);
  }
  if (dist === undefined) {
    return notBuiltPage(reply, appName);
  }
  const prerendered =
    segments.length > 0 && segments.every((segment) => safeSegment.test(segment) && !/^\.+$/.test(segment));
  if (prerendered && (await exists(join(dist, ...segments, 'index.html')))) {
    return reply.sendFile(`${segments.join('/')}/index.html`, dist);
  }
  return reply.sendFile('index.html', dist);
}

function notBuiltPage(reply: FastifyReply, appName: string) {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Tessera: ${appName} not built</title></head>
<body>
<h1>The ${appName} is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then restart the server.</p>
</body>
</html>
`;
  return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
