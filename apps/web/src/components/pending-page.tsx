import { Spinner } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/** Shown by the router when a page takes longer than the pending delay to load. */
export function PendingPage() {
  const { t } = useTranslation('common');
  return (
    <div className="app-pending">
      <Spinner label={t('loading')} />
    </div>
  );
}
