import type { ProductId } from '@tessera/contracts';
import { Badge, Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import type { DetachedComponent } from '#/lib/trading-components.ts';

/** A detached trading panel (chart, watchlist or order form) in its own window. */
export function DetachedWindow({ component, product }: { component: DetachedComponent; product: ProductId }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const values = { component: t(`dashboard:detached.${component}`), product };
  return (
    <main id="main" className="app-detached">
      <h1 className="app-page-title">{t('dashboard:areas.detached.title', values)}</h1>
      <Card className="app-coming">
        <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
        <p>{t('dashboard:areas.detached.text')}</p>
      </Card>
    </main>
  );
}
