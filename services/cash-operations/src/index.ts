/**
 * @tessera/service-cash-operations: wallets, deposits, withdrawals, transfers and FX (PRODUCT.md, "Wallets and cash
 * operations"; docs/adr/0005-cash-operations.md). The rails' modules use the core's functions documented in
 * src/modules/README.md.
 */
export {
  cashOperationsMigrations,
  cashOperationsService,
  createCashCoreOf,
  defineCashOperationsService,
  processorSimulatorService,
  type CashCoreOptions,
} from './service.ts';
export type { CashCore } from './modules/accounts/cash-core.ts';
export { createSimulatedRateProvider, type RateProvider } from './modules/fx/rate-provider.ts';
