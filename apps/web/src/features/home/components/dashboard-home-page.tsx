import { Banner } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { ComingSoonPage } from '#/components/coming-soon-page.tsx';

/** /dashboard/home/: the overview; `origin=deposit_success` shows a success banner. */
export function DashboardHomePage({ depositSucceeded }: { depositSucceeded: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <ComingSoonPage area="home">
      {depositSucceeded ? <Banner tone="success">{t('home.depositSuccess')}</Banner> : null}
    </ComingSoonPage>
  );
}
