/**
 * Who a request acts for, resolved in ONE place for every service (docs/adr/0018-delegates-and-api-keys.md):
 * `requireSignIn` (routes.ts) calls {@link resolvePrincipal}, which accepts three kinds of caller:
 *
 * - **The owner in person**: a bearer access token, no `x-act-as` header. Unchanged.
 * - **A delegate**: a customer's access token plus `x-act-as: <ownerUserId>`. The delegation is looked up on every
 *   request (never cached: a revoked delegate is refused at once), the principal's `userId` becomes the owner's
 *   (each service keeps scoping data by `userId` as it always did) and `actor` names the delegate with the
 *   permissions of their role: viewer reads; trader reads and trades; full reads, trades and moves money.
 * - **An API key**: `Authorization: Bearer tsk_<id>_<secret>` or `x-api-key: tsk_...`. The key's scopes (read,
 *   trade, transfer) and IP allow-list are checked here; the principal is the key's owner with `actor` the key.
 *
 * What a route asks of a delegate or a key is declared per scope of routes with {@link SignInAccess}: reads (GET,
 * HEAD) need `read` when the scope allows them; other methods need the scope's `writes` permission. A scope that
 * declares nothing is for the owner only: settings that change identity or money (password, MFA, closing, API
 * keys, delegates) never declare anything, so no delegate or key reaches them.
 *
 * Every request of a known key, and every non-read request of a delegate (refusals included), is recorded through
 * the resolver (user-management's usage log and delegate audit log) once the answer's status is known.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import {
  type AccessPermission,
  type AccessResolver,
  type ApiKeyGrant,
  authenticate,
  type Principal,
  type PrincipalActor,
  type TokenVerifier,
} from './auth.ts';
import { defineError } from './errors.ts';

/** The header a delegate's request names the account it acts for in: the owner's user id. */
export const ACT_AS_HEADER = 'x-act-as';
/** The header an API key may be sent in (instead of `Authorization: Bearer tsk_...`). */
export const API_KEY_HEADER = 'x-api-key';
/** Every Tessera API key starts with this (`tsk_<id>_<secret>`). */
export const API_KEY_PREFIX = 'tsk_';

/** A delegate's roles and what each allows. */
export const DELEGATE_ROLE_PERMISSIONS: Readonly<Record<string, readonly AccessPermission[]>> = {
  viewer: ['read'],
  trader: ['read', 'trade'],
  full: ['read', 'trade', 'transfer'],
};

export const DelegationNotActiveError = defineError(
  'DELEGATION_NOT_ACTIVE',
  403,
  'You have no active access to this account',
);
export const DelegateNotPermittedError = defineError(
  'DELEGATE_NOT_PERMITTED',
  403,
  'Your role on this account does not allow this',
);
export const ApiKeyInvalidError = defineError('API_KEY_INVALID', 401, 'The API key is not valid');
export const ApiKeyRevokedError = defineError('API_KEY_REVOKED', 401, 'The API key has been revoked');
export const ApiKeyExpiredError = defineError('API_KEY_EXPIRED', 401, 'The API key has expired');
export const ApiKeyScopeMissingError = defineError(
  'API_KEY_SCOPE_MISSING',
  403,
  'The API key does not allow this request',
);
export const ApiKeyIpNotAllowedError = defineError(
  'API_KEY_IP_NOT_ALLOWED',
  403,
  "The request's address is not in the API key's allow-list",
);

/** What a scope of routes lets a delegate or an API key do. Nothing declared: the owner only. */
export interface SignInAccess {
  /** GET and HEAD routes of the scope are open to delegates and keys with `read`. */
  readonly reads?: boolean;
  /** The permission other methods need from a delegate or key; absent: the owner only. */
  readonly writes?: 'trade' | 'transfer';
  /** API keys are accepted here (the public API), within their scopes. */
  readonly apiKeys?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Records the request's use of a key or delegation once its status is known (set by resolvePrincipal). */
    accessRecord: ((use: { statusCode: number }) => Promise<void>) | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH_MAX = 300;

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The permission this request needs from a delegate or key in a scope declaring `access`; null: none will do. */
export function permissionNeeded(method: string, access: SignInAccess): AccessPermission | null {
  if (isRead(method)) {
    return access.reads ? 'read' : null;
  }
  return access.writes ?? null;
}

/** The key a request presents, or null: `x-api-key`, or a bearer token starting with `tsk_`. */
function presentedApiKey(request: FastifyRequest): string | null {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === 'string') {
    return header.trim();
  }
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith(`Bearer ${API_KEY_PREFIX}`)) {
    return authorization.slice('Bearer '.length).trim();
  }
  return null;
}

/** The address a request comes from as the allow-list reads it (`::ffff:1.2.3.4` is 1.2.3.4). */
function clientAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Whether `ip` is in one of the CIDR blocks (IPv4 or IPv6); an empty list allows any address. */
export function isAddressAllowed(allowedIps: readonly string[], ip: string): boolean {
  if (allowedIps.length === 0) {
    return true;
  }
  const address = clientAddress(ip);
  const family = isIP(address);
  if (family === 0) {
    return false;
  }
  const list = new BlockList();
  for (const block of allowedIps) {
    const [network = '', prefixText] = block.split('/');
    const blockFamily = isIP(network);
    if (blockFamily === 0) {
      continue;
    }
    const prefix = prefixText === undefined ? (blockFamily === 4 ? 32 : 128) : Number(prefixText);
    list.addSubnet(network, prefix, blockFamily === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function useOf(request: FastifyRequest, statusCode: number) {
  const path = (request.url.split('?')[0] ?? '').slice(0, PATH_MAX);
  return { method: request.method, path, statusCode, ip: clientAddress(request.ip) };
}

function keyPrincipal(grant: ApiKeyGrant): Principal {
  const actor: PrincipalActor = Object.freeze({
    kind: 'api_key',
    id: grant.keyId,
    permissions: Object.freeze([...grant.scopes]),
  });
  return Object.freeze({
    userId: grant.ownerUserId,
    username: grant.ownerUserId,
    groups: Object.freeze([]),
    scopes: Object.freeze([]),
    clientId: 'api-key',
    originJti: `api-key:${grant.keyId}`,
    tokenId: grant.keyId,
    issuedAtS: 0,
    expiresAtS: 0,
    authTimeS: 0,
    amr: Object.freeze([]),
    actor,
  });
}

async function resolveKey(
  request: FastifyRequest,
  resolver: AccessResolver | undefined,
  presented: string,
  access: SignInAccess,
): Promise<Principal> {
  const grant =
    resolver && presented.startsWith(API_KEY_PREFIX) ? await resolver.resolveApiKey(presented) : null;
  if (!resolver || !grant) {
    throw new ApiKeyInvalidError();
  }
  request.accessRecord = ({ statusCode }) =>
    resolver.recordApiKeyUse(grant.keyId, useOf(request, statusCode));
  if (grant.status === 'revoked') {
    throw new ApiKeyRevokedError();
  }
  if (grant.status === 'expired') {
    throw new ApiKeyExpiredError();
  }
  if (!isAddressAllowed(grant.allowedIps, request.ip)) {
    throw new ApiKeyIpNotAllowedError(undefined, { ip: clientAddress(request.ip) });
  }
  const needed = access.apiKeys ? permissionNeeded(request.method, access) : null;
  if (needed === null || !grant.scopes.includes(needed)) {
    throw new ApiKeyScopeMissingError(undefined, { required: needed });
  }
  return keyPrincipal(grant);
}

/**
 * The principal of a request in a scope declaring `access`: the owner in person, a delegate acting for them, or
 * one of their API keys, each held to what the scope allows. Throws the codes above (and UNAUTHENTICATED).
 */
export async function resolvePrincipal(
  request: FastifyRequest,
  verifier: TokenVerifier,
  access: SignInAccess = {},
): Promise<Principal> {
  const resolver = verifier.accessResolver?.();
  const presented = presentedApiKey(request);
  if (presented !== null) {
    return resolveKey(request, resolver, presented, access);
  }
  const principal = await authenticate(request, verifier);
  const actAs = request.headers[ACT_AS_HEADER];
  if (actAs === undefined || actAs === principal.userId) {
    return principal;
  }
  // Staff never act as a customer this way (they have their own audited routes); nor does anything but a UUID.
  if (typeof actAs !== 'string' || !UUID.test(actAs) || principal.groups.length > 0 || !resolver) {
    throw new DelegationNotActiveError();
  }
  const role = await resolver.resolveDelegation(principal.userId, actAs);
  if (role === null) {
    throw new DelegationNotActiveError();
  }
  const permissions = DELEGATE_ROLE_PERMISSIONS[role] ?? [];
  if (!isRead(request.method)) {
    request.accessRecord = ({ statusCode }) =>
      resolver.recordDelegateAction({
        ...useOf(request, statusCode),
        ownerUserId: actAs,
        delegateUserId: principal.userId,
        role,
      });
  }
  const needed = permissionNeeded(request.method, access);
  if (needed === null || !permissions.includes(needed)) {
    throw new DelegateNotPermittedError(undefined, { role, required: needed });
  }
  const actor: PrincipalActor = Object.freeze({
    kind: 'delegate',
    id: principal.userId,
    role,
    permissions: Object.freeze([...permissions]),
  });
  return Object.freeze({ ...principal, userId: actAs, actor });
}
