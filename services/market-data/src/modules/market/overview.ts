/**
 * The overview of /dashboard/market/: benchmark trackers, top movers, sectors and regions, computed from the
 * current quotes. Percentages are compared as integer hundredths of a percent and turnover with exact decimals:
 * no float ever orders these lists.
 */
import {
  type InstrumentInfo,
  MARKET_INDEX_KEYS,
  MARKET_REGIONS,
  type MarketGroup,
  type MarketIndex,
  type MarketMover,
  type MarketOverview,
  type MarketRegion,
  type ProductId,
  type ProductSource,
  type Quote,
} from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import { formatScaledInteger } from './units.ts';

/** The tracker of each benchmark in the catalog. */
export const INDEX_TRACKERS: Record<(typeof MARKET_INDEX_KEYS)[number], string> = {
  sp500: 'SPY_nyse',
  nasdaq100: 'QQQ_nasdaq',
  dowJones: 'DIA_nyse',
  russell2000: 'IWM_nyse',
  msciWorld: 'EUNL_xetra',
  ftseAllWorld: 'VWRL_lse',
  bitcoin: 'BTC-USD_tessera',
};

const REGION_OF_SOURCE: Record<ProductSource, MarketRegion> = {
  cboe: 'us',
  nasdaq: 'us',
  nyse: 'us',
  xetra: 'europe',
  euronext: 'europe',
  lse: 'uk',
  six: 'switzerland',
  tessera: 'crypto',
};

/** A change in percent ("1.23") as integer hundredths (123). */
function hundredthsOf(percent: string | null): number | null {
  if (percent === null) {
    return null;
  }
  const negative = percent.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? percent.slice(1) : percent).split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

function moverOf(info: InstrumentInfo, quote: Quote): MarketMover {
  return {
    productId: info.id,
    symbol: info.symbol,
    name: info.name,
    kind: info.kind,
    currency: info.currency,
    last: quote.last,
    change: quote.change,
    changePercent: quote.changePercent,
    volume: quote.volume,
    marketOpen: quote.marketOpen,
  };
}

function turnoverOf(quote: Quote): Decimal {
  return quote.last === null ? Decimal.ZERO : Decimal.from(quote.volume).mul(Decimal.from(quote.last));
}

/** Builds the overview from the catalog and the current quotes; `limit` products per movers list. */
export function buildOverview(
  instruments: readonly InstrumentInfo[],
  quoteOf: (productId: ProductId) => Quote | undefined,
  limit: number,
  timeMs: number,
): MarketOverview {
  const rows = instruments.flatMap((info) => {
    const quote = quoteOf(info.id);
    return quote === undefined ? [] : [{ info, quote, hundredths: hundredthsOf(quote.changePercent) }];
  });
  const byId = new Map(rows.map((row) => [row.info.id as string, row]));
  const indices: MarketIndex[] = MARKET_INDEX_KEYS.flatMap((key) => {
    const row = byId.get(INDEX_TRACKERS[key]);
    return row === undefined ? [] : [{ key, ...moverOf(row.info, row.quote) }];
  });
  const changed = rows.filter((row) => row.hundredths !== null);
  // Ties are broken by product id so the lists are stable between calls.
  const byChange = [...changed].sort(
    (a, b) => b.hundredths! - a.hundredths! || (a.info.id < b.info.id ? -1 : 1),
  );
  const gainers = byChange.filter((row) => row.hundredths! > 0).slice(0, limit);
  const losers = byChange
    .filter((row) => row.hundredths! < 0)
    .reverse()
    .slice(0, limit);
  const mostActive = [...rows]
    .sort((a, b) => turnoverOf(b.quote).compare(turnoverOf(a.quote)) || (a.info.id < b.info.id ? -1 : 1))
    .slice(0, limit);
  const sectors = groupBy(
    rows.filter((row) => row.info.sector !== null),
    (row) => row.info.sector!,
  );
  const regions = groupBy(rows, (row) => REGION_OF_SOURCE[row.info.source]);
  return {
    indices,
    movers: {
      gainers: gainers.map((row) => moverOf(row.info, row.quote)),
      losers: losers.map((row) => moverOf(row.info, row.quote)),
      mostActive: mostActive.map((row) => moverOf(row.info, row.quote)),
    },
    sectors: [...sectors.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, members]) => groupOf(key, members)),
    regions: MARKET_REGIONS.flatMap((region) => {
      const members = regions.get(region);
      return members === undefined ? [] : [groupOf(region, members)];
    }),
    timeMs,
  };
}

interface Row {
  readonly info: InstrumentInfo;
  readonly quote: Quote;
  readonly hundredths: number | null;
}

function groupBy(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

function groupOf(key: string, members: readonly Row[]): MarketGroup {
  const changed = members.filter((row) => row.hundredths !== null);
  const sum = changed.reduce((total, row) => total + row.hundredths!, 0);
  const average = changed.length === 0 ? null : Math.sign(sum) * Math.round(Math.abs(sum) / changed.length);
  const sorted = [...changed].sort(
    (a, b) => b.hundredths! - a.hundredths! || (a.info.id < b.info.id ? -1 : 1),
  );
  return {
    key,
    instruments: members.length,
    advancers: changed.filter((row) => row.hundredths! > 0).length,
    decliners: changed.filter((row) => row.hundredths! < 0).length,
    unchanged: changed.filter((row) => row.hundredths === 0).length,
    averageChangePercent: average === null ? null : formatScaledInteger(average === 0 ? 0 : average, 2),
    best: sorted[0]?.info.id ?? null,
    worst: sorted.at(-1)?.info.id ?? null,
  };
}
