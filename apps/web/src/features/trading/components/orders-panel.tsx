import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Order, Position, ProductId } from '@tessera/contracts';
import { Banner, Button, TableScroll, Tabs } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import {
  formatDateTime,
  formatMoneyText,
  formatPercent,
  formatPrice,
  formatProduct,
  formatQuantity,
  toneClass,
  type DisplayLanguage,
} from '#/shared/markets/market-format.ts';
import { broadcast } from '../lib/trading-sync.ts';
import { cancelOrder } from '../api/cancel-order.ts';
import { openOrdersQueryOptions } from '../api/get-open-orders.ts';
import { orderHistoryQueryOptions } from '../api/get-order-history.ts';
import { positionsQueryOptions } from '#/shared/trading/trading-cache.ts';
import { useApplyOrder, useTradingCall } from '../api/trading-request.ts';
import { tradingErrorMessage } from '../lib/order-input.ts';
import { ReplaceDialog } from './replace-order-dialog.tsx';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { useInstrumentOf } from '#/shared/markets/api/get-instrument-list.ts';

/** Open orders (cancel, replace), positions with P&L, and recent order history, all live. */
export function OrdersPanel({ onSelect }: { onSelect: (product: ProductId) => void }) {
  const { t } = useTranslation('trading');
  const call = useTradingCall();
  const open = useQuery(openOrdersQueryOptions(call));
  const positions = useQuery(positionsQueryOptions(call));
  return (
    <section className="trd-panel trd-panel--wide" aria-label={t('orders.title')}>
      <Tabs
        label={t('orders.title')}
        defaultValue="open"
        items={[
          {
            value: 'open',
            label: t('orders.openTab', { count: open.data?.length ?? 0 }),
            content: <OpenOrders orders={open.data} error={open.error} onSelect={onSelect} />,
          },
          {
            value: 'positions',
            label: t('orders.positionsTab', { count: positions.data?.length ?? 0 }),
            content: <Positions positions={positions.data} error={positions.error} onSelect={onSelect} />,
          },
          { value: 'history', label: t('orders.historyTab'), content: <History onSelect={onSelect} /> },
        ]}
      />
    </section>
  );
}

function priceOf(order: Order, language: DisplayLanguage, tickSize: string | undefined): string {
  if (order.limitPrice !== null && order.stopPrice !== null) {
    return `${formatPrice(order.stopPrice, language, { tickSize })} → ${formatPrice(order.limitPrice, language, { tickSize })}`;
  }
  if (order.trailPercent !== null) {
    return formatPercent(order.trailPercent, language, { signed: false });
  }
  return formatPrice(
    order.limitPrice ?? order.stopPrice ?? order.trailAmount ?? order.averagePrice,
    language,
    { tickSize },
  );
}

function ProductButton({
  productId,
  onSelect,
}: {
  productId: ProductId;
  onSelect: (product: ProductId) => void;
}) {
  return (
    <button type="button" className="trd-link-button" onClick={() => onSelect(productId)}>
      {formatProduct(productId)}
    </button>
  );
}

function OpenOrders({
  orders,
  error,
  onSelect,
}: {
  orders: Order[] | undefined;
  error: unknown;
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const applyOrder = useApplyOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<Order | null>(null);

  const cancel = async (order: Order) => {
    setCancelling(order.id);
    setFailure(null);
    try {
      const cancelled = await cancelOrder(call, order.id);
      applyOrder(cancelled);
      broadcast({ type: 'order', order: cancelled });
    } catch (reason) {
      setFailure(tradingErrorMessage(t, reason, language));
    } finally {
      setCancelling(null);
    }
  };

  if (error) {
    return <Banner tone="danger">{tradingErrorMessage(t, error, language)}</Banner>;
  }
  if (orders === undefined) {
    return <p className="app-muted">{t('orders.loading')}</p>;
  }
  return (
    <>
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      {orders.length === 0 ? (
        <p className="app-muted">{t('orders.noOpen')}</p>
      ) : (
        <TableScroll label={t('orders.openCaption')}>
          <table className="trd-table">
            <caption className="ts-visually-hidden">{t('orders.openCaption')}</caption>
            <OpenOrdersHead />
            <tbody>
              {orders.map((order) => (
                <OpenOrderRow
                  key={order.id}
                  order={order}
                  cancelling={cancelling === order.id}
                  onCancel={() => void cancel(order)}
                  onReplace={() => setReplacing(order)}
                  onSelect={onSelect}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {replacing ? <ReplaceDialog order={replacing} onClose={() => setReplacing(null)} /> : null}
    </>
  );
}

function OpenOrdersHead() {
  const { t } = useTranslation('trading');
  return (
    <thead>
      <tr>
        <th scope="col">{t('orders.product')}</th>
        <th scope="col">{t('orders.side')}</th>
        <th scope="col">{t('orders.type')}</th>
        <th scope="col" className="trd-num">
          {t('orders.quantity')}
        </th>
        <th scope="col" className="trd-num">
          {t('orders.filled')}
        </th>
        <th scope="col" className="trd-num">
          {t('orders.price')}
        </th>
        <th scope="col">{t('orders.timeInForce')}</th>
        <th scope="col">{t('orders.status')}</th>
        <th scope="col">{t('orders.placedAt')}</th>
        <th scope="col">
          <span className="ts-visually-hidden">{t('orders.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}

function OpenOrderRow({
  order,
  cancelling,
  onCancel,
  onReplace,
  onSelect,
}: {
  order: Order;
  cancelling: boolean;
  onCancel: () => void;
  onReplace: () => void;
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const tickSize = useInstrumentOf()(order.productId)?.tickSize;
  return (
    <tr data-order-id={order.id}>
      <th scope="row">
        <ProductButton productId={order.productId} onSelect={onSelect} />
      </th>
      <td className={order.side === 'buy' ? 'mkt-up' : 'mkt-down'}>{t(`side.${order.side}`)}</td>
      <td>{t(`orderType.${order.type}`)}</td>
      <td className="trd-num">{formatQuantity(order.quantity, language)}</td>
      <td className="trd-num">{formatQuantity(order.filledQuantity, language)}</td>
      <td className="trd-num">{priceOf(order, language, tickSize)}</td>
      <td>{t(`timeInForce.${order.timeInForce}`)}</td>
      <td>{t(`status.${order.status}`)}</td>
      <td>{formatDateTime(order.createdAt, language)}</td>
      <td className="trd-actions">
        {order.type === 'limit' && order.status !== 'accepted' ? (
          <Button size="sm" variant="secondary" onClick={onReplace}>
            {t('orders.replace')}
          </Button>
        ) : null}
        <ConfirmButton size="sm" variant="danger" loading={cancelling} onClick={onCancel}>
          {t('orders.cancel')}
        </ConfirmButton>
      </td>
    </tr>
  );
}

function Positions({
  positions,
  error,
  onSelect,
}: {
  positions: Position[] | undefined;
  error: unknown;
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  if (error) {
    return <Banner tone="danger">{tradingErrorMessage(t, error, language)}</Banner>;
  }
  if (positions === undefined) {
    return <p className="app-muted">{t('orders.loading')}</p>;
  }
  if (positions.length === 0) {
    return <p className="app-muted">{t('positions.none')}</p>;
  }
  return (
    <TableScroll label={t('positions.caption')}>
      <table className="trd-table">
        <caption className="ts-visually-hidden">{t('positions.caption')}</caption>
        <PositionsHead />
        <tbody>
          {positions.map((position) => (
            <PositionRow key={position.productId} position={position} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PositionsHead() {
  const { t } = useTranslation('trading');
  return (
    <thead>
      <tr>
        <th scope="col">{t('orders.product')}</th>
        <th scope="col" className="trd-num">
          {t('positions.quantity')}
        </th>
        <th scope="col" className="trd-num">
          {t('positions.averageCost')}
        </th>
        <th scope="col" className="trd-num">
          {t('positions.marketPrice')}
        </th>
        <th scope="col" className="trd-num">
          {t('positions.marketValue')}
        </th>
        <th scope="col" className="trd-num">
          {t('positions.unrealised')}
        </th>
        <th scope="col" className="trd-num">
          {t('positions.realised')}
        </th>
      </tr>
    </thead>
  );
}

function PositionRow({ position, onSelect }: { position: Position; onSelect: (product: ProductId) => void }) {
  const language = currentLanguage();
  const tickSize = useInstrumentOf()(position.productId)?.tickSize;
  const money = (value: string | null, signed = false) =>
    formatMoneyText(value, position.currency, language, signed ? 'exceptZero' : 'auto');
  return (
    <tr>
      <th scope="row">
        <ProductButton productId={position.productId} onSelect={onSelect} />
      </th>
      <td className="trd-num">{formatQuantity(position.quantity, language)}</td>
      <td className="trd-num">{formatPrice(position.averageCost, language, { tickSize })}</td>
      <td className="trd-num">{formatPrice(position.marketPrice, language, { tickSize })}</td>
      <td className="trd-num">{money(position.marketValue)}</td>
      <td className={`trd-num ${toneClass(position.unrealisedPnl)}`}>
        {money(position.unrealisedPnl, true)}
      </td>
      <td className={`trd-num ${toneClass(position.realisedPnl)}`}>{money(position.realisedPnl, true)}</td>
    </tr>
  );
}

function History({ onSelect }: { onSelect: (product: ProductId) => void }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const history = useQuery(orderHistoryQueryOptions(call));
  const instrumentOf = useInstrumentOf();
  if (history.error) {
    return <Banner tone="danger">{tradingErrorMessage(t, history.error, language)}</Banner>;
  }
  if (history.data === undefined) {
    return <p className="app-muted">{t('orders.loading')}</p>;
  }
  if (history.data.length === 0) {
    return <p className="app-muted">{t('orders.noHistory')}</p>;
  }
  return (
    <TableScroll label={t('orders.historyCaption')}>
      <table className="trd-table">
        <caption className="ts-visually-hidden">{t('orders.historyCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.product')}</th>
            <th scope="col">{t('orders.side')}</th>
            <th scope="col">{t('orders.type')}</th>
            <th scope="col" className="trd-num">
              {t('orders.filled')}
            </th>
            <th scope="col" className="trd-num">
              {t('orders.averagePrice')}
            </th>
            <th scope="col" className="trd-num">
              {t('orders.fees')}
            </th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col">{t('orders.fills')}</th>
            <th scope="col">{t('orders.updatedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <ProductButton productId={order.productId} onSelect={onSelect} />
              </th>
              <td className={order.side === 'buy' ? 'mkt-up' : 'mkt-down'}>{t(`side.${order.side}`)}</td>
              <td>{t(`orderType.${order.type}`)}</td>
              <td className="trd-num">
                {t('orders.filledOf', {
                  filled: formatQuantity(order.filledQuantity, language),
                  quantity: formatQuantity(order.quantity, language),
                })}
              </td>
              <td className="trd-num">
                {formatPrice(order.averagePrice, language, {
                  tickSize: instrumentOf(order.productId)?.tickSize,
                })}
              </td>
              <td className="trd-num">{formatMoneyText(order.fees, order.currency, language)}</td>
              <td>{t(`status.${order.status}`)}</td>
              <td>{t('orders.fillCount', { count: order.fills.length })}</td>
              <td>{formatDateTime(order.updatedAt, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
