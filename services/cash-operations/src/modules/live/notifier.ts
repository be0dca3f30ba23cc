/**
 * Live updates to customers (docs/api.md, "Cash operations", websocket). Anything in the service that changes a
 * customer's wallets calls `notifyCustomer(userId, message)`; the message goes over the event bus (in-process by
 * default, NATS at scale, so every process's sockets hear it) to the sockets of that customer only.
 */
import type { CashServerMessage } from '@tessera/contracts';
import type { CustomerSocketEvent, EventBus } from '@tessera/platform';

/** The bus topic of customer messages. */
export const CUSTOMER_MESSAGE_TOPIC = 'cash-operations.customer-message';

/** What travels on the bus (what the platform's customer socket fans out). */
export type CustomerMessageEvent = CustomerSocketEvent<CashServerMessage>;

/** Sends live messages to customers. */
export interface CustomerNotifier {
  /**
   * Tells `userId`'s open sockets about a change. Never throws and never waits for delivery: a live update is a
   * hint to refetch, the data itself is always read over HTTP.
   */
  notifyCustomer(userId: string, message: CashServerMessage): void;
  /** Tells the customer that these wallets changed and, when given, that an operation changed status. */
  walletsChanged(
    userId: string,
    walletIds: readonly string[],
    operation?: { id: string; walletId: string; status: 'pending' | 'posted' | 'voided' },
  ): void;
}

/** The notifier over the service's event bus. */
export function createCustomerNotifier(
  events: EventBus,
  log?: { warn(object: unknown, message: string): void },
): CustomerNotifier {
  const notifyCustomer = (userId: string, message: CashServerMessage) => {
    const event: CustomerMessageEvent = { userId, message };
    events.publish(CUSTOMER_MESSAGE_TOPIC, event).catch((error: unknown) => {
      log?.warn({ err: error, userId }, 'live update not published');
    });
  };
  return {
    notifyCustomer,
    walletsChanged(userId, walletIds, operation) {
      for (const walletId of new Set(walletIds)) {
        notifyCustomer(userId, { type: 'wallet.changed', walletId });
      }
      if (operation) {
        notifyCustomer(userId, { type: 'operation.changed', ...operation });
      }
    },
  };
}
