/**
 * The market-data-info service as the server mounts it: the instrument catalog (instruments, sources and their
 * trading calendars) under /api/market-data-info, seeded from the TypeScript data modules.
 */
import type { FastifyInstance } from 'fastify';
import { defineService, type ServiceContext, type ServicePluginOptions } from '@tessera/platform';
import { migration as instrumentCatalog } from '../migrations/0001-instrument-catalog.ts';
import { createMarketDataInfoApi } from './modules/catalog/market-data-info-api.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { seedCatalog } from './modules/catalog/catalog.seed.ts';
import { MARKET_DATA_INFO_SCHEMA, type MarketDataInfoDatabase } from './tables.ts';

/** Where the service's routes live. */
export const MARKET_DATA_INFO_API_PREFIX = '/api/market-data-info';

/** Builds the service definition; `now` replaces the clock that decides whether a venue is open (tests). */
export function createMarketDataInfoService(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return defineService({
    name: 'market-data-info',
    schema: MARKET_DATA_INFO_SCHEMA,
    prefix: MARKET_DATA_INFO_API_PREFIX,
    migrations: { '0001-instrument-catalog': instrumentCatalog },
    /** `MARKET_DATA_INFO_CLIENT` of @tessera/contracts: the catalog and sessions for market data and trading. */
    createClient: async (context: ServiceContext) =>
      createMarketDataInfoApi(context.db as MarketDataInfoDatabase),
    async plugin(app: FastifyInstance, { context }: ServicePluginOptions) {
      await app.register(catalogRoutes, { db: context.db as MarketDataInfoDatabase, now });
    },
    async seed(context: ServiceContext) {
      await seedCatalog(context.db as MarketDataInfoDatabase);
    },
  });
}

/** The service with the real clock. */
export const marketDataInfoService = createMarketDataInfoService();
