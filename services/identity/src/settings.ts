/**
 * The identity service's settings: what it derives from the platform config, and its fixed limits. Every limit
 * says where its number comes from.
 */
import { type Config, envInteger, type Environment, loadConfig } from '@tessera/platform';
import { z } from 'zod';

/**
 * Access and id tokens live 15 minutes: short enough that a stolen one is worth little, long enough to batch. Also
 * the longest lifetime IDENTITY_ACCESS_TOKEN_TTL_S may set: verifiers remember a revocation that long.
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** A sign-in session (and its refresh tokens) lasts 30 days, Cognito's default refresh-token validity. */
export const SESSION_TTL_S = 30 * 24 * 3600;
/**
 * A rotated refresh token may be presented again for 10 seconds (two tabs refreshing at once); after that a reuse
 * means the token was stolen, and the whole session is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
export const REFRESH_REUSE_GRACE_S = 10;

/** The identity service's own variables, read as a config section (a bad value stops the start like any other). */
export const identityEnvSchema = z.object({
  /**
   * A shorter token lifetime, for journeys where a tab outlives its access token (e2e). At least 10 s: Amplify
   * refreshes a token 5 s before it expires, so anything shorter would refresh on every call.
   */
  IDENTITY_ACCESS_TOKEN_TTL_S: envInteger(ACCESS_TOKEN_TTL_S, { min: 10, max: ACCESS_TOKEN_TTL_S }),
  /**
   * The reuse grace of a rotated refresh token; 0 (as a managed Cognito pool may have) for the journey proving the
   * web app's tabs never present a token another tab has just rotated. At most a minute, Cognito's largest.
   */
  IDENTITY_REFRESH_REUSE_GRACE_S: envInteger(REFRESH_REUSE_GRACE_S, { min: 0, max: 60 }),
});

/** Challenge sessions live 5 minutes: Amplify keeps a sign-in session 3 minutes and needs it valid that long. */
export const CHALLENGE_TTL_S = 5 * 60;
/** Wrong answers accepted on one challenge session before it is dropped (Cognito allows 5). */
export const CHALLENGE_ATTEMPTS_MAX = 5;
/** One-time codes (sign-up, reset, attribute verification, SMS MFA, step-up) live 10 minutes. */
export const CODE_TTL_S = 10 * 60;
/** Wrong guesses allowed on one code before it is burnt: 5 of 10^6 keeps a guess at 5 in a million. */
export const CODE_ATTEMPTS_MAX = 5;
/** Spec section 9: "Device list page 60". */
export const DEVICE_PAGE_MAX = 60;
/** A step-up (CUSTOM_CHALLENGE) proves a second factor; cash operations accept it for 5 minutes (PSD2 SCA). */
export { STEP_UP_MAX_AGE_S as STEP_UP_VALIDITY_S } from '@tessera/platform';
/** The scope that self-service operations require on the access token. */
export const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

/** What the service derives from the config. */
export interface IdentitySettings {
  readonly region: string;
  readonly userPoolId: string;
  /** The app clients whose requests are accepted (the web app's client id). */
  readonly clientIds: readonly string[];
  /** `iss` of every token issued. */
  readonly issuer: string;
  /** The dev mailbox is served outside production only. */
  readonly mailboxEnabled: boolean;
  /** The hosted login's redirect_uri allow-list (exact matches). */
  readonly redirectUris: readonly string[];
  /** The public origin, for links in e-mails and the hosted login. */
  readonly publicOrigin: string;
  /** How long access and id tokens live (IDENTITY_ACCESS_TOKEN_TTL_S, at most {@link ACCESS_TOKEN_TTL_S}). */
  readonly accessTokenTtlS: number;
  /** How long a rotated refresh token is still accepted (IDENTITY_REFRESH_REUSE_GRACE_S). */
  readonly refreshReuseGraceS: number;
}

/** Derives the settings from the platform config and the service's own section (read from `env`). */
export function identitySettings(config: Config, env?: Environment): IdentitySettings {
  const section = loadConfig(env, { identityService: identityEnvSchema }).identityService;
  const publicOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  const defaultRedirects = [`${publicOrigin}/`];
  if (!config.publicUrl) {
    // Local runs: the web app on the plain port and through the TLS listener, and Vite's dev server.
    defaultRedirects.push('http://localhost:5173/');
    if (config.tlsPort) {
      defaultRedirects.push(`https://localhost:${config.tlsPort}/`);
    }
  }
  return {
    region: config.identity.region,
    userPoolId: config.identity.userPoolId,
    clientIds: [config.identity.userPoolClientId],
    issuer: config.identity.issuer ?? `${publicOrigin}/identity/${config.identity.userPoolId}`,
    mailboxEnabled: config.mode === 'demo',
    redirectUris:
      config.identity.oauthRedirectUris.length > 0 ? config.identity.oauthRedirectUris : defaultRedirects,
    publicOrigin,
    accessTokenTtlS: section.IDENTITY_ACCESS_TOKEN_TTL_S,
    refreshReuseGraceS: section.IDENTITY_REFRESH_REUSE_GRACE_S,
  };
}
