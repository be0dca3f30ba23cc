import { describe, expect, it } from 'vitest';
import { dueDateAt, firstDueFrom, upcomingDueDates } from './plan-schedule.ts';

describe('plan schedule', () => {
  it('runs monthly on the 31st on each month’s last day, and on the 31st again when the month has one', () => {
    expect(upcomingDueDates('2027-01-31', 'monthly', '2027-01-01', null, 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(dueDateAt('2028-01-31', 'monthly', 1)).toBe('2028-02-29');
    expect(dueDateAt('2026-11-30', 'monthly', 14)).toBe('2028-01-30');
  });

  it('counts weeks and two-week periods from the anchor and stops at the end date', () => {
    expect(upcomingDueDates('2026-12-28', 'weekly', '2026-12-28', '2027-01-12', 10)).toEqual([
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
    expect(upcomingDueDates('2026-11-27', 'biweekly', '2026-11-28', null, 2)).toEqual([
      '2026-12-11',
      '2026-12-25',
    ]);
  });

  it('finds the next due date on or after a day (resume), or strictly after one', () => {
    expect(firstDueFrom('2026-01-15', 'monthly', '2026-11-27')).toBe('2026-12-15');
    expect(firstDueFrom('2026-01-15', 'monthly', '2026-12-15')).toBe('2026-12-15');
    expect(firstDueFrom('2026-01-15', 'monthly', '2026-12-15', true)).toBe('2027-01-15');
    expect(firstDueFrom('2027-03-01', 'weekly', '2026-11-27')).toBe('2027-03-01');
  });
});
