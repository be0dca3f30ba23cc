/**
 * The market-data service as the server mounts it: the market simulator (or another feed), the market engine, the
 * HTTP snapshots and overview under /api/market-data, and the websocket at /api/market-data/ws
 * (docs/adr/0009-market-data.md). Other services use its `MarketDataApi` (`MARKET_DATA_CLIENT`) and its events.
 */
import type { FastifyInstance } from 'fastify';
import { MARKET_DATA_API_PREFIX, MARKET_DATA_CLIENT } from '@tessera/contracts';
import { defineService, type ServiceContext, type ServicePluginOptions } from '@tessera/platform';
import { migration as simulatorAnchor } from '../migrations/0001-simulator-anchor.ts';
import { MarketDataRuntime } from './modules/market/market-data-runtime.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { streamRoutes, type StreamRoutesOptions } from './modules/stream/stream.routes.ts';
import { loadMarketDataSettings, type MarketDataSettings } from './settings.ts';
import { MARKET_DATA_SCHEMA } from './tables.ts';

/** Options of {@link createMarketDataService}; without them the settings come from the environment. */
export interface MarketDataServiceOptions {
  readonly settings?: MarketDataSettings;
  /** The clock (tests pin it). */
  readonly now?: () => number;
  /** False in tests: nothing ticks by itself (call the runtime's `tick`). */
  readonly autoTimers?: boolean;
  /** Hub bounds for tests and the benchmark, and a hook that receives the hub. */
  readonly hubOptions?: StreamRoutesOptions['hubOptions'];
  readonly onHub?: StreamRoutesOptions['onHub'];
}

/** The runtime the server created for this service, or a new one when mounted without the server's clients. */
function runtimeOf(context: ServiceContext, build: () => MarketDataRuntime): MarketDataRuntime {
  const offered = context.clients?.get(MARKET_DATA_CLIENT);
  return offered instanceof MarketDataRuntime ? offered : build();
}

/** Builds the service definition. */
export function createMarketDataService(options: MarketDataServiceOptions = {}) {
  let settings = options.settings;
  const settingsOf = () => (settings ??= loadMarketDataSettings());
  const build = (context: ServiceContext) =>
    new MarketDataRuntime(context, {
      settings: settingsOf(),
      ...(options.now ? { now: options.now } : {}),
      ...(options.autoTimers === undefined ? {} : { autoTimers: options.autoTimers }),
    });
  return defineService({
    name: 'market-data',
    schema: MARKET_DATA_SCHEMA,
    prefix: MARKET_DATA_API_PREFIX,
    migrations: { '0001-simulator-anchor': simulatorAnchor },
    /** `MARKET_DATA_CLIENT`: quotes, reference prices and history for time series and trading. */
    createClient: async (context: ServiceContext) => build(context),
    async plugin(app: FastifyInstance, { context }: ServicePluginOptions) {
      const runtime = runtimeOf(context, () => build(context));
      await runtime.start();
      app.addHook('onClose', async () => runtime.stop());
      await app.register(marketRoutes, { runtime });
      await app.register(streamRoutes, {
        runtime,
        connectionsMax: settingsOf().connectionsMax,
        ...(options.hubOptions ? { hubOptions: options.hubOptions } : {}),
        ...(options.onHub ? { onHub: options.onHub } : {}),
      });
    },
  });
}

/** The service with the environment's settings and the real clock. */
export const marketDataService = createMarketDataService();
