/**
 * Closing an account (settings section closeAccount, docs/api.md "Closing the account"): what the customer sends,
 * the answer, the refusal codes, and the in-process client trading offers so user management can count a
 * customer's open orders.
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

/** Trading's in-process API for other services. */
export interface TradingApi {
  /** How many of the customer's orders are open (accepted, working, partially filled). */
  openOrderCount(userId: string): Promise<number>;
  /**
   * Read only: the customer's latest orders, newest first, at most `limit` (1 to 20), as GET /orders gives them
   * (the assistant's order status). Optional: test doubles omit it.
   */
  recentOrders?(userId: string, limit: number): Promise<readonly Order[]>;
}

/** `context.clients?.find(TRADING_CLIENT)`: trading's in-process API. */
export const TRADING_CLIENT: {
  readonly service: 'trading';
  readonly __client?: TradingApi;
} = { service: 'trading' };
