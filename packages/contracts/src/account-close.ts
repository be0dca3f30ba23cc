/**
 * Closing an account (settings section closeAccount, docs/api.md "Closing the account"): what the customer sends,
 * the answer, the refusal codes and their details, and the in-process client trading offers so user management can
 * count a customer's open orders and list the positions they hold (investments' part is in investments.ts).
 */
import { z } from 'zod';
import type { Order } from './trading.ts';

/** POST /api/user-management/me/close: the customer's password, checked by the identity service. */
export const closeAccountSchema = z
  .object({
    password: z.string().min(1).max(256),
  })
  .strict();
export type CloseAccountRequest = z.infer<typeof closeAccountSchema>;

export const closedAccountSchema = z.object({
  closed: z.literal(true),
  closedAt: z.string(),
});
export type ClosedAccount = z.infer<typeof closedAccountSchema>;

/** The codes the route answers besides VALIDATION_FAILED (docs/api.md, errors.json). */
export const ACCOUNT_CLOSE_ERROR_CODES = [
  'ACCOUNT_CLOSE_PASSWORD_INCORRECT',
  'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
  'ACCOUNT_CLOSE_OPEN_ORDERS',
  'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
  'ACCOUNT_CLOSE_ACTIVE_PLANS',
  'ACCOUNT_CLOSE_UNAVAILABLE',
] as const;

/** A wallet that blocks a closing (details.wallets of ACCOUNT_CLOSE_BALANCE_NOT_ZERO). */
export interface WalletHoldingFunds {
  readonly walletId: string;
  readonly name: string;
  readonly asset: string;
  /** Posted balance as a decimal string in the asset's scale. */
  readonly posted: string;
  /** Whether money is still pending in or out of it. */
  readonly pending: boolean;
}

/**
 * Something the customer holds that blocks a closing (details.holdings of ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY): a
 * trading position (shares, ETFs, crypto), units of a fund, or units of an issuer token.
 */
export interface HoldingBlockingClose {
  readonly kind: 'position' | 'fund' | 'token';
  /** The product id (`AAPL.CBOE`, `BTC-EUR`) or the fund's or token's id. */
  readonly id: string;
  /** The instrument's, fund's or token's name (the product id when the catalog no longer knows it). */
  readonly name: string;
  /** The instrument's symbol (`AAPL`) or the token's (`ACME`); null for a fund. */
  readonly symbol: string | null;
  /**
   * What is held as a decimal string: the position's quantity (reserved part included), or the units (frozen and
   * locked ones included, FUND_UNITS_SCALE: 6 digits).
   */
  readonly quantity: string;
}

/** An automated investment plan that blocks a closing (details.plans of ACCOUNT_CLOSE_ACTIVE_PLANS). */
export interface PlanBlockingClose {
  readonly planId: string;
  /** The plan's name as its page shows it: the fund's name or the instrument's id. */
  readonly name: string;
}

/** Trading's in-process API for other services. */
export interface TradingApi {
  /** How many of the customer's orders are open (accepted, working, partially filled). */
  openOrderCount(userId: string): Promise<number>;
  /**
   * Read only: the customer's latest orders, newest first, at most `limit` (1 to 20), as GET /orders gives them
   * (the assistant's order status). Optional: test doubles omit it.
   */
  recentOrders?(userId: string, limit: number): Promise<readonly Order[]>;
  /**
   * Read only: the customer's positions with a quantity other than zero, by product id (closing the account).
   * Offered by the trading service; absent in test doubles.
   */
  positionsHeld?(userId: string): Promise<readonly HoldingBlockingClose[]>;
}

/** `context.clients?.find(TRADING_CLIENT)`: trading's in-process API. */
export const TRADING_CLIENT: {
  readonly service: 'trading';
  readonly __client?: TradingApi;
} = { service: 'trading' };
