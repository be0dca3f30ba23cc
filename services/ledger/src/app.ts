/**
 * The ledger service as the server mounts it: migrations, the in-process client it offers other services
 * (docs/adr/0003-ledger.md), its HTTP routes under /api/ledger, the expiry sweep, and the bank's ledgers.
 */
import { ASSET_REGISTRY } from '@tessera/money';
import { BANK_TENANT_ID, LEDGER_CLIENT } from '@tessera/contracts';
import {
  type Config,
  createInProcessEventBus,
  type Database,
  defineService,
  errorHandlerPlugin,
  migrate,
  notFoundHandler,
  requestIdPlugin,
  type ServiceContext,
  type TokenVerifier,
} from '@tessera/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { ledgerMigrations } from '../migrations/index.ts';
import { createLedgerApi, type LedgerService } from './ledger-api.ts';
import { ledgerRoutes } from './ledger.routes.ts';

/** How often pending transfers whose timeout passed are expired. State is in the database: restarts lose nothing. */
export const EXPIRY_SWEEP_INTERVAL_MS = 1000;

/** The ledger's own client: the one the server created, or a new one when mounted without the server. */
function ledgerOf(context: ServiceContext): { ledger: LedgerService; owned: boolean } {
  const offered = context.clients?.get(LEDGER_CLIENT);
  return offered
    ? { ledger: offered as LedgerService, owned: false }
    : { ledger: createLedgerApi(context.db), owned: true };
}

export const ledgerService = defineService({
  name: 'ledger',
  schema: 'ledger',
  prefix: '/api/ledger',
  migrations: ledgerMigrations,
  createClient: async (context) => createLedgerApi(context.db),
  async plugin(app, { context }) {
    const { ledger } = ledgerOf(context);
    ledger.startExpirySweep(EXPIRY_SWEEP_INTERVAL_MS, context.log);
    app.addHook('onClose', async () => ledger.close());
    await app.register(ledgerRoutes, { context, ledger });
  },
  /** The bank's ledgers of every registry asset (EUR, USD, GBP, CHF, BTC, ETH, USDC), idempotent. */
  async seed(context) {
    const { ledger, owned } = ledgerOf(context);
    for (const code of ASSET_REGISTRY.keys()) {
      await ledger.createLedger(BANK_TENANT_ID, { code });
    }
    if (owned) {
      await ledger.close();
    }
  },
});

/**
 * Builds the ledger service alone (no listen): platform plugins, migrations, seed and routes, with the same client
 * wiring as the server (one in-process ledger shared by the routes). Used by the tests and main.ts.
 */
export async function buildLedgerApp(options: {
  config: Config;
  database: Database;
  tokenVerifier: TokenVerifier;
}): Promise<{ app: FastifyInstance; ledger: LedgerService }> {
  const { config, database } = options;
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  app.addHook('onClose', async () => database.close());
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  await migrate(database.db, { schema: ledgerService.schema, migrations: ledgerService.migrations });
  const db = database.db.withSchema(ledgerService.schema);
  const ledger = createLedgerApi(db);
  const context: ServiceContext = {
    config,
    db,
    log: app.log,
    events: createInProcessEventBus({ log: app.log }),
    auth: options.tokenVerifier,
    clients: { get: <Client>() => ledger as Client, find: <Client>() => ledger as Client },
  };
  await ledgerService.seed(context);
  await app.register(ledgerService.plugin, { prefix: ledgerService.prefix, context });
  return { app, ledger };
}
