/**
 * The watchlists routes under /api/trading: the customer's own lists of products. Signed in; another customer's
 * watchlist id answers exactly like an unknown one (404).
 */
import {
  createWatchlistRequestSchema,
  updateWatchlistRequestSchema,
  watchlistSchema,
  watchlistsResponseSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';
import {
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  updateWatchlist,
} from './watchlists.service.ts';

const watchlistParamsSchema = z.object({ id: z.string().max(64) });

const deleteWatchlistSchema = {
  summary: 'Deletes a watchlist',
  params: watchlistParamsSchema,
  response: { 204: z.null().describe('Deleted: no body.') },
};

export const watchlistsRoutes: ServiceRoutes<{ context: ServiceContext; runtime: TradingRuntime }> = async (
  app,
  { context, runtime },
) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'trade' });
  const { core } = runtime;

  app.get(
    '/watchlists',
    {
      schema: { summary: "Lists the customer's watchlists", response: { 200: watchlistsResponseSchema } },
    },
    async (request) => ({ items: await listWatchlists(core.db, principalOf(request).userId) }),
  );

  app.post(
    '/watchlists',
    {
      schema: {
        summary: 'Creates a watchlist',
        body: createWatchlistRequestSchema,
        response: { 201: watchlistSchema },
      },
    },
    async (request, reply) => {
      const watchlist = await createWatchlist(core.db, principalOf(request).userId, request.body, core.now());
      return reply.status(201).send(watchlist);
    },
  );

  app.get(
    '/watchlists/:id',
    {
      schema: {
        summary: 'Reads one of the customer’s watchlists',
        params: watchlistParamsSchema,
        response: { 200: watchlistSchema },
      },
    },
    async (request) => getWatchlist(core.db, principalOf(request).userId, request.params.id),
  );

  app.patch(
    '/watchlists/:id',
    {
      schema: {
        summary: 'Renames a watchlist or changes its products',
        params: watchlistParamsSchema,
        body: updateWatchlistRequestSchema,
        response: { 200: watchlistSchema },
      },
    },
    async (request) =>
      updateWatchlist(core.db, principalOf(request).userId, request.params.id, request.body, core.now()),
  );

  app.delete('/watchlists/:id', { schema: deleteWatchlistSchema }, async (request, reply) => {
    await deleteWatchlist(core.db, principalOf(request).userId, request.params.id);
    // A 204 sends no body whatever the payload (Fastify drops it and its content-type).
    return reply.status(204).send(null);
  });
};
