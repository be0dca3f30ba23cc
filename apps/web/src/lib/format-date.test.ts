import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date.ts';

describe('formatLongDate', () => {
  it('writes every month as Intl does for en-GB and fr-FR', () => {
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['fr', 'fr-FR'],
    ] as const) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      for (let month = 1; month <= 12; month += 1) {
        for (const day of [1, 9, 28]) {
          const iso = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const expected = intl.format(new Date(`${iso}T00:00:00Z`));
          // French writes the first of a month as an ordinal ("1er"), which Intl does not.
          expect(formatLongDate(iso, language)).toBe(
            language === 'fr' && day === 1 ? expected.replace(/^1 /, '1er ') : expected,
          );
        }
      }
    }
  });

  it('writes the first of a month "1er" in French only', () => {
    expect(formatLongDate('2026-11-01', 'fr')).toBe('1er novembre 2026');
    expect(formatLongDate('2026-11-01', 'en')).toBe('1 November 2026');
    expect(formatLongDate('2026-11-11', 'fr')).toBe('11 novembre 2026');
  });

  it('refuses what is not an ISO date', () => {
    expect(() => formatLongDate('21/11/2026', 'en')).toThrow(/ISO date/);
  });
});
