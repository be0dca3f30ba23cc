/**
 * Price alerts: notify once when the reference price reaches a level (at or above, at or below). Active alerts
 * are kept in memory by product (loaded at start, changed with every create and cancel), so a reference tick costs
 * no query; a triggered alert is marked in the database first (`where status = 'active'`), so it notifies once
 * even with several processes.
 */
import {
  type CreatePriceAlertRequest,
  type PriceAlert,
  type ProductId,
  TRADING_ALERTS_MAX,
  TRADING_TOPICS,
  uuidv7,
} from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import { AlertLimitError, AlertNotFoundError } from '../../trading.errors.ts';
import type { PriceAlertRow, TradingDatabase } from '../orders/orders.tables.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { TradingCore } from '../orders/trading-core.ts';
import { tradableSpec } from '../orders/pre-trade.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    productId: row.product_id as ProductId,
    condition: row.condition,
    price: row.price,
    status: row.status,
    triggeredPrice: row.triggered_price,
    triggeredAt: row.triggered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export class AlertsService {
  private readonly active = new Map<string, Map<string, PriceAlertRow>>();

  constructor(
    private readonly core: TradingCore,
    private readonly orders: OrdersService,
  ) {}

  private get db(): TradingDatabase {
    return this.core.db;
  }

  async load(): Promise<void> {
    const rows = await this.db
      .selectFrom('price_alerts')
      .selectAll()
      .where('status', '=', 'active')
      .execute();
    for (const row of rows) {
      this.remember(row);
    }
  }

  private remember(row: PriceAlertRow): void {
    const byId = this.active.get(row.product_id) ?? new Map<string, PriceAlertRow>();
    byId.set(row.id, row);
    this.active.set(row.product_id, byId);
  }

  async list(userId: string): Promise<PriceAlert[]> {
    const rows = await this.db
      .selectFrom('price_alerts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(view);
  }

  async create(userId: string, request: CreatePriceAlertRequest): Promise<PriceAlert> {
    await tradableSpec(this.core, request.productId);
    const count = await this.db
      .selectFrom('price_alerts')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= TRADING_ALERTS_MAX) {
      throw new AlertLimitError(undefined, { alertsMax: TRADING_ALERTS_MAX });
    }
    const row = await this.db
      .insertInto('price_alerts')
      .values({
        id: uuidv7(),
        user_id: userId,
        product_id: request.productId,
        condition: request.condition,
        price: Decimal.from(request.price).toString(),
        status: 'active',
        triggered_price: null,
        triggered_at: null,
        created_at: this.core.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.remember(row);
    return view(row);
  }

  /** Cancels an active alert (deleting a triggered one's record is not offered: it is history). */
  async cancel(userId: string, id: string): Promise<PriceAlert> {
    if (!UUID.test(id)) {
      throw new AlertNotFoundError();
    }
    const row = await this.db
      .updateTable('price_alerts')
      .set({ status: 'cancelled' })
      .where('id', '=', id.toLowerCase())
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) {
      const exists = await this.db
        .selectFrom('price_alerts')
        .selectAll()
        .where('id', '=', id.toLowerCase())
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (exists === undefined) {
        throw new AlertNotFoundError();
      }
      return view(exists);
    }
    this.active.get(row.product_id)?.delete(row.id);
    return view(row);
  }

  /** Checks the product's active alerts against a new reference price; notifies each reached one once. */
  async onReference(productId: string, price: Decimal): Promise<void> {
    const alerts = this.active.get(productId);
    if (alerts === undefined || alerts.size === 0) {
      return;
    }
    for (const alert of [...alerts.values()]) {
      const level = Decimal.from(alert.price);
      const reached = alert.condition === 'above' ? price.compare(level) >= 0 : price.compare(level) <= 0;
      if (!reached) {
        continue;
      }
      alerts.delete(alert.id);
      const row = await this.db
        .updateTable('price_alerts')
        .set({ status: 'triggered', triggered_price: price.toString(), triggered_at: this.core.now() })
        .where('id', '=', alert.id)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) {
        continue;
      }
      const triggered = view(row);
      await this.orders.notify(row.user_id, { type: 'alert', alert: triggered });
      await this.core.events
        .publish(TRADING_TOPICS.alertTriggered, { userId: row.user_id, alert: triggered })
        .catch(() => undefined);
    }
  }
}
