/**
 * The funds Tessera curates: their composition and Tessera's own texts, in every language of the app. A curated
 * fund's row keeps the English description; its answers carry both (FundSummary.descriptions), so a French page
 * shows Tessera's French text. A community fund's description is its manager's words, in whatever language they
 * wrote it.
 */
import type { FundDescriptions } from '@tessera/contracts';
import { investmentsId } from './fund-ledger.ts';

export const CURATED_FUNDS = [
  {
    key: 'europe-leaders',
    name: 'Tessera Europe Leaders',
    description: {
      en: 'Four large European companies in equal parts: software, industry, chips and luxury goods.',
      fr: 'Quatre grandes entreprises européennes à parts égales : logiciel, industrie, semi-conducteurs et luxe.',
    },
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
    description: {
      en: 'A world equity ETF at its heart, with a European insurer and an energy company around it.',
      fr: 'Un ETF d’actions mondiales en son cœur, entouré d’un assureur européen et d’une entreprise de l’énergie.',
    },
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
    description: {
      en: 'Bitcoin and ether against the euro, weighted 70 to 30. Prices move a lot: invest only what you can leave.',
      fr: 'Bitcoin et ether contre l’euro, pondérés à 70 et 30. Les prix varient beaucoup : n’investissez que ce que vous pouvez laisser de côté.',
    },
    feePercent: '0.95',
    components: [
      { productId: 'BTC-EUR_tessera', weight: '70.00' },
      { productId: 'ETH-EUR_tessera', weight: '30.00' },
    ],
  },
] as const;

/** The id of the curated fund of `key` (name-based: every start finds the same fund). */
export function curatedFundId(key: string): string {
  return investmentsId(`curated:${key}`);
}

const DESCRIPTIONS: ReadonlyMap<string, FundDescriptions> = new Map(
  CURATED_FUNDS.map((fund) => [curatedFundId(fund.key), fund.description]),
);

/** Tessera's description of a curated fund in each language; null for any other fund. */
export function curatedDescriptions(fundId: string): FundDescriptions | null {
  return DESCRIPTIONS.get(fundId) ?? null;
}
