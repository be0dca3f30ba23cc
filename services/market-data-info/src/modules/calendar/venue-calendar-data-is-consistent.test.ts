// The calendar data module: every source has a calendar, and every holiday is plausible (a weekday in the
// covered years, Easter-based ones where the computus puts them, early closes before the regular close).
import { describe, expect, it } from 'vitest';
import { PRODUCT_SOURCES } from '@tessera/contracts';
import { VENUE_CALENDARS } from './calendar.data.ts';
import { CALENDAR_YEARS, minutesOf } from './calendar.ts';

/** Western Easter Sunday (the anonymous Gregorian algorithm), as YYYY-MM-DD plus an offset in days. */
function easterPlus(year: number, offsetDays: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

const EASTER_OFFSETS: Record<string, number> = {
  'Good Friday': -2,
  'Easter Monday': 1,
  'Ascension Day': 39,
  'Whit Monday': 50,
};

describe('venue calendar data', () => {
  it('has exactly one calendar per product source', () => {
    expect(VENUE_CALENDARS.map((calendar) => calendar.id).sort()).toEqual([...PRODUCT_SOURCES].sort());
  });

  it('computes Easter correctly (2026-04-05, 2027-03-28)', () => {
    expect(easterPlus(2026, 0)).toBe('2026-04-05');
    expect(easterPlus(2027, 0)).toBe('2027-03-28');
  });

  for (const calendar of VENUE_CALENDARS) {
    it(`${calendar.id}: holidays are sorted weekdays of ${CALENDAR_YEARS.join(' and ')}, Easter-based ones on the right day`, () => {
      const dates = calendar.holidays.map((holiday) => holiday.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      for (const holiday of calendar.holidays) {
        const day = new Date(`${holiday.date}T12:00:00Z`);
        expect([1, 2, 3, 4, 5], `${holiday.date} ${holiday.name}`).toContain(day.getUTCDay());
        expect(CALENDAR_YEARS as readonly number[]).toContain(day.getUTCFullYear());
        const offset = EASTER_OFFSETS[holiday.name];
        if (offset !== undefined) {
          expect(holiday.date).toBe(easterPlus(day.getUTCFullYear(), offset));
        }
        if (holiday.closesAt !== undefined) {
          expect(minutesOf(holiday.closesAt)).toBeGreaterThan(minutesOf(calendar.opensAt));
          expect(minutesOf(holiday.closesAt)).toBeLessThan(minutesOf(calendar.closesAt));
        }
      }
      // Every exchange closes on New Year's Day of both years; the internal venue never closes.
      const newYears = CALENDAR_YEARS.map((year) => `${year}-01-01`);
      if (calendar.alwaysOpen) {
        expect(calendar.holidays).toEqual([]);
      } else {
        expect(dates).toEqual(expect.arrayContaining(newYears));
      }
    });
  }
});
