import { Link } from '@tanstack/react-router';
import { Button } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { PRODUCT_ILLUSTRATIONS } from './product-illustrations.tsx';
import {
  CtaBand,
  FaqList,
  faqJsonLd,
  FeatureGrid,
  FeeList,
  Hero,
  OpenAccountButton,
  RiskList,
  Section,
  Steps,
  type FaqItem,
  type TitledText,
} from './sections.tsx';

export type ProductPageKey = keyof typeof PRODUCT_ILLUSTRATIONS;

/** Per product: its path and the fee schedule lines that concern it. */
const PRODUCTS: Record<ProductPageKey, { path: string; fees: readonly string[] }> = {
  trading: { path: '/trading/', fees: ['tradingSecurities', 'tradingCrypto', 'conversionFiat'] },
  automatedInvestments: {
    path: '/automated-investments/',
    fees: ['automatedInvestmentRun', 'fundInvestRedeem', 'fundManagementCurated', 'fundManagementCommunity'],
  },
  tokenizedAssetsManagement: {
    path: '/tokenized-assets-management/',
    fees: ['tokenizedTransfer', 'conversionFiat', 'withdrawalSepa'],
  },
  universalLedgerSystem: { path: '/universal-ledger-system/', fees: ['ledgerApiTransfer'] },
};

/** A product page: what it does and how, fees from the schedule, risks, questions and a call to action. */
export function ProductPage({ page }: { page: ProductPageKey }) {
  const { t } = useTranslation('public');
  const key = (name: string) => `products.${page}.${name}`;
  const faq = t(key('faq'), { returnObjects: true }) as FaqItem[];
  const Art = PRODUCT_ILLUSTRATIONS[page];
  return (
    <>
      <PageHead
        title={t(key('metaTitle'))}
        description={t(key('metaDescription'))}
        path={PRODUCTS[page].path}
        jsonLd={[faqJsonLd(faq)]}
      />
      <Hero
        eyebrow={t(key('eyebrow'))}
        title={t(key('title'))}
        lead={t(key('lead'))}
        illustration={<Art label={t(key('illustrationLabel'))} />}
        actions={
          <>
            <OpenAccountButton />
            <Button asChild variant="secondary" size="lg">
              <Link to="/pricing/">{t('shared.seePricing')}</Link>
            </Button>
          </>
        }
      />
      <Section id="features-title" title={t('shared.featuresTitle')}>
        <FeatureGrid items={t(key('features'), { returnObjects: true }) as TitledText[]} />
      </Section>
      <Section id="how-title" title={t('shared.howTitle')} alt>
        <Steps items={t(key('steps'), { returnObjects: true }) as TitledText[]} />
      </Section>
      <Section id="fees-title" title={t('shared.feesTitle')}>
        <FeeList ids={PRODUCTS[page].fees} text={t(key('feesText'))} />
      </Section>
      <Section id="risks-title" title={t('shared.risksTitle')} alt>
        <RiskList items={t(key('risks'), { returnObjects: true }) as string[]} />
      </Section>
      <Section id="faq-title" title={t('shared.faqTitle')}>
        <FaqList items={faq} />
      </Section>
      <CtaBand title={t(key('ctaTitle'))} text={t(key('ctaText'))} />
    </>
  );
}
