/**
 * The order form's fields turned into the trading service's request (packages/contracts/src/trading.ts), and the
 * failures of a call turned into the customer's language. Typed numbers are kept as text: a comma is read as the
 * decimal separator (French keyboards), and only digits with one separator are accepted, so nothing goes through
 * a float.
 */
import {
  type OrderSide,
  type OrderType,
  type PreviewOrderRequest,
  type ProductId,
  type TimeInForce,
} from '@tessera/contracts';
import { ApiError } from '../../../lib/api.ts';
import {
  formatDateTime,
  formatPrice,
  formatQuantity,
  type DisplayLanguage,
} from '../../../shared/markets/market-format.ts';

export type SizeMode = 'quantity' | 'amount';
export type TrailMode = 'amount' | 'percent';

/** Everything the order form holds, as typed. */
export interface OrderDraft {
  side: OrderSide;
  type: OrderType;
  sizeMode: SizeMode;
  size: string;
  limitPrice: string;
  stopPrice: string;
  trailMode: TrailMode;
  trail: string;
  timeInForce: TimeInForce;
  /** GTD: a local date and time from a datetime-local input (`2026-12-01T17:30`). */
  expiresAt: string;
}

/** The field a problem belongs to, and its translation key under `trading:form.problems`. */
export interface DraftProblem {
  field: 'size' | 'limitPrice' | 'stopPrice' | 'trail' | 'expiresAt' | 'timeInForce';
  key: string;
}

const DECIMAL = /^[0-9]{1,18}([.,][0-9]{1,18})?$/;

/** A typed decimal as the API wants it ("12,5" → "12.5"), or null when it is not a positive decimal. */
export function normalizeDecimal(text: string): string | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) {
    return null;
  }
  const value = trimmed.replace(',', '.');
  return /[1-9]/.test(value) ? value : null;
}

export const needsLimitPrice = (type: OrderType) => type === 'limit' || type === 'stop_limit';
export const needsStopPrice = (type: OrderType) => type === 'stop' || type === 'stop_limit';

/** The times in force an order type allows (FOK needs a limit price, contracts' orderShapeProblems). */
export function allowedTimesInForce(type: OrderType): TimeInForce[] {
  return needsLimitPrice(type) ? ['DAY', 'GTC', 'GTD', 'IOC', 'FOK'] : ['DAY', 'GTC', 'GTD', 'IOC'];
}

/** What is wrong with the draft, one problem per field, before anything is sent. */
export function draftProblems(draft: OrderDraft, nowMs: number): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (normalizeDecimal(draft.size) === null) {
    problems.push({ field: 'size', key: draft.sizeMode === 'amount' ? 'amount' : 'quantity' });
  }
  if (needsLimitPrice(draft.type) && normalizeDecimal(draft.limitPrice) === null) {
    problems.push({ field: 'limitPrice', key: 'price' });
  }
  if (needsStopPrice(draft.type) && normalizeDecimal(draft.stopPrice) === null) {
    problems.push({ field: 'stopPrice', key: 'price' });
  }
  if (draft.type === 'trailing_stop' && normalizeDecimal(draft.trail) === null) {
    problems.push({ field: 'trail', key: 'trail' });
  }
  if (!allowedTimesInForce(draft.type).includes(draft.timeInForce)) {
    problems.push({ field: 'timeInForce', key: 'fokNeedsLimit' });
  }
  if (draft.timeInForce === 'GTD') {
    const expiresMs = Date.parse(draft.expiresAt);
    if (!Number.isFinite(expiresMs) || expiresMs <= nowMs) {
      problems.push({ field: 'expiresAt', key: 'expiry' });
    }
  }
  return problems;
}

/** The request of a valid draft (call {@link draftProblems} first). */
export function toOrderRequest(productId: ProductId, draft: OrderDraft): PreviewOrderRequest {
  const decimal = (text: string) => normalizeDecimal(text) ?? '0';
  return {
    productId,
    side: draft.side,
    type: draft.type,
    timeInForce: draft.timeInForce,
    ...(draft.sizeMode === 'amount' ? { notional: decimal(draft.size) } : { quantity: decimal(draft.size) }),
    ...(needsLimitPrice(draft.type) ? { limitPrice: decimal(draft.limitPrice) } : {}),
    ...(needsStopPrice(draft.type) ? { stopPrice: decimal(draft.stopPrice) } : {}),
    ...(draft.type === 'trailing_stop'
      ? draft.trailMode === 'percent'
        ? { trailPercent: decimal(draft.trail) }
        : { trailAmount: decimal(draft.trail) }
      : {}),
    ...(draft.timeInForce === 'GTD'
      ? { expiresAt: new Date(Date.parse(draft.expiresAt)).toISOString() }
      : {}),
  };
}

/** A new client order id (the idempotency key of one intended order). */
export function newClientOrderId(): string {
  return crypto.randomUUID();
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The code of a refusal that sending the same order again would meet again (the market is closed, the price is
 * off the tick, buying power is short...: 403 and 422 answers), or null for a failure worth retrying as it is
 * (network, 5xx, 409).
 */
export function refusalCodeOf(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 403 || error.status === 422) ? error.code : null;
}

/**
 * The message of a failed trading call: the code's own text (errors.json, `api`), with what the details add:
 * when a closed market opens again, the tick or lot size to use.
 */
export function tradingErrorMessage(t: Translate, error: unknown, language: DisplayLanguage): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  const details = error instanceof ApiError ? error.details : {};
  const base = t(`errors:api.${code}`, { defaultValue: t('errors:api.UNKNOWN') });
  const nextOpenAt = details['nextOpenAt'];
  if (
    code === 'TRADING_MARKET_CLOSED' &&
    typeof nextOpenAt === 'string' &&
    Number.isFinite(Date.parse(nextOpenAt))
  ) {
    return `${base} ${t('trading:errors.nextOpen', { time: formatDateTime(nextOpenAt, language) })}`;
  }
  const tickSize = details['tickSize'];
  if (code === 'TRADING_PRICE_NOT_ON_TICK' && typeof tickSize === 'string') {
    return `${base} ${t('trading:errors.tickSize', { tickSize: formatPrice(tickSize, language) })}`;
  }
  const lotSize = details['lotSize'];
  if (code === 'TRADING_QUANTITY_NOT_ON_LOT' && typeof lotSize === 'string') {
    return `${base} ${t('trading:errors.lotSize', { lotSize: formatQuantity(lotSize, language) })}`;
  }
  return base;
}
