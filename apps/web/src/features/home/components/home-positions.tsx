import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { Banner, TableScroll } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatMoneyText, formatQuantity, toneClass } from '#/shared/markets/market-format.ts';
import { positionsQueryOptions, TRADING_SERVICE, type TradingCall } from '#/shared/trading/trading-cache.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatProduct } from '#/lib/format.ts';

/**
 * The customer's positions on the home page: product (a link to the trading page on it), quantity, value and
 * unrealised P&L. The list is the trading page's cached one, so the trading websocket's `position` messages
 * update it live.
 */
export function HomePositions() {
  const { t } = useTranslation(['dashboard', 'trading', 'errors']);
  const language = currentLanguage();
  const { api } = useRouter().options.context;
  const call: TradingCall = (path, request) => api(TRADING_SERVICE, path, request);
  const positions = useQuery(positionsQueryOptions(call));
  const captionId = useId();
  return (
    <section className="cash-section" aria-labelledby="home-positions-title">
      <h2 id="home-positions-title" className="cash-section__title">
        {t('positions.title')}
      </h2>
      {positions.isError ? <Banner tone="danger">{errorMessage(t, positions.error)}</Banner> : null}
      {positions.data && positions.data.length === 0 ? (
        <p className="app-muted">
          {t('positions.none')} <Link to="/dashboard/trading/">{t('positions.startTrading')}</Link>
        </p>
      ) : null}
      {positions.data && positions.data.length > 0 ? (
        <TableScroll labelledBy={captionId}>
          <table className="trd-table home-positions">
            <caption id={captionId} className="ts-visually-hidden">
              {t('positions.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('positions.product')}</th>
                <th scope="col" className="trd-num">
                  {t('positions.quantity')}
                </th>
                <th scope="col" className="trd-num">
                  {t('positions.value')}
                </th>
                <th scope="col" className="trd-num">
                  {t('positions.unrealised')}
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.data.map((position) => (
                <tr key={position.productId}>
                  <th scope="row">
                    <Link to="/dashboard/trading/" search={{ product: position.productId }}>
                      {formatProduct(position.productId)}
                    </Link>
                  </th>
                  <td className="trd-num">{formatQuantity(position.quantity, language)}</td>
                  <td className="trd-num">
                    {formatMoneyText(position.marketValue, position.currency, language)}
                  </td>
                  <td className={`trd-num ${toneClass(position.unrealisedPnl)}`}>
                    {formatMoneyText(position.unrealisedPnl, position.currency, language, 'exceptZero')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
