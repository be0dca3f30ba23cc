/**
 * The customer's notifications (docs/api.md "Notifications"): {@link NotificationsService.notify} is the one way
 * in. It stores the notification once per cause (`sourceKey`: a redelivered event changes nothing), then, per the
 * customer's channels for its type, lists it in the app and pushes `notification.created` to that customer's
 * sockets only, and e-mails it through the identity service's outbox in the customer's language.
 */
import { randomUUID } from 'node:crypto';
import {
  type AccountNotification,
  type AccountNotificationEmail,
  type CustomerEmailNotice,
  DEFAULT_NOTIFICATION_CHANNELS,
  type IdentityDirectoryApi,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPES_WITHOUT_EMAIL_CHOICE,
  type NotificationCreatedMessage,
  type NotificationList,
  type NotificationParams,
  type NotificationPreferences,
  type NotificationType,
} from '@tessera/contracts';
import type { AnyKysely, CustomerSocketEvent, EventBus } from '@tessera/platform';
import { sql } from 'kysely';
import { USER_MANAGEMENT_CUSTOMER_TOPIC } from '../kyc/kyc-notifier.ts';
import { NotificationCursorInvalidError, NotificationNotFoundError } from './notifications.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  params: unknown;
  read_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toNotification(row: NotificationRow): AccountNotification {
  return {
    id: row.id,
    type: row.type,
    params: json<NotificationParams>(row.params),
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
  };
}

/** What a notification e-mails, by type (a balance rule by its direction); none for identity verification. */
function emailOf(type: NotificationType, params: NotificationParams): AccountNotificationEmail | null {
  switch (type) {
    case 'deposit.received':
      return 'notificationDepositReceived';
    case 'deposit.settled':
      return 'notificationDepositSettled';
    case 'withdrawal.sent':
      return 'notificationWithdrawalSent';
    case 'withdrawal.rejected':
      return 'notificationWithdrawalRejected';
    case 'transfer.received':
      return 'notificationTransferReceived';
    case 'order.filled':
      return 'notificationOrderFilled';
    case 'balance.rule':
      return params.direction === 'above' ? 'notificationBalanceAbove' : 'notificationBalanceBelow';
    case 'referral.reward':
      return 'notificationReferralReward';
    case 'plan.skipped':
      return 'notificationPlanSkipped';
    case 'kyc.decision':
      return null;
  }
}

function emailValueOf(type: NotificationType, params: NotificationParams): string {
  if (type === 'order.filled') {
    return params.productId ?? '';
  }
  const amount = type === 'balance.rule' ? params.threshold : params.amount;
  return amount === undefined ? '' : `${amount} ${params.asset ?? ''}`.trim();
}

/** The cursor of a page: the last item's time and id. */
function encodeCursor(row: NotificationRow): string {
  return Buffer.from(`${iso(row.created_at)}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [time, id] = text.split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time) {
    throw new NotificationCursorInvalidError();
  }
  return { createdAt, id };
}

export interface NotificationsDependencies {
  readonly db: AnyKysely;
  readonly events: EventBus;
  readonly directory: () => IdentityDirectoryApi | undefined;
  readonly now: () => Date;
  readonly log: { warn(object: unknown, message: string): void };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: NotificationsDependencies) {
  const { db, events, directory, now, log } = deps;

  async function preferences(userId: string): Promise<NotificationPreferences> {
    const row = await db
      .selectFrom('notification_preferences')
      .select('channels')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const stored = row ? json<Partial<NotificationPreferences['channels']>>(row.channels) : {};
    const channels = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_CHANNELS[type], ...stored[type] }]),
    ) as NotificationPreferences['channels'];
    return { channels };
  }

  function push(userId: string, notification: AccountNotification): void {
    const event: CustomerSocketEvent<NotificationCreatedMessage> = {
      userId,
      message: { type: 'notification.created', notification },
    };
    events.publish(USER_MANAGEMENT_CUSTOMER_TOPIC, event).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'live notification not published');
    });
  }

  return {
    preferences,

    async savePreferences(userId: string, input: NotificationPreferences): Promise<NotificationPreferences> {
      const channels = Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [
          type,
          NOTIFICATION_TYPES_WITHOUT_EMAIL_CHOICE.includes(type)
            ? { inApp: input.channels[type].inApp, email: DEFAULT_NOTIFICATION_CHANNELS[type].email }
            : input.channels[type],
        ]),
      );
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, channels: JSON.stringify(channels), updated_at: now() })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ channels: JSON.stringify(channels), updated_at: now() }),
        )
        .execute();
      return preferences(userId);
    },

    /**
     * Records a notification for `userId` and delivers it per their channels; nothing when `sourceKey` was
     * already notified. Resolves with the stored notification (null when it was a repeat).
     */
    async notify(
      userId: string,
      type: NotificationType,
      params: NotificationParams,
      sourceKey: string | null,
    ): Promise<AccountNotification | null> {
      if (!isUuid(userId)) {
        return null;
      }
      const { channels } = await preferences(userId);
      const choice = channels[type];
      const row = (await db
        .insertInto('notifications')
        .values({
          id: randomUUID(),
          user_id: userId,
          type,
          params: JSON.stringify(params),
          source_key: sourceKey,
          in_app: choice.inApp,
          created_at: now(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'source_key']).doNothing())
        .returningAll()
        .executeTakeFirst()) as NotificationRow | undefined;
      if (!row) {
        return null;
      }
      const notification = toNotification(row);
      if (choice.inApp) {
        push(userId, notification);
      }
      const email = emailOf(type, params);
      if (choice.email && email !== null) {
        const notice: CustomerEmailNotice = email;
        try {
          await directory()?.emailCustomer?.(userId, notice, emailValueOf(type, params));
        } catch (error) {
          log.warn({ err: error, userId, type }, 'notification e-mail not queued');
        }
      }
      return notification;
    },

    async list(userId: string, options: { limit: number; before?: string }): Promise<NotificationList> {
      let query = db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'type', 'params', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('in_app', '=', true);
      if (options.before !== undefined) {
        const cursor = decodeCursor(options.before);
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', cursor.createdAt),
            eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      const rows = (await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit + 1)
        .execute()) as NotificationRow[];
      const page = rows.slice(0, options.limit);
      const unread = await db
        .selectFrom('notifications')
        .select(sql<string>`count(*)`.as('count'))
        .where('user_id', '=', userId)
        .where('in_app', '=', true)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      const last = page.at(-1);
      return {
        items: page.map(toNotification),
        unreadCount: Number(unread.count),
        nextBefore: rows.length > options.limit && last ? encodeCursor(last) : null,
      };
    },

    async markRead(userId: string, id: string): Promise<AccountNotification> {
      if (!isUuid(id)) {
        throw new NotificationNotFoundError();
      }
      await db
        .updateTable('notifications')
        .set({ read_at: now() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
      const row = (await db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'type', 'params', 'read_at', 'created_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('in_app', '=', true)
        .executeTakeFirst()) as NotificationRow | undefined;
      if (!row) {
        throw new NotificationNotFoundError();
      }
      return toNotification(row);
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: now() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },
  };
}
