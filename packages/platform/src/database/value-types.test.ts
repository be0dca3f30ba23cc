import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing.ts';
import type { Database } from './types.ts';

// The same query must return the same JavaScript values on PGlite and PostgreSQL (see type-parsers.ts).
describeEachDatabase('value types', ({ createDatabase }) => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase();
  });

  it('returns int8, numeric, count(*) and their arrays as strings, never floats', async () => {
    const { rows } = await sql`select 9007199254740993::int8 as big, 5::int8 as small, 1.50::numeric as price,
      (select count(*) from (values (1), (2)) as v) as count, array[1, 2]::int8[] as ids,
      array[1.5, null]::numeric[] as prices, 7::int4 as int4, 2.5::float8 as float8`.execute(database.db);
    expect(rows[0]).toEqual({
      big: '9007199254740993',
      small: '5',
      price: '1.50',
      count: '2',
      ids: ['1', '2'],
      prices: ['1.5', null],
      int4: 7,
      float8: 2.5,
    });
  });

  it('accepts bigint parameters for int8 and numeric columns', async () => {
    const { rows } = await sql<{
      total: string;
    }>`select (${12345678901234567890n}::numeric + ${1n}::int8) as total`.execute(database.db);
    expect(rows[0]!.total).toBe('12345678901234567891');
  });

  it('returns dates as text, timestamps as UTC instants, intervals as text, json parsed and bytea as Buffer', async () => {
    const { rows } = await sql`select '2024-02-29'::date as day, array['2024-01-01'::date] as days,
      '2024-01-02 03:04:05.678'::timestamp as local_time, '2024-01-02 03:04:05+02'::timestamptz as instant,
      '1 day 02:00:00'::interval as period, '{"a":[1,2]}'::jsonb as document, '\\x0102ff'::bytea as bytes,
      true as flag, null::int8 as nothing`.execute(database.db);
    const row = rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ day: '2024-02-29', days: ['2024-01-01'], period: '1 day 02:00:00' });
    expect(row['local_time']).toEqual(new Date('2024-01-02T03:04:05.678Z'));
    expect(row['instant']).toEqual(new Date('2024-01-02T01:04:05Z'));
    expect(row['document']).toEqual({ a: [1, 2] });
    expect(Buffer.isBuffer(row['bytes'])).toBe(true);
    expect([...(row['bytes'] as Buffer)]).toEqual([1, 2, 255]);
    expect(row['flag']).toBe(true);
    expect(row['nothing']).toBeNull();
  });
});
