/**
 * What the order lifecycle tells others: the customer's trading websocket (through the bus), the `trading.order`
 * topic, the customer's live wallet views (through cash operations) and, through the runtime, their positions.
 * Every publication is logged when it fails, never thrown into a path whose ledger writes already committed.
 */
import { TRADING_TOPICS, type TradingServerMessage } from '@tessera/contracts';
import type { CustomerSocketEvent } from '@tessera/platform';
import type { OrderStore } from './order-store.ts';
import type { OrderState } from './orders.tables.ts';
import { publishOrLog, type TradingCore } from './trading-core.ts';

/** The bus topic the trading websocket listens to: one customer's message. */
export const TRADING_CUSTOMER_TOPIC = 'trading.customer';
/** Its payload (what the platform's customer socket fans out). */
export type TradingCustomerEvent = CustomerSocketEvent<TradingServerMessage>;

/** Called after a fill changed the customer's position (the runtime sends the `position` message). */
export type PositionChangedListener = (userId: string, productId: string) => Promise<void>;

/** The lifecycle's notifications. */
export class OrderNotifications {
  /** Set by the runtime once the positions service exists. */
  onPositionChanged: PositionChangedListener | null = null;

  constructor(
    private readonly core: TradingCore,
    private readonly store: OrderStore,
  ) {}

  /** Sends the order as it stands now to its customer and to `trading.order`. */
  async notifyOrder(order: OrderState): Promise<void> {
    const view = await this.store.view(order);
    await this.notify(order.userId, { type: 'order', order: view });
    await publishOrLog(this.core, TRADING_TOPICS.order, { userId: order.userId, order: view });
  }

  /** One message to one customer's trading websocket. */
  async notify(userId: string, message: TradingServerMessage): Promise<void> {
    const event: TradingCustomerEvent = { userId, message };
    await publishOrLog(this.core, TRADING_CUSTOMER_TOPIC, event);
  }

  /** Tells the customer's live wallet views that the wallet moved (cash operations pushes `wallet.changed`). */
  async walletChanged(userId: string, currency: string): Promise<void> {
    try {
      const wallet = await this.core.cash.currentWallet(userId, currency);
      if (wallet !== null) {
        await this.core.cash.notifyWalletChanged(userId, wallet.walletId);
      }
    } catch (error) {
      this.core.log.warn({ err: error, userId }, 'could not notify a wallet change');
    }
  }

  /** Tells the runtime a fill changed the customer's position in `productId`. */
  async positionChanged(userId: string, productId: string): Promise<void> {
    await this.onPositionChanged?.(userId, productId);
  }
}
