import { describe, expect, it } from 'vitest';
import { getFee } from '@tessera/contracts';
import { describeCharge, formatCount, formatFeeAmount, formatPercent } from './format-fee.ts';

// A stand-in for i18next's t that shows the key and its values, so the test checks what is passed.
const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ''}`;

describe('fee formatting', () => {
  it('writes whole numbers as Intl.NumberFormat does, in both languages', () => {
    for (const count of [0, 3, 999, 1000, 12345, 1234567]) {
      expect(formatCount(count, 'en')).toBe(new Intl.NumberFormat('en').format(count));
      expect(formatCount(count, 'fr')).toBe(new Intl.NumberFormat('fr').format(count));
    }
  });

  it('formats decimal-string amounts exactly in English and French', () => {
    expect(formatFeeAmount({ amount: '1.00', asset: 'EUR' }, 'en')).toBe('€1.00');
    expect(formatFeeAmount({ amount: '1.00', asset: 'EUR' }, 'fr')).toBe('1,00\u00a0€');
    expect(formatFeeAmount({ amount: '0.0002', asset: 'BTC' }, 'fr')).toBe('0,0002\u00a0BTC');
  });

  it('writes basis points as percentages without floats', () => {
    expect(formatPercent(70, 'en')).toBe('0.70%');
    expect(formatPercent(10, 'fr')).toBe('0,10\u202f%');
  });

  it('describes each kind of charge from the schedule', () => {
    expect(describeCharge(getFee('depositSepa').charge, 'en', t)).toBe('pricing.value.free');
    expect(describeCharge(getFee('tradingSecurities').charge, 'en', t)).toBe(
      'pricing.value.rateMinimum{"percent":"0.10%","minimum":"pricing.value.minimumAny"}',
    );
    expect(describeCharge(getFee('fundManagementCommunity').charge, 'en', t)).toBe(
      'pricing.value.rateUpTo{"percent":"2.00%"}',
    );
    expect(describeCharge(getFee('withdrawalCrypto').charge, 'en', t)).toContain(
      '0.0002\u00a0BTC\u00a0· 0.002\u00a0ETH',
    );
  });
});
