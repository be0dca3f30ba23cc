import { Link } from '@tanstack/react-router';
import { Button, Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

export type ProductPageKey =
  'pricing' | 'trading' | 'automatedInvestments' | 'tokenizedAssetsManagement' | 'universalLedgerSystem';

/** A public product page: heading, lead, key points and a call to open an account. */
export function ProductPage({ page }: { page: ProductPageKey }) {
  const { t } = useTranslation('public');
  const title = t(`products.${page}.title`);
  useDocumentTitle(`${title} — Tessera`);
  const points = t(`products.${page}.points`, { returnObjects: true }) as string[];
  return (
    <section className="app-section">
      <div className="app-container app-narrow">
        <h1 className="app-page-title">{title}</h1>
        <p className="app-hero__lead">{t(`products.${page}.lead`)}</p>
        <Card>
          <ul className="app-checklist">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Card>
        <p className="app-muted">{t('products.comingNote')}</p>
        <Button asChild variant="primary" size="lg">
          <Link to="/register">{t('products.cta')}</Link>
        </Button>
      </div>
    </section>
  );
}
