/** Runs the help service alone: `node --import tsx services/help/src/main.ts` (PORT, DATABASE_URL, ...). */
import { createDatabase, loadConfig } from '@tessera/platform';
import { buildHelpApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
const app = await buildHelpApp({ config, database });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
// The pre-render (apps/web/scripts/prerender.ts) reads this line to find the port when PORT=0.
console.log(`Help service listening at http://${config.host}:${port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
