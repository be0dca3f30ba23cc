/**
 * GET /config.json: what the web app and the console need to find the services, read at run time so that one build
 * runs in one process or behind a gateway (ARCHITECTURE.md, Services).
 */
import { type Config, isDemoRequest, type ServiceUrlKey } from '@tessera/platform';
import { loadAssistSettings } from '@tessera/service-assist';
import { loadIngestSettings } from '@tessera/service-ingest';
import type { FastifyInstance } from 'fastify';

/** The body of /config.json. */
export interface RuntimeConfig {
  services: Record<ServiceUrlKey, string>;
  identity: {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    userPoolEndpoint: string;
    oauthDomain: string | null;
  };
  features: Record<string, boolean>;
  /** The session tracker's settings (issue #17): packages/contracts runtime-config.ts. */
  tracker: { ingestPoint: string; projectKey: string; secureMode: boolean };
  /** Live assist (issue #18): the ICE servers of the peer connections (ASSIST_ICE_SERVERS). */
  assist: { iceServers: AssistPublicSettings['iceServers'] };
}

/** What /config.json says about live assist: the assist service's settings, read once at start. */
export interface AssistPublicSettings {
  readonly iceServers: readonly { urls: string | string[]; username?: string; credential?: string }[];
}

/** What /config.json says about the session tracker: the ingest's settings, read once at start. */
export interface TrackerPublicSettings {
  readonly projectKey: string;
  /** TRACKER_SECURE_MODE; unset: on in production mode, off in demo mode (which serves http). */
  readonly secureMode: boolean | undefined;
}

/**
 * Builds /config.json. Same-origin paths stay paths unless PUBLIC_URL is set, then they are made absolute on it:
 * the answer never depends on the request's Host header, which the caller writes (a shared cache keyed without it
 * would hand another visitor an identity endpoint on the attacker's host). The web app resolves a path against the
 * page's own origin. `demoFeatures` is whether this caller is offered the demo-only actions.
 */
export function buildRuntimeConfig(
  config: Config,
  {
    demoFeatures,
    tracker,
    assist = { iceServers: [] },
  }: { demoFeatures: boolean; tracker: TrackerPublicSettings; assist?: AssistPublicSettings },
): RuntimeConfig {
  const identityBase = config.serviceUrls.identity;
  const identityUrl = identityBase.startsWith('/')
    ? `${config.publicUrl ?? ''}${identityBase}`
    : identityBase;
  return {
    services: { ...config.serviceUrls },
    identity: {
      region: config.identity.region,
      userPoolId: config.identity.userPoolId,
      userPoolClientId: config.identity.userPoolClientId,
      userPoolEndpoint: config.identity.userPoolEndpoint ?? identityUrl,
      oauthDomain: config.identity.oauthDomain,
    },
    // The rail simulators' dev actions (simulate a SEPA credit, a crypto deposit) answer only in demo mode and to a
    // caller on this machine (the platform's demo-route guard), so only such a caller is offered them.
    features: { cashSimulators: demoFeatures },
    // The ingest answers under /ingest on this origin (services/ingest); made absolute on PUBLIC_URL like identity.
    tracker: {
      ingestPoint: `${config.publicUrl ?? ''}/ingest`,
      projectKey: tracker.projectKey,
      secureMode: tracker.secureMode ?? config.mode === 'production',
    },
    // TURN credentials here are the browser's to use (WebRTC needs them in the page); give TURN servers
    // short-lived or restricted credentials (docs/operations.md, "Live assist").
    assist: { iceServers: assist.iceServers.map((server) => ({ ...server })) },
  };
}

/** Registers GET /config.json (revalidated on every use: it depends on the deployment and on the caller's demo access). */
export async function runtimeConfigRoutes(
  app: FastifyInstance,
  { config }: { config: Config },
): Promise<void> {
  const tracker = loadIngestSettings();
  const assist = loadAssistSettings();
  app.get('/config.json', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return buildRuntimeConfig(config, { demoFeatures: isDemoRequest(config, request), tracker, assist });
  });
}

/**
 * Origins outside this one that the browser must reach (for connect-src): absolute service or identity URLs, each
 * with its websocket twin (wss: for https:, ws: for http:), since CSP's `https://host` does not match `wss://host`.
 */
export function externalOrigins(config: Config): string[] {
  const urls = [...Object.values(config.serviceUrls), config.identity.userPoolEndpoint ?? ''];
  // The hosted login's token exchange (Amplify POSTs to https://<oauth domain>/oauth2/token from the page).
  if (config.identity.oauthDomain) {
    urls.push(`https://${config.identity.oauthDomain}`);
  }
  const origins = urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin);
  return [...new Set(origins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')]))];
}
