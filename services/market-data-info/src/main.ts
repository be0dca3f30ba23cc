/** Runs the market-data-info service alone: `node --import tsx services/market-data-info/src/main.ts`. */
import { createDatabase, loadConfig } from '@tessera/platform';
import { buildMarketDataInfoApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
const app = await buildMarketDataInfoApp({ config, database });
await app.listen({ port: config.port, host: config.host });
console.log(`Market-data-info service listening on port ${config.port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
