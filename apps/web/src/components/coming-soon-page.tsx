import type { ReactNode } from 'react';
import { Badge, Card, PageHeader } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';

/**
 * A dashboard area whose feature lands in a later release says so plainly, with no figures: a bank never shows
 * numbers it does not have.
 */
export function ComingSoonPage({
  area,
  values,
  children,
}: {
  area: string;
  values?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  usePageTitle(t(`dashboard:areas.${area}.title`, values));
  return (
    <div className="app-page">
      <PageHeader title={t(`dashboard:areas.${area}.title`, values)} />
      {children}
      <Card className="app-coming">
        <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
        <p>{t(`dashboard:areas.${area}.text`, values)}</p>
      </Card>
    </div>
  );
}
