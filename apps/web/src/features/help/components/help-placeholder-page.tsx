import { Badge, Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

/** The help centre until its articles and search land: says plainly that they are coming. */
export function HelpPlaceholderPage({ query }: { query?: string }) {
  const { t } = useTranslation(['public', 'common']);
  useDocumentTitle(`${t('public:help.title')} — Tessera`);
  return (
    <section className="app-section">
      <div className="app-container app-narrow">
        <h1 className="app-page-title">{t('public:help.title')}</h1>
        {query ? <p>{t('public:help.searching', { query })}</p> : null}
        <Card className="app-coming">
          <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
          <p>{t('public:help.lead')}</p>
        </Card>
      </div>
    </section>
  );
}
