/** GET /wallets/{walletId}/activity and GET /summary (docs/api.md, "Cash operations"): signed-in customers only. */
import { activityQuerySchema } from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { walletParamsSchema } from '../wallets/wallets.schemas.ts';
import { requireOwnedWallet } from '../wallets/wallets.service.ts';
import { activityPageSchema, cashSummarySchema } from './activity.schemas.ts';
import { listActivity, syncWalletFromLedger } from './activity.service.ts';
import { buildSummary } from './summary.service.ts';

export const activityRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/wallets/:walletId/activity',
    {
      schema: {
        summary: "A page of a wallet's activity, newest first",
        params: walletParamsSchema,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const wallet = await requireOwnedWallet(core, principalOf(request).userId, request.params.walletId);
      await syncWalletFromLedger(core, wallet);
      return listActivity(core, [wallet.id], request.query);
    },
  );
  app.get(
    '/summary',
    {
      schema: {
        summary: "The home page's balances and latest activity",
        response: { 200: cashSummarySchema },
      },
    },
    async (request) => buildSummary(core, principalOf(request).userId),
  );
};
