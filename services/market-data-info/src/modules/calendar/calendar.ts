/**
 * Whether a venue is trading at an instant. Sessions are local wall-clock times in the venue's IANA time zone, so
 * daylight-saving changes move them in UTC automatically (New York and London change on different dates, and for
 * a few weeks a year their opening hours are an hour closer than usual).
 */
import { invariant } from '@tessera/money';
import type { ProductSource } from '@tessera/contracts';
import { VENUE_CALENDARS, type VenueCalendar } from './calendar.data.ts';

/** The years whose holidays the calendars hold; outside them only weekends and sessions apply. */
export const CALENDAR_YEARS = [2026, 2027] as const;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A moment as a venue's clock shows it. */
export interface LocalTime {
  /** YYYY-MM-DD */
  readonly date: string;
  /** 1 (Monday) to 7 (Sunday). */
  readonly isoWeekday: number;
  /** Minutes since local midnight. */
  readonly minutes: number;
}

// Intl formatters are expensive to build and safe to share; one per time zone (a handful).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `at` on the wall clock of `timeZone`. */
export function localTime(timeZone: string, at: Date): LocalTime {
  invariant(!Number.isNaN(at.getTime()), 'localTime needs a valid date');
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) {
    parts[part.type] = part.value;
  }
  const isoWeekday = WEEKDAYS.indexOf(parts['weekday'] as (typeof WEEKDAYS)[number]) + 1;
  invariant(isoWeekday > 0, `unexpected weekday ${parts['weekday']}`);
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    isoWeekday,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/** Minutes since midnight of an `HH:MM` time (`24:00` is the end of the day). */
export function minutesOf(time: string): number {
  const match = /^([01][0-9]|2[0-4]):([0-5][0-9])$/.exec(time);
  invariant(match !== null, `not an HH:MM time: ${time}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  invariant(minutes <= 24 * 60, `past the end of the day: ${time}`);
  return minutes;
}

/** The calendar fields {@link isVenueOpen} reads (the data module's and the database's shapes both fit). */
export type CalendarRules = Pick<VenueCalendar, 'timeZone' | 'alwaysOpen' | 'opensAt' | 'closesAt'> & {
  readonly holidays: ReadonlyArray<{ readonly date: string; readonly closesAt?: string | null | undefined }>;
};

/**
 * True when the venue trades at `at`: a weekday that is not a holiday, from the opening (inclusive) to the
 * closing (exclusive), or to the early close of a half day.
 */
export function isVenueOpen(calendar: CalendarRules, at: Date): boolean {
  if (calendar.alwaysOpen) {
    return true;
  }
  const local = localTime(calendar.timeZone, at);
  if (local.isoWeekday > 5) {
    return false;
  }
  const holiday = calendar.holidays.find((candidate) => candidate.date === local.date);
  const closesAt = holiday === undefined ? calendar.closesAt : holiday.closesAt;
  if (closesAt === undefined || closesAt === null) {
    return false;
  }
  return local.minutes >= minutesOf(calendar.opensAt) && local.minutes < minutesOf(closesAt);
}

const CALENDARS_BY_SOURCE = new Map<ProductSource, VenueCalendar>(
  VENUE_CALENDARS.map((calendar) => [calendar.id, calendar]),
);

/** The calendar of a venue, from the data module. */
export function venueCalendar(source: ProductSource): VenueCalendar {
  const calendar = CALENDARS_BY_SOURCE.get(source);
  invariant(calendar !== undefined, `no calendar for source ${source}`);
  return calendar;
}

/** True when `instrument` can trade at `at`: its venue is open (crypto on the internal venue: always). */
export function isOpen(instrument: { readonly source: ProductSource }, at: Date): boolean {
  return isVenueOpen(venueCalendar(instrument.source), at);
}
