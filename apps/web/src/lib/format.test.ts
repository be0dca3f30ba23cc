import { describe, expect, it } from 'vitest';
import {
  formatCardBrand,
  formatDate,
  formatDateOf,
  formatDateTime,
  formatInstrumentName,
  formatPercent,
  formatPrice,
  formatPriceIn,
  formatProduct,
  formatProductTitle,
  formatPhoneNumber,
  formatQuantity,
  formatSector,
  formatTime,
  formatTimeZone,
  formatVenue,
} from './format.ts';

const NNBSP = '\u202f';

describe('formatPrice', () => {
  it('keeps the decimals a price was sent with, grouped for the language', () => {
    expect(formatPrice('3050.10', 'en')).toBe('3,050.10');
    expect(formatPrice('3050.10', 'fr')).toBe(`3${NNBSP}050,10`);
    expect(formatPrice('120.000', 'en')).toBe('120.000');
  });

  it("shows exactly the instrument's tick decimals when the tick is known", () => {
    expect(formatPrice('95223.213440', 'en', { tickSize: '0.01' })).toBe('95,223.21');
    expect(formatPrice('95223.213440', 'fr', { tickSize: '0.01' })).toBe(`95${NNBSP}223,21`);
    expect(formatPrice('0.55', 'en', { tickSize: '0.001' })).toBe('0.550');
    expect(formatPrice('1.23456', 'en', { tickSize: '0.0001' })).toBe('1.2346');
    expect(formatPrice('12', 'en', { tickSize: '1' })).toBe('12');
  });

  it('signs a change when asked, and shows a dash for nothing', () => {
    expect(formatPrice('5.02', 'en', 'exceptZero')).toBe('+5.02');
    expect(formatPrice('-5.02', 'fr', { signDisplay: 'exceptZero', tickSize: '0.01' })).toBe('-5,02');
    expect(formatPrice(null, 'en')).toBe('—');
    expect(formatPrice('abc', 'fr')).toBe('—');
  });
});

describe('formatPriceIn', () => {
  it('writes a price with its currency, keeping a fine tick', () => {
    expect(formatPriceIn('595.00', 'USD', 'en')).toBe('$595.00');
    expect(formatPriceIn('120.000', 'GBP', 'en')).toBe('£120.000');
    expect(formatPriceIn('120.000', 'GBP', 'fr')).toBe('120,000\u00a0£GB');
    expect(formatPriceIn('95223.213440', 'USD', 'fr', { tickSize: '0.01' })).toBe(
      `95${NNBSP}223,21\u00a0$US`,
    );
    expect(formatPriceIn(null, 'USD', 'en')).toBe('—');
  });
});

describe('formatQuantity and formatPercent', () => {
  it('writes quantities without trailing zeros', () => {
    expect(formatQuantity('0.500000', 'en')).toBe('0.5');
    expect(formatQuantity('1250', 'fr')).toBe(`1${NNBSP}250`);
    expect(formatQuantity(undefined, 'en')).toBe('—');
  });

  it('writes quantities at their lot scale when the lot is known, so a column never mixes scales', () => {
    expect(formatQuantity('0.5284529', 'en', '0.00000001')).toBe('0.52845290');
    expect(formatQuantity('0.12345678', 'en', '0.00000001')).toBe('0.12345678');
    expect(formatQuantity('3', 'fr', '1')).toBe('3');
  });

  it('writes percentages with their sign, French with a narrow space before %', () => {
    expect(formatPercent('0.85', 'en')).toBe('+0.85%');
    expect(formatPercent('-1.5', 'fr')).toBe(`-1,5${NNBSP}%`);
    expect(formatPercent('0', 'en')).toBe('0%');
    expect(formatPercent('2.5', 'en', { signed: false })).toBe('2.5%');
  });
});

describe('dates and times', () => {
  it('writes a date one way per language, French "1er" on the first', () => {
    expect(formatDate('2026-11-01', 'en')).toBe('1 November 2026');
    expect(formatDate('2026-11-01', 'fr')).toBe('1er novembre 2026');
    expect(formatDateOf('2026-11-27T23:30:00Z', 'en', 'America/New_York')).toBe('27 November 2026');
    expect(formatDateOf('2026-11-27T23:30:00Z', 'fr', 'Europe/Paris')).toBe('28 novembre 2026');
  });

  it('writes a date-time in the same style, 24-hour, with the zone as a city', () => {
    const opens = Date.parse('2026-12-01T14:30:00Z');
    expect(formatDateTime(opens, 'en', 'America/New_York')).toBe('1 December 2026, 09:30 (New York time)');
    expect(formatDateTime(opens, 'fr', 'America/New_York')).toBe(
      '1er décembre 2026 à 09:30 (heure de New York)',
    );
    expect(formatDateTime('2026-11-21T08:05:00Z', 'en', 'UTC')).toBe('21 November 2026, 08:05 (UTC)');
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });

  it('writes a time of day with seconds', () => {
    expect(formatTime(Date.parse('2026-11-21T08:05:09Z'), 'en', 'Europe/London')).toBe('08:05:09');
    expect(formatTime(Date.parse('2026-11-21T08:05:09Z'), 'fr', 'Europe/Paris')).toBe('09:05:09');
  });

  it('names time zones by city or offset, never by IANA id', () => {
    expect(formatTimeZone('America/New_York', 'en')).toBe('New York time');
    expect(formatTimeZone('Europe/London', 'fr')).toBe('heure de Londres');
    expect(formatTimeZone('Europe/Berlin', 'fr')).toBe('heure de Francfort');
    expect(formatTimeZone('UTC', 'fr')).toBe('UTC');
    expect(formatTimeZone('Asia/Tokyo', 'en')).toBe('GMT+9');
    expect(formatTimeZone('Not/AZone', 'en')).toBe('UTC');
  });
});

describe('instruments, venues, sectors and card brands', () => {
  it('shows a product by symbol and venue, never its id', () => {
    expect(formatProduct('SPY_nyse')).toBe('SPY · NYSE');
    expect(formatProduct('ETH-EUR_tessera')).toBe('ETH-EUR · Tessera');
    expect(formatProduct('BRK.B_nyse')).toBe('BRK.B · NYSE');
    expect(formatVenue('lse')).toBe('LSE');
    expect(formatProduct('nonsense')).toBe('nonsense');
  });

  it('writes phone numbers in groups after their country code', () => {
    expect(formatPhoneNumber('+33618183104')).toBe('+33\u00a06\u00a018\u00a018\u00a031\u00a004');
    expect(formatPhoneNumber('+447911123456')).toBe('+44\u00a0791\u00a0112\u00a03456');
    expect(formatPhoneNumber('+4915112345678')).toBe('+49\u00a0151\u00a0123\u00a0456\u00a078');
    expect(formatPhoneNumber('+*******3104')).toBe('+*******3104');
  });

  it('names a product in a document title without repeating the brand', () => {
    expect(formatProductTitle('SPY_nyse')).toBe('SPY · NYSE');
    expect(formatProductTitle('BTC-USD_tessera')).toBe('BTC-USD');
    expect(formatProductTitle('nonsense')).toBe('nonsense');
  });

  it("names instruments in the reader's language", () => {
    const ether = { name: 'Ether / US dollar', kind: 'crypto' };
    expect(formatInstrumentName(ether, 'ETH-USD_tessera', 'en')).toBe('Ether / US dollar');
    expect(formatInstrumentName(ether, 'ETH-USD_tessera', 'fr')).toBe('Ether / dollar américain');
    expect(formatInstrumentName({ name: 'Bitcoin / pound sterling' }, 'BTC-GBP_tessera', 'fr')).toBe(
      'Bitcoin / livre sterling',
    );
    expect(formatInstrumentName({ name: 'Apple Inc.' }, 'AAPL_cboe', 'fr')).toBe('Apple Inc.');
    expect(formatInstrumentName(undefined, 'SPY_nyse', 'en')).toBe('SPY · NYSE');
  });

  it('translates a sector and has none for ETFs and crypto', () => {
    const t = (key: string) => `[${key}]`;
    expect(formatSector('Energy', t)).toBe('[trading:market.sectors.names.Energy]');
    expect(formatSector(null, t)).toBeNull();
    expect(formatSector('None', t)).toBeNull();
  });

  it('cases card brands one way', () => {
    for (const brand of ['visa', 'VISA', 'Visa']) {
      expect(formatCardBrand(brand)).toBe('Visa');
    }
    for (const brand of ['mastercard', 'MASTERCARD', 'MasterCard']) {
      expect(formatCardBrand(brand)).toBe('Mastercard');
    }
    for (const brand of ['amex', 'AMEX', 'american_express', 'American Express']) {
      expect(formatCardBrand(brand)).toBe('American Express');
    }
    expect(formatCardBrand('')).toBe('');
  });
});
