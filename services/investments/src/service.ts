/**
 * The investments service as the server mounts it (docs/adr/0019-fund-units-nav-and-money-paths.md): migrations, the
 * curated demo funds, recovery of unfinished subscriptions and redemptions at start-up (and every lease), the daily
 * management-fee job, and the routes under /api/investments. It offers INVESTMENTS_CLIENT in-process.
 */
import { INVESTMENTS_API_PREFIX, type InvestmentsApi, FUND_OPERATION_LEASE_MS } from '@tessera/contracts';
import { defineService, type ServiceContext } from '@tessera/platform';
import { createInvestments } from '../migrations/0001-investments.ts';
import { createPlans } from '../migrations/0002-plans.ts';
import { createTokens } from '../migrations/0003-tokens.ts';
import { createIssuerTokens } from '../migrations/0005-issuer-tokens.ts';
import { uniqueTokenSymbols } from '../migrations/0006-unique-token-symbols.ts';
import { activePlans, unitsHeld } from './modules/account-close.ts';
import { startFeeJobs } from './modules/fees.ts';
import { investmentsRoutes } from './modules/investments.routes.ts';
import { InvestmentsCore, type InvestmentsOptions } from './modules/investments-core.ts';
import { listHoldings } from './modules/holdings.ts';
import { type PlanJobs, startPlanJobs } from './modules/plans/plan-jobs.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { invest, recoverOperations, redeem } from './modules/operations.ts';
import { seedCuratedFunds } from './modules/seed.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';

/** What `onStart` hands tests: the core and the fee job's worker. */
export interface InvestmentsRuntime {
  readonly core: InvestmentsCore;
  readonly fees: Awaited<ReturnType<typeof startFeeJobs>>;
  /** The automated plans' job queue, worker and runner (modules/plans). */
  readonly plans: PlanJobs;
}

/** The service's migrations, in the order they run (a test runs the earlier ones alone first). */
export const investmentsMigrations = {
  '0001-investments': createInvestments,
  '0002-plans': createPlans,
  '0003-tokens': createTokens,
  '0005-issuer-tokens': createIssuerTokens,
  '0006-unique-token-symbols': uniqueTokenSymbols,
};

const cores = new WeakMap<ServiceContext['db'], InvestmentsCore>();

function coreOf(context: ServiceContext, options: InvestmentsOptions): InvestmentsCore {
  let core = cores.get(context.db);
  if (core === undefined) {
    core = new InvestmentsCore(context, options);
    cores.set(context.db, core);
  }
  return core;
}

export function defineInvestmentsService(
  options: InvestmentsOptions & { onStart?: (runtime: InvestmentsRuntime) => void } = {},
) {
  return defineService({
    name: 'investments',
    schema: 'investments',
    prefix: INVESTMENTS_API_PREFIX,
    migrations: investmentsMigrations,
    createClient: async (context): Promise<InvestmentsApi> => {
      const core = coreOf(context, options);
      return {
        invest: async (userId, fundId, amount, key) =>
          (await invest(core, userId, fundId, amount, key)).operation,
        redeem: async (userId, fundId, units, key) =>
          (await redeem(core, userId, fundId, units, key)).operation,
        unitsLedgerOf: async (fundId) => {
          const row = await core.db
            .selectFrom('funds')
            .select('units_ledger')
            .where('id', '=', fundId)
            .executeTakeFirst();
          return row?.units_ledger ?? null;
        },
        holdings: (userId) => listHoldings(core, userId),
        // Closing an account (user management): what the customer still holds, and plans that would keep running.
        unitsHeld: (userId) => unitsHeld(core, userId),
        activePlans: (userId) => activePlans(core, userId),
      };
    },
    async seed(context) {
      await seedCuratedFunds(coreOf(context, options));
    },
    async plugin(app, { context }) {
      const core = coreOf(context, options);
      const fees = await startFeeJobs(core, options.autoStartJobs ?? true);
      const plans = await startPlanJobs(core, context.events, options.autoStartJobs ?? true);
      let timer: NodeJS.Timeout | undefined;
      if (options.recoverAtStart ?? true) {
        const recover = () =>
          recoverOperations(core).catch((error: unknown) =>
            context.log.error({ err: error }, 'recovering fund operations failed'),
          );
        void recover();
        timer = setInterval(() => void recover(), FUND_OPERATION_LEASE_MS);
        timer.unref();
      }
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await fees.worker.stop();
        await plans.worker.stop();
      });
      options.onStart?.({ core, fees, plans });
      await app.register(investmentsRoutes, { core, context });
      await app.register(tokensRoutes, { core, context });
      await app.register(plansRoutes, { runner: plans.runner, context });
    },
  });
}

/** The service with its defaults. */
export const investmentsService = defineInvestmentsService();
