/**
 * HTTP under /api/ledger (docs/api.md, "Ledger"). Every route is scoped to a tenant and needs a bearer token; who
 * may use which tenant is tenant-access.ts. Transfer and account ids are the idempotency keys, so no
 * Idempotency-Key header is needed.
 */
import { requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { accountRoutes } from '../accounts/accounts.routes.ts';
import { tenantRoutes } from '../tenants/tenants.routes.ts';
import { transferRoutes } from '../transfers/transfers.routes.ts';
import { verificationRunRoutes } from '../verification/verification-runs.routes.ts';
import type { LedgerService } from './ledger-api.ts';
import { type TenantAccess, tenantAccess } from './tenant-access.ts';

/** Options of {@link ledgerRoutes}: the service's own in-process API (shared with other services). */
export type LedgerRoutesOptions = {
  readonly context: ServiceContext;
  readonly ledger: LedgerService;
};

/** Options of the ledger's route plugins: the API and the tenant checks. */
export type LedgerRouteOptions = {
  readonly ledger: LedgerService;
  readonly access: TenantAccess;
};

/** Every ledger route: tenants and ledgers, accounts, transfers, the recorded runs of the ledger check. */
export const ledgerRoutes: ServiceRoutes<LedgerRoutesOptions> = async (app, { context, ledger }) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'transfer', apiKeys: true });
  const access = tenantAccess(context);
  await app.register(tenantRoutes, { ledger, access });
  await app.register(accountRoutes, { ledger, access });
  await app.register(transferRoutes, { ledger, access });
  await app.register(verificationRunRoutes, { ledger, access, db: context.db });
};
