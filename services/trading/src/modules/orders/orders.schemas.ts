/**
 * The orders routes' own schemas, beside the contract's (placeOrderRequestSchema, orderSchema... in
 * @tessera/contracts).
 */
import { listOrdersQuerySchema } from '@tessera/contracts';
import { z } from 'zod';

/** `/orders/:id`: the order id (any text up to 64; an id that is not a UUID answers as unknown). */
export const orderIdParamsSchema = z.object({ id: z.string().max(64) });

/** The list's cursor is an order id (a UUID): anything else is bad input, not a query the database refuses. */
export const ordersQuerySchema = listOrdersQuerySchema.extend({
  cursor: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
});
export type OrdersQuery = z.output<typeof ordersQuerySchema>;
