/**
 * Delegates and API keys in user-management (docs/adr/0018-delegates-and-api-keys.md): their routes, the demo
 * delegation, and the access client offered to every service in-process (ACCESS_CLIENT of @tessera/contracts, the
 * platform's AccessResolver), which looks delegations and keys up afresh on every request.
 */
import { type AccessApi, DEMO_USER_IDS, IDENTITY_CLIENT } from '@tessera/contracts';
import type { AccessResolver, ServiceContext } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { apiKeysRoutes } from './api-keys/api-keys.routes.ts';
import { type ApiKeysService, createApiKeysService } from './api-keys/api-keys.service.ts';
import { delegatesRoutes } from './delegates/delegates.routes.ts';
import {
  createDelegatesService,
  type DelegatesService,
  seedDemoDelegation,
} from './delegates/delegates.service.ts';

function servicesOf(context: ServiceContext): { delegates: DelegatesService; apiKeys: ApiKeysService } {
  return {
    delegates: createDelegatesService(context.db, () => context.clients?.find(IDENTITY_CLIENT)),
    apiKeys: createApiKeysService(context.db),
  };
}

/** The access client: what `requireSignIn` of every service asks about `x-act-as` and `tsk_` keys. */
export function createAccessApi(context: ServiceContext): AccessApi & AccessResolver {
  const { delegates, apiKeys } = servicesOf(context);
  return {
    resolveApiKey: (presented) => apiKeys.resolveApiKey(presented),
    resolveDelegation: (delegateUserId, ownerUserId) =>
      delegates.resolveDelegation(delegateUserId, ownerUserId),
    recordApiKeyUse: (keyId, use) => apiKeys.recordApiKeyUse(keyId, use),
    recordDelegateAction: (record) => delegates.recordDelegateAction(record),
  };
}

/** Registers /delegates and /api-keys. */
export async function registerAccess(app: FastifyInstance, context: ServiceContext): Promise<void> {
  const { delegates, apiKeys } = servicesOf(context);
  await app.register(delegatesRoutes, { context, delegates });
  await app.register(apiKeysRoutes, { context, apiKeys });
}

/** Demo data (PRODUCT.md "Demo data"): Mia (the delegate) is Ana's trader. Idempotent; demo mode only. */
export async function seedAccess(context: ServiceContext): Promise<void> {
  if (context.config.mode !== 'demo') {
    return;
  }
  await seedDemoDelegation(
    context.db,
    DEMO_USER_IDS.verifiedCustomer,
    DEMO_USER_IDS.delegate,
    'mia.delegate@tessera.test',
  );
}
