import type { Wallet } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { CopyField } from '#/components/cash/copy-button.tsx';
import { formatDateTime } from '#/components/cash/activity-list.tsx';
import { groupIban } from '#/components/cash/wallet-cards.tsx';
import { RenameWalletForm } from './rename-wallet-form.tsx';

/** The wallet's name (renamed here), identifiers and facts: IBAN and BIC, deposit address, kind, creation date. */
export function DetailsTab({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  return (
    <div className="cash-section">
      <RenameWalletForm wallet={wallet} />
      <dl className="cash-fields">
        {wallet.iban ? <CopyField label={t('details.iban')} value={groupIban(wallet.iban)} /> : null}
        {wallet.bic ? <CopyField label={t('details.bic')} value={wallet.bic} /> : null}
        {wallet.depositAddress ? (
          <>
            <CopyField label={t('details.address')} value={wallet.depositAddress.address} />
            <div className="cash-field">
              <dt>{t('details.chain')}</dt>
              <dd>{t(`chains.${wallet.depositAddress.chain}`)}</dd>
            </div>
          </>
        ) : null}
        {!wallet.iban && !wallet.depositAddress ? (
          <div className="cash-field">
            <dt>{t('details.identifiers')}</dt>
            <dd>{t(wallet.kind === 'savings' ? 'details.savingsNoIdentifier' : 'details.noIdentifier')}</dd>
          </div>
        ) : null}
        <div className="cash-field">
          <dt>{t('details.asset')}</dt>
          <dd>{t(`assets.${wallet.asset}`)}</dd>
        </div>
        <div className="cash-field">
          <dt>{t('details.kind')}</dt>
          <dd>{t(`kind.${wallet.kind}`)}</dd>
        </div>
        <div className="cash-field">
          <dt>{t('details.status')}</dt>
          <dd>{t(`walletStatus.${wallet.status}`)}</dd>
        </div>
        <div className="cash-field">
          <dt>{t('details.created')}</dt>
          <dd>
            <time dateTime={wallet.createdAt}>{formatDateTime(wallet.createdAt, language)}</time>
          </dd>
        </div>
        <CopyField label={t('details.id')} value={wallet.id} />
      </dl>
    </div>
  );
}
