/**
 * POST /transfers (between the customer's own wallets, a conversion with a quote) and POST /transfers/customer (to
 * another customer by e-mail) (docs/api.md, "Cash operations"). Both need an Idempotency-Key.
 */
import { customerTransferRequestSchema, ownTransferRequestSchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { idempotencyKeyOf } from '../accounts/request-key.ts';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { cashTransferSchema } from './transfers.schemas.ts';
import { transferBetweenOwnWallets, transferToCustomer } from './transfers.service.ts';

export const transfersRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'transfer', apiKeys: true });
  app.post(
    '/transfers',
    {
      schema: {
        summary: 'Moves money between two of the customer’s wallets',
        description: 'Needs an Idempotency-Key. Across assets, needs a quote (POST /fx/quotes).',
        body: ownTransferRequestSchema,
        response: { 201: cashTransferSchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      return idempotent(
        core.idempotency,
        request,
        reply,
        { principal: userId, required: true },
        async () => ({
          statusCode: 201,
          body: await transferBetweenOwnWallets(core, userId, idempotencyKeyOf(request), request.body),
        }),
      );
    },
  );
  app.post(
    '/transfers/customer',
    {
      schema: {
        summary: 'Sends money to another customer by e-mail',
        description: 'Needs an Idempotency-Key and a recent second factor (CASH_STEP_UP_REQUIRED otherwise).',
        body: customerTransferRequestSchema,
        response: { 201: cashTransferSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const options = { principal: principal.userId, required: true };
      return idempotent(core.idempotency, request, reply, options, async () => ({
        statusCode: 201,
        body: await transferToCustomer(core, principal, idempotencyKeyOf(request), request.body),
      }));
    },
  );
};
