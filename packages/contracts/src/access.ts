/**
 * Delegates and API keys (settings sections delegateAccounts and api; docs/adr/0018-delegates-and-api-keys.md):
 * the shapes of user-management's routes, and the client it offers every service in-process so that the platform's
 * `requireSignIn` can resolve a delegate (`x-act-as`) or a key (`tsk_...`) into a principal.
 */
import { z } from 'zod';

/** A delegate's role: viewer reads; trader reads and trades; full reads, trades and moves money. */
export const DELEGATE_ROLES = ['viewer', 'trader', 'full'] as const;
export type DelegateRole = (typeof DELEGATE_ROLES)[number];
export const delegateRoleSchema = z.enum(DELEGATE_ROLES);

/** The header a delegate's requests carry the owner's user id in (platform access.ts). */
export const ACT_AS_HEADER = 'x-act-as';

/** At most this many people are invited or active on one account. */
export const DELEGATES_MAX = 10;

/** POST /api/user-management/delegates. */
export const inviteDelegateSchema = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)), role: delegateRoleSchema })
  .strict();

export const DELEGATION_STATUSES = ['pending', 'active', 'revoked', 'left'] as const;

/** Someone the owner invited, as the owner sees them. */
export const grantedDelegationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** The delegate's name once they accepted. */
  displayName: z.string().nullable(),
  role: delegateRoleSchema,
  status: z.enum(DELEGATION_STATUSES),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});

/** An account the signed-in customer may act for (or is invited to). */
export const delegatedAccountSchema = z.object({
  id: z.uuid(),
  ownerUserId: z.uuid(),
  ownerName: z.string(),
  role: delegateRoleSchema,
  status: z.enum(['pending', 'active']),
  createdAt: z.string(),
});

/** GET /api/user-management/delegates: both sides of the signed-in customer's delegations. */
export const delegatesResponseSchema = z.object({
  /** The people the customer invited (pending and active). */
  granted: z.array(grantedDelegationSchema),
  /** The accounts the customer may act for (active) or is invited to (pending). */
  accounts: z.array(delegatedAccountSchema),
});
export type DelegatesResponse = z.infer<typeof delegatesResponseSchema>;
export type GrantedDelegation = z.infer<typeof grantedDelegationSchema>;
export type DelegatedAccount = z.infer<typeof delegatedAccountSchema>;

/** One delegated action on the owner's account, with both identities. */
export const delegateAuditEntrySchema = z.object({
  at: z.string(),
  delegateUserId: z.uuid(),
  delegateName: z.string(),
  role: delegateRoleSchema,
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
});
export const delegateAuditResponseSchema = z.object({ entries: z.array(delegateAuditEntrySchema) });
export type DelegateAuditEntry = z.infer<typeof delegateAuditEntrySchema>;

/** What an API key may do: read (GET balances, wallets, orders), trade (orders), transfer (transfers). */
export const API_KEY_SCOPES = ['read', 'trade', 'transfer'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this: `tsk_<id>_<secret>`. */
export const API_KEY_PREFIX = 'tsk_';
export const API_KEYS_MAX = 20;
export const API_KEY_ALLOWED_IPS_MAX = 20;
export const API_KEY_EXPIRY_DAYS_MAX = 365;

/** POST /api/user-management/api-keys (step-up required). Each allowed IP is an IPv4 or IPv6 address or CIDR. */
export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .min(1)
      .max(3)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once'),
    allowedIps: z.array(z.string().trim().min(1).max(50)).max(API_KEY_ALLOWED_IPS_MAX).default([]),
    expiresInDays: z.number().int().min(1).max(API_KEY_EXPIRY_DAYS_MAX),
  })
  .strict();
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `tsk_<id>`: enough to recognise the key, nothing to use it with. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  allowedIps: z.array(z.string()),
  status: z.enum(['active', 'revoked', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** The answer to a creation: the only time the secret is ever shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyUseSchema = z.object({
  at: z.string(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
  ip: z.string(),
});
export const apiKeyUsageResponseSchema = z.object({ entries: z.array(apiKeyUseSchema) });
export type ApiKeyUse = z.infer<typeof apiKeyUseSchema>;

/** An API key as the platform checks it (the shape of AccessResolver's ApiKeyGrant in @tessera/platform). */
export interface ApiKeyGrantRecord {
  readonly keyId: string;
  readonly ownerUserId: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly allowedIps: readonly string[];
  readonly status: 'active' | 'revoked' | 'expired';
}

/** One use of a key or one delegated action, as a service reports it. */
export interface AccessUse {
  readonly method: string;
  readonly path: string;
  readonly statusCode: number;
  readonly ip: string;
}

/**
 * What user-management offers every service in-process for delegates and keys (the AccessResolver the platform's
 * `requireSignIn` calls). Nothing here is cached by the caller: revocation takes effect at the next request.
 */
export interface AccessApi {
  resolveApiKey(presented: string): Promise<ApiKeyGrantRecord | null>;
  resolveDelegation(delegateUserId: string, ownerUserId: string): Promise<DelegateRole | null>;
  recordApiKeyUse(keyId: string, use: AccessUse): Promise<void>;
  recordDelegateAction(
    record: AccessUse & { ownerUserId: string; delegateUserId: string; role: string },
  ): Promise<void>;
}

/** `context.clients?.find(ACCESS_CLIENT)`: user-management's delegations and API keys. */
export const ACCESS_CLIENT: { readonly service: 'user-management'; readonly __client?: AccessApi } = {
  service: 'user-management',
};
