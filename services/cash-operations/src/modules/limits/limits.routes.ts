/** GET /limits (docs/api.md, "Cash operations"): the customer's limits and what is used of them. */
import { principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { cashLimitsSchema } from './limits.schemas.ts';
import { getLimits } from './limits.service.ts';

export const limitsRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/limits',
    { schema: { summary: "The customer's KYC level and limits", response: { 200: cashLimitsSchema } } },
    async (request) => getLimits(core, principalOf(request).userId),
  );
};
