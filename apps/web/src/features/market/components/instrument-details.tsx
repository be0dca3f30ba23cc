import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ProductId } from '@tessera/contracts';
import { Badge, Banner, Button } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import {
  formatDateTime,
  formatInstrumentName,
  formatPercent,
  formatPrice,
  formatProduct,
  formatQuantity,
  formatTimeZone,
  toneClass,
  type DisplayLanguage,
} from '#/shared/markets/market-format.ts';
import { formatSector } from '#/lib/format.ts';
import { instrumentQueryOptions } from '#/shared/markets/api/get-instrument.ts';
import { marketStatusQueryOptions } from '#/shared/markets/api/get-market-status.ts';
import {
  useMarketCalls,
  type InstrumentDetails,
  type InstrumentView,
} from '#/shared/markets/api/markets-request.ts';
import { LazyPriceChart as PriceChart } from '#/shared/markets/components/lazy-price-chart.tsx';

/**
 * One instrument: name, ISIN, venue, currency, tick and lot, trading hours with whether the market is open now and
 * when it opens next, a live quote, a small daily chart, and a link to trade it.
 */
export function InstrumentDetailsPanel({
  productId,
  onClose,
}: {
  productId: ProductId;
  onClose: () => void;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const calls = useMarketCalls();
  const details = useQuery(instrumentQueryOptions(calls.info, productId));
  const status = useQuery(marketStatusQueryOptions(calls.data, productId));
  if (details.isError) {
    return <Banner tone="danger">{errorMessage(t, details.error)}</Banner>;
  }
  if (details.data === undefined) {
    return <p className="app-muted">{t('market.loading')}</p>;
  }
  return (
    <InstrumentDetailsView
      details={details.data}
      open={status.data?.open ?? details.data.instrument.open}
      nextOpensAtMs={status.data?.nextSession?.opensAtMs}
      onClose={onClose}
    />
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The instrument's facts as label and value, in the order the panel lists them. */
function instrumentFacts(t: Translate, language: DisplayLanguage, { instrument, source }: InstrumentDetails) {
  const sector = formatSector(instrument.sector, t);
  const facts: Array<[string, string]> = [
    [t('market.details.symbol'), instrument.symbol],
    // Crypto pairs have no ISIN: the line is left out rather than saying "None".
    ...(instrument.isin ? ([[t('market.details.isin'), instrument.isin]] as Array<[string, string]>) : []),
    [t('market.details.kind'), t(`market.kind.${instrument.kind}`)],
    // The catalog names venues in English: the page names each in the customer's language (issue #15), and the
    // internal crypto venue's name is a description. A venue the translations do not know keeps the catalog's name.
    [
      t('market.details.venue'),
      source.id === 'tessera'
        ? t('market.details.internalVenue')
        : t(`market.details.venues.${source.id}`, { defaultValue: source.name }),
    ],
    [t('market.details.currency'), instrument.currency],
    [t('market.details.tick'), formatPrice(instrument.tickSize, language)],
    [t('market.details.lot'), formatQuantity(instrument.lotSize, language)],
    // ETFs and crypto have no sector: the line is left out rather than saying "None".
    ...(sector === null ? [] : ([[t('market.details.sector'), sector]] as Array<[string, string]>)),
    [
      t('market.details.hours'),
      source.alwaysOpen
        ? t('market.details.alwaysOpen')
        : t('market.details.session', {
            opens: source.regularSession.opensAt,
            closes: source.regularSession.closesAt,
            zone: formatTimeZone(source.timeZone, language),
          }),
    ],
  ];
  return facts;
}

function InstrumentDetailsView({
  details,
  open,
  nextOpensAtMs,
  onClose,
}: {
  details: InstrumentDetails;
  open: boolean;
  nextOpensAtMs: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const { instrument } = details;
  return (
    <section className="trd-panel mkt-details" aria-labelledby="mkt-details-title">
      <DetailsHead instrument={instrument} onClose={onClose} />
      <div className="trd-product__name">
        <Badge tone={open ? 'success' : 'neutral'} dot>
          {open ? t('market.details.open') : t('market.details.closed')}
        </Badge>
        {!open && nextOpensAtMs !== undefined ? (
          <span className="app-muted">
            {t('market.details.opensAt', { time: formatDateTime(nextOpensAtMs, language) })}
          </span>
        ) : null}
      </div>
      <LiveQuoteFigures productId={instrument.id} tickSize={instrument.tickSize} />
      <dl className="mkt-details__facts">
        {instrumentFacts(t, language, details).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PriceChart
        productId={instrument.id}
        interval="1d"
        tickSize={instrument.tickSize}
        showAverages={false}
        height={220}
        label={t('market.details.chart', { product: formatProduct(instrument.id) })}
        loadingText={t('market.loading')}
        emptyText={t('market.details.noCandles')}
      />
    </section>
  );
}

function DetailsHead({ instrument, onClose }: { instrument: InstrumentView; onClose: () => void }) {
  const { t } = useTranslation('trading');
  return (
    <div className="trd-panel__head">
      <h2 id="mkt-details-title" className="mkt-section-title">
        {t('market.details.title', {
          name: formatInstrumentName(instrument, instrument.id, currentLanguage()),
          product: formatProduct(instrument.id),
        })}
      </h2>
      <div className="trd-actions">
        <Button asChild variant="primary" size="sm">
          <Link to="/dashboard/trading/" search={{ product: instrument.id }}>
            {t('market.details.trade', { symbol: instrument.symbol })}
          </Link>
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('market.details.close')}
        </Button>
      </div>
    </div>
  );
}

function LiveQuoteFigures({ productId, tickSize }: { productId: ProductId; tickSize: string }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const quote = useLiveQuote(productId);
  return (
    <dl className="trd-product__quote">
      <div>
        <dt>{t('market.table.last')}</dt>
        <dd>{formatPrice(quote?.last, language, { tickSize })}</dd>
      </div>
      <div>
        <dt>{t('market.table.change')}</dt>
        <dd className={toneClass(quote?.changePercent)}>{formatPercent(quote?.changePercent, language)}</dd>
      </div>
    </dl>
  );
}
