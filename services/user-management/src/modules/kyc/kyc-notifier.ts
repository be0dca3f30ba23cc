/**
 * Live updates to customers about their verification (docs/api.md, "User management", websocket): every status
 * change publishes `kyc.updated` on the event bus, and the platform's customer socket (/api/user-management/ws)
 * hands it to that customer's sockets only. The web app then refetches /me and the limits: they rise without a
 * reload when a reviewer approves.
 */
import type { KycServerMessage } from '@tessera/contracts';
import type { CustomerSocketEvent, EventBus } from '@tessera/platform';

/** The bus topic of user-management's customer messages. */
export const USER_MANAGEMENT_CUSTOMER_TOPIC = 'user-management.customer-message';

/** Tells a customer's open sockets; never throws and never waits (the data itself is read over HTTP). */
export type KycNotifier = (userId: string, message: KycServerMessage) => void;

export function createKycNotifier(
  events: EventBus,
  log?: { warn(object: unknown, message: string): void },
): KycNotifier {
  return (userId, message) => {
    const event: CustomerSocketEvent<KycServerMessage> = { userId, message };
    events.publish(USER_MANAGEMENT_CUSTOMER_TOPIC, event).catch((error: unknown) => {
      log?.warn({ err: error, userId }, 'live KYC update not published');
    });
  };
}
