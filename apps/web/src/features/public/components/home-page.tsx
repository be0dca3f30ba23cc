import { Link } from '@tanstack/react-router';
import { Button, Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { HeroIllustration } from './hero-illustration.tsx';
import {
  CtaBand,
  FaqList,
  faqJsonLd,
  FeeList,
  Hero,
  Section,
  Steps,
  type FaqItem,
  type TitledText,
} from './sections.tsx';

const HIGHLIGHTS = ['ledger', 'security', 'markets', 'languages'] as const;
const PRODUCTS = [
  { to: '/trading/', key: 'trading', nav: 'trading' },
  { to: '/automated-investments/', key: 'automatedInvestments', nav: 'automatedInvestments' },
  { to: '/tokenized-assets-management/', key: 'tokenizedAssets', nav: 'tokenizedAssets' },
  { to: '/universal-ledger-system/', key: 'universalLedger', nav: 'universalLedger' },
] as const;
const HOME_FEES = ['accountMonthly', 'depositSepa', 'depositCard', 'conversionFiat', 'tradingSecurities'];

/** The public home page. */
export function HomePage() {
  const { t } = useTranslation(['public', 'common']);
  const faq = t('public:home.faq', { returnObjects: true }) as FaqItem[];
  return (
    <>
      <PageHead
        title={t('public:home.metaTitle')}
        description={t('public:home.metaDescription')}
        path="/"
        jsonLd={[faqJsonLd(faq)]}
      />
      <HomeHero />
      <ProductsSection />
      <Section id="steps-title" title={t('public:home.steps.title')} alt>
        <Steps items={t('public:home.steps.items', { returnObjects: true }) as TitledText[]} />
      </Section>
      <HighlightsSection />
      <Section
        id="pricing-title"
        title={t('public:home.pricing.title')}
        lead={t('public:home.pricing.lead')}
        alt
      >
        <FeeList ids={HOME_FEES} />
      </Section>
      <Section id="faq-title" title={t('public:shared.faqTitle')}>
        <FaqList items={faq} />
        <p className="app-risk-note">{t('public:home.risk')}</p>
      </Section>
      <CtaBand title={t('public:home.cta.title')} text={t('public:home.cta.text')} />
    </>
  );
}

function HomeHero() {
  const { t } = useTranslation('public');
  return (
    <Hero
      eyebrow={t('public:home.eyebrow')}
      title={t('public:home.heading')}
      lead={t('public:home.lead')}
      illustration={<HeroIllustration label={t('public:home.illustrationLabel')} />}
      actions={
        <>
          <Button asChild variant="primary" size="lg">
            <Link to="/register">{t('public:home.primaryCta')}</Link>
          </Button>
          <Button asChild variant="secondary" size="lg">
            <Link to="/pricing/">{t('public:home.secondaryCta')}</Link>
          </Button>
        </>
      }
    >
      <ul className="app-proof">
        {(t('public:home.proof', { returnObjects: true }) as string[]).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Hero>
  );
}

function ProductsSection() {
  const { t } = useTranslation(['public', 'common']);
  return (
    <Section
      id="products-title"
      title={t('public:home.products.title')}
      lead={t('public:home.products.lead')}
    >
      <ul className="app-product-grid app-plain-list">
        {PRODUCTS.map((product) => (
          <li key={product.to}>
            <Link to={product.to} className="app-product-link">
              <span className="app-product-link__title">{t(`common:nav.${product.nav}`)}</span>
              <span className="app-muted">{t(`public:home.products.${product.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HighlightsSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="highlights-title" title={t('public:home.highlights.title')}>
      <ul className="app-grid-4 app-plain-list">
        {HIGHLIGHTS.map((key) => (
          <Card as="li" key={key} className="app-feature">
            <h3 className="app-feature__title">{t(`public:home.highlights.${key}.title`)}</h3>
            <p className="app-muted">{t(`public:home.highlights.${key}.text`)}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
