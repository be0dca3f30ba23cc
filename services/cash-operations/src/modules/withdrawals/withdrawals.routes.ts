/** POST/GET /withdrawals, GET /withdrawals/{id} (docs/api.md, "Cash operations: rails"): the customer's own. */
import { createWithdrawalRequestSchema, withdrawalListQuerySchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { idempotencyKeyOf } from '../accounts/request-key.ts';
import { railIdParamsSchema } from '../beneficiaries/beneficiaries.schemas.ts';
import type { RailRoutesOptions } from '../rails/rails-routes-options.ts';
import { withdrawalPageSchema, withdrawalSchema } from './withdrawals.schemas.ts';
import { createWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals.service.ts';

export const withdrawalsRoutes: ServiceRoutes<RailRoutesOptions> = async (
  app,
  { context, core, instance },
) => {
  const { rails } = instance;
  requireSignIn(app, context.auth, { reads: true, writes: 'transfer' });
  app.post(
    '/withdrawals',
    {
      schema: {
        summary: 'Withdraws to a beneficiary (SEPA or crypto)',
        description: 'Needs an Idempotency-Key and a recent second factor (CASH_STEP_UP_REQUIRED otherwise).',
        body: createWithdrawalRequestSchema,
        response: { 201: withdrawalSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const options = { principal: principal.userId, required: true };
      return idempotent(core.idempotency, request, reply, options, async () => ({
        statusCode: 201,
        body: await createWithdrawal(rails, principal, idempotencyKeyOf(request), request.body),
      }));
    },
  );
  app.get(
    '/withdrawals',
    {
      schema: {
        summary: "A page of the customer's withdrawals, newest first",
        querystring: withdrawalListQuerySchema,
        response: { 200: withdrawalPageSchema },
      },
    },
    async (request) => listWithdrawals(rails, principalOf(request).userId, request.query),
  );
  app.get(
    '/withdrawals/:id',
    {
      schema: {
        summary: 'Reads a withdrawal',
        params: railIdParamsSchema,
        response: { 200: withdrawalSchema },
      },
    },
    async (request) => getWithdrawal(rails, principalOf(request).userId, request.params.id),
  );
};
