import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing.ts';
import { type ArrayElementType, arrayParameter, encodeBinaryArray } from './array-parameter.ts';
import type { Database } from './types.ts';

// The same array parameters must reach both engines as the same values: binary on PostgreSQL, literals on PGlite.
describeEachDatabase('array parameters', ({ createDatabase }) => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase();
  });

  it('round-trips every element type, nulls and edge values', async () => {
    const uuids = ['0190a3c4-5e6f-7a8b-9cde-f0123456789a', null, 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'];
    const int4s = ['0', '-2147483648', '2147483647', null];
    const int8s = ['9223372036854775807', '-9223372036854775808', '0', '42'];
    const numerics = [
      '0',
      '1',
      '10000',
      '99999999999999999999999999999999999999',
      '-12345.678',
      '0.0001',
      '0.00',
      '100000000.5',
      null,
    ];
    const texts = ['plain', 'quote " and back\\slash', '{braces, commas}', 'NULL', '', 'é€😀', null];
    const bytes = [Buffer.from([0, 1, 0x5c, 0x22, 0x2c, 0xff]), Buffer.alloc(0), null, Buffer.from('{"x"}')];
    const instants = ['2026-11-22T00:28:34.123Z', '1999-12-31T23:59:59Z', '2000-01-01T00:00:00.000001Z'];
    const { rows } = await sql<Record<string, unknown>>`select
        ${arrayParameter('uuid', uuids)}::uuid[]::text[] as uuids,
        ${arrayParameter('int4', int4s)}::int4[] as int4s,
        ${arrayParameter('int8', int8s)}::int8[] as int8s,
        ${arrayParameter('numeric', numerics)}::numeric[]::text[] as numerics,
        ${arrayParameter('text', texts)}::text[] as texts,
        ${arrayParameter('timestamptz', instants)}::timestamptz[] as instants,
        (select array_agg(to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
          from unnest(${arrayParameter('timestamptz', instants)}::timestamptz[]) as t) as micros,
        cardinality(${arrayParameter('uuid', [])}::uuid[]) as empty,
        ${arrayParameter('bytea', bytes)}::bytea[] as bytes`.execute(database.db);
    expect(rows[0]).toEqual({
      uuids: [uuids[0], null, uuids[2]!.toLowerCase()],
      int4s: [0, -2147483648, 2147483647, null],
      int8s: int8s,
      numerics: numerics,
      texts: texts,
      instants: instants.map((instant) => new Date(instant)),
      micros: ['2026-11-22T00:28:34.123000', '1999-12-31T23:59:59.000000', '2000-01-01T00:00:00.000001'],
      empty: 0,
      bytes,
    });
  });

  it('reads every decimal as PostgreSQL parses its text: integers, fractions, zeros, signs, 38 digits', async () => {
    // A fixed pseudo-random sequence (a linear congruential generator): the same cases on every run.
    let seed = 20261122;
    const next = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % limit;
    };
    const digits = (count: number) => Array.from({ length: count }, () => String(next(10))).join('');
    const values = Array.from({ length: 400 }, (_, index) => {
      const integer = digits(1 + next(38));
      const fraction = index % 3 === 0 ? `.${digits(1 + next(12))}` : '';
      const zeros = index % 7 === 0 ? '000' : '';
      return `${index % 5 === 0 ? '-' : ''}${zeros}${integer}${fraction}`;
    });
    values.push('0.00001', '10000.0000', '-0', '00000', '9999.9999', '0.1');
    const { rows } = await sql<{
      same: boolean;
      count: string;
    }>`select bool_and(b::text = t::numeric::text) as same,
        count(*)::text as count
      from unnest(${arrayParameter('numeric', values)}::numeric[], ${values}::text[]) as v(b, t)`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({ same: true, count: String(values.length) });
  });

  it('feeds unnest and = any() as a set-based statement would', async () => {
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const { rows } = await sql<{ id: string; amount: string }>`select id::text, amount::text
      from unnest(${arrayParameter('uuid', ids)}::uuid[], ${arrayParameter('numeric', ['5', '7'])}::numeric[])
        as v(id, amount)
      where id = any(${arrayParameter('uuid', [ids[1]!])}::uuid[])`.execute(database.db);
    expect(rows).toEqual([{ id: ids[1], amount: '7' }]);
  });
});

describe('binary array encoding', () => {
  it('refuses malformed elements instead of sending something else', () => {
    const refused: Array<[ArrayElementType, string | Buffer]> = [
      ['uuid', '0190a3c4-5e6f-7a8b-9cde-f0123456789'],
      ['uuid', '0190a3c4-5e6f-7a8b-9cde-f0123456789g'],
      ['uuid', '0190a3c4x5e6f-7a8b-9cde-f0123456789a'],
      ['int4', '2147483648'],
      ['int4', '1.5'],
      ['int8', '9223372036854775808'],
      ['int8', ' 1'],
      ['numeric', '1e5'],
      ['numeric', 'NaN'],
      ['numeric', '1.'],
      ['timestamptz', '2026-11-22 00:00:00'],
      ['timestamptz', '2026-13-45T00:00:00Z'],
      ['bytea', '00ff'],
      ['text', Buffer.from('x')],
    ];
    for (const [type, value] of refused) {
      expect(() => encodeBinaryArray(type, [value]), `${type} ${String(value)}`).toThrow(TypeError);
    }
  });

  it('writes the header array_recv reads: one dimension from 1, the element type, the null flag', () => {
    const encoded = encodeBinaryArray('int4', ['7', null]);
    expect(encoded.readInt32BE(0)).toBe(1);
    expect(encoded.readInt32BE(4)).toBe(1);
    expect(encoded.readInt32BE(8)).toBe(23);
    expect(encoded.readInt32BE(12)).toBe(2);
    expect(encoded.readInt32BE(16)).toBe(1);
    expect(encoded.readInt32BE(20)).toBe(4);
    expect(encoded.readInt32BE(24)).toBe(7);
    expect(encoded.readInt32BE(28)).toBe(-1);
    expect(encoded.length).toBe(32);
  });
});
