/**
 * A plan's due dates (UTC calendar days, `YYYY-MM-DD`), counted from its anchor date (the start date, or the due
 * date at which the frequency last changed): weekly every 7 days, biweekly every 14, monthly on the anchor's day of
 * the month, or the month's last day when it has no such day (a plan of the 31st runs on 30 April and on 28 or 29
 * February, and on the 31st again in May).
 */
import type { PlanFrequency } from '@tessera/contracts';

const DAY_MS = 86_400_000;

export function dayOfDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return dayOfDate(new Date(toMs(day) + days * DAY_MS));
}

function lastDayOfMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The `k`-th due date (k = 0 is the anchor itself). */
export function dueDateAt(anchor: string, frequency: PlanFrequency, k: number): string {
  if (frequency === 'weekly' || frequency === 'biweekly') {
    return addDays(anchor, k * (frequency === 'weekly' ? 7 : 14));
  }
  const [year, month, day] = anchor.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + k;
  const y = year + Math.floor(monthIndex / 12);
  const m = ((monthIndex % 12) + 12) % 12;
  const d = Math.min(day, lastDayOfMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The first due date on or after `day` (`strictlyAfter`: after it). */
export function firstDueFrom(
  anchor: string,
  frequency: PlanFrequency,
  day: string,
  strictlyAfter = false,
): string {
  if (anchor > day || (anchor === day && !strictlyAfter)) {
    return anchor;
  }
  // A close guess, then step: months are ~30.4 days, weeks exact.
  const period = frequency === 'weekly' ? 7 : frequency === 'biweekly' ? 14 : 28;
  let k = Math.max(0, Math.floor((toMs(day) - toMs(anchor)) / DAY_MS / period) - 2);
  for (;;) {
    const due = dueDateAt(anchor, frequency, k);
    if (due > day || (due === day && !strictlyAfter)) {
      return due;
    }
    k += 1;
  }
}

/** Up to `count` due dates from `from` (inclusive) to `end` (inclusive, none: no end). */
export function upcomingDueDates(
  anchor: string,
  frequency: PlanFrequency,
  from: string,
  end: string | null,
  count: number,
): string[] {
  const dates: string[] = [];
  let next = firstDueFrom(anchor, frequency, from);
  while (dates.length < count && (end === null || next <= end)) {
    dates.push(next);
    next = firstDueFrom(anchor, frequency, next, true);
  }
  return dates;
}
