/**
 * Runs market data alone with the catalog in the same process: `node --import tsx services/market-data/src/main.ts`
 * (PORT, DATABASE_URL, MARKET_DATA_*). The one-process server is the usual way to run it.
 */
import { createDatabase, loadConfig, migrate, type ServiceContext } from '@tessera/platform';
import { createMarketDataInfoApi, marketDataInfoService } from '@tessera/service-market-data-info';
import { buildMarketDataApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
await migrate(database.db, {
  schema: marketDataInfoService.schema,
  migrations: marketDataInfoService.migrations,
});
const infoDb = database.db.withSchema(marketDataInfoService.schema);
// The catalog's seed is idempotent and only needs its database handle: the instruments and calendars served here.
await marketDataInfoService.seed({ db: infoDb } as unknown as ServiceContext);
const { app } = await buildMarketDataApp({
  config,
  database,
  info: createMarketDataInfoApi(infoDb as never),
  logger: true,
});
await app.listen({ port: config.port, host: config.host });
console.log(`Market-data service listening on port ${config.port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
