/**
 * HTTP under /api/user-management (docs/api.md, "User management"): the signed-in customer's own profile. A
 * customer only ever reads and changes their own row: the id comes from the token, never from the request. No
 * route lets a customer set their own KYC level: a reviewer's decision does (modules/kyc).
 */
import {
  type CustomerProfile,
  type CustomerProfileResponse,
  customerProfileResponseSchema,
  KYC_POLICY,
  tradingPreferencesSchema,
  updateCustomerProfileSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import type { UserManagementService } from './customers.service.ts';

export type CustomerRoutesOptions = {
  readonly context: ServiceContext;
  readonly customers: UserManagementService;
};

function toResponse(profile: CustomerProfile): CustomerProfileResponse {
  return {
    ...profile,
    referenceCurrency: profile.referenceCurrency as CustomerProfileResponse['referenceCurrency'],
    limits: KYC_POLICY[profile.kycLevel],
    nextLevel: profile.kycLevel < 3 ? ((profile.kycLevel + 1) as CustomerProfileResponse['kycLevel']) : null,
  };
}

export const customerRoutes: ServiceRoutes<CustomerRoutesOptions> = async (app, { context, customers }) => {
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/me',
    {
      schema: {
        summary: "The signed-in customer's profile and what their KYC level allows",
        response: { 200: customerProfileResponseSchema },
      },
    },
    async (request) => toResponse(await customers.getCustomer(principalOf(request).userId)),
  );
  app.patch(
    '/me',
    {
      schema: {
        summary: "Changes the signed-in customer's reference currency",
        body: updateCustomerProfileSchema,
        response: { 200: customerProfileResponseSchema },
      },
    },
    async (request) =>
      toResponse(
        await customers.setReferenceCurrency(principalOf(request).userId, request.body.referenceCurrency),
      ),
  );
  app.get(
    '/me/trading-preferences',
    {
      schema: {
        summary: "The signed-in customer's trading preferences (the defaults until they save a set)",
        response: { 200: tradingPreferencesSchema },
      },
    },
    async (request) => customers.getTradingPreferences(principalOf(request).userId),
  );
  app.put(
    '/me/trading-preferences',
    {
      schema: {
        summary: "Saves the signed-in customer's whole set of trading preferences",
        body: tradingPreferencesSchema,
        response: { 200: tradingPreferencesSchema },
      },
    },
    async (request) => customers.saveTradingPreferences(principalOf(request).userId, request.body),
  );
};
