/** POST /fx/quotes (docs/api.md, "Cash operations"): a conversion quote, valid FX_QUOTE_TTL_SECONDS. */
import { createQuoteRequestSchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { fxQuoteSchema } from './fx.schemas.ts';
import { createQuote } from './fx.service.ts';

export const fxRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'transfer' });
  app.post(
    '/fx/quotes',
    {
      schema: {
        summary: 'Quotes a conversion between two of the customer’s wallets',
        description: 'Takes an optional Idempotency-Key.',
        body: createQuoteRequestSchema,
        response: { 201: fxQuoteSchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
        statusCode: 201,
        body: await createQuote(core, userId, request.body),
      }));
    },
  );
};
