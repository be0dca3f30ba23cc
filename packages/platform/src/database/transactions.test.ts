import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing.ts';
import type { Database } from './types.ts';

describeEachDatabase('transactions', ({ createDatabase, kind }) => {
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase();
    await sql`create table counters (id int primary key, value int not null)`.execute(database.db);
    await sql`create table notes (body text not null)`.execute(database.db);
  });

  it('serialises concurrent transactions: two writers incrementing 50 times each end at 100', async () => {
    await sql`insert into counters values (1, 0)`.execute(database.db);
    const incrementFiftyTimes = () =>
      database.db.transaction().execute(async (trx) => {
        for (let step = 0; step < 50; step += 1) {
          // A read then a write: without isolation between the two transactions, increments would be lost.
          const { rows } = await sql<{
            value: number;
          }>`select value from counters where id = 1 for update`.execute(trx);
          await sql`update counters set value = ${rows[0]!.value + 1} where id = 1`.execute(trx);
        }
      });
    await Promise.all([incrementFiftyTimes(), incrementFiftyTimes()]);
    const { rows } = await sql<{ value: number }>`select value from counters where id = 1`.execute(
      database.db,
    );
    expect(rows[0]!.value).toBe(100);
  });

  it('keeps nothing of a rolled-back transaction', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`insert into notes values ('written then undone')`.execute(trx);
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const { rows } = await sql<{ count: string }>`select count(*) as count from notes`.execute(database.db);
    expect(rows[0]!.count).toBe('0');
  });

  it('runs standalone queries while no transaction is open, and reports affected rows', async () => {
    const result = await database.db
      .insertInto('notes')
      .values([{ body: 'a' }, { body: 'b' }])
      .executeTakeFirstOrThrow();
    expect(result.numInsertedOrUpdatedRows).toBe(2n);
    const deleted = await database.db.deleteFrom('notes').executeTakeFirstOrThrow();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('runs several statements in one raw query without parameters, as pg does', async () => {
    await sql`create table multi_a (x int); create table multi_b (y int)`.execute(database.db);
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_name in ('multi_a', 'multi_b') order by table_name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(['multi_a', 'multi_b']);
  });

  it('reports a query error with the driver error and keeps working afterwards', async () => {
    await expect(sql`select * from missing_table`.execute(database.db)).rejects.toThrow(/missing_table/);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it(`refuses queries once closed (${kind})`, async () => {
    const other = await createDatabase();
    await other.close();
    await other.close();
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow();
  });
});
