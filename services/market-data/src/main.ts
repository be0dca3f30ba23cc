/**
 * Runs market data alone with the catalog in the same process (only market data's routes are served):
 * `node --import tsx services/market-data/src/main.ts` (PORT, DATABASE_URL, MARKET_DATA_*). The one-process server
 * is the usual way to run it.
 */
import { runServiceAlone } from '@tessera/platform';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { marketDataService } from './service.ts';

await runServiceAlone({
  services: [marketDataInfoService, marketDataService],
  mount: [marketDataService.name],
  displayName: 'Market-data service',
});
