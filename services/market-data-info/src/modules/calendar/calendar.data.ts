/**
 * The venues (sources) and their trading calendars for 2026 and 2027: time zone, regular session in local time,
 * and the days each venue is closed or closes early. Holidays on a Saturday or Sunday are left out (nothing to
 * close). The seed writes this module into the database; the tests check that every date is a weekday, that
 * Easter-based holidays fall where the Easter computus puts them, and that sessions honour DST.
 *
 * Sources: the venues' published trading calendars (NYSE holidays and early closings, which Nasdaq and Cboe's US
 * equity markets follow; Deutsche Börse Xetra trading calendar; Euronext trading calendar; London Stock Exchange
 * business days; SIX Swiss Exchange trading calendar). Venues publish the next year in the autumn: review this
 * file every year.
 */
import type { ProductSource } from '@tessera/contracts';

/** A day on which a venue does not trade, or closes early. */
export interface VenueHoliday {
  /** Local date, YYYY-MM-DD. */
  readonly date: string;
  readonly name: string;
  /** Local closing time (HH:MM) of an early close; absent when the venue is closed all day. */
  readonly closesAt?: string;
}

/** A venue and its calendar. */
export interface VenueCalendar {
  readonly id: ProductSource;
  readonly name: string;
  /** ISO 3166-1 alpha-2, or null for a venue in several countries (Euronext) or none (the internal venue). */
  readonly country: string | null;
  /** IANA time zone of the sessions. */
  readonly timeZone: string;
  /** Trades around the clock, every day (the internal crypto venue). */
  readonly alwaysOpen: boolean;
  /** Regular session, local time HH:MM, Monday to Friday; opening inclusive, closing exclusive. */
  readonly opensAt: string;
  readonly closesAt: string;
  readonly holidays: readonly VenueHoliday[];
}

// NYSE's calendar (Rule 7.2): Nasdaq and Cboe's US equity exchanges close on the same days. Early closes at 13:00.
// 2027: Juneteenth (Saturday) is observed on Friday 18 June, Independence Day (Sunday) on Monday 5 July and
// Christmas (Saturday) on Friday 24 December; New Year's Day 2028 (Saturday) is not observed on 31 December,
// which NYSE keeps open for the year-end.
const US_EQUITY_HOLIDAYS: readonly VenueHoliday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-01-19', name: 'Martin Luther King, Jr. Day' },
  { date: '2026-02-16', name: "Washington's Birthday" },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-05-25', name: 'Memorial Day' },
  { date: '2026-06-19', name: 'Juneteenth National Independence Day' },
  { date: '2026-07-03', name: 'Independence Day (observed)' },
  { date: '2026-09-07', name: 'Labor Day' },
  { date: '2026-11-26', name: 'Thanksgiving Day' },
  { date: '2026-11-27', name: 'Day after Thanksgiving', closesAt: '13:00' },
  { date: '2026-12-24', name: 'Christmas Eve', closesAt: '13:00' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-01-18', name: 'Martin Luther King, Jr. Day' },
  { date: '2027-02-15', name: "Washington's Birthday" },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-05-31', name: 'Memorial Day' },
  { date: '2027-06-18', name: 'Juneteenth National Independence Day (observed)' },
  { date: '2027-07-05', name: 'Independence Day (observed)' },
  { date: '2027-09-06', name: 'Labor Day' },
  { date: '2027-11-25', name: 'Thanksgiving Day' },
  { date: '2027-11-26', name: 'Day after Thanksgiving', closesAt: '13:00' },
  { date: '2027-12-24', name: 'Christmas Day (observed)' },
];

const US_EQUITY_SESSION = { timeZone: 'America/New_York', opensAt: '09:30', closesAt: '16:00' } as const;

/** Every venue a product may come from (`PRODUCT_SOURCES` in @tessera/contracts), with its calendar. */
export const VENUE_CALENDARS: readonly VenueCalendar[] = [
  {
    id: 'cboe',
    name: 'Cboe BZX Exchange',
    country: 'US',
    alwaysOpen: false,
    ...US_EQUITY_SESSION,
    holidays: US_EQUITY_HOLIDAYS,
  },
  {
    id: 'nasdaq',
    name: 'Nasdaq Stock Market',
    country: 'US',
    alwaysOpen: false,
    ...US_EQUITY_SESSION,
    holidays: US_EQUITY_HOLIDAYS,
  },
  {
    id: 'nyse',
    name: 'New York Stock Exchange',
    country: 'US',
    alwaysOpen: false,
    ...US_EQUITY_SESSION,
    holidays: US_EQUITY_HOLIDAYS,
  },
  {
    // Xetra trades on Whit Monday and on German Unity Day; it is closed on Christmas Eve and New Year's Eve.
    id: 'xetra',
    name: 'Xetra (Deutsche Börse)',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    alwaysOpen: false,
    opensAt: '09:00',
    closesAt: '17:30',
    holidays: [
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-01', name: 'Labour Day' },
      { date: '2026-12-24', name: 'Christmas Eve' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-31', name: "New Year's Eve" },
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-03-26', name: 'Good Friday' },
      { date: '2027-03-29', name: 'Easter Monday' },
      { date: '2027-12-24', name: 'Christmas Eve' },
      { date: '2027-12-31', name: "New Year's Eve" },
    ],
  },
  {
    // Euronext's cash markets (Paris, Amsterdam, Brussels, Lisbon, ...) close at 14:05 on 24 and 31 December.
    // Pan-European, so no single country.
    id: 'euronext',
    name: 'Euronext',
    country: null,
    timeZone: 'Europe/Paris',
    alwaysOpen: false,
    opensAt: '09:00',
    closesAt: '17:30',
    holidays: [
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-01', name: 'Labour Day' },
      { date: '2026-12-24', name: 'Christmas Eve', closesAt: '14:05' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-31', name: "New Year's Eve", closesAt: '14:05' },
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-03-26', name: 'Good Friday' },
      { date: '2027-03-29', name: 'Easter Monday' },
      { date: '2027-12-24', name: 'Christmas Eve', closesAt: '14:05' },
      { date: '2027-12-31', name: "New Year's Eve", closesAt: '14:05' },
    ],
  },
  {
    // England's bank holidays, with substitute days when Christmas or Boxing Day fall on a weekend; early closes
    // at 12:30 on Christmas Eve and New Year's Eve.
    id: 'lse',
    name: 'London Stock Exchange',
    country: 'GB',
    timeZone: 'Europe/London',
    alwaysOpen: false,
    opensAt: '08:00',
    closesAt: '16:30',
    holidays: [
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-04', name: 'Early May bank holiday' },
      { date: '2026-05-25', name: 'Spring bank holiday' },
      { date: '2026-08-31', name: 'Summer bank holiday' },
      { date: '2026-12-24', name: 'Christmas Eve', closesAt: '12:30' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
      { date: '2026-12-31', name: "New Year's Eve", closesAt: '12:30' },
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-03-26', name: 'Good Friday' },
      { date: '2027-03-29', name: 'Easter Monday' },
      { date: '2027-05-03', name: 'Early May bank holiday' },
      { date: '2027-05-31', name: 'Spring bank holiday' },
      { date: '2027-08-30', name: 'Summer bank holiday' },
      { date: '2027-12-24', name: 'Christmas Eve', closesAt: '12:30' },
      { date: '2027-12-27', name: 'Christmas Day (substitute day)' },
      { date: '2027-12-28', name: 'Boxing Day (substitute day)' },
      { date: '2027-12-31', name: "New Year's Eve", closesAt: '12:30' },
    ],
  },
  {
    id: 'six',
    name: 'SIX Swiss Exchange',
    country: 'CH',
    timeZone: 'Europe/Zurich',
    alwaysOpen: false,
    opensAt: '09:00',
    closesAt: '17:30',
    holidays: [
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-02', name: "Berchtold's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-01', name: 'Labour Day' },
      { date: '2026-05-14', name: 'Ascension Day' },
      { date: '2026-05-25', name: 'Whit Monday' },
      { date: '2026-12-24', name: 'Christmas Eve' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-31', name: "New Year's Eve" },
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-03-26', name: 'Good Friday' },
      { date: '2027-03-29', name: 'Easter Monday' },
      { date: '2027-05-06', name: 'Ascension Day' },
      { date: '2027-05-17', name: 'Whit Monday' },
      { date: '2027-12-24', name: 'Christmas Eve' },
      { date: '2027-12-31', name: "New Year's Eve" },
    ],
  },
  {
    // The internal crypto venue of the market simulator: always open, so it has no holidays.
    id: 'tessera',
    name: 'Tessera (internal crypto venue)',
    country: null,
    timeZone: 'UTC',
    alwaysOpen: true,
    opensAt: '00:00',
    closesAt: '24:00',
    holidays: [],
  },
];
