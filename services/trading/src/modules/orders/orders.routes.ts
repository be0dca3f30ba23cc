/**
 * The orders routes under /api/trading (docs/api.md, "Trading"): place, preview, list, read, cancel and replace.
 * Every route needs a customer's bearer token and works on that customer's own orders only: another customer's
 * order id answers exactly like an unknown one (404).
 */
import {
  orderPreviewSchema,
  orderSchema,
  ordersPageSchema,
  placeOrderRequestSchema,
  previewOrderRequestSchema,
  replaceOrderRequestSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';
import { previewOf } from './order-preview.ts';
import { orderIdParamsSchema, ordersQuerySchema } from './orders.schemas.ts';
import { checkOrder } from './pre-trade.ts';

const placeOrderSchema = {
  summary: 'Places an order',
  description:
    'Runs the pre-trade checks, holds the cash (buy) or units (sell) in the ledger, then hands the order to ' +
    'the venue. Idempotent by `clientOrderId`: the same body again answers the first order (200 instead of ' +
    '201); another body with the same id is TRADING_CLIENT_ORDER_ID_REUSED.',
  body: placeOrderRequestSchema,
  response: { 200: orderSchema, 201: orderSchema },
};

const previewOrderSchema = {
  summary: 'Previews what an order would cost',
  description: 'Runs every pre-trade check of the order and answers its estimates; reserves nothing.',
  body: previewOrderRequestSchema,
  response: { 200: orderPreviewSchema },
};

const listOrdersSchema = {
  summary: "Lists the customer's orders",
  description: 'Newest first, by status (open, closed, all) and product; `cursor` is the last order id seen.',
  querystring: ordersQuerySchema,
  response: { 200: ordersPageSchema },
};

const readOrderSchema = {
  summary: 'Reads one of the customer’s orders, with its fills',
  params: orderIdParamsSchema,
  response: { 200: orderSchema },
};

const cancelOrderSchema = {
  summary: 'Cancels an open order',
  description: 'Its hold is released; an order no longer open is TRADING_ORDER_NOT_OPEN.',
  params: orderIdParamsSchema,
  response: { 200: orderSchema },
};

const replaceOrderSchema = {
  summary: 'Replaces a working limit order’s price and/or quantity',
  description:
    'The hold follows the new terms (refused as a whole when the wallet cannot hold them). A same-price ' +
    'decrease keeps the order’s place in the book; anything else re-enters at the back.',
  params: orderIdParamsSchema,
  body: replaceOrderRequestSchema,
  response: { 200: orderSchema },
};

export const ordersRoutes: ServiceRoutes<{ context: ServiceContext; runtime: TradingRuntime }> = async (
  app,
  { context, runtime },
) => {
  requireSignIn(app, context.auth, { reads: true, writes: 'trade', apiKeys: true });
  const { orders } = runtime;

  app.post('/orders', { schema: placeOrderSchema }, async (request, reply) => {
    const { order, created } = await orders.place(principalOf(request).userId, request.body);
    return reply.status(created ? 201 : 200).send(order);
  });

  app.post('/orders/preview', { schema: previewOrderSchema }, async (request) => {
    const checked = await checkOrder(
      runtime.core,
      runtime.references,
      principalOf(request).userId,
      request.body,
    );
    return previewOf(checked, request.body);
  });

  app.get('/orders', { schema: listOrdersSchema }, async (request) =>
    orders.list(principalOf(request).userId, request.query),
  );

  app.get('/orders/:id', { schema: readOrderSchema }, async (request) =>
    orders.view(await orders.ownedOrder(principalOf(request).userId, request.params.id)),
  );

  app.post('/orders/:id/cancel', { schema: cancelOrderSchema }, async (request) =>
    orders.cancel(principalOf(request).userId, request.params.id),
  );

  app.post('/orders/:id/replace', { schema: replaceOrderSchema }, async (request) =>
    orders.replace(principalOf(request).userId, request.params.id, request.body),
  );
};
