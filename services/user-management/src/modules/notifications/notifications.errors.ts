/** The notification routes' errors (NOTIFICATION_ERROR_CODES of @tessera/contracts, docs/api.md "Notifications"). */
import { defineError } from '@tessera/platform';

export const NotificationNotFoundError = defineError('NOTIFICATION_NOT_FOUND', 404, 'No such notification.');
export const NotificationCursorInvalidError = defineError(
  'NOTIFICATION_CURSOR_INVALID',
  400,
  'The page cursor is not one this service gave.',
);
export const BalanceRuleNotFoundError = defineError('BALANCE_RULE_NOT_FOUND', 404, 'No such balance rule.');
export const BalanceRuleWalletNotFoundError = defineError(
  'BALANCE_RULE_WALLET_NOT_FOUND',
  404,
  'You have no such wallet.',
);
export const BalanceRuleThresholdInvalidError = defineError(
  'BALANCE_RULE_THRESHOLD_INVALID',
  422,
  "The threshold must be a positive or zero amount with at most the wallet asset's decimals.",
);
export const BalanceRuleLimitReachedError = defineError(
  'BALANCE_RULE_LIMIT_REACHED',
  409,
  'You already have the most balance rules allowed.',
);
export const NotificationsLedgerUnavailableError = defineError(
  'NOTIFICATIONS_LEDGER_UNAVAILABLE',
  503,
  'Balances cannot be read right now. Try again in a moment.',
);
