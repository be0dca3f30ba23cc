/**
 * The funds Tessera curates (demo data, idempotent at every start): EUR funds over instruments of the catalog that
 * the trading engine quotes in euros. Their ids are name-based, so every start finds the same funds. Their texts are
 * in curated-funds.ts.
 */
import { CURATED_FUNDS, curatedFundId } from './curated-funds.ts';
import { insertFund } from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';

export async function seedCuratedFunds(core: InvestmentsCore): Promise<void> {
  for (const fund of CURATED_FUNDS) {
    await insertFund(core, {
      id: curatedFundId(fund.key),
      kind: 'curated',
      managerId: null,
      name: fund.name,
      description: fund.description.en,
      currency: 'EUR',
      feePercent: fund.feePercent,
      components: fund.components,
    });
  }
}
