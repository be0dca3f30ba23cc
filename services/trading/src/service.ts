/**
 * The trading service as the server mounts it (docs/adr/0007-trading-reservation-and-settlement.md): migrations,
 * the runtime (internal venue, orders, alerts, expiry sweep), the HTTP routes and the customer websocket under
 * /api/trading.
 */
import {
  type FundTradingApi,
  type HoldingBlockingClose,
  type PlanTradingApi,
  TRADING_API_PREFIX,
  type TradingApi,
} from '@tessera/contracts';
import { defineService, websocketSupport } from '@tessera/platform';
import { createTrading } from '../migrations/0001-trading.ts';
import { outboxRowsNameTheirOrder } from '../migrations/0002-outbox-rows-name-their-order.ts';
import { ordersHoldTheirUnions } from '../migrations/0003-orders-hold-their-unions.ts';
import { fundPools } from '../migrations/0004-fund-pools.ts';
import { createFundTrading } from './modules/funds/fund-trading.ts';
import { createPlanTrading } from './modules/funds/plan-trading.ts';
import { lotsToQuantity } from './modules/instruments/instrument-spec.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { tradingWsRoutes } from './modules/live/trading-ws.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { positionsRoutes } from './modules/positions/positions.routes.ts';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.ts';
import { OPEN_STATUSES, type TradingDatabase } from './modules/orders/orders.tables.ts';
import {
  startTradingRuntime,
  type TradingRuntime,
  type TradingRuntimeOptions,
} from './modules/runtime/trading-runtime.ts';

/** The most orders `recentOrders` gives. */
const RECENT_ORDERS_MAX = 20;

/** Builds the service definition; tests pass a clock and timer settings. */
export function defineTradingService(
  options: TradingRuntimeOptions & { onStart?: (runtime: TradingRuntime) => void } = {},
) {
  // The fund port needs the runtime the plugin starts: its calls wait for it.
  let started!: (runtime: TradingRuntime) => void;
  let runtime = new Promise<TradingRuntime>((resolve) => (started = resolve));
  const fundTrading = createFundTrading(() => runtime);
  const planTrading = createPlanTrading(() => runtime);
  return defineService({
    name: 'trading',
    schema: 'trading',
    prefix: TRADING_API_PREFIX,
    migrations: {
      '0001-trading': createTrading,
      '0002-outbox-rows-name-their-order': outboxRowsNameTheirOrder,
      '0003-orders-hold-their-unions': ordersHoldTheirUnions,
      '0004-fund-pools': fundPools,
    },
    /**
     * TRADING_CLIENT of @tessera/contracts: user management counts open orders and lists held positions before
     * closing an account; FUND_TRADING_CLIENT (the same client): investments' fund pools trade (modules/funds);
     * PlanTradingApi (the same client): investments' automated plans read market states and buy for customers
     * (modules/funds/plan-trading.ts).
     */
    createClient: async (context): Promise<TradingApi & FundTradingApi & PlanTradingApi> => ({
      ...fundTrading,
      ...planTrading,
      async openOrderCount(userId) {
        const db = context.db as TradingDatabase;
        const row = await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', userId)
          .where('status', 'in', [...OPEN_STATUSES])
          .executeTakeFirst();
        return Number(row?.count ?? 0);
      },
      // Closing an account (read only): every position with a quantity, even in a product the catalog no longer
      // lists as tradable (GET /positions leaves those out; the customer still holds them).
      async positionsHeld(userId) {
        const db = context.db as TradingDatabase;
        const rows = await db
          .selectFrom('positions')
          .select(['product_id', 'quantity_lots'])
          .where('user_id', '=', userId)
          .where('quantity_lots', '<>', '0')
          .orderBy('product_id')
          .execute();
        if (rows.length === 0) {
          return [];
        }
        const { specs } = (await runtime).core;
        await specs.load();
        return rows.map((row): HoldingBlockingClose => {
          const spec = specs.isTradable(row.product_id) ? specs.get(row.product_id) : null;
          return {
            kind: 'position',
            id: row.product_id,
            name: spec?.info.name ?? row.product_id,
            symbol: spec?.info.symbol ?? null,
            // Without its spec the lot size is unknown: the quantity is then the number of lots.
            quantity:
              spec === null ? String(row.quantity_lots) : lotsToQuantity(spec, BigInt(row.quantity_lots)),
          };
        });
      },
      // The assistant (read only): the latest orders as GET /orders gives them.
      async recentOrders(userId, limit) {
        const bounded = Math.min(Math.max(Math.trunc(limit), 1), RECENT_ORDERS_MAX);
        const page = await (await runtime).orders.list(userId, { status: 'all', limit: bounded });
        return page.items;
      },
    }),
    async plugin(app, { context }) {
      const running = await startTradingRuntime(context, options);
      runtime = Promise.resolve(running);
      started(running);
      options.onStart?.(running);
      app.addHook('onClose', async () => running.close());
      await app.register(websocketSupport);
      await app.register(tradingWsRoutes, { context });
      for (const routes of [ordersRoutes, positionsRoutes, watchlistsRoutes, alertsRoutes]) {
        await app.register(routes, { context, runtime: running });
      }
    },
  });
}

/** The service with its defaults. */
export const tradingService = defineTradingService();
