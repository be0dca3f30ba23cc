/**
 * Runs time series alone, with market data and the catalog inside the process (it needs market data's history and
 * live candles; only the time-series routes are served): `node --import tsx services/time-series/src/main.ts`.
 * The one-process server is the usual way to run it.
 */
import { runServiceAlone } from '@tessera/platform';
import { marketDataService } from '@tessera/service-market-data';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { timeSeriesService } from './service.ts';

await runServiceAlone({
  services: [marketDataInfoService, marketDataService, timeSeriesService],
  mount: [timeSeriesService.name],
  displayName: 'Time-series service',
});
