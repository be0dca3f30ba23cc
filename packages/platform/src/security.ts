/**
 * Security headers: a strict Content Security Policy and the usual hardening headers, through @fastify/helmet.
 *
 * The policy allows only this origin. Two deliberate openings: `style-src-attr 'unsafe-inline'` because React and
 * Radix set `style="..."` attributes (while `<style>` tags stay forbidden), and `worker-src blob:` because the
 * session tracker and charts start workers from blobs.
 *
 * connect-src is `'self'` plus the origins the deployment configures (cspExtensions): not `ws: wss:`, which let a
 * page script open a websocket to any host (an exfiltration channel). `'self'` covers this origin's own websockets:
 * CSP3 (https://www.w3.org/TR/CSP3/#match-url-to-source-expression) lets `'self'` match ws: and wss: URLs of the
 * same host and port, wss: from an https page and ws: or wss: from an http one (checked with Chromium 156: a page's
 * websocket to its own origin opens, one to another port of the same host is refused).
 * A service configured on another origin is listed by the server with its ws:/wss: twin (runtime-config.ts), since
 * `https://host` does not match `wss://host`.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** CSP directive names (camelCase, as helmet takes them) that can be extended per process or per route. */
export type CspDirectiveName =
  | 'defaultSrc'
  | 'scriptSrc'
  | 'styleSrc'
  | 'styleSrcAttr'
  | 'imgSrc'
  | 'fontSrc'
  | 'connectSrc'
  | 'workerSrc'
  | 'mediaSrc'
  | 'frameSrc';

/** Extra sources to add to directives, e.g. `{ connectSrc: ['https://cognito-idp.eu-west-1.amazonaws.com'] }`. */
export type CspExtensions = Partial<Record<CspDirectiveName, readonly string[]>>;

/** The CSP directives of the strict policy, with `extra` sources appended (duplicates removed). */
export function buildCspDirectives(
  extra: CspExtensions = {},
  { upgradeInsecureRequests = false } = {},
): Record<string, string[]> {
  const base: Record<CspDirectiveName, string[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    frameSrc: ["'none'"],
  };
  const directives: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(base)) {
    const added = extra[name as CspDirectiveName] ?? [];
    const merged = added.length > 0 ? [...sources.filter((s) => s !== "'none'"), ...added] : sources;
    directives[name] = [...new Set(merged)];
  }
  Object.assign(directives, {
    scriptSrcAttr: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
  });
  if (upgradeInsecureRequests) {
    directives['upgradeInsecureRequests'] = [];
  }
  return directives;
}

/**
 * helmet's `contentSecurityPolicy` option for the strict policy plus `extra`. Use it on a route that needs more,
 * e.g. `app.get('/x', { helmet: { contentSecurityPolicy: contentSecurityPolicy({ frameSrc: ['https://psp'] }) } })`.
 */
export function contentSecurityPolicy(
  extra: CspExtensions = {},
  options: { upgradeInsecureRequests?: boolean } = {},
) {
  return { useDefaults: false, directives: buildCspDirectives(extra, options) };
}

/**
 * The Permissions-Policy: camera and microphone for live assist on this origin only, the rest off. Only features
 * Chromium recognises are listed (an unknown one, such as bluetooth, makes it log an error on every page).
 */
export const permissionsPolicy = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** Options of {@link securityPlugin}. */
export interface SecurityOptions {
  /** Send HSTS (and upgrade-insecure-requests): only when the public origin is https, or localhost gets pinned. */
  hsts: boolean;
  /** Sources added to the process-wide policy (e.g. a managed identity endpoint in connect-src). */
  cspExtensions?: CspExtensions;
}

/** Registers helmet with the strict CSP, HSTS when behind TLS, the referrer and permissions policies. */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: contentSecurityPolicy(options.cspExtensions, {
        upgradeInsecureRequests: options.hsts,
      }),
      strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      xContentTypeOptions: true,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      void reply.header('permissions-policy', permissionsPolicy);
    });
  },
  { name: '@tessera/platform/security', fastify: '5.x' },
);
