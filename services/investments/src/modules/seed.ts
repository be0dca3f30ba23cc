/**
 * The funds Tessera curates (demo data, idempotent at every start): EUR funds over instruments of the catalog that
 * the trading engine quotes in euros. Their ids are name-based, so every start finds the same funds.
 */
import { investmentsId } from './fund-ledger.ts';
import { insertFund } from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';

export const CURATED_FUNDS = [
  {
    key: 'europe-leaders',
    name: 'Tessera Europe Leaders',
    description: 'Four large European companies in equal parts: software, industry, chips and luxury goods.',
    feePercent: '0.45',
    components: [
      { productId: 'SAP_xetra', weight: '25.00' },
      { productId: 'SIE_xetra', weight: '25.00' },
      { productId: 'ASML_euronext', weight: '25.00' },
      { productId: 'MC_euronext', weight: '25.00' },
    ],
  },
  {
    key: 'global-core',
    name: 'Tessera Global Core',
    description: 'A world equity ETF at its heart, with a European insurer and an energy company around it.',
    feePercent: '0.25',
    components: [
      { productId: 'EUNL_xetra', weight: '70.00' },
      { productId: 'ALV_xetra', weight: '15.00' },
      { productId: 'TTE_euronext', weight: '15.00' },
    ],
  },
  {
    key: 'digital-assets',
    name: 'Tessera Digital Assets',
    description:
      'Bitcoin and ether against the euro, weighted 70 to 30. Prices move a lot: invest only what you can leave.',
    feePercent: '0.95',
    components: [
      { productId: 'BTC-EUR_tessera', weight: '70.00' },
      { productId: 'ETH-EUR_tessera', weight: '30.00' },
    ],
  },
] as const;

export async function seedCuratedFunds(core: InvestmentsCore): Promise<void> {
  for (const fund of CURATED_FUNDS) {
    await insertFund(core, {
      id: investmentsId(`curated:${fund.key}`),
      kind: 'curated',
      managerId: null,
      name: fund.name,
      description: fund.description,
      currency: 'EUR',
      feePercent: fund.feePercent,
      components: fund.components,
    });
  }
}
