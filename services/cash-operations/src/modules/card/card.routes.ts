/**
 * Saved cards (GET /cards, DELETE /cards/{id}, POST /cards/{id}/default) and card deposits (POST /card/deposits,
 * GET /card/deposits/{id}) (docs/api.md, "Cash operations: rails"): the customer's own.
 */
import { createCardDepositRequestSchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { idempotencyKeyOf } from '../accounts/request-key.ts';
import { noContentSchema, railIdParamsSchema } from '../beneficiaries/beneficiaries.schemas.ts';
import type { RailRoutesOptions } from '../rails/rails-routes-options.ts';
import { cardDepositSchema, savedCardListSchema, savedCardSchema } from './card.schemas.ts';
import {
  createCardDeposit,
  getCardDeposit,
  listSavedCards,
  removeSavedCard,
  setDefaultCard,
} from './card.service.ts';

/** GET /cards, DELETE /cards/{id}, POST /cards/{id}/default. */
export const savedCardsRoutes: ServiceRoutes<RailRoutesOptions> = async (app, { context, instance }) => {
  const { rails } = instance;
  requireSignIn(app, context.auth);
  app.get(
    '/cards',
    { schema: { summary: "Lists the customer's saved cards", response: { 200: savedCardListSchema } } },
    async (request) => ({ items: await listSavedCards(rails, principalOf(request).userId) }),
  );
  app.delete(
    '/cards/:id',
    {
      schema: {
        summary: 'Forgets a saved card',
        params: railIdParamsSchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await removeSavedCard(rails, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null); // a 204 sends no body whatever the payload
    },
  );
  app.post(
    '/cards/:id/default',
    {
      schema: {
        summary: 'Makes a saved card the default one',
        params: railIdParamsSchema,
        response: { 200: savedCardSchema },
      },
    },
    async (request) => setDefaultCard(rails, principalOf(request).userId, request.params.id),
  );
};

/** POST /card/deposits, GET /card/deposits/{id}. */
export const cardDepositsRoutes: ServiceRoutes<RailRoutesOptions> = async (
  app,
  { context, core, instance },
) => {
  const { rails, card } = instance;
  requireSignIn(app, context.auth);
  app.post(
    '/card/deposits',
    {
      schema: {
        summary: 'Deposits by card (a token or a saved card)',
        description:
          'Needs an Idempotency-Key. 201 when posted or declined at once, 202 when 3-D Secure is required ' +
          '(follow actionUrl).',
        body: createCardDepositRequestSchema,
        response: { 201: cardDepositSchema, 202: cardDepositSchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      return idempotent(core.idempotency, request, reply, { principal: userId, required: true }, async () => {
        const key = idempotencyKeyOf(request);
        const { statusCode, deposit } = await createCardDeposit(rails, card, userId, key, request.body);
        return { statusCode, body: deposit };
      });
    },
  );
  app.get(
    '/card/deposits/:id',
    {
      schema: {
        summary: 'Reads a card deposit',
        params: railIdParamsSchema,
        response: { 200: cardDepositSchema },
      },
    },
    async (request) => getCardDeposit(rails, card, principalOf(request).userId, request.params.id),
  );
};
