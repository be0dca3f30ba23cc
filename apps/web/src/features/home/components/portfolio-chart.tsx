import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type * as LightweightCharts from 'lightweight-charts';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { PORTFOLIO_RANGES, type PortfolioHistoryResponse, type PortfolioRange } from '@tessera/contracts';
import { Banner, Card, SegmentedControl, Skeleton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { chartNumber, formatMoneyText, formatPercent, toneClass } from '#/shared/markets/market-format.ts';
import { errorMessage } from '#/lib/error-message.ts';
import {
  portfolioHistoryQueryOptions,
  storedPortfolioRange,
  storePortfolioRange,
  useSeriesCall,
} from '../api/portfolio-api.ts';
import { ChartAttribution } from '#/shared/markets/components/chart-attribution.tsx';

const CHART_HEIGHT = 220;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * The portfolio value chart of the home page (PRODUCT.md, "Home"): the value of the customer's wallets and
 * positions in their reference currency over a range, with the value now and the change over the range, which
 * leaves out deposits and withdrawals (their net sum is shown under it when there are any). The canvas is one image to assistive technology; a text summary carries the same figures.
 */
export function PortfolioChart() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const call = useSeriesCall();
  const [range, setRange] = useState<PortfolioRange>(storedPortfolioRange);
  const history = useQuery(portfolioHistoryQueryOptions(call, range));
  const choose = (value: PortfolioRange) => {
    setRange(value);
    storePortfolioRange(value);
  };
  const data = history.data;
  return (
    <Card as="section" className="home-portfolio" aria-labelledby="home-portfolio-title">
      <div className="home-portfolio__head">
        <h2 id="home-portfolio-title" className="cash-section__title">
          {t('portfolio.title')}
        </h2>
        <SegmentedControl
          label={t('portfolio.range')}
          value={range}
          onValueChange={choose}
          options={PORTFOLIO_RANGES.map((value) => ({ value, label: t(`portfolio.rangeShort.${value}`) }))}
          size="sm"
        />
      </div>
      {history.isPending ? <Skeleton shape="block" height={`${CHART_HEIGHT}px`} /> : null}
      {history.isError ? <Banner tone="danger">{errorMessage(t, history.error)}</Banner> : null}
      {data ? <PortfolioFigures data={data} range={range} /> : null}
    </Card>
  );
}

/** The value now, the change over the range, net deposits when there are any, a text summary and the canvas. */
function PortfolioFigures({ data, range }: { data: PortfolioHistoryResponse; range: PortfolioRange }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  // Deposits and withdrawals are in the value, not in the change (docs/adr/0011): their sum is shown apart.
  const hasFlows = /[1-9]/.test(data.netFlows);
  const flowsText = data.netFlows.startsWith('-')
    ? t('portfolio.netWithdrawals', {
        amount: formatMoneyText(data.netFlows.slice(1), data.currency, language),
      })
    : t('portfolio.netFlows', { amount: formatMoneyText(data.netFlows, data.currency, language) });
  const rangeLabel = t(`portfolio.ranges.${range}`);
  // Nothing held and nothing moved: no change to speak of, only what the chart will show.
  if (data.points.length === 0 && !/[1-9]/.test(data.value) && !hasFlows) {
    return (
      <>
        <p className="home-portfolio__value" data-testid="portfolio-value">
          {formatMoneyText(data.value, data.currency, language)}
        </p>
        <p className="app-muted">{t('portfolio.empty')}</p>
      </>
    );
  }
  return (
    <>
      <p className="home-portfolio__value" data-testid="portfolio-value">
        {formatMoneyText(data.value, data.currency, language)}
      </p>
      <p className={`home-portfolio__change ${toneClass(data.change)}`}>
        {t('portfolio.change', {
          change: formatMoneyText(data.change, data.currency, language, 'exceptZero'),
          percent: data.changePercent === null ? '—' : formatPercent(data.changePercent, language),
          range: rangeLabel,
        })}
      </p>
      {hasFlows ? (
        <p className="app-muted" data-testid="portfolio-net-flows">
          {flowsText}
        </p>
      ) : null}
      <p className="ts-visually-hidden" data-testid="portfolio-summary">
        {t(hasFlows ? 'portfolio.summaryWithFlows' : 'portfolio.summary', {
          value: formatMoneyText(data.value, data.currency, language),
          change: formatMoneyText(data.change, data.currency, language, 'exceptZero'),
          percent: data.changePercent === null ? '—' : formatPercent(data.changePercent, language),
          range: rangeLabel,
          flows: flowsText,
        })}
      </p>
      {data.points.length === 0 ? (
        <p className="app-muted">{t('portfolio.empty')}</p>
      ) : (
        <PortfolioCanvas
          history={data}
          locale={language === 'fr' ? 'fr-FR' : 'en-GB'}
          label={t('portfolio.title')}
        />
      )}
    </>
  );
}

type ChartLibrary = typeof LightweightCharts;

/**
 * The area chart of the portfolio's value, in the page's colours, without scrolling or zooming. lightweight-charts
 * is loaded when the chart is first drawn, not with the home page (issue #15).
 */
function createPortfolioChart(
  { AreaSeries, ColorType, createChart }: ChartLibrary,
  element: HTMLElement,
  locale: string,
) {
  const accent = cssVar('--ts-color-accent', '#0f6b5c');
  const text = cssVar('--ts-color-text-secondary', '#3b4b4f');
  const grid = cssVar('--ts-color-border-subtle', '#e8ecea');
  const axis = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const created = createChart(element, {
    autoSize: true,
    height: CHART_HEIGHT,
    localization: { locale, priceFormatter: (value: number) => axis.format(value) },
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: text,
      // The licence's link to TradingView is shown under the chart (ChartAttribution).
      attributionLogo: false,
    },
    grid: { vertLines: { visible: false }, horzLines: { color: grid } },
    rightPriceScale: { borderColor: grid },
    timeScale: { borderColor: grid, timeVisible: true, secondsVisible: false },
    handleScroll: false,
    handleScale: false,
  });
  const series = created.addSeries(AreaSeries, {
    lineColor: accent,
    topColor: `${accent}55`,
    bottomColor: `${accent}05`,
    lineWidth: 2,
    priceLineVisible: false,
  });
  return { chart: created, series };
}

function PortfolioCanvas({
  history,
  locale,
  label,
}: {
  history: PortfolioHistoryResponse;
  locale: string;
  label: string;
}) {
  const container = useRef<HTMLDivElement | null>(null);
  const chart = useRef<{ chart: IChartApi; series: ISeriesApi<'Area'> } | null>(null);
  // Bumped once the chart exists (its library arrives after the first render), so the data is drawn then.
  const [built, setBuilt] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return undefined;
    }
    let removed = false;
    void import('lightweight-charts').then((library) => {
      if (removed) {
        return;
      }
      chart.current = createPortfolioChart(library, element, locale);
      setBuilt((count) => count + 1);
    });
    return () => {
      removed = true;
      chart.current?.chart.remove();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => {
    const current = chart.current;
    if (current === null) {
      return;
    }
    // One point per second at most (the chart's time unit): a later point of the same second wins.
    const bySecond = new Map<number, number>();
    for (const point of history.points) {
      bySecond.set(Math.floor(point.timeMs / 1000), chartNumber(point.value));
    }
    current.series.setData(
      [...bySecond.entries()].map(([time, value]) => ({ time: time as UTCTimestamp, value })),
    );
    current.chart.timeScale().fitContent();
  }, [history, built]);

  // One image to assistive technology, as the trading chart; the text summary above carries the figures.
  return (
    <>
      <div ref={container} className="home-portfolio__chart" role="img" aria-label={label} />
      <ChartAttribution />
    </>
  );
}
