import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Banner, PageHeader, Skeleton } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';

/**
 * What a fund's pages show while the fund loads (a placeholder) or when it cannot be read (the page's title, why,
 * and the way back); null once the fund is there.
 */
export function FundReadState({
  fund,
  title,
}: {
  fund: UseQueryResult<unknown, unknown>;
  title: string;
}): ReactNode {
  const { t } = useTranslation(['funds', 'errors']);
  if (fund.isPending) {
    return (
      <div className="app-page">
        <Skeleton shape="block" height="240px" />
      </div>
    );
  }
  if (fund.isError) {
    return (
      <div className="app-page">
        <PageHeader title={title} />
        <Banner tone="danger">{errorMessage(t, fund.error)}</Banner>
        <Link to="/dashboard/funds/">{t('fund.back')}</Link>
      </div>
    );
  }
  return null;
}
