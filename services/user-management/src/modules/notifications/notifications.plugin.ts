/**
 * The notifications module as the service mounts it: the service, the balance rules, the event subscriptions
 * (started when the app is ready, stopped when it closes) and the routes. Live delivery uses the customer socket
 * the KYC module registers (/api/user-management/ws): `notification.created` goes on the same topic.
 */
import { CASH_OPERATIONS_CLIENT, IDENTITY_CLIENT, LEDGER_CLIENT } from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { createBalanceRulesService, type BalanceRulesService } from './balance-rules.ts';
import { type NotificationEventHooks, subscribeNotificationEvents } from './notifications.events.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

export interface NotificationsModule {
  readonly notifications: NotificationsService;
  readonly rules: BalanceRulesService;
}

const built = new WeakMap<ServiceContext, NotificationsModule>();
const clocks = new WeakMap<ServiceContext, () => Date>();

/** A test's clock for the notifications and referrals of `context` (set before the routes are mounted). */
export function setAccountClockForTest(context: ServiceContext, now: () => Date): void {
  clocks.set(context, now);
}

/** The clock of `context`: a test's, else the wall clock. */
export function clockOf(context: ServiceContext): () => Date {
  return clocks.get(context) ?? (() => new Date());
}

/** The module of `context` (built once: the referrals module notifies through it). */
export function notificationsOf(context: ServiceContext): NotificationsModule {
  let module = built.get(context);
  if (!module) {
    const notifications = createNotificationsService({
      db: context.db,
      events: context.events,
      directory: () => context.clients?.find(IDENTITY_CLIENT),
      now: clockOf(context),
      log: context.log,
    });
    const rules = createBalanceRulesService({
      db: context.db,
      ledger: () => context.clients?.find(LEDGER_CLIENT),
      notifications,
      now: clockOf(context),
    });
    module = { notifications, rules };
    built.set(context, module);
  }
  return module;
}

/** Registers the routes and subscribes to the services' events for as long as the app runs. */
export async function registerNotifications(
  app: FastifyInstance,
  context: ServiceContext,
  hooks: NotificationEventHooks = {},
): Promise<void> {
  const { notifications, rules } = notificationsOf(context);
  const unsubscribe = subscribeNotificationEvents({
    events: context.events,
    notifications,
    rules,
    cash: () => context.clients?.find(CASH_OPERATIONS_CLIENT),
    hooks,
    log: context.log,
  });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(notificationRoutes, { context, notifications, rules });
}
