/**
 * What cash operations offer other services in the same process (trading, investments): the ledger account behind
 * a customer's current wallet of an asset, so their money movements use the customer's real wallet, and a way to
 * tell the customer live that a wallet changed. Wallet balances stay in the ledger; nobody keeps a copy.
 */

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
}

/** `context.clients?.get(CASH_OPERATIONS_CLIENT)`: cash operations' in-process API. */
export const CASH_OPERATIONS_CLIENT: {
  readonly service: 'cash-operations';
  readonly __client?: CashOperationsApi;
} = { service: 'cash-operations' };
