/**
 * Delegates and API keys (docs/api.md "Delegates and API keys"): user management's routes as the settings sections
 * delegateAccounts and api call them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  ApiKey,
  ApiKeyUse,
  CreateApiKeyRequest,
  CreatedApiKey,
  DelegateAuditEntry,
  DelegateRole,
  DelegatesResponse,
  GrantedDelegation,
} from '@tessera/contracts';
import type { ApiClient } from '#/lib/api.ts';

const SERVICE = 'userManagement';

export const accessKeys = {
  delegates: ['access', 'delegates'] as const,
  audit: ['access', 'delegates', 'audit'] as const,
  apiKeys: ['access', 'api-keys'] as const,
  usage: (id: string) => ['access', 'api-keys', id, 'usage'] as const,
};

export function accessApi(api: ApiClient) {
  return {
    delegates: () => api<DelegatesResponse>(SERVICE, '/delegates'),
    invite: (email: string, role: DelegateRole) =>
      api<GrantedDelegation>(SERVICE, '/delegates', { method: 'POST', body: { email, role } }),
    revoke: (id: string) =>
      api<undefined>(SERVICE, `/delegates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    accept: (id: string) =>
      api<undefined>(SERVICE, `/delegates/${encodeURIComponent(id)}/accept`, { method: 'POST' }),
    leave: (id: string) =>
      api<undefined>(SERVICE, `/delegates/${encodeURIComponent(id)}/leave`, { method: 'POST' }),
    audit: () =>
      api<{ entries: DelegateAuditEntry[] }>(SERVICE, '/delegates/audit').then((page) => page.entries),
    apiKeys: () => api<{ keys: ApiKey[] }>(SERVICE, '/api-keys').then((page) => page.keys),
    createKey: (input: CreateApiKeyRequest, accessToken?: string) =>
      api<CreatedApiKey>(SERVICE, '/api-keys', {
        method: 'POST',
        body: input,
        ...(accessToken ? { accessToken } : {}),
      }),
    revokeKey: (id: string) =>
      api<undefined>(SERVICE, `/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    usage: (id: string) =>
      api<{ entries: ApiKeyUse[] }>(SERVICE, `/api-keys/${encodeURIComponent(id)}/usage`).then(
        (page) => page.entries,
      ),
  };
}

export function useAccessApi() {
  const router = useRouter();
  return { calls: accessApi(router.options.context.api), queryClient: useQueryClient() };
}
