/**
 * The ledger service as the server mounts it: migrations, the in-process client it offers other services
 * (docs/adr/0003-ledger.md), its HTTP routes under /api/ledger, the expiry sweep, and the bank's ledgers.
 */
import { ASSET_REGISTRY } from '@tessera/money';
import { BANK_TENANT_ID, LEDGER_CLIENT } from '@tessera/contracts';
import { defineService, type ServiceContext } from '@tessera/platform';
import { ledgerMigrations } from '../migrations/index.ts';
import { createLedgerApi, type LedgerService } from './modules/ledger/ledger-api.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';

/** How often pending transfers whose timeout passed are expired. State is in the database: restarts lose nothing. */
export const EXPIRY_SWEEP_INTERVAL_MS = 1000;

/** The ledger's own client: the one the server created, or a new one when mounted without the server. */
function ledgerOf(context: ServiceContext): { ledger: LedgerService; owned: boolean } {
  const offered = context.clients?.get(LEDGER_CLIENT);
  return offered
    ? { ledger: offered as LedgerService, owned: false }
    : { ledger: createLedgerApi(context.db), owned: true };
}

export const ledgerService = defineService({
  name: 'ledger',
  schema: 'ledger',
  prefix: '/api/ledger',
  migrations: ledgerMigrations,
  createClient: async (context) => createLedgerApi(context.db),
  async plugin(app, { context }) {
    const { ledger } = ledgerOf(context);
    ledger.startExpirySweep(EXPIRY_SWEEP_INTERVAL_MS, context.log);
    app.addHook('onClose', async () => ledger.close());
    await app.register(ledgerRoutes, { context, ledger });
  },
  /** The bank's ledgers of every registry asset (EUR, USD, GBP, CHF, BTC, ETH, USDC), idempotent. */
  async seed(context) {
    const { ledger, owned } = ledgerOf(context);
    for (const code of ASSET_REGISTRY.keys()) {
      await ledger.createLedger(BANK_TENANT_ID, { code });
    }
    if (owned) {
      await ledger.close();
    }
  },
});
