/**
 * Issuer token symbols are unique (docs/adr/0021-tokenized-fund-units.md), on both databases: a second token of a
 * symbol, in any case, is refused 409 TOKENS_SYMBOL_TAKEN and nothing is created; of two creations at once exactly one
 * wins; a retry with the same Idempotency-Key answers the first token, not 409; migration 0006 renames the later
 * tokens of a database that already shares symbols, then refuses a duplicate itself.
 */
import type { IssuerToken } from '@tessera/contracts';
import { migrate } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { renamedDuplicateSymbols } from '../../../migrations/0006-unique-token-symbols.ts';
import { investmentsMigrations } from '../../service.ts';
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from '../../test-support/investments-fixture.ts';

interface Failure {
  readonly error: { readonly code: string; readonly details: Record<string, unknown> };
}
const codeOf = (answer: { json: <T>() => T }) => answer.json<Failure>().error.code;

describe('renaming tokens that share a symbol (migration 0006)', () => {
  it('keeps the oldest, suffixes the later ones with the smallest free number, within 8 characters', () => {
    const renamed = renamedDuplicateSymbols([
      { id: 'a', symbol: 'ACME' },
      { id: 'b', symbol: 'ACME2' },
      { id: 'c', symbol: 'acme' },
      { id: 'd', symbol: 'ACME' },
      { id: 'e', symbol: 'ABCDEFGH' },
      { id: 'f', symbol: 'ABCDEFGH' },
      { id: 'g', symbol: 'SOLO' },
    ]);
    expect(Object.fromEntries(renamed)).toEqual({ c: 'ACME3', d: 'ACME4', f: 'ABCDEFG2' });
    expect(renamed.has('a')).toBe(false);
    expect(renamed.has('g')).toBe(false);
  });

  it('goes past 9 by cutting one more character', () => {
    const tokens = Array.from({ length: 11 }, (_, index) => ({ id: `t${index}`, symbol: 'ABCDEFGH' }));
    const renamed = renamedDuplicateSymbols(tokens);
    expect(renamed.get('t9')).toBe('ABCDEF10');
    expect(renamed.get('t10')).toBe('ABCDEF11');
    expect(new Set(renamed.values()).size).toBe(10);
  });
});

describeEachDatabase('tokenized assets: unique token symbols', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  let ana: Customer;
  let ben: Customer;
  let keyCounter = 0;
  const key = () => `symbol-key-${++keyCounter}-${Date.now()}`;
  const create = (who: Customer, body: Record<string, unknown>, headers?: Record<string, string>) =>
    fixture.call(who, 'POST', '/tokens/issued', { parValue: '1.00', ...body }, headers);
  const tokensOf = async (symbol: string) =>
    (
      await sql<{ id: string; manager_id: string; name: string }>`
        select id, manager_id, name from investments.funds
        where asset_kind = 'token' and upper(symbol) = ${symbol}`.execute(fixture.runtime.core.db)
    ).rows;

  beforeAll(async () => {
    fixture = await startInvestmentsFixture(await createDatabase());
    ana = await fixture.customer(2);
    ben = await fixture.customer(2);
    return () => fixture.app.close();
  }, 300_000);

  it('a second token of a symbol, in another case, is refused 409 TOKENS_SYMBOL_TAKEN and nothing is created', async () => {
    const first = await create(ana, { name: 'Acme shares', symbol: 'ACME' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await create(ben, { name: 'Other acme', symbol: ' acme ' });
    expect(second.statusCode, second.body).toBe(409);
    expect(codeOf(second)).toBe('TOKENS_SYMBOL_TAKEN');
    const mine = await create(ana, { name: 'Acme again', symbol: 'Acme' });
    expect(mine.statusCode, mine.body).toBe(409);
    expect(codeOf(mine)).toBe('TOKENS_SYMBOL_TAKEN');
    expect(await tokensOf('ACME')).toEqual([
      expect.objectContaining({ id: first.json<IssuerToken>().id, name: 'Acme shares' }),
    ]);
    const otherNames = await sql<{ count: string }>`
      select count(*)::text as count from investments.funds
      where name in ('Other acme', 'Acme again')`.execute(fixture.runtime.core.db);
    expect(otherNames.rows[0]!.count).toBe('0');
  });

  it('of two creations of one symbol at once, exactly one answers 201', async () => {
    const answers = await Promise.all([
      create(ana, { name: 'Duo by Ana', symbol: 'DUO' }),
      create(ben, { name: 'Duo by Ben', symbol: 'duo' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409]);
    expect(codeOf(answers.find((answer) => answer.statusCode === 409)!)).toBe('TOKENS_SYMBOL_TAKEN');
    expect(await tokensOf('DUO')).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the first token, not 409; another body with it is refused', async () => {
    const retryKey = key();
    const body = { name: 'Kept shares', symbol: 'keep', parValue: '3.5' };
    const first = await create(ana, body, { 'idempotency-key': retryKey });
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(ana, body, { 'idempotency-key': retryKey });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<IssuerToken>()).toEqual(first.json<IssuerToken>());
    const [one, two] = await Promise.all([
      create(ana, body, { 'idempotency-key': retryKey }),
      create(ana, body, { 'idempotency-key': retryKey }),
    ]);
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 200]);
    const changed = await create(ana, { ...body, name: 'Changed shares' }, { 'idempotency-key': retryKey });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(codeOf(changed)).toBe('INVESTMENTS_IDEMPOTENCY_KEY_REUSED');
    const otherKey = await create(ana, body, { 'idempotency-key': key() });
    expect(otherKey.statusCode, otherKey.body).toBe(409);
    expect(codeOf(otherKey)).toBe('TOKENS_SYMBOL_TAKEN');
    expect(await tokensOf('KEEP')).toHaveLength(1);
  });

  it('two creations at once with one key create one token and both answer it', async () => {
    const sameKey = key();
    const body = { name: 'Twin shares', symbol: 'TWIN' };
    const answers = await Promise.all([
      create(ben, body, { 'idempotency-key': sameKey }),
      create(ben, body, { 'idempotency-key': sameKey }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 201,
    ]);
    expect(answers[0]!.json<IssuerToken>().id).toBe(answers[1]!.json<IssuerToken>().id);
    expect(await tokensOf('TWIN')).toHaveLength(1);
  });

  it('migration 0006 renames the later tokens sharing a symbol, then the database refuses a duplicate', async () => {
    const { db } = await createDatabase();
    const schema = 'investments_symbols_migration';
    const { '0006-unique-token-symbols': _unique, ...before } = investmentsMigrations;
    await migrate(db, { schema, migrations: before });
    const rows: [string, string, string][] = [
      ['01900000-0000-7000-8000-000000000001', 'ACME', '2026-01-01T00:00:00Z'],
      ['01900000-0000-7000-8000-000000000002', 'ACME', '2026-01-03T00:00:00Z'],
      ['01900000-0000-7000-8000-000000000003', 'ACME', '2026-01-02T00:00:00Z'],
      ['01900000-0000-7000-8000-000000000004', 'ACME2', '2026-01-04T00:00:00Z'],
      ['01900000-0000-7000-8000-000000000005', 'SOLO', '2026-01-05T00:00:00Z'],
    ];
    for (const [id, symbol, at] of rows) {
      await sql`insert into ${sql.id(schema, 'funds')}
        (id, kind, manager_id, name, description, currency, fee_percent, units_ledger, asset_kind, symbol,
         par_value, created_at, updated_at)
        values (${id}, 'community', 'u1', ${`Token ${id.slice(-1)}`}, '', 'EUR', '0.00', ${`pending:${id}`},
                'token', ${symbol}, '1.00', ${at}, ${at})`.execute(db);
    }
    await migrate(db, { schema, migrations: investmentsMigrations });
    const after = await sql<{ id: string; symbol: string }>`
      select id, symbol from ${sql.id(schema, 'funds')} order by id`.execute(db);
    expect(after.rows.map((row) => row.symbol)).toEqual(['ACME', 'ACME4', 'ACME3', 'ACME2', 'SOLO']);
    await expect(
      sql`insert into ${sql.id(schema, 'funds')}
        (id, kind, manager_id, name, description, currency, fee_percent, units_ledger, asset_kind, symbol,
         par_value, created_at, updated_at)
        values ('01900000-0000-7000-8000-000000000009', 'community', 'u2', 'Late', '', 'EUR', '0.00',
                'pending:late', 'token', 'solo', '1.00', now(), now())`.execute(db),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
