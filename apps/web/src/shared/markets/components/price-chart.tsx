/**
 * A price chart on lightweight-charts (ARCHITECTURE.md, "Web app"): candles of one interval from the time-series
 * service, a volume histogram, optional 20 and 50 period simple moving averages, the forming candle kept live from
 * the market-data stream (`candles:<interval>`), and horizontal lines for open orders and the position's average
 * cost. Prices become numbers here for drawing only; every figure a person reads elsewhere stays a decimal string.
 * The canvas is decorative for assistive technology: the page's tables and quote carry the same figures.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LineData,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandleInterval, ProductId } from '@tessera/contracts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { chartNumber, decimalsOf } from '../market-format.ts';
import { useMarketSubscription } from '../market-feed.ts';
import { getCandles } from '../api/get-candles.ts';
import { useMarketCalls } from '../api/markets-request.ts';
import { ChartAttribution } from './chart-attribution.tsx';

/** Candles loaded per interval: enough for the 50-period average to settle and a screen of history. */
export const CHART_CANDLES = 300;
export const MOVING_AVERAGE_PERIODS = [20, 50] as const;

/** A horizontal line: an open order's price or the position's average cost. */
export interface ChartPriceLine {
  readonly id: string;
  readonly price: string;
  readonly title: string;
  readonly kind: 'buy' | 'sell' | 'position';
}

interface Palette {
  text: string;
  grid: string;
  up: string;
  down: string;
  averages: [string, string];
  position: string;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function readPalette(): Palette {
  return {
    text: cssVar('--ts-color-text-secondary') || '#3b4b4f',
    grid: cssVar('--ts-color-border-subtle') || '#e8ecea',
    up: cssVar('--ts-color-positive') || '#137547',
    down: cssVar('--ts-color-negative') || '#b3261e',
    averages: [cssVar('--ts-color-info') || '#1d5fa6', cssVar('--ts-color-accent') || '#b5561a'],
    position: cssVar('--ts-color-brand') || '#0b5b57',
  };
}

const timeOf = (candle: Candle) => Math.floor(candle.openTimeMs / 1000) as UTCTimestamp;

function toBar(candle: Candle): CandlestickData {
  return {
    time: timeOf(candle),
    open: chartNumber(candle.open),
    high: chartNumber(candle.high),
    low: chartNumber(candle.low),
    close: chartNumber(candle.close),
  };
}

function toVolume(candle: Candle, palette: Palette): HistogramData {
  const up = chartNumber(candle.close) >= chartNumber(candle.open);
  return {
    time: timeOf(candle),
    value: chartNumber(candle.volume),
    color: `${up ? palette.up : palette.down}66`,
  };
}

/** Simple moving average of the closes over `period` candles (none before the period is full). */
export function movingAverage(candles: readonly Candle[], period: number): LineData[] {
  const points: LineData[] = [];
  let sum = 0;
  for (let index = 0; index < candles.length; index += 1) {
    sum += chartNumber((candles[index] as Candle).close);
    if (index >= period) {
      sum -= chartNumber((candles[index - period] as Candle).close);
    }
    if (index >= period - 1) {
      points.push({ time: timeOf(candles[index] as Candle), value: sum / period });
    }
  }
  return points;
}

/** Merges a live candle into the loaded series (replacing the one with the same open time, or appending). */
export function mergeCandle(candles: Candle[], live: Candle): Candle[] {
  const last = candles.at(-1);
  if (last === undefined || live.openTimeMs > last.openTimeMs) {
    return [...candles, live].slice(-CHART_CANDLES * 2);
  }
  if (live.openTimeMs === last.openTimeMs) {
    return [...candles.slice(0, -1), live];
  }
  const index = candles.findIndex((candle) => candle.openTimeMs === live.openTimeMs);
  if (index === -1) {
    return candles;
  }
  const copy = [...candles];
  copy[index] = live;
  return copy;
}

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  averages: ISeriesApi<'Line'>[];
  lines: IPriceLine[];
  palette: Palette;
}

function buildChart(container: HTMLElement, tickSize: string, height: number, locale: string): Series {
  const palette = readPalette();
  const digits = decimalsOf(tickSize);
  // Axis labels in the reader's language (drawing only: the figures people act on are formatted exactly elsewhere).
  const axisFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const chart = createChart(container, {
    localization: { locale, priceFormatter: (price: number) => axisFormat.format(price) },
    autoSize: true,
    height,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: palette.text,
      // The licence's link to TradingView is shown under the chart (ChartAttribution).
      attributionLogo: false,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.grid },
    timeScale: { borderColor: palette.grid, timeVisible: true, secondsVisible: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: palette.up,
    downColor: palette.down,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
    borderVisible: false,
    priceFormat: { type: 'price', precision: digits, minMove: Number(tickSize) },
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
  const averages = palette.averages.map((color) =>
    chart.addSeries(LineSeries, {
      color,
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    }),
  );
  return { chart, candles, volume, averages, lines: [], palette };
}

export interface PriceChartProps {
  productId: ProductId;
  interval: CandleInterval;
  tickSize: string;
  /** Draw the 20 and 50 period moving averages. */
  showAverages?: boolean;
  priceLines?: readonly ChartPriceLine[];
  height?: number;
  /** Accessible name of the chart region (the canvas itself is not readable). */
  label: string;
  /** Shown while the first candles load and when none exist. */
  loadingText: string;
  emptyText: string;
}

/** The chart, redrawn when the product or interval changes, live while mounted. */
export function PriceChart({
  productId,
  interval,
  tickSize,
  showAverages = true,
  priceLines = [],
  height = 360,
  label,
  loadingText,
  emptyText,
}: PriceChartProps) {
  const locale = currentLanguage() === 'fr' ? 'fr-FR' : 'en-US';
  const container = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();
  const series = useChartSeries(container, { tickSize, height, locale, themeVersion });
  const candles = useLiveCandles(productId, interval);
  useDrawnCandles(series, candles, { showAverages, themeVersion, productId, interval });
  usePriceLines(series, priceLines, themeVersion);
  return (
    <>
      <div className="mkt-chart" style={{ height }}>
        <div ref={container} className="mkt-chart__canvas" role="img" aria-label={label} />
        <p className="mkt-chart__status" role="status">
          {candles === null ? loadingText : candles.length === 0 ? emptyText : null}
        </p>
      </div>
      <ChartAttribution />
    </>
  );
}

/** A number that changes when the theme does, so the chart is rebuilt with colours for light or dark. */
function useThemeVersion(): number {
  const [themeVersion, setThemeVersion] = useState(0);
  useEffect(() => {
    const bump = () => setThemeVersion((value) => value + 1);
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    window.addEventListener('tessera:theme', bump);
    media.addEventListener('change', bump);
    return () => {
      window.removeEventListener('tessera:theme', bump);
      media.removeEventListener('change', bump);
    };
  }, []);
  return themeVersion;
}

/** Builds the chart once per tick size, height and locale, and again on theme changes. */
function useChartSeries(
  container: RefObject<HTMLDivElement | null>,
  {
    tickSize,
    height,
    locale,
    themeVersion,
  }: { tickSize: string; height: number; locale: string; themeVersion: number },
): RefObject<Series | null> {
  const series = useRef<Series | null>(null);
  useEffect(() => {
    if (container.current === null) {
      return undefined;
    }
    series.current = buildChart(container.current, tickSize, height, locale);
    return () => {
      series.current?.chart.remove();
      series.current = null;
    };
  }, [container, tickSize, height, themeVersion, locale]);
  return series;
}

/**
 * The candles of one product and interval (null while they load), read once and then kept up to date by the
 * market stream; those of a previous choice are never returned for this one.
 */
function useLiveCandles(productId: ProductId, interval: CandleInterval): Candle[] | null {
  const calls = useMarketCalls();
  const seriesKey = `${productId}|${interval}`;
  const [loaded, setLoaded] = useState<{ key: string; candles: Candle[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const key = `${productId}|${interval}`;
    getCandles(calls.series, productId, interval, CHART_CANDLES, controller.signal).then(
      (answer) => setLoaded({ key, candles: answer.candles }),
      () => {
        if (!controller.signal.aborted) {
          setLoaded({ key, candles: [] });
        }
      },
    );
    return () => controller.abort();
  }, [calls, productId, interval]);
  useMarketSubscription(`candles:${interval}`, productId, (message) => {
    if (message.data.interval !== interval) {
      return;
    }
    const key = `${message.data.productId}|${message.data.interval}`;
    setLoaded((current) =>
      current === null || current.key !== key
        ? current
        : {
            key,
            candles: message.data.candles.reduce(
              (merged, live) => mergeCandle(merged, live),
              current.candles,
            ),
          },
    );
  });
  return loaded?.key === seriesKey ? loaded.candles : null;
}

/** Draws the candles, volumes and averages (cheap: a few hundred points); a new series starts at the latest. */
function useDrawnCandles(
  series: RefObject<Series | null>,
  candles: Candle[] | null,
  {
    showAverages,
    themeVersion,
    productId,
    interval,
  }: { showAverages: boolean; themeVersion: number; productId: ProductId; interval: CandleInterval },
): void {
  useEffect(() => {
    const current = series.current;
    if (current === null || candles === null) {
      return;
    }
    current.candles.setData(candles.map(toBar));
    current.volume.setData(candles.map((candle) => toVolume(candle, current.palette)));
    MOVING_AVERAGE_PERIODS.forEach((period, index) => {
      current.averages[index]?.setData(showAverages ? movingAverage(candles, period) : []);
    });
  }, [series, candles, showAverages, themeVersion]);

  // A new product or interval starts at the latest candles.
  useEffect(() => {
    if (candles !== null && candles.length > 0) {
      series.current?.chart.timeScale().scrollToRealTime();
    }
    // Only when the series is (re)loaded, not on every live update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candles === null, productId, interval]);
}

/** The order and position lines over the candles, replaced when their content or the theme changes. */
function usePriceLines(
  series: RefObject<Series | null>,
  priceLines: readonly ChartPriceLine[],
  themeVersion: number,
): void {
  const linesKey = priceLines.map((line) => `${line.id}:${line.price}:${line.title}`).join('|');
  useEffect(() => {
    const current = series.current;
    if (current === null) {
      return;
    }
    for (const line of current.lines) {
      current.candles.removePriceLine(line);
    }
    const drawn = priceLines.map((line) =>
      current.candles.createPriceLine({
        price: chartNumber(line.price),
        color: lineColor(line.kind, current.palette),
        lineWidth: 1,
        lineStyle: line.kind === 'position' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    // The series is the chart's own record (buildChart): its lines are replaced in place.
    current.lines.splice(0, current.lines.length, ...drawn);
    // linesKey stands for the lines' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesKey, themeVersion]);
}

function lineColor(kind: ChartPriceLine['kind'], palette: Series['palette']): string {
  return kind === 'buy' ? palette.up : kind === 'sell' ? palette.down : palette.position;
}
