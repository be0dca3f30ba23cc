/**
 * HTTP under /api/user-management (docs/api.md, "User management"): the signed-in customer's own profile. A
 * customer only ever reads and changes their own row: the id comes from the token, never from the request.
 */
import {
  type CustomerProfile,
  type CustomerProfileResponse,
  devKycLevelSchema,
  KYC_POLICY,
  tradingPreferencesSchema,
  updateCustomerProfileSchema,
} from '@tessera/contracts';
import { authenticate, parseOrThrow, type ServicePluginOptions } from '@tessera/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { UserManagementService } from './customers.service.ts';

export interface CustomerRoutesOptions extends ServicePluginOptions {
  readonly customers: UserManagementService;
}

function toResponse(profile: CustomerProfile): CustomerProfileResponse {
  return {
    ...profile,
    referenceCurrency: profile.referenceCurrency as CustomerProfileResponse['referenceCurrency'],
    limits: KYC_POLICY[profile.kycLevel],
    nextLevel: profile.kycLevel < 3 ? ((profile.kycLevel + 1) as CustomerProfileResponse['kycLevel']) : null,
  };
}

export const customerRoutes: FastifyPluginAsync<CustomerRoutesOptions> = async (
  app,
  { context, customers },
) => {
  app.get('/me', async (request) => {
    const principal = await authenticate(request, context.auth);
    return toResponse(await customers.getCustomer(principal.userId));
  });

  app.patch('/me', async (request) => {
    const principal = await authenticate(request, context.auth);
    const body = parseOrThrow(updateCustomerProfileSchema, request.body);
    return toResponse(await customers.setReferenceCurrency(principal.userId, body.referenceCurrency));
  });

  app.get('/me/trading-preferences', async (request) => {
    const principal = await authenticate(request, context.auth);
    return customers.getTradingPreferences(principal.userId);
  });

  app.put('/me/trading-preferences', async (request) => {
    const principal = await authenticate(request, context.auth);
    const body = parseOrThrow(tradingPreferencesSchema, request.body);
    return customers.saveTradingPreferences(principal.userId, body);
  });

  // A demo shortcut until the KYC flow exists: the signed-in customer sets their own level. Mounted in demo mode
  // only (docs/api.md), like the payment simulators' dev actions, and, being under /dev/, answered to loopback
  // callers only by the platform's demo-route guard.
  if (context.config.mode === 'demo') {
    app.post('/dev/kyc-level', async (request) => {
      const principal = await authenticate(request, context.auth);
      const body = parseOrThrow(devKycLevelSchema, request.body);
      const status = body.level >= 2 ? 'approved' : 'not_started';
      return toResponse(
        await customers.grantKycLevel(principal.userId, body.level, status, `dev:${principal.userId}`),
      );
    });
  }
};
