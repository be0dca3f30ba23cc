import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing.ts';
import { migrate, MigrationError, type Migrations } from './migrate.ts';
import type { AnyKysely } from './types.ts';

const ledgerMigrations: Migrations = {
  '0001-create-accounts': {
    async up(db) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'bigint', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .execute();
    },
  },
  '0002-create-transfers-raw-sql': {
    async up(db) {
      // Unqualified names in raw SQL land in the service's schema too.
      await sql`create table transfers (id bigint primary key, amount numeric not null);
        create index transfers_amount on transfers (amount)`.execute(db);
    },
  },
};

async function tablesIn(db: AnyKysely, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

describeEachDatabase('migrate', ({ createDatabase }) => {
  it('creates the schema, its own migration table and the tables, and is idempotent on rerun', async () => {
    const { db } = await createDatabase();
    const first = await migrate(db, { schema: 'ledger', migrations: ledgerMigrations });
    expect(first.applied).toEqual(['0001-create-accounts', '0002-create-transfers-raw-sql']);
    expect(await tablesIn(db, 'ledger')).toEqual([
      'accounts',
      'kysely_migration',
      'kysely_migration_lock',
      'transfers',
    ]);
    expect(await tablesIn(db, 'public')).toEqual([]);

    const second = await migrate(db, { schema: 'ledger', migrations: ledgerMigrations });
    expect(second.applied).toEqual([]);
    const { rows } = await sql<{
      name: string;
    }>`select name from ledger.kysely_migration order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(['0001-create-accounts', '0002-create-transfers-raw-sql']);
  });

  it('keeps one migration table per schema, so services migrate independently', async () => {
    const { db } = await createDatabase();
    await migrate(db, { schema: 'ledger', migrations: ledgerMigrations });
    const helpMigrations: Migrations = {
      '0001-create-articles': {
        async up(trx) {
          await trx.schema
            .createTable('articles')
            .addColumn('slug', 'text', (c) => c.primaryKey())
            .execute();
        },
      },
    };
    expect((await migrate(db, { schema: 'help', migrations: helpMigrations })).applied).toEqual([
      '0001-create-articles',
    ]);
    expect(await tablesIn(db, 'help')).toEqual(['articles', 'kysely_migration', 'kysely_migration_lock']);
    const withNewMigration = {
      ...ledgerMigrations,
      '0003-add-currency': {
        async up(trx: AnyKysely) {
          await trx.schema.alterTable('accounts').addColumn('currency', 'text').execute();
        },
      },
    };
    expect((await migrate(db, { schema: 'ledger', migrations: withNewMigration })).applied).toEqual([
      '0003-add-currency',
    ]);
  });

  it('serialises concurrent migrators of the same schema: each migration runs once', async () => {
    const { db } = await createDatabase();
    const runs = await Promise.all(
      [1, 2, 3].map(() => migrate(db, { schema: 'ledger', migrations: ledgerMigrations })),
    );
    expect(runs.flatMap((run) => run.applied).sort()).toEqual([
      '0001-create-accounts',
      '0002-create-transfers-raw-sql',
    ]);
  });

  it('rolls back a failing run and names the migration that failed', async () => {
    const { db } = await createDatabase();
    const broken: Migrations = {
      ...ledgerMigrations,
      '0003-broken': {
        async up(trx) {
          await sql`alter table no_such_table add column x int`.execute(trx);
        },
      },
    };
    const failure = await migrate(db, { schema: 'ledger', migrations: broken }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migrationName).toBe('0003-broken');
    expect(await tablesIn(db, 'ledger')).not.toContain('accounts');
  });

  it('refuses a schema name that is not lower snake case', async () => {
    const { db } = await createDatabase();
    await expect(migrate(db, { schema: 'Ledger"; drop', migrations: {} })).rejects.toThrow(/must match/);
  });
});
