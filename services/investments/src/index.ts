/**
 * @tessera/service-investments: funds (curated and community), units as a ledger asset, NAV, subscriptions and
 * redemptions through the trading engine, the daily management fee (PRODUCT.md, "Funds, automated investments,
 * tokenized assets"; docs/adr/0019-fund-units-nav-and-money-paths.md).
 */
export { defineInvestmentsService, investmentsService, type InvestmentsRuntime } from './service.ts';
export type { InvestmentsOptions } from './modules/investments-core.ts';
