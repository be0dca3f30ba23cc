import type { MarketDataApi } from '@tessera/contracts';
import { type Decimal, scale } from '@tessera/money';
import { describe, expect, it } from 'vitest';
import { createMarketRateProvider } from './market-rate-provider.ts';
import { createSimulatedRateProvider } from './rate-provider.ts';

// Customers see one price for bitcoin: the wallet totals and conversions use the market's euro price, the one the
// trading screen and the portfolio chart show, not a separate figure of the rate simulator.

function market(prices: Record<string, string | null>): MarketDataApi {
  return {
    getReferencePrice: (productId: string) => Promise.resolve(prices[productId] ?? null),
  } as unknown as MarketDataApi;
}

const fiat = createSimulatedRateProvider({ frozen: true });
const at = (rate: Decimal, decimals: number) => rate.rescale(scale(decimals), 'half_even').toString();

describe('crypto rates from market data', () => {
  it('values crypto at the market reference price of its euro product', async () => {
    const rates = createMarketRateProvider(() => market({ 'BTC-EUR_tessera': '88227.5' }), fiat);
    expect(at((await rates.midRate('BTC', 'EUR')).rate, 2)).toBe('88227.50');
    // Through EUR, with the fiat provider's USD: 88,227.5 / 0.925.
    expect(at((await rates.midRate('BTC', 'USD')).rate, 2)).toBe('95381.08');
    // The inverse is the same price seen from the other side.
    expect(at((await rates.midRate('EUR', 'BTC')).rate, 12)).toBe('0.000011334335');
  });

  it('leaves fiat pairs to the fiat provider', async () => {
    const rates = createMarketRateProvider(() => market({}), fiat);
    expect((await rates.midRate('USD', 'EUR')).rate.toString()).toBe(
      (await fiat.midRate('USD', 'EUR')).rate.toString(),
    );
  });

  it('falls back to the fiat provider without market data or before its first price', async () => {
    for (const marketData of [() => null, () => market({ 'BTC-EUR_tessera': null })]) {
      const rates = createMarketRateProvider(marketData, fiat);
      expect((await rates.midRate('BTC', 'EUR')).rate.toString()).toBe(
        (await fiat.midRate('BTC', 'EUR')).rate.toString(),
      );
    }
  });

  it('keeps the spread of the fiat provider', () => {
    const rates = createMarketRateProvider(() => null, fiat);
    expect(rates.halfSpreadBasisPoints('BTC', 'EUR')).toBe(fiat.halfSpreadBasisPoints('BTC', 'EUR'));
  });
});
