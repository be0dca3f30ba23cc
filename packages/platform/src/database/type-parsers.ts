/**
 * One set of value types for both drivers, so a query returns the same JavaScript values on PGlite and PostgreSQL.
 *
 * Left alone, pg returns int8 as a string and numeric arrays as floats, while PGlite returns int8 as a number (or a
 * bigint past 2^53) and count(*) as a number. Money and quantities must never pass through a float, so:
 *  - int8 and numeric (and their arrays) are strings; callers convert with `BigInt()` or a decimal library;
 *  - date is the 'YYYY-MM-DD' text (no time zone shift), interval its text form;
 *  - timestamp without time zone is read as UTC (pg would use the process's local zone);
 *  - bytea is a Buffer.
 * Other types keep the drivers' common behaviour (int2/int4/float as number, bool, json parsed, timestamptz Date).
 */

/** PostgreSQL type OIDs that are parsed the same way on both drivers. */
export const typeOids = {
  bytea: 17,
  int8: 20,
  date: 1082,
  timestamp: 1114,
  interval: 1186,
  numeric: 1700,
  int8Array: 1016,
  dateArray: 1182,
  timestampArray: 1115,
  intervalArray: 1187,
  numericArray: 1231,
} as const;

/** Keeps the text form of a value. */
export const asText = (value: string): string => value;

/** Reads a timestamp without time zone ('2024-01-02 03:04:05.123456') as a UTC instant. */
export function parseTimestampAsUtc(value: string): Date | string {
  if (value === 'infinity' || value === '-infinity') {
    return value;
  }
  const match = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?( BC)?$/.exec(value);
  if (!match) {
    return new Date(Number.NaN);
  }
  const [, year, month, day, hour, minute, second, fraction = '', bc] = match;
  const milliseconds = Math.floor(Number(`0${fraction || '.0'}`) * 1000);
  const utcYear = bc ? 1 - Number(year) : Number(year);
  const date = new Date(
    Date.UTC(2000, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  date.setUTCFullYear(utcYear);
  date.setUTCMilliseconds(milliseconds);
  return date;
}

/** Reads bytea's hex text form ('\x0102') into a Buffer. */
export function parseByteaHex(value: string): Buffer {
  if (!value.startsWith('\\x')) {
    throw new Error('bytea must use the hex output format (bytea_output = hex).');
  }
  return Buffer.from(value.slice(2), 'hex');
}
