/**
 * Orders as stored: reading and saving an order's state, the customer's own orders, and the views of the contract.
 */
import { type Order, type OrdersPage, TRADING_OPEN_ORDERS_MAX } from '@tessera/contracts';
import { OpenOrdersLimitError, OrderNotFoundError } from '../../errors.ts';
import { orderView } from './order-views.ts';
import type { OrdersQuery } from './orders.schemas.ts';
import {
  OPEN_STATUSES,
  type OrderState,
  orderStateOf,
  orderUpdateOf,
  type TradingDatabase,
} from './orders.tables.ts';
import type { TradingCore } from './trading-core.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The orders table as the order lifecycle uses it. */
export class OrderStore {
  constructor(private readonly core: TradingCore) {}

  async loadOrder(id: string): Promise<OrderState> {
    const row = await this.core.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return orderStateOf(row);
  }

  /** The order the venue knows by `sequence`, or undefined. */
  async findBySequence(sequence: number): Promise<OrderState | undefined> {
    const row = await this.core.db
      .selectFrom('orders')
      .selectAll()
      .where('sequence', '=', String(sequence))
      .executeTakeFirst();
    return row === undefined ? undefined : orderStateOf(row);
  }

  async findByClientOrderId(userId: string, clientOrderId: string): Promise<OrderState | null> {
    const row = await this.core.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row === undefined ? null : orderStateOf(row);
  }

  /** The SHA-256 of the body the order was placed with (a retry must send the same). */
  async requestHashOf(orderId: string): Promise<string> {
    const row = await this.core.db
      .selectFrom('orders')
      .select('request_hash')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return row.request_hash;
  }

  /** Refuses a new order when the customer has TRADING_OPEN_ORDERS_MAX open orders. */
  async assertBelowOpenOrdersLimit(userId: string): Promise<void> {
    const open = await this.core.db
      .selectFrom('orders')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= TRADING_OPEN_ORDERS_MAX) {
      throw new OpenOrdersLimitError(undefined, { openOrdersMax: TRADING_OPEN_ORDERS_MAX });
    }
  }

  /** The customer's order; another customer's (or an unknown, or malformed) id is TRADING_ORDER_NOT_FOUND. */
  async ownedOrder(userId: string, orderId: string): Promise<OrderState> {
    if (!UUID_PATTERN.test(orderId)) {
      throw new OrderNotFoundError();
    }
    const row = await this.core.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId.toLowerCase())
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) {
      throw new OrderNotFoundError();
    }
    return orderStateOf(row);
  }

  /** Writes the order's mutable state (stamping `updatedAt`), in `db`'s transaction when given one. */
  async save(order: OrderState, db: TradingDatabase = this.core.db): Promise<void> {
    order.updatedAt = this.core.now();
    await db.updateTable('orders').set(orderUpdateOf(order)).where('id', '=', order.id).execute();
  }

  /** The order with its fills, as the contract's `Order`. */
  async view(order: OrderState): Promise<Order> {
    const fills = await this.core.db
      .selectFrom('fills')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return orderView(this.core.specs.get(order.productId), order, fills);
  }

  /** A page of the customer's orders, newest first (`GET /orders`). */
  async list(userId: string, query: OrdersQuery): Promise<OrdersPage> {
    let select = this.core.db.selectFrom('orders').selectAll().where('user_id', '=', userId);
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
      items: await Promise.all(page.map((row) => this.view(orderStateOf(row)))),
      nextCursor: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** Units reserved by the customer's open sell orders of a product, in lots. */
  async reservedLots(userId: string, productId: string): Promise<bigint> {
    const rows = await this.core.db
      .selectFrom('orders')
      .select(['quantity_lots', 'filled_lots'])
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('side', '=', 'sell')
      .where('status', 'in', [...OPEN_STATUSES])
      .execute();
    return rows.reduce((sum, row) => sum + BigInt(row.quantity_lots) - BigInt(row.filled_lots), 0n);
  }
}
