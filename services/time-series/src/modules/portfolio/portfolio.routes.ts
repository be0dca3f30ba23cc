/**
 * `GET /portfolio?range=1D|1W|1M|3M|1Y|MAX` (under /api/time-series): the signed-in customer's portfolio value
 * history in their reference currency. The customer comes from the bearer token only: no parameter names another.
 */
import type { FastifyInstance } from 'fastify';
import { type PortfolioHistoryResponse, portfolioHistoryQuerySchema } from '@tessera/contracts';
import { authenticate, parseOrThrow, type ServiceContext } from '@tessera/platform';
import { PortfolioUnavailableError } from '../../errors.ts';
import type { TimeSeriesRuntime } from '../candles/time-series-runtime.ts';

export async function portfolioRoutes(
  app: FastifyInstance,
  { runtime, context }: { runtime: TimeSeriesRuntime; context: ServiceContext },
) {
  app.get('/portfolio', async (request, reply): Promise<PortfolioHistoryResponse> => {
    const { userId } = await authenticate(request, context.auth);
    const query = parseOrThrow(portfolioHistoryQuerySchema, request.query);
    const portfolio = runtime.portfolio;
    if (portfolio === null) {
      throw new PortfolioUnavailableError();
    }
    void reply.header('cache-control', 'private, no-store');
    return portfolio.history(userId, query.range);
  });
}
