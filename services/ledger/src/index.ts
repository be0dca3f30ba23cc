/**
 * @tessera/service-ledger: the universal ledger (docs/adr/0003-ledger.md). Other services use the `LedgerApi` of
 * @tessera/contracts through `context.clients?.get(LEDGER_CLIENT)`; tests may build one with `createLedgerApi`.
 */
export { ledgerService, EXPIRY_SWEEP_INTERVAL_MS } from './service.ts';
export {
  createLedgerApi,
  expiryIdOf,
  type LedgerApiOptions,
  type LedgerService,
} from './modules/ledger/ledger-api.ts';
