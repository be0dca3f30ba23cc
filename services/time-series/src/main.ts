/**
 * Runs time series alone, with market data and the catalog inside the process (it needs market data's history and
 * live candles; only the time-series routes are served): `node --import tsx services/time-series/src/main.ts`.
 * The one-process server is the usual way to run it.
 */
import { createDatabase, loadConfig, migrate, type ServiceContext } from '@tessera/platform';
import { buildMarketDataApp } from '@tessera/service-market-data';
import { createMarketDataInfoApi, marketDataInfoService } from '@tessera/service-market-data-info';
import { buildTimeSeriesApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
await migrate(database.db, {
  schema: marketDataInfoService.schema,
  migrations: marketDataInfoService.migrations,
});
const infoDb = database.db.withSchema(marketDataInfoService.schema);
// The catalog's seed only needs its database handle.
await marketDataInfoService.seed({ db: infoDb } as unknown as ServiceContext);
const info = createMarketDataInfoApi(infoDb as never);
const market = await buildMarketDataApp({ config, database, info, logger: true });
await market.app.ready();
const series = await buildTimeSeriesApp({
  config,
  database,
  info,
  marketData: market.runtime,
  events: market.events,
  ownsDatabase: false,
  logger: true,
});
await series.app.listen({ port: config.port, host: config.host });
console.log(`Time-series service listening on port ${config.port}`);
const stop = () =>
  void series.app
    .close()
    .then(() => market.app.close())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
