/**
 * The price chart, loaded when it is first shown: lightweight-charts (about 170 kB) stays out of the trading and
 * market pages' first load, which render their forms, books and figures first (issue #15). While it loads, the
 * chart's box keeps its height and says it is loading, as the chart itself does before its candles arrive.
 */
import { lazy, Suspense } from 'react';
import type { PriceChartProps } from './price-chart.tsx';
import { ChartAttribution } from './chart-attribution.tsx';

const PriceChartModule = lazy(() => import('./price-chart.tsx').then((m) => ({ default: m.PriceChart })));

export function LazyPriceChart(props: PriceChartProps) {
  return (
    <Suspense
      fallback={
        <>
          <div className="mkt-chart" style={{ height: props.height ?? 360 }}>
            <p className="mkt-chart__status" role="status">
              {props.loadingText}
            </p>
          </div>
          <ChartAttribution />
        </>
      }
    >
      <PriceChartModule {...props} />
    </Suspense>
  );
}
