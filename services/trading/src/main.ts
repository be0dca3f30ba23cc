/**
 * Runs trading alone: `PORT=0 DATA_DIR=memory:// node --import tsx services/trading/src/main.ts`. Trading calls the
 * ledger, user management, cash operations and the catalog in process (in-process clients, ADR 0003) and prices
 * from market data's reference events, so those are composed with it in the server's order, with identity (for
 * sign-in) and cash operations' card processor simulator (its payments); all are served, so a customer can sign
 * in, fund a wallet and trade on one port. The one-process server is the usual way to run it.
 */
import { runServiceAlone } from '@tessera/platform';
import { cashOperationsService, processorSimulatorService } from '@tessera/service-cash-operations';
import { createIdentityTokenVerifier, identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { marketDataService } from '@tessera/service-market-data';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { userManagementService } from '@tessera/service-user-management';
import { tradingService } from './service.ts';

await runServiceAlone({
  services: [
    identityService,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cashOperationsService,
    marketDataInfoService,
    marketDataService,
    tradingService,
  ],
  displayName: 'Trading service',
  auth: (config, database) => createIdentityTokenVerifier(config, database),
});
