/**
 * The user-management service as the server mounts it: customers' profiles (the KYC level other services ask for
 * through USER_MANAGEMENT_CLIENT, the reference currency, trading preferences) and identity verification (the
 * customer's application, the reviewers' queue and decisions: modules/kyc) under /api/user-management.
 */
import {
  DEMO_USER_IDS,
  IDENTITY_CLIENT,
  type IdentityDirectoryApi,
  USER_MANAGEMENT_CLIENT,
} from '@tessera/contracts';
import { defineService, type ServiceContext } from '@tessera/platform';
import { createCustomers } from '../migrations/0001-customers.ts';
import { createTradingPreferences } from '../migrations/0002-trading-preferences.ts';
import { createKyc } from '../migrations/0003-kyc.ts';
import { createDelegates } from '../migrations/0006-delegates.ts';
import { createApiKeys } from '../migrations/0007-api-keys.ts';
import { createProfile } from '../migrations/0004-profile.ts';
import { createLegalAcceptances } from '../migrations/0005-legal-acceptances.ts';
import { createNotifications } from '../migrations/0008-notifications.ts';
import { createReferrals } from '../migrations/0009-referrals.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import {
  createUserManagementApi,
  type UserManagementService,
} from './modules/customers/customers.service.ts';
import { registerKyc } from './modules/kyc/kyc.plugin.ts';
import { createAccessApi, registerAccess, seedAccess } from './modules/access.ts';
import { registerProfile } from './modules/profile/profile.plugin.ts';
import { closeRoutes } from './modules/close/close.routes.ts';
import { registerNotifications } from './modules/notifications/notifications.plugin.ts';
import { referralsOf, registerReferrals } from './modules/referrals/referrals.plugin.ts';
import { createLegalService } from './modules/legal/legal.service.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';

/** The identity directory when the identity service is mounted in this process. */
function directoryOf(context: ServiceContext): () => IdentityDirectoryApi | undefined {
  return () => context.clients?.find(IDENTITY_CLIENT);
}

function customersOf(context: ServiceContext): UserManagementService {
  const offered = context.clients?.find(USER_MANAGEMENT_CLIENT);
  if (offered) {
    return offered as UserManagementService;
  }
  // Mounted without the server's clients: build our own.
  return createUserManagementApi(context.db, { directory: directoryOf(context) });
}

export const userManagementService = defineService({
  name: 'user-management',
  schema: 'user_management',
  prefix: '/api/user-management',
  migrations: {
    '0001-customers': createCustomers,
    '0002-trading-preferences': createTradingPreferences,
    '0003-kyc': createKyc,
    '0006-delegates': createDelegates,
    '0007-api-keys': createApiKeys,
    '0004-profile': createProfile,
    '0005-legal-acceptances': createLegalAcceptances,
    '0008-notifications': createNotifications,
    '0009-referrals': createReferrals,
  },
  // One client for both keys: USER_MANAGEMENT_CLIENT (profiles) and ACCESS_CLIENT (delegates, API keys).
  createClient: async (context) =>
    Object.assign(
      createUserManagementApi(context.db, { directory: directoryOf(context) }),
      createAccessApi(context),
      {
        legalDocumentsToAccept: (userId: string) => createLegalService(context.db).toAccept(userId),
      },
    ),
  offersAccessResolver: true,
  async plugin(app, { context }) {
    const customers = customersOf(context);
    await app.register(customerRoutes, { context, customers });
    await registerKyc(app, context, customers);
    await registerAccess(app, context);
    const profile = await registerProfile(app, context);
    await app.register(closeRoutes, { context, profile });
    const referrals = referralsOf(context);
    await registerNotifications(app, context, {
      depositSettled: (userId) => referrals.depositSettled(userId),
      identityVerified: (userId, level) => referrals.identityVerified(userId, level),
    });
    await registerReferrals(app, context);
    await app.register(legalRoutes, { context, legal: createLegalService(context.db) });
  },
  /** The demo customers' levels (PRODUCT.md "Demo data"): in demo mode only. */
  async seed(context) {
    if (context.config.mode !== 'demo') {
      return;
    }
    const customers = customersOf(context);
    const levels = [
      [DEMO_USER_IDS.verifiedCustomer, 2, 'approved'],
      [DEMO_USER_IDS.freshCustomer, 1, 'not_started'],
      [DEMO_USER_IDS.delegate, 1, 'not_started'],
    ] as const;
    for (const [userId, level, status] of levels) {
      const current = await customers.getCustomer(userId);
      if (current.kycLevel < level) {
        await customers.grantKycLevel(userId, level, status, 'seed');
      }
    }
    await seedAccess(context);
    // The demo customers have accepted the current legal documents (modules/legal).
    const legal = createLegalService(context.db);
    for (const userId of [
      DEMO_USER_IDS.verifiedCustomer,
      DEMO_USER_IDS.freshCustomer,
      DEMO_USER_IDS.delegate,
    ]) {
      await legal.acceptCurrent(userId, 'seed');
    }
  },
});
