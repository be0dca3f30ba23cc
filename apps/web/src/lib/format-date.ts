/**
 * A calendar date written out in English or French, as Intl.DateTimeFormat('en-GB' | 'fr-FR', { dateStyle:
 * 'long', timeZone: 'UTC' }) writes it ("21 November 2026", "21 novembre 2026", but "1er novembre 2026"), without Intl: a page's first
 * Intl.DateTimeFormat loads the locale's data, a long task while a pre-rendered page hydrates
 * (docs/benchmarks.md), and the month names are all it needs. A unit test checks it against Intl.
 */
import type { Language } from './i18n.ts';

const MONTHS: Record<Language, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

/**
 * `date` is an ISO date (`2026-11-21`, or a timestamp whose UTC date is meant). French writes the first of a
 * month as an ordinal, as French typography does and Intl does not: `1er novembre 2026`.
 */
export function formatLongDate(date: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) {
    throw new Error(`Not an ISO date: ${date}`);
  }
  const [, year, month, day] = match;
  const dayText = language === 'fr' && Number(day) === 1 ? '1er' : String(Number(day));
  return `${dayText} ${MONTHS[language][Number(month) - 1]} ${year}`;
}
