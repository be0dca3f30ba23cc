// Issue #15: cash operations valued bitcoin at 62,000 EUR (its fallback while market data has no price) while the
// market priced it near 88,000, and market data kept its own copy of the fiat values. One table now
// (SIMULATED_EUR_VALUES in @tessera/contracts): the simulator's crypto starts where it puts them, and a listing in
// another currency is its USD listing converted at its fiat values.
import { type InstrumentInfo, SIMULATED_EUR_VALUES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { derivedListingOf } from './listings.ts';
import { profileOf } from './profiles.ts';

function crypto(symbol: string, currency: string): InstrumentInfo {
  return {
    id: `${symbol}_tessera` as never,
    symbol,
    source: 'tessera',
    name: symbol,
    kind: 'crypto',
    currency,
    tickSize: '0.01',
    lotSize: '0.000001',
    isin: null,
    sector: null,
  };
}

const usdEur = Number(SIMULATED_EUR_VALUES.USD);

describe('crypto prices agree with the cash rates', () => {
  it.each(['BTC', 'ETH'] as const)(
    '%s: the USD listing starts within 1 %% of the EUR value cash operations uses',
    (asset) => {
      const startEur = profileOf(crypto(`${asset}-USD`, 'USD')).anchorPrice * usdEur;
      const cashEur = Number(SIMULATED_EUR_VALUES[asset]);
      expect(Math.abs(startEur / cashEur - 1)).toBeLessThan(0.01);
    },
  );

  it.each(['EUR', 'GBP', 'CHF'] as const)(
    'BTC-%s follows BTC-USD at the fiat values of the one table',
    (currency) => {
      const instruments = [crypto('BTC-USD', 'USD'), crypto(`BTC-${currency}`, currency)];
      const derived = derivedListingOf(instruments[1]!, instruments);
      expect(derived?.base.symbol).toBe('BTC-USD');
      expect(derived?.rate).toBeCloseTo(usdEur / Number(SIMULATED_EUR_VALUES[currency]), 12);
    },
  );
});
