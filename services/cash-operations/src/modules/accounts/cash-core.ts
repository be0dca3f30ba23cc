/**
 * What every module of cash operations works with, built once by the service's plugin (src/service.ts) and handed to
 * the core's and the rails' routes: the database, the ledger, user management (KYC level, reference currency), the
 * identity directory (customers by e-mail), the rate provider, the live notifier and the clock.
 */
import type { IdentityDirectoryApi, LedgerApi, UserManagementApi } from '@tessera/contracts';
import type { IdempotencyStore } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { RateProvider } from '../fx/rate-provider.ts';
import type { CustomerNotifier } from '../live/notifier.ts';
import type { CashDatabase } from './tables.ts';

/** The service's dependencies (see the file comment). */
export interface CashCore {
  readonly db: CashDatabase;
  readonly ledger: LedgerApi;
  readonly customers: UserManagementApi;
  /** Null when no identity service is mounted in this process (customer transfers then find nobody). */
  readonly directory: IdentityDirectoryApi | null;
  readonly rates: RateProvider;
  readonly notifier: CustomerNotifier;
  readonly idempotency: IdempotencyStore;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
}
