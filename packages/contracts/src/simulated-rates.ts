import type { CashAssetCode } from './cash-operations.ts';

/**
 * The simulated market's EUR value of one unit of each cash asset (late 2026, rounded): the one table the demo's
 * figures start from (issue #15: cash operations valued bitcoin at 62,000 EUR while the market priced it near
 * 88,000, and market data kept its own copy of the fiat values).
 *
 * - Cash operations' simulated rate provider starts every pair from it (through EUR: USD→GBP = USD / GBP), and
 *   falls back to it for crypto while market data has no price yet.
 * - Market data converts a crypto listing in another currency from its USD listing at these fiat values (one price
 *   per asset), and its simulator starts bitcoin and ether where these values put them (a test there checks it).
 *
 * Decimal strings, never floats: a reader parses them with @tessera/money's Decimal, or with Number only where a
 * simulated price process works in floats.
 */
export const SIMULATED_EUR_VALUES: Readonly<Record<CashAssetCode, string>> = {
  EUR: '1',
  USD: '0.925',
  GBP: '1.175',
  CHF: '1.065',
  BTC: '88000',
  ETH: '3050',
  USDC: '0.925',
};
