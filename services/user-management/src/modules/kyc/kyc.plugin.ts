/**
 * The KYC module as the service mounts it: the object store (OBJECT_STORE, packages/platform), the settings, the
 * service, its customer, staff and (test servers only) operator routes, the customer socket that carries
 * `kyc.updated`, and the retention worker.
 */
import {
  IDENTITY_CLIENT,
  USER_MANAGEMENT_WS_AUTH_TIMEOUT_MS,
  USER_MANAGEMENT_WS_CLOSE_UNAUTHENTICATED,
  userManagementClientMessageSchema,
} from '@tessera/contracts';
import {
  ConfigError,
  createObjectStore,
  customerSocketRoutes,
  loadObjectStoreSettings,
  type ObjectStore,
  type ServiceContext,
  websocketSupport,
} from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserManagementService } from '../customers/customers.service.ts';
import { loadUserManagementSettings, type UserManagementSettings } from '../../settings.ts';
import { createKycNotifier, USER_MANAGEMENT_CUSTOMER_TOPIC } from './kyc-notifier.ts';
import { kycOperatorRoutes } from './kyc-operator.routes.ts';
import { createKycRetentionWorker } from './kyc-retention.ts';
import { kycRoutes } from './kyc.routes.ts';
import { createKycService, type KycService } from './kyc.service.ts';
import { kycStaffRoutes } from './kyc-staff.routes.ts';

/** What a test may set on a context before the routes are mounted (buildServiceTestApp's beforeMount). */
export interface KycTestOptions {
  readonly now?: () => Date;
  readonly store?: ObjectStore;
  readonly settings?: Partial<UserManagementSettings>;
  /** Receives the service once built (to drive the retention worker with the test's clock). */
  readonly onBuilt?: (kyc: KycService) => void;
}

const testOptions = new WeakMap<ServiceContext, KycTestOptions>();

/** Sets a test's clock, store or settings for the KYC module of `context`. */
export function configureKycForTest(context: ServiceContext, options: KycTestOptions): void {
  testOptions.set(context, options);
}

const socketSchema = {
  summary: "The customer's live updates of user management (websocket)",
  description:
    'Send {"type":"auth","accessToken":"…"} first (within 10 s), then receive {"type":"ready","userId"} and ' +
    '{"type":"kyc.updated","status","level"} and {"type":"notification.created","notification"} for this ' +
    'customer only; {"type":"ping"} answers {"type":"pong"}; ' +
    'errors are {"type":"error","code"}. Closed with 4401 when the token is refused or expires.',
  response: { 101: z.null().describe('Switching Protocols: then JSON messages as described') },
};

/** Registers the KYC module on the service's app. */
export async function registerKyc(
  app: FastifyInstance,
  context: ServiceContext,
  customers: UserManagementService,
): Promise<void> {
  const test = testOptions.get(context);
  const settings = { ...loadUserManagementSettings(), ...test?.settings };
  const store = test?.store ?? (await createObjectStore(loadObjectStoreSettings(), context.config.dataDir));
  const now = test?.now ?? (() => new Date());
  const kyc = createKycService({
    db: context.db,
    customers,
    store,
    notify: createKycNotifier(context.events, context.log),
    directory: () => context.clients?.find(IDENTITY_CLIENT),
    retention: {
      approvedDays: settings.documentRetentionDays,
      rejectedDays: settings.rejectedDocumentRetentionDays,
    },
    now,
    log: context.log,
  });
  test?.onBuilt?.(kyc);

  await app.register(websocketSupport);
  await app.register(
    customerSocketRoutes({
      topic: USER_MANAGEMENT_CUSTOMER_TOPIC,
      authTimeoutMs: USER_MANAGEMENT_WS_AUTH_TIMEOUT_MS,
      closeUnauthenticated: USER_MANAGEMENT_WS_CLOSE_UNAUTHENTICATED,
      clientMessageSchema: userManagementClientMessageSchema,
      schema: socketSchema,
    }),
    { context },
  );
  await app.register(kycRoutes, { context, kyc });
  await app.register(kycStaffRoutes, { context, kyc });
  if (settings.testOperatorToken !== undefined) {
    // A route that sets a level without a review has no place on a real bank's server, whatever its config says.
    if (context.config.mode === 'production') {
      throw new ConfigError([
        'KYC_TEST_OPERATOR_TOKEN is for test servers only: a server in production mode does not start with it.',
      ]);
    }
    await app.register(kycOperatorRoutes, { token: settings.testOperatorToken, customers });
  }

  const worker = createKycRetentionWorker({ db: context.db, kyc, now, log: context.log });
  if (test === undefined) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
}
