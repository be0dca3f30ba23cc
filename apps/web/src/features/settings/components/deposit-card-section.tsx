import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '@tessera/contracts';
import { Badge, Banner, EmptyState, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { deleteSavedCard } from '#/shared/cash/api/delete-saved-card.ts';
import { railsKeys } from '#/shared/cash/api/rails-request.ts';
import { savedCardsQueryOptions } from '#/shared/cash/api/get-saved-cards.ts';
import { setDefaultCard } from '#/shared/cash/api/set-default-card.ts';
import { errorMessage } from '#/lib/error-message.ts';
import '#/components/cash/cash.css';
import { formatCardBrand } from '#/lib/format.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';

/** Settings → Cards for deposits: the saved cards (brand, last four digits, expiry), the default one, removal. */
export function DepositCardSection() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const queryClient = useQueryClient();
  const cards = useQuery(savedCardsQueryOptions(call));
  const acting = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => {
      await action();
      await queryClient.invalidateQueries({ queryKey: railsKeys.cards() });
    },
  });
  if (cards.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  if (cards.isError) {
    return <Banner tone="danger">{errorMessage(t, cards.error)}</Banner>;
  }
  return (
    <div className="cash-section">
      <p className="app-muted">{t('settings.cards.lead')}</p>
      {acting.isError ? <Banner tone="danger">{errorMessage(t, acting.error)}</Banner> : null}
      {cards.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('settings.cards.emptyTitle')}
          description={t('settings.cards.emptyText')}
        />
      ) : (
        <ul className="app-list" aria-label={t('settings.cards.listLabel')}>
          {cards.data.map((card) => (
            <SavedCardRow
              key={card.id}
              card={card}
              busy={acting.isPending}
              onMakeDefault={() => acting.mutate(() => setDefaultCard(call, card.id))}
              onRemove={() => acting.mutate(() => deleteSavedCard(call, card.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedCardRow({
  card,
  busy,
  onMakeDefault,
  onRemove,
}: {
  card: SavedCard;
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const label = t('fund.card.cardLabel', { brand: formatCardBrand(card.brand), last4: card.last4 });
  return (
    <li className="app-list__row">
      <span>
        {label}{' '}
        <span className="app-muted">
          {t('settings.cards.expires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}
        </span>{' '}
        {card.isDefault ? <Badge tone="brand">{t('settings.cards.default')}</Badge> : null}
      </span>
      <span className="app-cluster">
        {card.isDefault ? null : (
          <ConfirmButton
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={t('settings.cards.makeDefaultLabel', { card: label })}
            onClick={onMakeDefault}
          >
            {t('settings.cards.makeDefault')}
          </ConfirmButton>
        )}
        <ConfirmButton
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={t('settings.cards.removeLabel', { card: label })}
          onClick={onRemove}
        >
          {t('settings.cards.remove')}
        </ConfirmButton>
      </span>
    </li>
  );
}
