import { Link } from '@tanstack/react-router';
import { BackgroundRight, Button, Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

const HIGHLIGHTS = ['ledger', 'security', 'markets', 'languages'] as const;
const PRODUCTS = [
  { to: '/trading/', key: 'trading', nav: 'trading' },
  { to: '/automated-investments/', key: 'automatedInvestments', nav: 'automatedInvestments' },
  { to: '/tokenized-assets-management/', key: 'tokenizedAssets', nav: 'tokenizedAssets' },
  { to: '/universal-ledger-system/', key: 'universalLedger', nav: 'universalLedger' },
] as const;

/** The public home page. */
export function HomePage() {
  const { t } = useTranslation(['public', 'common']);
  useDocumentTitle(t('public:home.title'));
  return (
    <>
      <section className="app-hero">
        <BackgroundRight />
        <div className="app-container app-hero__grid">
          <div className="app-hero__copy">
            <p className="app-eyebrow">{t('public:home.eyebrow')}</p>
            <h1 className="app-hero__title">{t('public:home.heading')}</h1>
            <p className="app-hero__lead">{t('public:home.lead')}</p>
            <div className="app-hero__actions">
              <Button asChild variant="primary" size="lg">
                <Link to="/register">{t('public:home.primaryCta')}</Link>
              </Button>
              <Button asChild variant="secondary" size="lg">
                <Link to="/pricing/">{t('public:home.secondaryCta')}</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
      <section className="app-section" aria-labelledby="highlights-title">
        <div className="app-container">
          <h2 id="highlights-title" className="app-section__title">
            {t('public:home.highlights.title')}
          </h2>
          <div className="app-grid-4">
            {HIGHLIGHTS.map((key) => (
              <Card key={key} className="app-feature">
                <h3 className="app-feature__title">{t(`public:home.highlights.${key}.title`)}</h3>
                <p className="app-muted">{t(`public:home.highlights.${key}.text`)}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>
      <section className="app-section app-section--alt" aria-labelledby="products-title">
        <div className="app-container">
          <h2 id="products-title" className="app-section__title">
            {t('public:home.products.title')}
          </h2>
          <div className="app-grid-2">
            {PRODUCTS.map((product) => (
              <Link key={product.to} to={product.to} className="app-product-link">
                <span className="app-product-link__title">{t(`common:nav.${product.nav}`)}</span>
                <span className="app-muted">{t(`public:home.products.${product.key}`)}</span>
              </Link>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
