/**
 * Where notifications come from: the events the services already publish (no polling).
 * - cash operations' customer messages (CASH_CUSTOMER_MESSAGE_TOPIC): `wallet.changed` evaluates the balance rules
 *   of that wallet; `operation.changed` is described through cash operations' client and becomes a deposit
 *   received or settled, a withdrawal sent or rejected, or a transfer received.
 * - trading's orders (TRADING_TOPICS.order): an order that is filled.
 * - user management's own `kyc.updated` (approved or rejected): the identity verification's decision.
 * - investments' automated plans (INVESTMENTS_PLAN_TOPIC): a plan's run skipped for a short balance.
 * Each has a source key, so an event heard twice notifies once. Handlers never throw into the publisher.
 */
import {
  CASH_CUSTOMER_MESSAGE_TOPIC,
  INVESTMENTS_PLAN_TOPIC,
  type CashOperationsApi,
  type CashServerMessage,
  type KycServerMessage,
  type NotificationParams,
  type NotificationType,
  type PlanRunEvent,
  TRADING_TOPICS,
  type TradingOrderEvent,
} from '@tessera/contracts';
import { formatAmount, getAsset, minorUnits } from '@tessera/money';
import type { CustomerSocketEvent, EventBus } from '@tessera/platform';
import { USER_MANAGEMENT_CUSTOMER_TOPIC } from '../kyc/kyc-notifier.ts';
import type { BalanceRulesService } from './balance-rules.ts';
import type { NotificationsService } from './notifications.service.ts';

const DEPOSIT_KINDS = new Set(['card_deposit', 'sepa_deposit', 'crypto_deposit']);
const WITHDRAWAL_KINDS = new Set(['sepa_withdrawal', 'crypto_withdrawal']);

/** What an operation's new status tells the customer, if anything. */
export function notificationOfOperation(
  kind: string,
  status: 'pending' | 'posted' | 'voided',
  amountMinor: bigint,
): NotificationType | null {
  if (DEPOSIT_KINDS.has(kind)) {
    return status === 'pending' ? 'deposit.received' : status === 'posted' ? 'deposit.settled' : null;
  }
  if (WITHDRAWAL_KINDS.has(kind)) {
    return status === 'posted' ? 'withdrawal.sent' : status === 'voided' ? 'withdrawal.rejected' : null;
  }
  if (kind === 'customer_transfer' && amountMinor > 0n && status === 'posted') {
    return 'transfer.received';
  }
  return null;
}

function formatMinor(minor: bigint, asset: string): string {
  const found = getAsset(asset);
  return found.ok ? formatAmount(minorUnits(minor), found.value.scale) : minor.toString();
}

/** Hooks other modules (referrals) hang on the same events. */
export interface NotificationEventHooks {
  /** A deposit of the customer settled. */
  depositSettled?(userId: string): Promise<void>;
  /** The customer's identity verification was approved. */
  identityVerified?(userId: string, level: number): Promise<void>;
}

export interface NotificationEventsDependencies {
  readonly events: EventBus;
  readonly notifications: NotificationsService;
  readonly rules: BalanceRulesService;
  readonly cash: () => CashOperationsApi | undefined;
  readonly hooks?: NotificationEventHooks;
  readonly log: { warn(object: unknown, message: string): void };
}

/** Subscribes; returns the function that unsubscribes everything. */
export function subscribeNotificationEvents(deps: NotificationEventsDependencies): () => void {
  const { events, notifications, rules, cash, hooks, log } = deps;
  const guarded =
    <Payload>(name: string, handler: (payload: Payload) => Promise<void>) =>
    async (payload: unknown) => {
      try {
        await handler(payload as Payload);
      } catch (error) {
        log.warn({ err: error, source: name }, 'a notification event was not handled');
      }
    };

  const onCash = guarded<CustomerSocketEvent<CashServerMessage>>('cash', async ({ userId, message }) => {
    if (message.type === 'wallet.changed') {
      await rules.evaluate(userId, message.walletId);
      return;
    }
    if (message.type !== 'operation.changed') {
      return;
    }
    const summary = await cash()?.describeOperation?.(userId, message.id, message.walletId);
    if (!summary || summary.status !== message.status) {
      return;
    }
    const amountMinor = BigInt(summary.amountMinor);
    const type = notificationOfOperation(summary.kind, summary.status, amountMinor);
    if (type === null) {
      return;
    }
    const absolute = amountMinor < 0n ? -amountMinor : amountMinor;
    const params: NotificationParams = {
      amount: formatMinor(absolute, summary.asset),
      asset: summary.asset,
      walletId: summary.walletId,
    };
    await notifications.notify(userId, type, params, `operation:${summary.id}:${summary.walletId}:${type}`);
    if (type === 'deposit.settled') {
      await hooks?.depositSettled?.(userId);
    }
  });

  const onOrder = guarded<TradingOrderEvent>('trading', async ({ userId, order }) => {
    if (order.status !== 'filled') {
      return;
    }
    await notifications.notify(
      userId,
      'order.filled',
      { productId: order.productId, side: order.side, quantity: order.filledQuantity },
      `order:${order.id}:filled`,
    );
  });

  const onKyc = guarded<CustomerSocketEvent<KycServerMessage>>('kyc', async ({ userId, message }) => {
    if (message.type !== 'kyc.updated' || (message.status !== 'approved' && message.status !== 'rejected')) {
      return;
    }
    // One decision per level and outcome: a rejected applicant who applies again is told again.
    await notifications.notify(
      userId,
      'kyc.decision',
      { status: message.status, level: message.level },
      message.status === 'approved' ? `kyc:approved:${message.level}` : null,
    );
    if (message.status === 'approved') {
      await hooks?.identityVerified?.(userId, message.level);
    }
  });

  const onPlan = guarded<PlanRunEvent>('investments', async (event) => {
    if (event.status !== 'skipped') {
      return;
    }
    await notifications.notify(
      event.userId,
      'plan.skipped',
      { amount: event.amount, asset: event.currency, planId: event.planId, dueDate: event.dueDate },
      `plan:${event.planId}:${event.dueDate}:skipped`,
    );
  });

  const unsubscribe = [
    events.subscribe(CASH_CUSTOMER_MESSAGE_TOPIC, onCash),
    events.subscribe(TRADING_TOPICS.order, onOrder),
    events.subscribe(USER_MANAGEMENT_CUSTOMER_TOPIC, onKyc),
    events.subscribe(INVESTMENTS_PLAN_TOPIC, onPlan),
  ];
  return () => {
    for (const stop of unsubscribe) {
      stop();
    }
  };
}
