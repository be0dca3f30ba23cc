/**
 * @tessera/service-user-management: customers' profiles, starting with the KYC level that cash operations and
 * trading ask for (USER_MANAGEMENT_CLIENT of @tessera/contracts) and the reference currency. The KYC flow,
 * delegates, referrals, API keys and notifications join it with their issues.
 */
export { userManagementService } from './service.ts';
export {
  createUserManagementApi,
  type UserManagementService,
} from './modules/customers/customers.service.ts';
export { createApiKeysService, type ApiKeysService } from './modules/api-keys/api-keys.service.ts';
export { createDelegatesService, type DelegatesService } from './modules/delegates/delegates.service.ts';
