/**
 * The rate provider the server uses: crypto assets are valued at the market-data service's reference price of
 * their euro product on the internal venue (`BTC-EUR_tessera`, the price the trading screen and the portfolio
 * chart show), fiat currencies by the fiat provider (the built-in simulator by default; the market-data catalog has
 * no currency pairs). Every pair goes through EUR, as in the simulator. Without market data in the process, or
 * before it has a price, crypto falls back to the fiat provider's own figures rather than failing a quote.
 */
import { Decimal, scale } from '@tessera/money';
import { type MarketDataApi, type ProductId } from '@tessera/contracts';
import { RateUnavailableError } from '../../errors.ts';
import { type MidRate, RATE_SCALE, type RateProvider } from './rate-provider.ts';

/** The assets priced by market data, and the product that prices each in euros. */
export const MARKET_PRICED_ASSETS: Readonly<Record<string, ProductId>> = {
  BTC: 'BTC-EUR_tessera' as ProductId,
  ETH: 'ETH-EUR_tessera' as ProductId,
  USDC: 'USDC-EUR_tessera' as ProductId,
};

export function createMarketRateProvider(
  marketData: () => MarketDataApi | null,
  fiat: RateProvider,
  now: () => Date = () => new Date(),
): RateProvider {
  const eurValue = async (asset: string): Promise<Decimal> => {
    const product = MARKET_PRICED_ASSETS[asset];
    const market = product === undefined ? null : marketData();
    if (product !== undefined && market !== null) {
      const price = await market.getReferencePrice(product);
      if (price !== null) {
        return Decimal.from(price);
      }
    }
    return asset === 'EUR' ? Decimal.ONE : (await fiat.midRate(asset, 'EUR')).rate;
  };
  return {
    async midRate(base, quote): Promise<MidRate> {
      const at = now();
      if (base === quote) {
        return { rate: Decimal.ONE, asOf: at };
      }
      const [baseValue, quoteValue] = await Promise.all([eurValue(base), eurValue(quote)]);
      if (quoteValue.isZero()) {
        throw new RateUnavailableError(undefined, { base, quote });
      }
      const rate = baseValue.div(quoteValue, scale(RATE_SCALE), 'half_even');
      if (rate.isZero()) {
        throw new RateUnavailableError(undefined, { base, quote });
      }
      return { rate, asOf: at };
    },
    halfSpreadBasisPoints: (base, quote) => fiat.halfSpreadBasisPoints(base, quote),
  };
}
