/**
 * Positions as the customer sees them (the contract's `Position`): read for `GET /positions`, and pushed as a
 * `position` message on the customer's trading websocket after each fill that changed one, so the trading page
 * and the home page update without a reload.
 */
import type { Position, ProductId } from '@tessera/contracts';
import { positionView } from '../orders/order-views.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ReferencePrices } from '../orders/reference-prices.ts';
import type { TradingCore } from '../orders/trading-core.ts';

export class PositionsService {
  constructor(
    private readonly core: TradingCore,
    private readonly orders: OrdersService,
    private readonly references: ReferencePrices,
  ) {}

  /**
   * The customer's positions (held ones only when no product is named), valued at the reference price. With a
   * product, its position even when sold to zero (its realised P&L stays).
   */
  async list(userId: string, productId?: string): Promise<Position[]> {
    let select = this.core.db.selectFrom('positions').selectAll().where('user_id', '=', userId);
    if (productId !== undefined) {
      select = select.where('product_id', '=', productId);
    }
    const rows = await select.orderBy('product_id').execute();
    const items: Position[] = [];
    for (const row of rows) {
      if (
        !this.core.specs.isTradable(row.product_id) ||
        (productId === undefined && row.quantity_lots === '0')
      ) {
        continue;
      }
      const spec = this.core.specs.get(row.product_id);
      const reference = await this.references.get(spec);
      items.push(positionView(spec, row, await this.orders.reservedLots(userId, row.product_id), reference));
    }
    return items;
  }

  /** Sends the customer's position in `productId` on their trading websocket (after a fill changed it). */
  async notify(userId: string, productId: ProductId | string): Promise<void> {
    const [position] = await this.list(userId, productId);
    if (position !== undefined) {
      await this.orders.notify(userId, { type: 'position', position });
    }
  }
}
