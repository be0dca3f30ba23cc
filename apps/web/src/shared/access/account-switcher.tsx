/**
 * The account switcher's banner in the dashboard (docs/adr/0018): while a delegate acts for another customer, says
 * for whom and with which role, and switches back to their own account. Accounts to act for are chosen in the
 * settings section delegateAccounts.
 */
import { Button } from '@tessera/ui';
import './access.css';
import { useTranslation } from '#/lib/i18n.ts';
import { actingFor, switchAccount } from './acting-for.ts';

export function AccountSwitcher() {
  const { t } = useTranslation('access');
  const acting = actingFor();
  if (!acting) {
    return null;
  }
  return (
    <div className="app-acting-for" role="status" data-testid="acting-for">
      <span>{t('switcher.acting', { name: acting.ownerName, role: t(`roles.${acting.role}`) })}</span>{' '}
      <Button variant="secondary" size="sm" onClick={() => switchAccount(null)}>
        {t('switcher.back')}
      </Button>
    </div>
  );
}
