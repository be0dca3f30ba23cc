/** What a notification says, in the customer's language (namespace account-notifications, `types.*`). */
import type { AccountNotification } from '@tessera/contracts';
import { formatMoneyText, formatProduct, type DisplayLanguage } from '#/lib/format.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function notificationText(t: Translate, notification: AccountNotification, language: DisplayLanguage) {
  const { params } = notification;
  const money = (amount: string | undefined) =>
    amount === undefined ? '' : formatMoneyText(amount, params.asset ?? 'EUR', language);
  switch (notification.type) {
    case 'order.filled':
      return t(`account-notifications:types.order.filled`, {
        product: params.productId ? formatProduct(params.productId) : '',
        side: t(`account-notifications:side.${params.side === 'sell' ? 'sell' : 'buy'}`),
        quantity: params.quantity ?? '',
      });
    case 'kyc.decision':
      return t(
        params.status === 'approved'
          ? 'account-notifications:types.kyc.approved'
          : 'account-notifications:types.kyc.rejected',
        { level: params.level ?? '' },
      );
    case 'balance.rule':
      return t(
        params.direction === 'above'
          ? 'account-notifications:types.balance.above'
          : 'account-notifications:types.balance.below',
        { asset: params.asset ?? '', threshold: money(params.threshold), balance: money(params.amount) },
      );
    default:
      return t(`account-notifications:types.${notification.type}`, { amount: money(params.amount) });
  }
}
