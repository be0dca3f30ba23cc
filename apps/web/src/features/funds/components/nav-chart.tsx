import type { FundNavPoint } from '@tessera/contracts';
import { useTranslation } from '#/lib/i18n.ts';
import { chartNumber, formatDateTime } from '#/shared/markets/market-format.ts';
import { useFundFormat } from './format.ts';

const WIDTH = 600;
const HEIGHT = 160;

/**
 * The NAV history as a line (one point a day, the last is now). The drawing uses numbers only to place points
 * (chartNumber); every figure a person reads is formatted from the decimal strings. The SVG is one image to
 * assistive technology, named by a text summary of the first and last NAV.
 */
export function NavChart({ points, currency }: { points: readonly FundNavPoint[]; currency: string }) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  if (points.length === 0) {
    return <p className="funds-muted">{t('fund.navEmpty')}</p>;
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const values = points.map((point) => chartNumber(point.nav));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  const path = values
    .map((value, index) => {
      const x = points.length > 1 ? index * step : WIDTH / 2;
      const y = HEIGHT - 8 - ((value - low) / span) * (HEIGHT - 16);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const summary = t('fund.navSummary', {
    from: format.nav(first.nav, currency),
    fromDate: formatDateTime(first.at, format.language),
    to: format.nav(last.nav, currency),
    toDate: formatDateTime(last.at, format.language),
  });
  return (
    <figure className="funds-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        {points.length === 1 ? (
          <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={4} className="funds-chart__dot" />
        ) : (
          <path d={path} className="funds-chart__line" vectorEffect="non-scaling-stroke" />
        )}
      </svg>
      <figcaption className="funds-muted">{summary}</figcaption>
    </figure>
  );
}
