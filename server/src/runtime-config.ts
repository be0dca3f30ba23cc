/**
 * GET /config.json: what the web app and the console need to find the services, read at run time so that one build
 * runs in one process or behind a gateway (ARCHITECTURE.md, Services).
 */
import type { Config, ServiceUrlKey } from '@tessera/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
}

const safeHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin links should use: PUBLIC_URL when set, else the request's own (when its Host looks sane). */
export function originOf(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string | undefined {
  if (config.publicUrl) {
    return config.publicUrl;
  }
  return safeHost.test(request.host) ? `${request.protocol}://${request.host}` : undefined;
}

/** Builds /config.json; `origin` turns same-origin paths into the absolute endpoint Amplify needs. */
export function buildRuntimeConfig(config: Config, origin: string | undefined): RuntimeConfig {
  const identityBase = config.serviceUrls.identity;
  const identityUrl = identityBase.startsWith('/') ? `${origin ?? ''}${identityBase}` : identityBase;
  return {
    services: { ...config.serviceUrls },
    identity: {
      region: config.identity.region,
      userPoolId: config.identity.userPoolId,
      userPoolClientId: config.identity.userPoolClientId,
      userPoolEndpoint: config.identity.userPoolEndpoint ?? identityUrl,
      oauthDomain: config.identity.oauthDomain,
    },
    // The rail simulators' dev actions (simulate a SEPA credit, a crypto deposit) are offered outside production.
    features: { cashSimulators: config.nodeEnv !== 'production' },
  };
}

/** Registers GET /config.json (never cached: it depends on the deployment, and on the origin when derived). */
export async function runtimeConfigRoutes(
  app: FastifyInstance,
  { config }: { config: Config },
): Promise<void> {
  app.get('/config.json', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return buildRuntimeConfig(config, originOf(config, request));
  });
}

/** Origins outside this one that the browser must reach (for connect-src): absolute service or identity URLs. */
export function externalOrigins(config: Config): string[] {
  const urls = [...Object.values(config.serviceUrls), config.identity.userPoolEndpoint ?? ''];
  // The hosted login's token exchange (Amplify POSTs to https://<oauth domain>/oauth2/token from the page).
  if (config.identity.oauthDomain) {
    urls.push(`https://${config.identity.oauthDomain}`);
  }
  const origins = urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
