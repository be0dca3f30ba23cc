/** Runs the market-data-info service alone: `node --import tsx services/market-data-info/src/main.ts`. */
import { runServiceAlone } from '@tessera/platform';
import { marketDataInfoService } from './service.ts';

await runServiceAlone({ services: [marketDataInfoService], displayName: 'Market-data-info service' });
