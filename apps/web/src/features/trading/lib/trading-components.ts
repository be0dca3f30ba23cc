/** The panels of the trading page that can open in a detached window (spec section 5). */
export const DETACHED_COMPONENTS = ['CHART', 'WATCHLIST', 'ORDER_FORM'] as const;
export type DetachedComponent = (typeof DETACHED_COMPONENTS)[number];
