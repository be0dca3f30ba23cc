/**
 * The runtime configuration the server publishes at /config.json. The web app reads every service's base URL
 * from it, so one build runs in one process or behind a gateway (ARCHITECTURE.md, "Services").
 *
 * Validated by hand rather than with zod: this runs before the public home page renders, and zod would add more
 * to that page's JavaScript than the whole check is worth.
 */

/** The parsed /config.json. */
export interface RuntimeConfig {
  services: Record<string, string>;
  identity: {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    userPoolEndpoint: string;
    oauthDomain: string | null;
  };
  features: Record<string, unknown>;
  /**
   * The session tracker's settings (issue #17, docs/adr/0017-session-tracking.md): the ingest point (a path on this
   * origin, or an absolute URL when PUBLIC_URL is set), the project key, and whether it runs in secure mode
   * (TRACKER_SECURE_MODE). `null` when the server publishes none (no ingest mounted).
   */
  tracker?: TrackerRuntimeConfig | null;
  /**
   * Live assist (issue #18): the ICE servers the peer connections use (ASSIST_ICE_SERVERS; empty on one host, a TURN
   * server in production). `null` when the server publishes none (no assist mounted).
   */
  assist?: AssistRuntimeConfig | null;
}

/** /config.json's `assist`: RTCIceServer entries. */
export interface AssistRuntimeConfig {
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
}

/** /config.json's `tracker`. */
export interface TrackerRuntimeConfig {
  ingestPoint: string;
  projectKey: string;
  secureMode: boolean;
}

function parseTracker(value: unknown): TrackerRuntimeConfig | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (
    !isRecord(value) ||
    typeof value['ingestPoint'] !== 'string' ||
    typeof value['projectKey'] !== 'string' ||
    typeof value['secureMode'] !== 'boolean'
  ) {
    throw new Error('config.json: tracker must have ingestPoint, projectKey and secureMode');
  }
  return {
    ingestPoint: value['ingestPoint'],
    projectKey: value['projectKey'],
    secureMode: value['secureMode'],
  };
}

function parseAssist(value: unknown): AssistRuntimeConfig | null {
  if (value === undefined || value === null) {
    return null;
  }
  const servers = isRecord(value) ? value['iceServers'] : undefined;
  if (!Array.isArray(servers)) {
    throw new Error('config.json: assist.iceServers must be an array');
  }
  const iceServers = servers.map((server: unknown) => {
    const urls = isRecord(server) ? server['urls'] : undefined;
    const validUrls =
      typeof urls === 'string' || (Array.isArray(urls) && urls.every((url) => typeof url === 'string'));
    if (!isRecord(server) || !validUrls) {
      throw new Error('config.json: assist.iceServers entries need urls');
    }
    const { username, credential } = server;
    return {
      urls: urls as string | string[],
      ...(typeof username === 'string' ? { username } : {}),
      ...(typeof credential === 'string' ? { credential } : {}),
    };
  });
  return { iceServers };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((inner) => typeof inner === 'string');
}

/** Parses /config.json; throws an Error naming the first field that is wrong. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) {
    throw new Error('config.json: not an object');
  }
  const { services, identity, features = {}, tracker, assist } = value;
  if (!isStringRecord(services)) {
    throw new Error('config.json: services must map names to URLs');
  }
  if (!isRecord(identity)) {
    throw new Error('config.json: identity is missing');
  }
  for (const field of ['region', 'userPoolId', 'userPoolClientId', 'userPoolEndpoint'] as const) {
    if (typeof identity[field] !== 'string') {
      throw new Error(`config.json: identity.${field} must be a string`);
    }
  }
  const oauthDomain = identity['oauthDomain'] ?? null;
  if (oauthDomain !== null && typeof oauthDomain !== 'string') {
    throw new Error('config.json: identity.oauthDomain must be a string or null');
  }
  if (!isRecord(features)) {
    throw new Error('config.json: features must be an object');
  }
  return {
    services,
    identity: {
      region: identity['region'] as string,
      userPoolId: identity['userPoolId'] as string,
      userPoolClientId: identity['userPoolClientId'] as string,
      userPoolEndpoint: identity['userPoolEndpoint'] as string,
      oauthDomain,
    },
    features,
    tracker: parseTracker(tracker),
    assist: parseAssist(assist),
  };
}
