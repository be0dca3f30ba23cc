/**
 * The price alerts routes under /api/trading: the customer's own alerts. Signed in; another customer's alert id
 * answers exactly like an unknown one (404).
 */
import {
  createPriceAlertRequestSchema,
  priceAlertSchema,
  priceAlertsResponseSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';

const alertParamsSchema = z.object({ id: z.string().max(64) });

export const alertsRoutes: ServiceRoutes<{ context: ServiceContext; runtime: TradingRuntime }> = async (
  app,
  { context, runtime },
) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'trade' });
  const { alerts } = runtime;

  app.get(
    '/alerts',
    {
      schema: {
        summary: "Lists the customer's price alerts",
        description: 'Active ones and the most recent finished ones (at most 200 in all).',
        response: { 200: priceAlertsResponseSchema },
      },
    },
    async (request) => ({ items: await alerts.list(principalOf(request).userId) }),
  );

  app.post(
    '/alerts',
    {
      schema: {
        summary: 'Creates a price alert',
        description: 'Notifies once when the reference price crosses the level (above or below).',
        body: createPriceAlertRequestSchema,
        response: { 201: priceAlertSchema },
      },
    },
    async (request, reply) => {
      const alert = await alerts.create(principalOf(request).userId, request.body);
      return reply.status(201).send(alert);
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: {
        summary: 'Cancels a price alert',
        params: alertParamsSchema,
        response: { 200: priceAlertSchema },
      },
    },
    async (request) => alerts.cancel(principalOf(request).userId, request.params.id),
  );
};
