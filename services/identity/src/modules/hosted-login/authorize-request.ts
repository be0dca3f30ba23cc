/**
 * The parameters of an authorization request (RFC 6749 section 4.1.1 with PKCE, RFC 7636), validated before
 * anything is shown: an unknown client or a redirect_uri outside the allow-list gets an error page (never a
 * redirect, or the service would be an open redirector); other mistakes are sent back to the client's
 * redirect_uri as `error=...` with its state.
 */
import { isSafeText } from '@tessera/contracts';
import type { IdentityRuntime } from '../../runtime.ts';
import { USER_ADMIN_SCOPE } from '../../settings.ts';

/** Scopes the hosted login grants (spec section 7: openid, email, profile; plus Cognito's user-admin scope). */
export const grantableScopes = new Set(['openid', 'email', 'profile', 'phone', USER_ADMIN_SCOPE]);

/** A validated authorization request. */
export interface AuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly codeChallenge: string;
  readonly scope: string;
}

/** The outcome of validation. */
export type AuthorizeValidation =
  { kind: 'ok'; request: AuthorizeRequest } | { kind: 'page' } | { kind: 'redirect'; url: string };

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

/** The parameters of an authorization request, as the query or the form's hidden fields carry them. */
const authorizeParameterNames = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'identity_provider',
  'lang',
  'lng',
] as const;

/**
 * False when a parameter breaks the shared text rule (a NUL or a lone surrogate reached the database as a 500
 * before, issue #13 defect 3). Such a request cannot be sent back to its client (the state itself may be the
 * bad value), so it gets the error page.
 */
function parametersAreSafe(params: Readonly<Record<string, unknown>>): boolean {
  return authorizeParameterNames.every((name) => {
    const value = params[name];
    return typeof value !== 'string' || isSafeText(value);
  });
}

/** Validates the authorize parameters (from the query, or the hidden fields of a posted form). */
export function validateAuthorizeRequest(
  rt: IdentityRuntime,
  params: Readonly<Record<string, unknown>>,
): AuthorizeValidation {
  if (!parametersAreSafe(params)) {
    return { kind: 'page' };
  }
  const clientId = text(params['client_id'], 128);
  const redirectUri = text(params['redirect_uri'], 2048);
  if (
    !clientId ||
    !rt.settings.clientIds.includes(clientId) ||
    !redirectUri ||
    !rt.settings.redirectUris.includes(redirectUri)
  ) {
    return { kind: 'page' };
  }
  const state = typeof params['state'] === 'string' ? params['state'].slice(0, 2048) : '';
  const back = (error: string, description: string) => {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state) {
      url.searchParams.set('state', state);
    }
    return { kind: 'redirect' as const, url: url.toString() };
  };
  if (params['response_type'] !== 'code') {
    return back('unsupported_response_type', 'response_type must be code');
  }
  const codeChallenge = text(params['code_challenge'], 128);
  if (
    !codeChallenge ||
    !/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge) ||
    params['code_challenge_method'] !== 'S256'
  ) {
    return back('invalid_request', 'PKCE with code_challenge_method S256 is required');
  }
  const requested = (typeof params['scope'] === 'string' ? params['scope'] : 'openid')
    .split(/[\s+]+/)
    .filter(Boolean);
  if (requested.length === 0 || requested.some((scope) => !grantableScopes.has(scope))) {
    return back('invalid_scope', 'unknown scope');
  }
  return {
    kind: 'ok',
    request: { clientId, redirectUri, state, codeChallenge, scope: [...new Set(requested)].join(' ') },
  };
}

/** The request as hidden form fields, so the posted form carries it. */
export function authorizeFields(request: AuthorizeRequest): Record<string, string> {
  return {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    scope: request.scope,
  };
}
