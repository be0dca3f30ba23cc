import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@tessera/contracts';
import { Button } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatPrice, formatProduct } from '#/shared/markets/market-format.ts';
import { tradingKeys } from '#/shared/trading/trading-cache.ts';

/**
 * Triggered price alerts as notices (the trading websocket's `alert` messages, use-trading-stream.ts): a live
 * region with role=status, so screen readers announce each one politely; every notice can be dismissed.
 */
export function AlertNotices() {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: tradingKeys.alertNotices(),
    queryFn: () => [] as PriceAlert[],
    staleTime: Infinity,
    initialData: [] as PriceAlert[],
  });
  const dismiss = (id: string) =>
    queryClient.setQueryData<PriceAlert[]>(tradingKeys.alertNotices(), (current) =>
      (current ?? []).filter((item) => item.id !== id),
    );
  return (
    <div className="trd-notices" role="status" aria-live="polite">
      {notices.data.map((alert) => (
        <div key={alert.id} className="trd-notice">
          <p className="trd-notice__text">
            {t(`alerts.notice.${alert.condition}`, {
              product: formatProduct(alert.productId),
              price: formatPrice(alert.price, language),
              reached: formatPrice(alert.triggeredPrice, language),
            })}
          </p>
          <Button variant="ghost" size="sm" onClick={() => dismiss(alert.id)}>
            {t('alerts.dismiss')}
          </Button>
        </div>
      ))}
    </div>
  );
}
