/**
 * The customer's notifications (settings section `notifications`, docs/api.md "Notifications"): what happened to
 * their money, orders and verification, shown in the app's notification centre and, per the customer's choice of
 * channels, e-mailed. Balance rules ("tell me when my EUR wallet falls under 100") are notifications too.
 */
import { z } from 'zod';

/** What a notification is about. Each has its channels (in-app, e-mail) chosen by the customer. */
export const NOTIFICATION_TYPES = [
  'deposit.received',
  'deposit.settled',
  'withdrawal.sent',
  'withdrawal.rejected',
  'transfer.received',
  'order.filled',
  'kyc.decision',
  'balance.rule',
  'referral.reward',
  'plan.skipped',
] as const;
/** One of {@link NOTIFICATION_TYPES}. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Types whose e-mail is not chosen here: identity verification e-mails its decision whatever the choice (it may
 * ask for documents), so only its in-app channel is a preference.
 */
export const NOTIFICATION_TYPES_WITHOUT_EMAIL_CHOICE: readonly NotificationType[] = ['kyc.decision'];

/** The channels of one type. */
export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean() }).strict();
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** GET/PUT /notifications/preferences: the channels of every type. */
export const notificationPreferencesSchema = z
  .object({
    channels: z.object(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<
        NotificationType,
        typeof notificationChannelsSchema
      >,
    ),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The channels of a customer who never chose: everything in the app, e-mail for what one must not miss. */
export const DEFAULT_NOTIFICATION_CHANNELS: Readonly<Record<NotificationType, NotificationChannels>> = {
  'deposit.received': { inApp: true, email: false },
  'deposit.settled': { inApp: true, email: false },
  'withdrawal.sent': { inApp: true, email: true },
  'withdrawal.rejected': { inApp: true, email: true },
  'transfer.received': { inApp: true, email: true },
  'order.filled': { inApp: true, email: false },
  'kyc.decision': { inApp: true, email: true },
  'balance.rule': { inApp: true, email: true },
  'referral.reward': { inApp: true, email: true },
  'plan.skipped': { inApp: true, email: true },
};

/**
 * What a notification says, as values the app puts in its translated text: amounts are decimal strings in the
 * asset's scale, never numbers.
 */
export const notificationParamsSchema = z
  .object({
    amount: z.string().optional(),
    asset: z.string().optional(),
    walletId: z.string().optional(),
    productId: z.string().optional(),
    side: z.string().optional(),
    quantity: z.string().optional(),
    status: z.string().optional(),
    level: z.number().optional(),
    direction: z.enum(['below', 'above']).optional(),
    threshold: z.string().optional(),
    ruleId: z.string().optional(),
    /** An automated investment plan and its due date (`plan.skipped`). */
    planId: z.string().optional(),
    dueDate: z.string().optional(),
  })
  .strict();
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/** One notification as the customer reads it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  params: notificationParamsSchema,
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountNotification = z.infer<typeof notificationSchema>;

/** Notifications per page, at most. */
export const NOTIFICATION_PAGE_LIMIT_MAX = 50;

/** GET /notifications?limit&before: newest first, `nextBefore` to read older ones. */
export const notificationListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_LIMIT_MAX).default(20),
    before: z.string().max(100).optional(),
  })
  .strict();
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextBefore: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Balance rules per customer, at most. */
export const BALANCE_RULES_MAX = 20;

/**
 * POST /notifications/balance-rules: tell me when this wallet's ledger balance goes `below` or `above` `threshold`
 * (decimal text in the wallet asset's scale, checked by the service). Fires once per crossing.
 */
export const balanceRuleInputSchema = z
  .object({
    walletId: z.string().max(64),
    direction: z.enum(['below', 'above']),
    threshold: z.string().max(60),
  })
  .strict();
export type BalanceRuleInput = z.infer<typeof balanceRuleInputSchema>;

export const balanceRuleSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  asset: z.string(),
  direction: z.enum(['below', 'above']),
  threshold: z.string(),
  /** False after it fired, until the balance crosses back. */
  armed: z.boolean(),
  createdAt: z.string(),
});
export type BalanceRule = z.infer<typeof balanceRuleSchema>;
export const balanceRuleListSchema = z.object({ items: z.array(balanceRuleSchema) });

/** The user-management socket's message when a notification is created (docs/api.md, websocket). */
export interface NotificationCreatedMessage {
  readonly type: 'notification.created';
  readonly notification: AccountNotification;
}

/** Every code the notification routes answer with besides the platform's. */
export const NOTIFICATION_ERROR_CODES = [
  'NOTIFICATION_NOT_FOUND',
  'NOTIFICATION_CURSOR_INVALID',
  'BALANCE_RULE_NOT_FOUND',
  'BALANCE_RULE_WALLET_NOT_FOUND',
  'BALANCE_RULE_THRESHOLD_INVALID',
  'BALANCE_RULE_LIMIT_REACHED',
  'NOTIFICATIONS_LEDGER_UNAVAILABLE',
] as const;
export type NotificationErrorCode = (typeof NOTIFICATION_ERROR_CODES)[number];

/**
 * The bus topic cash operations tells customers' wallets changes on (its live notifier): notifications listen to
 * it for deposits, withdrawals, transfers and balance rules instead of polling.
 */
export const CASH_CUSTOMER_MESSAGE_TOPIC = 'cash-operations.customer-message';
