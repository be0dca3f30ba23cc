import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CANDLE_INTERVALS, type CandleInterval, type ProductId } from '@tessera/contracts';
import { SegmentedControl, Switch } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatPrice, formatProduct, formatQuantity } from '#/shared/markets/market-format.ts';
import { useInstrumentOf } from '#/shared/markets/api/get-instrument-list.ts';
import type { InstrumentView } from '#/shared/markets/api/markets-request.ts';
import type { ChartPriceLine } from '#/shared/markets/components/price-chart.tsx';
import { LazyPriceChart as PriceChart } from '#/shared/markets/components/lazy-price-chart.tsx';
import { openOrdersQueryOptions } from '../api/get-open-orders.ts';
import { positionsQueryOptions } from '#/shared/trading/trading-cache.ts';
import { useTradingCall } from '../api/trading-request.ts';

const INTERVAL_STORAGE_KEY = 'tessera-chart-interval';

function storedInterval(): CandleInterval {
  try {
    const value = localStorage.getItem(INTERVAL_STORAGE_KEY);
    return (CANDLE_INTERVALS as readonly string[]).includes(value ?? '') ? (value as CandleInterval) : '5m';
  } catch {
    return '5m';
  }
}

/** The interval last chosen on this device, and a setter that remembers the new one. */
function useStoredInterval(): [CandleInterval, (value: CandleInterval) => void] {
  const [interval, setInterval] = useState<CandleInterval>(storedInterval);
  const chooseInterval = (value: CandleInterval) => {
    setInterval(value);
    try {
      localStorage.setItem(INTERVAL_STORAGE_KEY, value);
    } catch {
      // Without storage the interval is simply not remembered.
    }
  };
  return [interval, chooseInterval];
}

/** A line per open order on the product at its limit or stop price, and one at the position's average cost. */
function useOrderAndPositionLines(productId: ProductId): ChartPriceLine[] {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const tickSize = useInstrumentOf()(productId)?.tickSize;
  const call = useTradingCall();
  const orders = useQuery(openOrdersQueryOptions(call));
  const positions = useQuery(positionsQueryOptions(call));
  return useMemo<ChartPriceLine[]>(() => {
    const result: ChartPriceLine[] = [];
    for (const order of orders.data ?? []) {
      const price = order.limitPrice ?? order.stopPrice;
      if (order.productId === productId && price !== null) {
        result.push({
          id: order.id,
          price,
          kind: order.side,
          title: t('chart.orderLine', {
            side: t(`side.${order.side}`),
            quantity: formatQuantity(order.remainingQuantity, language),
          }),
        });
      }
    }
    const position = positions.data?.find((item) => item.productId === productId);
    if (position !== undefined) {
      result.push({
        id: 'position',
        price: position.averageCost,
        kind: 'position',
        title: t('chart.positionLine', { price: formatPrice(position.averageCost, language, { tickSize }) }),
      });
    }
    return result;
  }, [orders.data, positions.data, productId, language, t, tickSize]);
}

/** The chart with its interval switch, moving averages, and lines for open orders and the position. */
export function ChartPanel({
  productId,
  instrument,
  height = 380,
}: {
  productId: ProductId;
  instrument: InstrumentView | undefined;
  height?: number;
}) {
  const { t } = useTranslation('trading');
  const [interval, chooseInterval] = useStoredInterval();
  const [averages, setAverages] = useState(true);
  const lines = useOrderAndPositionLines(productId);
  return (
    <div className="trd-chart">
      <div className="trd-chart__toolbar">
        <SegmentedControl
          label={t('chart.interval')}
          value={interval}
          onValueChange={chooseInterval}
          options={CANDLE_INTERVALS.map((value) => ({ value, label: t(`chart.intervals.${value}`) }))}
          size="sm"
        />
        <Switch label={t('chart.averages')} checked={averages} onCheckedChange={setAverages} />
      </div>
      {instrument ? (
        <PriceChart
          productId={productId}
          interval={interval}
          tickSize={instrument.tickSize}
          showAverages={averages}
          priceLines={lines}
          height={height}
          label={t('chart.label', {
            product: formatProduct(productId),
            interval: t(`chart.intervals.${interval}`),
          })}
          loadingText={t('chart.loading')}
          emptyText={t('chart.empty')}
        />
      ) : (
        <p className="app-muted" style={{ height }}>
          {t('chart.loading')}
        </p>
      )}
      {averages ? (
        <p className="trd-chart__legend app-muted">
          <span className="trd-legend trd-legend--ma20">{t('chart.ma', { period: 20 })}</span>
          <span className="trd-legend trd-legend--ma50">{t('chart.ma', { period: 50 })}</span>
        </p>
      ) : null}
    </div>
  );
}
