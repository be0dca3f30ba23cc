/**
 * The positions routes under /api/trading: the customer's positions, all or one product's. Signed in; a product
 * the customer holds nothing of answers 404.
 */
import { positionSchema, positionsResponseSchema, productIdSchema } from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { PositionNotFoundError } from '../../errors.ts';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';

/** Any text up to 40: a product id that is not one answers as a position the customer does not hold (404). */
const positionParamsSchema = z.object({ productId: z.string().max(40) });

export const positionsRoutes: ServiceRoutes<{ context: ServiceContext; runtime: TradingRuntime }> = async (
  app,
  { context, runtime },
) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'trade' });

  app.get(
    '/positions',
    {
      schema: {
        summary: "Lists the customer's positions",
        description: 'Quantity, average cost, realised and unrealised P&L per product held.',
        response: { 200: positionsResponseSchema },
      },
    },
    async (request) => ({ items: await runtime.positions.list(principalOf(request).userId) }),
  );

  app.get(
    '/positions/:productId',
    {
      schema: {
        summary: "Reads the customer's position in one product",
        params: positionParamsSchema,
        response: { 200: positionSchema },
      },
    },
    async (request) => {
      const parsed = productIdSchema.safeParse(request.params.productId);
      const [position] = parsed.success
        ? await runtime.positions.list(principalOf(request).userId, parsed.data)
        : [];
      if (position === undefined) {
        throw new PositionNotFoundError('No position in this product.');
      }
      return position;
    },
  );
};
