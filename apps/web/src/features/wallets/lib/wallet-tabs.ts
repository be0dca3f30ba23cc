/** The tabs of the wallet view; the `to` search parameter is an index into this list. */
export const WALLET_TABS = ['activity', 'details', 'statements'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];
