import { sql } from 'kysely';
import { migrate } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { createCashCore } from '../../../migrations/0001-cash-core.ts';
import { createRails } from '../../../migrations/0002-rails.ts';
import { cashOperationsMigrations } from '../../service.ts';

// A database seeded before activity details existed holds English sentences of ours in `description`; migration
// 0003 turns them into details the web app phrases in the customer's language, and leaves people's words alone.
describeEachDatabase('activity details migration', ({ createDatabase }) => {
  it("replaces the demo seed's English descriptions with details, keeping a payer's reference as written", async () => {
    const { db } = await createDatabase();
    const schema = 'cash_details_migration';
    await migrate(db, {
      schema,
      migrations: { '0001-cash-core': createCashCore, '0002-rails': createRails },
    });
    const walletId = '01900000-0000-7000-8000-000000000001';
    await sql`insert into ${sql.id(schema, 'wallets')} (id, user_id, asset, kind, name, created_at)
      values (${walletId}, 'u1', 'EUR', 'current', 'Euros', now())`.execute(db);
    const rows: [string, string, string | null, string | null, string][] = [
      [
        '01900000-0000-7000-8000-00000000000a',
        'sepa_deposit',
        'Ana Demo · FR76 3000',
        'SEPA transfer received',
        'cash',
      ],
      ['01900000-0000-7000-8000-00000000000b', 'card_deposit', 'Visa •••• 4242', 'Card deposit', 'cash'],
      [
        '01900000-0000-7000-8000-00000000000c',
        'crypto_deposit',
        'bc1q',
        'Bitcoin deposit (6 confirmations)',
        'cash',
      ],
      ['01900000-0000-7000-8000-00000000000d', 'trade', null, 'AAPL_cboe', 'ledger'],
      ['01900000-0000-7000-8000-00000000000e', 'sepa_deposit', 'Grandma', 'Birthday', 'cash'],
    ];
    for (const [id, kind, counterparty, description, source] of rows) {
      await sql`insert into ${sql.id(schema, 'operations')}
        (id, wallet_id, user_id, kind, status, asset, amount_minor, counterparty, description, source, created_at)
        values (${id}, ${walletId}, 'u1', ${kind}, 'posted', 'EUR', 100, ${counterparty}, ${description},
                ${source}, now())`.execute(db);
    }
    await migrate(db, { schema, migrations: cashOperationsMigrations });
    const after = await sql<{ id: string; description: string | null; details: unknown }>`
      select id, description, details from ${sql.id(schema, 'operations')} order by id`.execute(db);
    expect(after.rows.map(({ description, details }) => ({ description, details }))).toEqual([
      { description: null, details: { type: 'sepa_deposit', sender: 'Ana Demo' } },
      { description: null, details: { type: 'card_deposit', brand: 'Visa', last4: '4242' } },
      {
        description: null,
        details: { type: 'crypto_deposit', chain: 'bitcoin', txHash: null, confirmations: 6 },
      },
      { description: null, details: { type: 'trade', product: 'AAPL_cboe' } },
      { description: 'Birthday', details: null },
    ]);
  });
});
