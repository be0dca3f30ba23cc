/**
 * The cash operations service as the server mounts it (docs/adr/0005-cash-operations.md): migrations, the bank's
 * accounts in the ledger, the demo seed, and the routes under /api/cash-operations (each module's, the live
 * websocket, and the rails' modules). The card processor simulator, the outside party cash operations pays
 * through in demo mode, is a service of its own, mounted before it (processorSimulatorService).
 */
import {
  IDENTITY_CLIENT,
  LEDGER_CLIENT,
  type LedgerApi,
  MARKET_DATA_CLIENT,
  type MarketDataApi,
  USER_MANAGEMENT_CLIENT,
} from '@tessera/contracts';
import {
  createIdempotencyStore,
  defineService,
  type Migrations,
  type ServiceContext,
  websocketSupport,
} from '@tessera/platform';
import { createCashCore } from '../migrations/0001-cash-core.ts';
import { createRails } from '../migrations/0002-rails.ts';
import { addActivityDetails } from '../migrations/0003-activity-details.ts';
import { addCamt054ApprovalsAndAudit } from '../migrations/0004-camt054-approvals-and-audit.ts';
import { addLedgerConfirmation } from '../migrations/0005-ledger-confirmation.ts';
import { createCashOperationsApi, lazyCore } from './client.ts';
import { ensureBankAccounts } from './modules/accounts/bank-accounts.ts';
import type { CashCore } from './modules/accounts/cash-core.ts';
import type { CashDatabase } from './modules/accounts/tables.ts';
import { createMarketRateProvider } from './modules/fx/market-rate-provider.ts';
import { createSimulatedRateProvider, type RateProvider } from './modules/fx/rate-provider.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { fxRoutes } from './modules/fx/fx.routes.ts';
import { limitsRoutes } from './modules/limits/limits.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createCustomerNotifier } from './modules/live/notifier.ts';
import { railsRoutes } from './modules/rails/rails.routes.ts';
import {
  resolveStaleSubmissions,
  STALE_SUBMISSIONS_SWEEP_INTERVAL_MS,
} from './modules/recovery/stale-submissions.ts';
import { seedDemoWallets } from './modules/seed/demo-seed.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { transfersRoutes } from './modules/transfers/transfers.routes.ts';
import { walletsRoutes } from './modules/wallets/wallets.routes.ts';

export { processorSimulatorService } from './modules/card/processor-simulator.service.ts';

/**
 * The schema's migrations, in order. The core owns 0001; the rails register 0002 on their own line below it.
 */
export const cashOperationsMigrations: Migrations = {
  '0001-cash-core': createCashCore,
  '0002-rails': createRails,
  '0003-activity-details': addActivityDetails,
  '0004-camt054-approvals-and-audit': addCamt054ApprovalsAndAudit,
  '0005-ledger-confirmation': addLedgerConfirmation,
};

/** Options for building the core outside the server's defaults (tests). */
export interface CashCoreOptions {
  readonly rates?: RateProvider;
  readonly now?: () => Date;
  /** Wraps the ledger client (fault-injection tests put a faulty ledger in front of the real one). */
  readonly wrapLedger?: (ledger: LedgerApi) => LedgerApi;
}

/** The service's dependencies from its context (see modules/accounts/cash-core.ts). */
export function createCashCoreOf(context: ServiceContext, options: CashCoreOptions = {}): CashCore {
  const clients = context.clients;
  if (!clients) {
    throw new Error('Cash operations needs the ledger and user-management clients (context.clients).');
  }
  // Optional: without identity (trading's fixture) transfers show no names; a transfer by e-mail then fails loudly.
  const directory = clients.find(IDENTITY_CLIENT) ?? null;
  // Not mounted in this process (service tests): the simulator's figures.
  const marketData = (): MarketDataApi | null => clients.find(MARKET_DATA_CLIENT) ?? null;
  const db = context.db as CashDatabase;
  return {
    db,
    ledger: options.wrapLedger ? options.wrapLedger(clients.get(LEDGER_CLIENT)) : clients.get(LEDGER_CLIENT),
    customers: clients.get(USER_MANAGEMENT_CLIENT),
    directory,
    // Crypto at the market's price (the one trading and the portfolio use), fiat from the simulator.
    rates: options.rates ?? createMarketRateProvider(marketData, createSimulatedRateProvider()),
    notifier: createCustomerNotifier(context.events, context.log),
    idempotency: createIdempotencyStore(db, options.now ? { now: options.now } : {}),
    log: context.log,
    now: options.now ?? (() => new Date()),
  };
}

/** How often expired Idempotency-Keys are purged. */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Builds the service definition; tests pass a frozen rate provider or a clock. */
export function defineCashOperationsService(options: CashCoreOptions = {}) {
  return defineService({
    name: 'cash-operations',
    schema: 'cash_operations',
    prefix: '/api/cash-operations',
    migrations: cashOperationsMigrations,
    /** CASH_OPERATIONS_CLIENT for trading and investments (src/client.ts). */
    createClient: async (context) =>
      createCashOperationsApi(lazyCore((ctx) => createCashCoreOf(ctx, options), context)),
    async plugin(app, { context }) {
      const core = createCashCoreOf(context, options);
      const purge = setInterval(() => {
        core.idempotency.purgeExpired().catch((error: unknown) => {
          context.log.warn({ err: error }, 'purging idempotency keys failed');
        });
      }, IDEMPOTENCY_PURGE_INTERVAL_MS);
      purge.unref();
      // Operations whose writer died before the ledger's answer are resolved at start and every minute after.
      const sweep = async () => {
        try {
          await resolveStaleSubmissions(core);
        } catch (error) {
          context.log.warn({ err: error }, 'resolving operations left submitting failed');
        }
      };
      const sweeper = setInterval(() => void sweep(), STALE_SUBMISSIONS_SWEEP_INTERVAL_MS);
      sweeper.unref();
      app.addHook('onReady', sweep);
      app.addHook('onClose', async () => {
        clearInterval(purge);
        clearInterval(sweeper);
      });
      await app.register(websocketSupport);
      await app.register(liveRoutes, { context });
      for (const routes of [
        walletsRoutes,
        activityRoutes,
        statementsRoutes,
        fxRoutes,
        transfersRoutes,
        limitsRoutes,
        staffRoutes,
      ]) {
        await app.register(routes, { context, core });
      }
      await app.register(railsRoutes, { context, core });
    },
    /** The bank's accounts of every asset (idempotent), then the demo customers' wallets in demo mode only. */
    async seed(context) {
      const core = createCashCoreOf(context, options);
      await ensureBankAccounts(core.ledger);
      if (context.config.mode === 'demo') {
        await seedDemoWallets(core);
      }
    },
  });
}

/** The service the server mounts. */
export const cashOperationsService = defineCashOperationsService();
