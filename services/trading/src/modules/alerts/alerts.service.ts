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
  TRADING_ALERT_BAND_FACTOR,
  TRADING_ALERTS_KEPT_MAX,
  TRADING_ALERTS_MAX,
  TRADING_TOPICS,
  uuidv7,
} from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import {
  AlertLimitError,
  AlertNotFoundError,
  AlertPriceOutOfBandError,
  NoReferencePriceError,
  PriceNotOnTickError,
  PriceOutOfRangeError,
} from '../../errors.ts';
import { type InstrumentSpec, priceToTicks } from '../instruments/instrument-spec.ts';
import type { PriceAlertRow, TradingDatabase } from '../orders/orders.tables.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { publishOrLog, type TradingCore } from '../orders/trading-core.ts';
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
      .limit(TRADING_ALERTS_KEPT_MAX)
      .execute();
    return rows.map(view);
  }

  /**
   * The level must be a price the instrument can show (on its tick) and within TRADING_ALERT_BAND_FACTOR of the
   * last reference price, both ways: a level a thousand times away is a typing mistake, and an alert that can
   * never trigger only fills the customer's list.
   */
  private async checkLevel(spec: InstrumentSpec, text: string): Promise<Decimal> {
    const price = Decimal.from(text);
    const ticks = priceToTicks(spec, price);
    if (ticks === 'off_grid') {
      throw new PriceNotOnTickError(undefined, { field: 'price', tickSize: spec.info.tickSize });
    }
    if (ticks === 'out_of_range') {
      throw new PriceOutOfRangeError(undefined, { field: 'price' });
    }
    const reference = await this.orders.currentReference(spec);
    if (reference === null) {
      throw new NoReferencePriceError(undefined, { productId: spec.productId });
    }
    const factor = Decimal.from(String(TRADING_ALERT_BAND_FACTOR));
    // price × factor < reference, or price > reference × factor (exact decimal products, no division).
    if (price.mul(factor).compare(reference) < 0 || price.compare(reference.mul(factor)) > 0) {
      throw new AlertPriceOutOfBandError(undefined, {
        referencePrice: reference.toString(),
        bandFactor: TRADING_ALERT_BAND_FACTOR,
      });
    }
    return price;
  }

  /**
   * Forgets the customer's oldest finished alerts beyond what the list keeps, so active and finished together
   * stay within TRADING_ALERTS_KEPT_MAX (the active ones are at most TRADING_ALERTS_MAX and never forgotten).
   */
  private async forgetOldest(userId: string): Promise<void> {
    const stale = await this.db
      .selectFrom('price_alerts')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '!=', 'active')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(TRADING_ALERTS_KEPT_MAX)
      .offset(TRADING_ALERTS_KEPT_MAX - TRADING_ALERTS_MAX)
      .execute();
    if (stale.length > 0) {
      await this.db
        .deleteFrom('price_alerts')
        .where(
          'id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
    }
  }

  async create(userId: string, request: CreatePriceAlertRequest): Promise<PriceAlert> {
    const spec = await tradableSpec(this.core, request.productId);
    const price = await this.checkLevel(spec, request.price);
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
        price: price.toString(),
        status: 'active',
        triggered_price: null,
        triggered_at: null,
        created_at: this.core.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.remember(row);
    await this.forgetOldest(userId);
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
      await publishOrLog(this.core, TRADING_TOPICS.alertTriggered, { userId: row.user_id, alert: triggered });
    }
  }
}
