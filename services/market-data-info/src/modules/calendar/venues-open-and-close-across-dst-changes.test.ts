// isOpen follows each venue's wall clock: DST moves sessions in UTC on each side of the Atlantic on different
// dates, holidays close a venue all day, half days close it early, and crypto never closes.
import { describe, expect, it } from 'vitest';
import { isOpen, isVenueOpen, localTime, venueCalendar } from './calendar.ts';

const at = (iso: string) => new Date(iso);
const open = (source: Parameters<typeof isOpen>[0]['source'], iso: string) => isOpen({ source }, at(iso));

describe('venue sessions across daylight-saving changes', () => {
  it('opens New York at 14:30 UTC in winter and 13:30 UTC once US summer time starts (8 March 2026)', () => {
    expect(open('nyse', '2026-03-06T14:29:59Z')).toBe(false);
    expect(open('nyse', '2026-03-06T14:30:00Z')).toBe(true);
    expect(open('nyse', '2026-03-06T20:59:59Z')).toBe(true);
    expect(open('nyse', '2026-03-06T21:00:00Z')).toBe(false);
    expect(open('nyse', '2026-03-09T13:29:00Z')).toBe(false);
    expect(open('nyse', '2026-03-09T13:30:00Z')).toBe(true);
    expect(open('nyse', '2026-03-09T20:00:00Z')).toBe(false);
  });

  it('keeps London on GMT in the weeks when New York has already moved, then moves it on 29 March 2026', () => {
    expect(open('lse', '2026-03-09T08:00:00Z')).toBe(true);
    expect(open('lse', '2026-03-09T07:59:00Z')).toBe(false);
    expect(open('lse', '2026-03-09T16:29:00Z')).toBe(true);
    expect(open('lse', '2026-03-09T16:30:00Z')).toBe(false);
    expect(open('lse', '2026-03-30T07:00:00Z')).toBe(true);
    expect(open('lse', '2026-03-30T06:59:00Z')).toBe(false);
    expect(open('lse', '2026-03-30T15:30:00Z')).toBe(false);
  });

  it('moves Xetra back to 08:00 UTC on 25 October 2026 while New York waits until 1 November', () => {
    expect(open('xetra', '2026-10-23T07:00:00Z')).toBe(true); // 09:00 CEST
    expect(open('xetra', '2026-10-26T07:30:00Z')).toBe(false); // 08:30 CET
    expect(open('xetra', '2026-10-26T08:00:00Z')).toBe(true);
    expect(open('nyse', '2026-10-26T13:30:00Z')).toBe(true); // 09:30 EDT
    expect(open('nyse', '2026-11-02T13:30:00Z')).toBe(false); // 08:30 EST
    expect(open('nyse', '2026-11-02T14:30:00Z')).toBe(true);
  });

  it('reads local dates and times correctly on the night the clocks change', () => {
    // 2026-03-29 01:00 UTC is 03:00 in Paris (the clocks jumped from 02:00), a Sunday.
    expect(localTime('Europe/Paris', at('2026-03-29T01:00:00Z'))).toEqual({
      date: '2026-03-29',
      isoWeekday: 7,
      minutes: 180,
    });
    // On 2026-11-01 New York lives 01:00-02:00 twice: 05:30 UTC (EDT) and 06:30 UTC (EST) both read 01:30.
    for (const instant of ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']) {
      expect(localTime('America/New_York', at(instant))).toEqual({
        date: '2026-11-01',
        isoWeekday: 7,
        minutes: 90,
      });
    }
    expect(localTime('America/New_York', at('2026-11-01T07:30:00Z')).minutes).toBe(150);
  });
});

describe('holidays, half days and weekends', () => {
  it('closes US venues on Thanksgiving and at 13:00 New York time the day after', () => {
    expect(open('nasdaq', '2026-11-26T15:00:00Z')).toBe(false);
    expect(open('nasdaq', '2026-11-27T17:59:00Z')).toBe(true);
    expect(open('nasdaq', '2026-11-27T18:00:00Z')).toBe(false);
    expect(open('cboe', '2026-11-26T15:00:00Z')).toBe(false);
  });

  it('keeps NYSE open on 31 December 2027 although New Year 2028 falls on a Saturday', () => {
    expect(open('nyse', '2027-12-31T15:00:00Z')).toBe(true);
    expect(open('nyse', '2027-12-24T15:00:00Z')).toBe(false);
  });

  it('closes Euronext at 14:05 on Christmas Eve, while Xetra does not open at all', () => {
    expect(open('euronext', '2026-12-24T13:04:00Z')).toBe(true);
    expect(open('euronext', '2026-12-24T13:05:00Z')).toBe(false);
    expect(open('xetra', '2026-12-24T10:00:00Z')).toBe(false);
  });

  it('closes London on the Boxing Day substitute day and SIX on Ascension, when Xetra trades', () => {
    expect(open('lse', '2026-12-28T10:00:00Z')).toBe(false);
    expect(open('six', '2026-05-14T10:00:00Z')).toBe(false);
    expect(open('xetra', '2026-05-14T10:00:00Z')).toBe(true);
  });

  it('closes every exchange at the weekend but keeps the crypto venue open around the clock', () => {
    for (const source of ['nyse', 'xetra', 'euronext', 'lse', 'six'] as const) {
      expect(open(source, '2026-06-13T12:00:00Z')).toBe(false);
    }
    expect(open('tessera', '2026-06-13T03:00:00Z')).toBe(true);
    expect(open('tessera', '2026-12-25T00:00:00Z')).toBe(true);
    expect(isVenueOpen(venueCalendar('tessera'), at('2027-03-28T01:30:00Z'))).toBe(true);
  });
});
