/**
 * The services this process mounts, in start order (migrations and seeds run in this order).
 * Each later issue adds its service here.
 */
import type { ServiceDefinition } from '@tessera/platform';
import { assistService } from '@tessera/service-assist';
import { assistantService } from '@tessera/service-assistant';
import { cashOperationsService, processorSimulatorService } from '@tessera/service-cash-operations';
import { helpService } from '@tessera/service-help';
import { identityService } from '@tessera/service-identity';
import { ingestService } from '@tessera/service-ingest';
import { investmentsService } from '@tessera/service-investments';
import { ledgerService } from '@tessera/service-ledger';
import { marketDataService } from '@tessera/service-market-data';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { tradingService } from '@tessera/service-trading';
import { timeSeriesService } from '@tessera/service-time-series';
import { userManagementService } from '@tessera/service-user-management';

/** Every service of the one-process server. */
export const services: readonly ServiceDefinition[] = [
  identityService,
  userManagementService,
  ledgerService,
  processorSimulatorService,
  cashOperationsService,
  helpService,
  marketDataInfoService,
  marketDataService,
  timeSeriesService,
  tradingService,
  ingestService,
  // Live assist (issue #18) after the ingest: it verifies tracker session tokens with the ingest's client.
  assistService,
  // Investments (issue #21) after trading and cash operations: its fund port and the customers' wallets.
  investmentsService,
  // The assistant last: it reads through the others' clients (help, cash operations, trading, user management,
  // live assist), found at request time.
  assistantService,
];
