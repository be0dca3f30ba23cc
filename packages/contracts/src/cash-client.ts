/**
 * What cash operations offer other services in the same process (trading, investments): the ledger account behind
 * a customer's current wallet of an asset, so their money movements use the customer's real wallet, and a way to
 * tell the customer live that a wallet changed. Wallet balances stay in the ledger; nobody keeps a copy.
 */
import type { WalletHoldingFunds } from './account-close.ts';
import type { ActivityItem, Wallet } from './cash-operations.ts';

/** A customer's current wallet of one asset, and the ledger account (bank tenant) that holds its balance. */
export interface CurrentWalletRef {
  readonly walletId: string;
  /** The customer wallet account in the asset's ledger of the bank tenant (`BANK_TENANT_ID`). */
  readonly accountId: string;
  readonly asset: string;
}

/** Cash operations' in-process API. */
export interface CashOperationsApi {
  /**
   * The customer's current wallet of `asset`; with `create`, opened when absent (as POST /wallets would, named
   * after the asset); otherwise `null` when the customer has none.
   */
  currentWallet(
    userId: string,
    asset: string,
    options?: { create?: boolean },
  ): Promise<CurrentWalletRef | null>;
  /** Pushes `wallet.changed` to the customer's live connections after another service moved money in it. */
  notifyWalletChanged(userId: string, walletId: string): Promise<void>;
  /**
   * One of the customer's operations on one of their wallets as notifications describe it (user management hears
   * `operation.changed` and asks what it was); `null` when unknown or not theirs. Optional: test doubles omit it.
   */
  describeOperation?(
    userId: string,
    operationId: string,
    walletId: string,
  ): Promise<CashOperationSummary | null>;
  /**
   * The customer's wallets that hold money: a posted balance other than zero or money pending in or out (user
   * management refuses to close the account while any does). Optional: test doubles omit it.
   */
  walletsHoldingFunds?(userId: string): Promise<readonly WalletHoldingFunds[]>;
  /**
   * Read only: the customer's wallets as GET /wallets gives them (the assistant's balances). Optional: test doubles
   * omit it.
   */
  listWallets?(userId: string): Promise<readonly Wallet[]>;
  /**
   * Read only: the customer's latest activity over all their wallets, newest first, at most `limit` (1 to 20), as
   * the home page's summary lists it (the assistant's recent activity). Optional: test doubles omit it.
   */
  recentActivity?(userId: string, limit: number): Promise<readonly ActivityItem[]>;
}

/** What {@link CashOperationsApi.describeOperation} tells: kind, status and signed amount in the asset's scale. */
export interface CashOperationSummary {
  readonly id: string;
  readonly walletId: string;
  /** An ActivityKind (card_deposit, sepa_withdrawal, customer_transfer...). */
  readonly kind: string;
  readonly status: 'pending' | 'posted' | 'voided';
  readonly asset: string;
  /** Signed minor units as decimal digits (negative when money left the wallet). */
  readonly amountMinor: string;
}

/** `context.clients?.get(CASH_OPERATIONS_CLIENT)`: cash operations' in-process API. */
export const CASH_OPERATIONS_CLIENT: {
  readonly service: 'cash-operations';
  readonly __client?: CashOperationsApi;
} = { service: 'cash-operations' };
