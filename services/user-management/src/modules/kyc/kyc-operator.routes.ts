/**
 * POST /api/user-management/operator/kyc-level: sets a customer's KYC level without a review, for test servers
 * only (the browser journeys give their fresh customers level 2 this way: docs/operations.md). The route exists
 * only when KYC_TEST_OPERATOR_TOKEN is configured (the journeys' server config sets it; the demo and production
 * configurations never do), and answers only a request carrying that token in `x-operator-token`, compared in
 * constant time. A customer's own access token gives nothing here: customers cannot set their own level.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { kycLevelSchema } from '@tessera/contracts';
import { ForbiddenError, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { UserManagementService } from '../customers/customers.service.ts';

export type KycOperatorRoutesOptions = {
  readonly token: string;
  readonly customers: UserManagementService;
};

export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

const bodySchema = z
  .object({
    userId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: 'must be a user id',
    }),
    level: kycLevelSchema,
  })
  .strict();

const digest = (value: string) => createHash('sha256').update(value).digest();

export const kycOperatorRoutes: ServiceRoutes<KycOperatorRoutesOptions> = async (
  app,
  { token, customers },
) => {
  const expected = digest(token);
  app.addHook('onRequest', async (request) => {
    const given = request.headers[OPERATOR_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new ForbiddenError();
    }
  });
  app.post(
    '/operator/kyc-level',
    {
      schema: {
        summary: "Test servers only: sets a customer's KYC level without a review (x-operator-token)",
        description: 'Exists only when KYC_TEST_OPERATOR_TOKEN is configured; FORBIDDEN without the token.',
        body: bodySchema,
        response: {
          200: z.object({ userId: z.string(), kycLevel: kycLevelSchema, kycStatus: z.string() }),
        },
      },
    },
    async (request) => {
      const { userId, level } = request.body;
      const profile = await customers.grantKycLevel(
        userId,
        level,
        level >= 2 ? 'approved' : 'not_started',
        'operator:test',
      );
      return { userId, kycLevel: profile.kycLevel, kycStatus: profile.kycStatus };
    },
  );
};
