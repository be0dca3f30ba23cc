/**
 * `GET /portfolio?range=1D|1W|1M|3M|1Y|MAX` (under /api/time-series): the signed-in customer's portfolio value
 * history in their reference currency. The customer comes from the bearer token only: no parameter names another.
 */
import { portfolioHistoryQuerySchema, portfolioHistoryResponseSchema } from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { PortfolioUnavailableError } from '../../errors.ts';
import type { TimeSeriesRuntime } from '../candles/time-series-runtime.ts';

export const portfolioRoutes: ServiceRoutes<{ runtime: TimeSeriesRuntime; context: ServiceContext }> = async (
  app,
  { runtime, context },
) => {
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/portfolio',
    {
      schema: {
        summary: "Gives the signed-in customer's portfolio value history",
        description:
          'Points `{ timeMs, value }` in the reference currency over `range` (default 1M), the value now and ' +
          'its change leaving out deposits, withdrawals and transfers with other customers.',
        querystring: portfolioHistoryQuerySchema,
        response: { 200: portfolioHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      const portfolio = runtime.portfolio;
      if (portfolio === null) {
        throw new PortfolioUnavailableError();
      }
      void reply.header('cache-control', 'private, no-store');
      return portfolio.history(userId, request.query.range);
    },
  );
};
