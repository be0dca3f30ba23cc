/**
 * Runs cash operations alone: `PORT=0 DATA_DIR=memory:// node --import tsx services/cash-operations/src/main.ts`.
 * It calls the ledger, user management and identity in process (in-process clients, ADR 0003) and pays through the
 * card processor simulator, so those are composed with it, in the server's order; all are served, so a customer can
 * sign in (identity's hosted login and Cognito endpoint) and use cash operations on one port.
 */
import { runServiceAlone } from '@tessera/platform';
import { createIdentityTokenVerifier, identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import { cashOperationsService, processorSimulatorService } from './service.ts';

await runServiceAlone({
  services: [
    identityService,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cashOperationsService,
  ],
  displayName: 'Cash operations',
  auth: (config, database) => createIdentityTokenVerifier(config, database),
});
