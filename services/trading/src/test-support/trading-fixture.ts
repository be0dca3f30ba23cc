/**
 * Test support: the trading service over the real ledger, real user management and the real instrument catalog,
 * on one fresh database. Cash operations is replaced by `createTestCashOperations` below, a TEST-ONLY stand-in of
 * `CASH_OPERATIONS_CLIENT` over the real ledger (a customer's current wallet is a customer_wallet account with
 * debitsMustNotExceedCredits, as cash operations opens it), to be swapped for the real client once cash
 * operations offers it.
 */
import {
  BANK_TENANT_ID,
  type CashOperationsApi,
  CASH_OPERATIONS_CLIENT,
  LEDGER_CLIENT,
  MARKET_DATA_INFO_CLIENT,
  USER_MANAGEMENT_CLIENT,
  uuidv7,
} from '@tessera/contracts';
import {
  createInProcessEventBus,
  type Database,
  errorHandlerPlugin,
  type EventBus,
  loadConfig,
  migrate,
  notFoundHandler,
  type ServiceContext,
} from '@tessera/platform';
import { createTestTokenIssuer } from '@tessera/platform/testing';
import { createLedgerApi, ledgerService, type LedgerService } from '@tessera/service-ledger';
import { createMarketDataInfoApi, marketDataInfoService } from '@tessera/service-market-data-info';
import {
  createUserManagementApi,
  userManagementService,
  type UserManagementService,
} from '@tessera/service-user-management';
import Fastify, { type FastifyInstance } from 'fastify';
import { nameBasedId } from '../modules/accounts/trading-accounts.ts';
import { defineTradingService } from '../service.ts';
import type { TradingRuntime } from '../trading-runtime.ts';

/** A stand-in for cash operations' in-process API over the real ledger (tests only). */
export function createTestCashOperations(ledger: LedgerService): CashOperationsApi & {
  /** Credits the customer's wallet from the bank's funding account (a deposit). */
  fund(userId: string, asset: string, amount: string): Promise<void>;
} {
  const funding = (asset: string) => nameBasedId(`test-funding:${asset}`);
  const walletId = (userId: string, asset: string) => nameBasedId(`test-wallet:${userId}:${asset}`);
  const open = async (userId: string, asset: string) => {
    await ledger.createAccount(BANK_TENANT_ID, {
      id: walletId(userId, asset),
      ledger: asset,
      ownerId: userId,
      type: 'customer_wallet',
      flags: { debitsMustNotExceedCredits: true },
    });
  };
  const exists = async (userId: string, asset: string) => {
    try {
      await ledger.getAccount(BANK_TENANT_ID, walletId(userId, asset));
      return true;
    } catch {
      return false;
    }
  };
  return {
    async currentWallet(userId, asset, options = {}) {
      if (!(await exists(userId, asset))) {
        if (!options.create) {
          return null;
        }
        await open(userId, asset);
      }
      const id = walletId(userId, asset);
      return { walletId: id, accountId: id, asset };
    },
    async notifyWalletChanged() {},
    async fund(userId, asset, amount) {
      await open(userId, asset);
      await ledger.createAccount(BANK_TENANT_ID, {
        id: funding(asset),
        ledger: asset,
        ownerId: BANK_TENANT_ID,
        type: 'external_sepa',
      });
      await ledger.createTransfer(BANK_TENANT_ID, {
        id: uuidv7(),
        ledger: asset,
        debitAccountId: funding(asset),
        creditAccountId: walletId(userId, asset),
        amount,
        code: 1,
      });
    },
  };
}

export type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

/** A running trading service and what tests need around it. */
export interface TradingFixture {
  readonly app: FastifyInstance;
  readonly ledger: LedgerService;
  readonly customers: UserManagementService;
  readonly cash: ReturnType<typeof createTestCashOperations>;
  readonly events: EventBus;
  readonly issuer: Issuer;
  readonly runtime: TradingRuntime;
  /** A signed-in customer at KYC level `level`, with `funds` (`{ EUR: '1000.00' }`) in their wallets. */
  customer(level: 0 | 1 | 2 | 3, funds?: Record<string, string>): Promise<{ userId: string; token: string }>;
  /** The clock the service sees; tests move it. */
  clock: { nowMs: number };
}

/** Builds the fixture on `database`. */
export async function startTradingFixture(
  database: Database,
  options: { nowMs?: number } = {},
): Promise<TradingFixture> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
  const issuer = await createTestTokenIssuer();
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  const events = createInProcessEventBus();
  const clock = { nowMs: options.nowMs ?? Date.now() };
  for (const service of [ledgerService, userManagementService, marketDataInfoService]) {
    await migrate(database.db, { schema: service.schema, migrations: service.migrations });
  }
  const ledger = createLedgerApi(database.db.withSchema(ledgerService.schema));
  const customers = createUserManagementApi(database.db.withSchema(userManagementService.schema), {
    directory: () => undefined,
  });
  const catalogContext = { db: database.db.withSchema(marketDataInfoService.schema) } as ServiceContext;
  await marketDataInfoService.seed?.(catalogContext);
  await ledgerService.seed(
    contextOf(database, 'ledger', { get: <Client>() => ledger as Client }) as ServiceContext,
  );
  const catalog = createMarketDataInfoApi(catalogContext.db as never);
  const cash = createTestCashOperations(ledger);
  const clients = {
    get: <Client>(key: { service: string }): Client => {
      const byService: Record<string, unknown> = {
        [LEDGER_CLIENT.service]: ledger,
        [USER_MANAGEMENT_CLIENT.service]: customers,
        [MARKET_DATA_INFO_CLIENT.service]: catalog,
        [CASH_OPERATIONS_CLIENT.service]: cash,
      };
      const client = byService[key.service];
      if (client === undefined) {
        throw new Error(`${key.service} is not mounted`);
      }
      return client as Client;
    },
  };
  const trading = defineTradingService({
    now: () => new Date(clock.nowMs),
    expirySweepIntervalMs: 0,
    bookThrottleMs: 0,
    onStart: (started) => {
      runtime = started;
    },
  });
  let runtime: TradingRuntime | undefined;
  await migrate(database.db, { schema: trading.schema, migrations: trading.migrations });
  await app.register(trading.plugin, {
    prefix: trading.prefix,
    context: {
      config,
      db: database.db.withSchema(trading.schema),
      log: app.log,
      events,
      auth: issuer.verifier,
      clients,
    },
  });
  app.addHook('onClose', async () => ledger.close());
  await app.ready();
  return {
    app,
    ledger,
    customers,
    cash,
    events,
    issuer,
    runtime: runtime as unknown as TradingRuntime,
    clock,
    async customer(level, funds = {}) {
      const userId = uuidv7();
      if (level > 0) {
        await customers.grantKycLevel(userId, level, level >= 2 ? 'approved' : 'not_started', 'test');
      }
      for (const [asset, amount] of Object.entries(funds)) {
        await cash.fund(userId, asset, amount);
      }
      return { userId, token: await issuer.sign(userId) };
    },
  };
}

function contextOf(
  database: Database,
  schema: string,
  clients: ServiceContext['clients'],
): Partial<ServiceContext> {
  return { db: database.db.withSchema(schema), clients };
}
