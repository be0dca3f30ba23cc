/**
 * HTTP under /api/trading (docs/api.md, "Trading"). Every route needs a customer's bearer token and works on that
 * customer's own data only: another customer's order, position, watchlist or alert id answers exactly like an
 * unknown one (404).
 */
import {
  createPriceAlertRequestSchema,
  createWatchlistRequestSchema,
  listOrdersQuerySchema,
  type OrderPreview,
  placeOrderRequestSchema,
  previewOrderRequestSchema,
  productIdSchema,
  replaceOrderRequestSchema,
  updateWatchlistRequestSchema,
} from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import { authenticate, parseOrThrow, type ServiceContext } from '@tessera/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  formatCurrency,
  grossMinorOf,
  lotsToQuantity,
  ticksToPrice,
} from './modules/instruments/instrument-spec.ts';
import { estimatedFeeMinor, checkOrder } from './modules/orders/pre-trade.ts';
import { orderStateOf } from './modules/orders/orders.tables.ts';
import { OPEN_STATUSES } from './modules/orders/orders.tables.ts';
import {
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  updateWatchlist,
} from './modules/watchlists/watchlists.service.ts';
import type { TradingRuntime } from './trading-runtime.ts';
import { PositionNotFoundError } from './trading.errors.ts';

const idParams = z.object({ id: z.string().max(64) });
/** The list's cursor is an order id (a UUID): anything else is bad input, not a query the database refuses. */
const ordersQuerySchema = listOrdersQuerySchema.extend({
  cursor: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
});
const productParams = z.object({ productId: z.string().max(40) });

export const tradingRoutes: FastifyPluginAsync<{ context: ServiceContext; runtime: TradingRuntime }> = async (
  app,
  { context, runtime },
) => {
  const { orders, alerts, core } = runtime;
  const userOf = async (request: FastifyRequest) => (await authenticate(request, context.auth)).userId;

  app.post('/orders', async (request, reply) => {
    const userId = await userOf(request);
    const body = parseOrThrow(placeOrderRequestSchema, request.body);
    const { order, created } = await orders.place(userId, body);
    return reply.status(created ? 201 : 200).send(order);
  });

  app.post('/orders/preview', async (request): Promise<OrderPreview> => {
    const userId = await userOf(request);
    const body = parseOrThrow(previewOrderRequestSchema, request.body);
    const checked = await checkOrder(core, runtime.references, userId, body);
    const { spec } = checked;
    const estimatedMinor = grossMinorOf(spec, checked.quantityLots * BigInt(checked.estimateTicks));
    const feeMinor = estimatedFeeMinor(spec, body.side, estimatedMinor);
    const buy = body.side === 'buy';
    const unitsOf = (minor: bigint) => Decimal.of(minor, spec.unitsScale).normalize().toString();
    return {
      productId: spec.productId,
      side: body.side,
      type: body.type,
      currency: spec.currency,
      quantity: lotsToQuantity(spec, checked.quantityLots),
      estimatedPrice: ticksToPrice(spec, checked.estimateTicks),
      estimatedAmount: formatCurrency(spec, estimatedMinor),
      estimatedFee: formatCurrency(spec, feeMinor),
      estimatedTotal: formatCurrency(spec, buy ? estimatedMinor + feeMinor : estimatedMinor - feeMinor),
      reserved: buy ? formatCurrency(spec, checked.reservationMinor) : unitsOf(checked.reservationMinor),
      buyingPower: formatCurrency(spec, checked.buyingPowerMinor),
      buyingPowerAfter: formatCurrency(
        spec,
        buy ? checked.buyingPowerMinor - checked.reservationMinor : checked.buyingPowerMinor,
      ),
      position: unitsOf(checked.positionAvailableMinor),
      positionAfter: unitsOf(
        buy ? checked.positionAvailableMinor : checked.positionAvailableMinor - checked.reservationMinor,
      ),
      collarPrice: body.type === 'market' ? ticksToPrice(spec, checked.maxPriceTicks) : null,
      marketOpen: checked.marketOpen,
    };
  });

  app.get('/orders', async (request) => {
    const userId = await userOf(request);
    const query = parseOrThrow(ordersQuerySchema, request.query);
    let select = core.db.selectFrom('orders').selectAll().where('user_id', '=', userId);
    if (query.status === 'open') {
      select = select.where('status', 'in', [...OPEN_STATUSES]);
    } else if (query.status === 'closed') {
      select = select.where('status', 'not in', [...OPEN_STATUSES]);
    }
    if (query.productId !== undefined) {
      select = select.where('product_id', '=', query.productId);
    }
    if (query.cursor !== undefined) {
      select = select.where('id', '<', query.cursor);
    }
    const rows = await select
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    return {
      items: await Promise.all(page.map((row) => orders.view(orderStateOf(row)))),
      nextCursor: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  });

  app.get('/orders/:id', async (request) => {
    const userId = await userOf(request);
    const { id } = parseOrThrow(idParams, request.params);
    return orders.view(await orders.ownedOrder(userId, id));
  });

  app.post('/orders/:id/cancel', async (request) => {
    const userId = await userOf(request);
    const { id } = parseOrThrow(idParams, request.params);
    return orders.cancel(userId, id);
  });

  app.post('/orders/:id/replace', async (request) => {
    const userId = await userOf(request);
    const { id } = parseOrThrow(idParams, request.params);
    const body = parseOrThrow(replaceOrderRequestSchema, request.body);
    return orders.replace(userId, id, body);
  });

  const positionsOf = (userId: string, productId?: string) => runtime.positions.list(userId, productId);

  app.get('/positions', async (request) => ({ items: await positionsOf(await userOf(request)) }));

  app.get('/positions/:productId', async (request) => {
    const userId = await userOf(request);
    const { productId } = parseOrThrow(productParams, request.params);
    const parsed = productIdSchema.safeParse(productId);
    const [position] = parsed.success ? await positionsOf(userId, parsed.data) : [];
    if (position === undefined) {
      throw new PositionNotFoundError('No position in this product.');
    }
    return position;
  });

  app.get('/watchlists', async (request) => ({
    items: await listWatchlists(core.db, await userOf(request)),
  }));
  app.post('/watchlists', async (request, reply) => {
    const userId = await userOf(request);
    const body = parseOrThrow(createWatchlistRequestSchema, request.body);
    return reply.status(201).send(await createWatchlist(core.db, userId, body, core.now()));
  });
  app.get('/watchlists/:id', async (request) => {
    const userId = await userOf(request);
    return getWatchlist(core.db, userId, parseOrThrow(idParams, request.params).id);
  });
  app.patch('/watchlists/:id', async (request) => {
    const userId = await userOf(request);
    const { id } = parseOrThrow(idParams, request.params);
    const body = parseOrThrow(updateWatchlistRequestSchema, request.body);
    return updateWatchlist(core.db, userId, id, body, core.now());
  });
  app.delete('/watchlists/:id', async (request, reply) => {
    const userId = await userOf(request);
    await deleteWatchlist(core.db, userId, parseOrThrow(idParams, request.params).id);
    return reply.status(204).send();
  });

  app.get('/alerts', async (request) => ({ items: await alerts.list(await userOf(request)) }));
  app.post('/alerts', async (request, reply) => {
    const userId = await userOf(request);
    const body = parseOrThrow(createPriceAlertRequestSchema, request.body);
    return reply.status(201).send(await alerts.create(userId, body));
  });
  app.delete('/alerts/:id', async (request) => {
    const userId = await userOf(request);
    return alerts.cancel(userId, parseOrThrow(idParams, request.params).id);
  });
};
