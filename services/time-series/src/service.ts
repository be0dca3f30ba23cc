/**
 * The time-series service as the server mounts it: candles of every product and interval under /api/time-series,
 * stored compactly, backfilled at start from market data's history and kept current from its live candles
 * (docs/adr/0009-market-data.md), and each customer's portfolio value history (docs/adr/0011-portfolio-value-history.md).
 */
import type { FastifyInstance } from 'fastify';
import { TIME_SERIES_API_PREFIX } from '@tessera/contracts';
import { defineService, type ServiceContext, type ServicePluginOptions } from '@tessera/platform';
import { migration as candleBlocks } from '../migrations/0001-candle-blocks.ts';
import { migration as portfolioPoints } from '../migrations/0002-portfolio-points.ts';
import { migration as portfolioPointsCountHoldings } from '../migrations/0003-portfolio-points-count-holdings.ts';
import { candlesRoutes } from './modules/candles/candles.routes.ts';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.ts';
import { loadTimeSeriesSettings, type TimeSeriesSettings } from './settings.ts';
import { TIME_SERIES_SCHEMA } from './tables.ts';
import { TimeSeriesRuntime } from './modules/candles/time-series-runtime.ts';

/** Options of {@link createTimeSeriesService}; without them the settings come from the environment. */
export interface TimeSeriesServiceOptions {
  readonly settings?: TimeSeriesSettings;
  readonly now?: () => number;
  readonly autoTimers?: boolean;
  /** Receives the runtime (tests wait for the backfill with it). */
  readonly onRuntime?: (runtime: TimeSeriesRuntime) => void;
}

/** Builds the service definition. */
export function createTimeSeriesService(options: TimeSeriesServiceOptions = {}) {
  return defineService({
    name: 'time-series',
    schema: TIME_SERIES_SCHEMA,
    prefix: TIME_SERIES_API_PREFIX,
    migrations: {
      '0001-candle-blocks': candleBlocks,
      '0002-portfolio-points': portfolioPoints,
      '0003-portfolio-points-count-holdings': portfolioPointsCountHoldings,
    },
    async plugin(app: FastifyInstance, { context }: ServicePluginOptions) {
      const runtime = new TimeSeriesRuntime(context as ServiceContext, {
        settings: options.settings ?? loadTimeSeriesSettings(),
        ...(options.now ? { now: options.now } : {}),
        ...(options.autoTimers === undefined ? {} : { autoTimers: options.autoTimers }),
      });
      options.onRuntime?.(runtime);
      await runtime.start();
      app.addHook('onClose', async () => runtime.stop());
      await app.register(candlesRoutes, { runtime });
      await app.register(portfolioRoutes, { runtime, context: context as ServiceContext });
    },
  });
}

/** The service with the environment's settings and the real clock. */
export const timeSeriesService = createTimeSeriesService();
