/**
 * Turns failures of cash operations into translation keys (apps/web/public/lang/<language>/errors.json, `api`):
 * the service's stable codes (docs/api.md) and the rejections of an amount typed in a form, which use the same
 * CASH_AMOUNT_* codes the service would answer, so the customer reads one message for one mistake.
 */
import { ApiError } from './api.ts';

const AMOUNT_CODES: Readonly<Record<string, string>> = {
  MONEY_NEGATIVE: 'CASH_AMOUNT_NEGATIVE',
  MONEY_NOT_POSITIVE: 'CASH_AMOUNT_NOT_POSITIVE',
  MONEY_TOO_MANY_DECIMALS: 'CASH_AMOUNT_TOO_MANY_DECIMALS',
  MONEY_OVERFLOW: 'CASH_AMOUNT_TOO_LARGE',
  MONEY_TOO_LONG: 'CASH_AMOUNT_TOO_LARGE',
  MONEY_EMPTY: 'CASH_AMOUNT_REQUIRED',
};

/** The CASH_ code for a @tessera/money rejection of a typed amount. */
export function amountErrorCode(moneyCode: string): string {
  return AMOUNT_CODES[moneyCode] ?? (moneyCode.startsWith('CASH_') ? moneyCode : 'CASH_AMOUNT_NOT_A_NUMBER');
}

/** The stable code of a failure: the service's code, NETWORK_ERROR, or INTERNAL. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL';
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The translated message of a failure; a code without its own text reads as the generic one. */
export function errorMessage(t: Translate, error: unknown): string {
  return codeMessage(t, errorCodeOf(error));
}

/** The translated message of a code. */
export function codeMessage(t: Translate, code: string): string {
  return t(`errors:api.${code}`, { defaultValue: t('errors:api.UNKNOWN') });
}

/** True when the service asks for a fresh second factor before moving money. */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CASH_STEP_UP_REQUIRED';
}
