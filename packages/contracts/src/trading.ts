/**
 * The trading service's contract (PRODUCT.md, "Trading"; docs/api.md, "Trading"): HTTP bodies and answers under
 * `/api/trading`, the customer's trading websocket at `/api/trading/ws`, and every error code. Prices, quantities
 * and amounts are decimal strings (prices on the instrument's tick, quantities on its lot, amounts in the
 * instrument's currency); times are ISO 8601 strings on HTTP and epoch milliseconds on the websocket.
 *
 * Order types (Interactive Brokers' vocabulary): `market`, `limit`, `stop` (a market order once the last trade
 * reaches `stopPrice`), `stop_limit` (a limit order at `limitPrice` once the last trade reaches `stopPrice`) and
 * `trailing_stop` (a stop that follows the best price since placement at `trailAmount` or `trailPercent`).
 * An order is sized by `quantity` (units) or by `notional` (an amount of the currency, converted to whole lots when
 * it is accepted). Time in force: DAY (until the session close), GTC, GTD (until `expiresAt`), IOC and FOK.
 * `clientOrderId` makes placing idempotent: the same id again answers the first order.
 */
import { z } from 'zod';
import { textSchema } from './text.ts';
import { decimalStringSchema, productIdSchema } from './time-series.ts';

// ---------------------------------------------------------------------------------------------------------------
// Constants and bounds
// ---------------------------------------------------------------------------------------------------------------

/** Where the trading service's routes live; the websocket is `${TRADING_API_PREFIX}/ws`. */
export const TRADING_API_PREFIX = '/api/trading';
/** The collar of market, stop and trailing-stop orders: they never trade further than 5 % from the reference. */
export const TRADING_COLLAR_BASIS_POINTS = 500;
/** Open (working) orders one customer may have at once. */
export const TRADING_OPEN_ORDERS_MAX = 200;
/** Orders per page of `GET /orders`. */
export const TRADING_ORDERS_PAGE_MAX = 100;
/** Watchlists per customer, and products per watchlist. */
export const TRADING_WATCHLISTS_MAX = 20;
export const TRADING_WATCHLIST_ITEMS_MAX = 100;
/** Active price alerts per customer. */
export const TRADING_ALERTS_MAX = 50;
/**
 * Price alerts a customer's list keeps in all (active, triggered and cancelled): creating one beyond it forgets
 * the oldest finished alerts, and `GET /alerts` answers at most this many.
 */
export const TRADING_ALERTS_KEPT_MAX = 200;
/**
 * A price alert's level lies within this factor of the last reference price (from a tenth to ten times it): a
 * level further away is a typing mistake (a missing or extra digit), not a market move worth waiting for.
 */
export const TRADING_ALERT_BAND_FACTOR = 10;
/** A GTD order expires at most this far ahead (one year). */
export const TRADING_GTD_HORIZON_MS_MAX = 366 * 24 * 60 * 60 * 1000;
/**
 * The longest an order lives: one without an expiry of its own (GTC, or DAY on a market that never closes)
 * expires this long after it was placed, as a GTD order at the far end of its horizon would. Every hold an order
 * keeps in the ledger has a timeout past its order's end, so no order outlives its hold
 * (docs/adr/0007-trading-reservation-and-settlement.md, "Holds have an owner and a timeout").
 */
export const TRADING_ORDER_LIFETIME_MS_MAX = TRADING_GTD_HORIZON_MS_MAX;
/**
 * How long a hold outlives its order's end in the ledger: time for trading to expire the order and void the hold
 * itself; the ledger's own expiry is the last resort when trading cannot (it was stopped for longer than this).
 */
export const TRADING_RESERVATION_GRACE_SECONDS = 86_400;
/** The first websocket message must be `auth` within this time. */
export const TRADING_WS_AUTH_TIMEOUT_MS = 10_000;
/** Close code of a websocket that did not authenticate (or whose token was refused). */
export const TRADING_WS_CLOSE_UNAUTHENTICATED = 4001;

export const ORDER_TYPES = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const TIME_IN_FORCE = ['DAY', 'GTC', 'GTD', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/**
 * Where an order stands. `accepted`: checks passed and funds reserved, not yet on the venue; `working`: on the
 * venue (resting in the book, or a stop waiting for its trigger); `partially_filled`: some filled, the rest working;
 * `filled`, `cancelled` (by the customer, IOC/FOK remainder, market remainder beyond the collar), `expired`
 * (DAY at the session close, GTD at `expiresAt`) and `rejected` (the venue refused it after acceptance; the
 * reservation is released) are final.
 */
export const ORDER_STATUSES = [
  'accepted',
  'rejected',
  'working',
  'partially_filled',
  'filled',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses after which nothing changes. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['rejected', 'filled', 'cancelled', 'expired'];

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

const positiveDecimalSchema = decimalStringSchema.refine(
  (value) => !value.startsWith('-') && /[1-9]/.test(value),
  {
    error: 'must be a positive decimal string',
  },
);

/** A client order id: 1 to 64 of A-Z, a-z, 0-9, `-` and `_` (a UUID fits). */
export const clientOrderIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1 to 64 of A-Z, a-z, 0-9, - or _' });

const orderFields = {
  productId: productIdSchema,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Units of the instrument (a multiple of its lot size); exactly one of quantity and notional. */
  quantity: positiveDecimalSchema.optional(),
  /** An amount of the instrument's currency; converted to whole lots at acceptance. */
  notional: positiveDecimalSchema.optional(),
  /** limit and stop_limit. */
  limitPrice: positiveDecimalSchema.optional(),
  /** stop and stop_limit. */
  stopPrice: positiveDecimalSchema.optional(),
  /** trailing_stop: a price distance, or `trailPercent` (0.01 to 99.99). */
  trailAmount: positiveDecimalSchema.optional(),
  trailPercent: positiveDecimalSchema.optional(),
  timeInForce: z.enum(TIME_IN_FORCE),
  /** GTD only: when the order expires (ISO 8601). */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
};

/** The shape rules shared by a new order and a preview: one message per broken rule. */
export function orderShapeProblems(order: {
  type: OrderType;
  quantity?: string | undefined;
  notional?: string | undefined;
  limitPrice?: string | undefined;
  stopPrice?: string | undefined;
  trailAmount?: string | undefined;
  trailPercent?: string | undefined;
  timeInForce: TimeInForce;
  expiresAt?: string | undefined;
}): string[] {
  const problems: string[] = [];
  if ((order.quantity === undefined) === (order.notional === undefined)) {
    problems.push('quantity_or_notional: give exactly one of quantity and notional');
  }
  const needsLimit = order.type === 'limit' || order.type === 'stop_limit';
  if (needsLimit !== (order.limitPrice !== undefined)) {
    problems.push(needsLimit ? 'limitPrice_required' : 'limitPrice_not_allowed');
  }
  const needsStop = order.type === 'stop' || order.type === 'stop_limit';
  if (needsStop !== (order.stopPrice !== undefined)) {
    problems.push(needsStop ? 'stopPrice_required' : 'stopPrice_not_allowed');
  }
  const trails = [order.trailAmount, order.trailPercent].filter((value) => value !== undefined).length;
  if (order.type === 'trailing_stop' ? trails !== 1 : trails !== 0) {
    problems.push(
      order.type === 'trailing_stop'
        ? 'trail_required: give exactly one of trailAmount and trailPercent'
        : 'trail_not_allowed',
    );
  }
  if ((order.timeInForce === 'GTD') !== (order.expiresAt !== undefined)) {
    problems.push(order.timeInForce === 'GTD' ? 'expiresAt_required' : 'expiresAt_only_with_GTD');
  }
  if (order.type !== 'limit' && order.type !== 'stop_limit' && order.timeInForce === 'FOK') {
    problems.push('FOK_needs_a_limit_price');
  }
  return problems;
}

function refineOrder(
  order: Parameters<typeof orderShapeProblems>[0],
  context: { addIssue(issue: { code: 'custom'; message: string }): void },
): void {
  for (const message of orderShapeProblems(order)) {
    context.addIssue({ code: 'custom', message });
  }
}

/** `POST /orders`: a new order. */
export const placeOrderRequestSchema = z
  .object({ clientOrderId: clientOrderIdSchema, ...orderFields })
  .strict()
  .superRefine(refineOrder);
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/** `POST /orders/preview`: the same body (clientOrderId optional); runs every pre-trade check, reserves nothing. */
export const previewOrderRequestSchema = z
  .object({ clientOrderId: clientOrderIdSchema.optional(), ...orderFields })
  .strict()
  .superRefine(refineOrder);
export type PreviewOrderRequest = z.input<typeof previewOrderRequestSchema>;

/**
 * `POST /orders/:orderId/replace`: a working limit order's new limit price and/or new total quantity
 * (what is filled stays filled; the new quantity must be above it). Price-time priority follows the engine: a
 * same-price decrease keeps the order's place, anything else re-enters at the back.
 */
export const replaceOrderRequestSchema = z
  .object({ limitPrice: positiveDecimalSchema.optional(), quantity: positiveDecimalSchema.optional() })
  .strict()
  .refine((value) => value.limitPrice !== undefined || value.quantity !== undefined, {
    error: 'give limitPrice, quantity or both',
  });
export type ReplaceOrderRequest = z.input<typeof replaceOrderRequestSchema>;

/** `GET /orders?status=open|closed|all&productId=&cursor=&limit=`. */
export const listOrdersQuerySchema = z
  .object({
    status: z.enum(['open', 'closed', 'all']).default('all'),
    productId: productIdSchema.optional(),
    cursor: textSchema({ max: 64 }).optional(),
    limit: z.coerce.number().int().min(1).max(TRADING_ORDERS_PAGE_MAX).default(50),
  })
  .strict();
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** One fill of an order, at the maker's price. `liquidity`: the order was resting (maker) or arriving (taker). */
export const fillSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  productId: productIdSchema,
  side: z.enum(ORDER_SIDES),
  price: decimalStringSchema,
  quantity: decimalStringSchema,
  /** price × quantity as charged or credited for this fill, in the currency. */
  grossAmount: decimalStringSchema,
  fee: decimalStringSchema,
  currency: z.string(),
  liquidity: z.enum(['maker', 'taker']),
  createdAt: z.string(),
});
export type Fill = z.infer<typeof fillSchema>;

/** An order as the customer sees it, with its fills. */
export const orderSchema = z.object({
  id: z.string(),
  clientOrderId: z.string(),
  productId: productIdSchema,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  timeInForce: z.enum(TIME_IN_FORCE),
  status: z.enum(ORDER_STATUSES),
  /** The order's quantity (for an order by notional: the quantity it was converted to). */
  quantity: decimalStringSchema,
  notional: decimalStringSchema.nullable(),
  limitPrice: decimalStringSchema.nullable(),
  stopPrice: decimalStringSchema.nullable(),
  trailAmount: decimalStringSchema.nullable(),
  trailPercent: decimalStringSchema.nullable(),
  filledQuantity: decimalStringSchema,
  remainingQuantity: decimalStringSchema,
  /** The volume-weighted price of the fills, null before the first. */
  averagePrice: decimalStringSchema.nullable(),
  /** Gross amount of the fills and the fees charged so far, in the currency. */
  filledAmount: decimalStringSchema,
  fees: decimalStringSchema,
  currency: z.string(),
  /** What is still reserved for the order: cash for a buy (currency), units for a sell. */
  reserved: decimalStringSchema,
  /** Why it ended when it was cancelled, expired or rejected (a stable word, e.g. `requested`, `fill_or_kill`). */
  reason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  fills: z.array(fillSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /orders`: newest first. */
export const ordersPageSchema = z.object({ items: z.array(orderSchema), nextCursor: z.string().nullable() });
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/**
 * `POST /orders/preview`: what the order would cost. For a buy: `estimatedAmount` at the limit price (limit,
 * stop-limit), the stop price (stop) or the reference price (market, trailing stop); `reserved` is the most it
 * can cost with fees (what placing it would hold: at the collar for market orders); `buyingPowerAfter` is
 * `buyingPower - reserved`. For a sell: the estimated proceeds and fee; `positionAfter` is the units left.
 */
export const orderPreviewSchema = z.object({
  productId: productIdSchema,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  currency: z.string(),
  quantity: decimalStringSchema,
  estimatedPrice: decimalStringSchema,
  estimatedAmount: decimalStringSchema,
  estimatedFee: decimalStringSchema,
  /** Buy: amount + fee; sell: amount - fee. */
  estimatedTotal: decimalStringSchema,
  reserved: decimalStringSchema,
  buyingPower: decimalStringSchema,
  buyingPowerAfter: decimalStringSchema,
  position: decimalStringSchema,
  positionAfter: decimalStringSchema,
  /** The market order's protection price (the 5 % collar), null for other types. */
  collarPrice: decimalStringSchema.nullable(),
  marketOpen: z.boolean(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/**
 * A position in one product. `averageCost` is the average price paid for the units held, fees included (the
 * cost basis over the quantity); selling realises `proceeds - fee - averageCost × quantity sold`. `unrealisedPnl`
 * values the units at the current reference price (`marketPrice`), null when none is known.
 */
export const positionSchema = z.object({
  productId: productIdSchema,
  currency: z.string(),
  quantity: decimalStringSchema,
  /** Units held for open sell orders (included in `quantity`). */
  reservedQuantity: decimalStringSchema,
  averageCost: decimalStringSchema,
  costBasis: decimalStringSchema,
  realisedPnl: decimalStringSchema,
  marketPrice: decimalStringSchema.nullable(),
  marketValue: decimalStringSchema.nullable(),
  unrealisedPnl: decimalStringSchema.nullable(),
  updatedAt: z.string(),
});
export type Position = z.infer<typeof positionSchema>;
export const positionsResponseSchema = z.object({ items: z.array(positionSchema) });
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

/** A watchlist: a named, ordered list of products. */
export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  productIds: z.array(productIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
export const watchlistsResponseSchema = z.object({ items: z.array(watchlistSchema) });
const watchlistNameSchema = textSchema({ min: 1, max: 60 });
/** `POST /watchlists`. */
export const createWatchlistRequestSchema = z
  .object({
    name: watchlistNameSchema,
    productIds: z.array(productIdSchema).max(TRADING_WATCHLIST_ITEMS_MAX).default([]),
  })
  .strict();
export type CreateWatchlistRequest = z.input<typeof createWatchlistRequestSchema>;
/** `PATCH /watchlists/:id`: rename and/or replace the list of products (the new order is kept). */
export const updateWatchlistRequestSchema = z
  .object({
    name: watchlistNameSchema.optional(),
    productIds: z.array(productIdSchema).max(TRADING_WATCHLIST_ITEMS_MAX).optional(),
  })
  .strict()
  .refine((value) => value.name !== undefined || value.productIds !== undefined, {
    error: 'give name, productIds or both',
  });
export type UpdateWatchlistRequest = z.input<typeof updateWatchlistRequestSchema>;

export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
/** `active` until the reference price reaches it; then `triggered` once (notified), or `cancelled` by the customer. */
export const ALERT_STATUSES = ['active', 'triggered', 'cancelled'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** A price alert: notify once when the reference price goes at or above (or at or below) `price`. */
export const priceAlertSchema = z.object({
  id: z.string(),
  productId: productIdSchema,
  condition: z.enum(ALERT_CONDITIONS),
  price: decimalStringSchema,
  status: z.enum(ALERT_STATUSES),
  triggeredPrice: decimalStringSchema.nullable(),
  triggeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertsResponseSchema = z.object({ items: z.array(priceAlertSchema) });
/** `POST /alerts`. */
export const createPriceAlertRequestSchema = z
  .object({ productId: productIdSchema, condition: z.enum(ALERT_CONDITIONS), price: positiveDecimalSchema })
  .strict();
export type CreatePriceAlertRequest = z.input<typeof createPriceAlertRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The trading websocket (/api/trading/ws): the customer's own orders, fills, positions and alerts
// ---------------------------------------------------------------------------------------------------------------

/** What a client sends: `auth` first (within TRADING_WS_AUTH_TIMEOUT_MS), then `ping` whenever it likes. */
export const tradingClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), accessToken: z.string().min(1).max(8192) }),
  z.object({ type: z.literal('ping') }),
]);
export type TradingClientMessage = z.infer<typeof tradingClientMessageSchema>;

/**
 * What the server sends: `ready` after a good `auth`; `order` whenever one of the customer's orders changes (the
 * whole order with its fills); `fill` for each new fill; `position` when a position changes; `alert` when a price
 * alert triggers; `pong`; `error` (`VALIDATION_FAILED`, `UNAUTHENTICATED`, `RATE_LIMITED`).
 */
export type TradingServerMessage =
  | { type: 'ready'; userId: string }
  | { type: 'pong' }
  | { type: 'error'; code: string }
  | { type: 'order'; order: Order }
  | { type: 'fill'; fill: Fill }
  | { type: 'position'; position: Position }
  | { type: 'alert'; alert: PriceAlert };

/** Validates a server message (tests, tools). */
export const tradingServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string() }),
  z.object({ type: z.literal('order'), order: orderSchema }),
  z.object({ type: z.literal('fill'), fill: fillSchema }),
  z.object({ type: z.literal('position'), position: positionSchema }),
  z.object({ type: z.literal('alert'), alert: priceAlertSchema }),
]);

/** Events the trading service publishes on the bus (besides `venue.book` and `venue.trade` of market-data.ts). */
export const TRADING_TOPICS = {
  /** A customer's order changed (payload: `{ userId, order }`). */
  order: 'trading.order',
  /** A price alert triggered (payload: `{ userId, alert }`), for notifications. */
  alertTriggered: 'trading.alert.triggered',
} as const;
export interface TradingOrderEvent {
  readonly userId: string;
  readonly order: Order;
}
export interface TradingAlertTriggeredEvent {
  readonly userId: string;
  readonly alert: PriceAlert;
}

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "Trading"): every code the service answers with
// ---------------------------------------------------------------------------------------------------------------

export const TRADING_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TRADING_KYC_LEVEL_REQUIRED',
  'LEGAL_ACCEPTANCE_REQUIRED',
  'TRADING_UNKNOWN_PRODUCT',
  'TRADING_INSTRUMENT_NOT_TRADABLE',
  'TRADING_MARKET_CLOSED',
  'TRADING_PRICE_NOT_ON_TICK',
  'TRADING_QUANTITY_NOT_ON_LOT',
  'TRADING_QUANTITY_TOO_SMALL',
  'TRADING_QUANTITY_TOO_LARGE',
  'TRADING_PRICE_OUT_OF_RANGE',
  'TRADING_INVALID_TRAIL',
  'TRADING_STOP_WOULD_TRIGGER',
  'TRADING_EXPIRY_INVALID',
  'TRADING_NO_REFERENCE_PRICE',
  'TRADING_INSUFFICIENT_BUYING_POWER',
  'TRADING_INSUFFICIENT_POSITION',
  'TRADING_OPEN_ORDERS_LIMIT',
  'TRADING_CLIENT_ORDER_ID_REUSED',
  'TRADING_ORDER_NOT_FOUND',
  'TRADING_ORDER_NOT_OPEN',
  'TRADING_REPLACE_NOT_SUPPORTED',
  'TRADING_VENUE_REJECTED',
  'TRADING_WATCHLIST_NOT_FOUND',
  'TRADING_WATCHLIST_LIMIT',
  'TRADING_ALERT_NOT_FOUND',
  'TRADING_ALERT_LIMIT',
  'TRADING_ALERT_PRICE_OUT_OF_BAND',
  'TRADING_LEDGER_UNAVAILABLE',
] as const;
export type TradingErrorCode = (typeof TRADING_ERROR_CODES)[number];
