import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The link to TradingView that the lightweight-charts licence asks for on every page showing a chart. It is
 * shown under the chart instead of the library's logo inside it: the logo is a link within the chart's image
 * role, which assistive technology cannot reach (axe: nested-interactive).
 */
export function ChartAttribution() {
  const { t } = useTranslation('common');
  return (
    <p className="mkt-chart-attribution">
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        {t('chartAttribution')}
      </a>
    </p>
  );
}
