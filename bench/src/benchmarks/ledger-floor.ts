/**
 * The floor of a batched write on this machine: what PostgreSQL alone takes to store a group of transfers in the
 * ledger's own tables, with no engine in front. One statement per group, one after another (a ledger's groups
 * commit in order behind its head row), each:
 * - inserts the group's transfers into ledger.transfers (its primary key, chain and history indexes), with the hash,
 *   fingerprint and balance-after columns made up in SQL instead of computed and sent;
 * - adds each touched account's debits and credits to its row in ledger.accounts;
 * - moves the ledger's head.
 * The transfers' random accounts are the only input sent. No reads, no decisions, no hash chain, no idempotency.
 * The engine writes the same rows one group after another as well, and does all of that besides, so within the
 * noise its rate stays at or below this one. The rows written here do not form a valid chain, so the floor runs on
 * a ledger of its own, never verified.
 */
import type { Database } from '@tessera/platform';
import { sql } from 'kysely';

/** Transfers per second of `total` transfers written in groups of `groupSize` between random `wallets`. */
export async function measureFloor(
  database: Database,
  tenantId: string,
  wallets: readonly string[],
  groupSize: number,
  total: number,
): Promise<number> {
  const db = database.db;
  const { rows } = await sql<{ id: number; head_sequence: string }>`select id, head_sequence
    from ledger.ledgers where tenant_id = ${tenantId} and code = 'EUR'`.execute(db);
  const ledger = rows[0]!;
  let sequence = BigInt(ledger.head_sequence);
  const groups = Math.ceil(total / groupSize);
  const inputs = Array.from({ length: groups }, () => {
    const debits: string[] = [];
    const credits: string[] = [];
    for (let index = 0; index < groupSize; index += 1) {
      const debit = Math.floor(Math.random() * wallets.length);
      const credit = (debit + 1 + Math.floor(Math.random() * (wallets.length - 1))) % wallets.length;
      debits.push(wallets[debit]!);
      credits.push(wallets[credit]!);
    }
    return { debits, credits, touched: new Set([...debits, ...credits]).size };
  });
  const started = performance.now();
  for (const { debits, credits, touched } of inputs) {
    const first = sequence.toString();
    const { rows: counts } = await sql<{ inserted: number; updated: number }>`with
      v as (select g, d, c from unnest(${debits}::uuid[], ${credits}::uuid[]) with ordinality as u(d, c, g)),
      ins as (insert into ledger.transfers (tenant_id, id, ledger_id, sequence, debit_account_id, credit_account_id,
          amount, pending_id, timeout_seconds, code, flags, metadata, created_at, expires_at, hash, fingerprint,
          dr_debits_pending, dr_debits_posted, dr_credits_pending, dr_credits_posted,
          cr_debits_pending, cr_debits_posted, cr_credits_pending, cr_credits_posted)
        select ${tenantId}, gen_random_uuid(), ${ledger.id}, ${first}::bigint + g, d, c, 1, null, 0, 1, 0,
          '{}'::jsonb, now(), null, sha256(int8send(${first}::bigint + g)), sha256(int8send(-(${first}::bigint + g))),
          0, 0, 0, 0, 0, 0, 0, 0
        from v
        returning 1),
      deltas as (select id, sum(debit) as debit, sum(credit) as credit
        from (select d as id, 1 as debit, 0 as credit from v union all select c, 0, 1 from v) as legs
        group by id),
      rows as (select found.row, deltas.debit, deltas.credit from deltas cross join lateral
        (select ctid as row from ledger.accounts where tenant_id = ${tenantId} and id = deltas.id limit 1) as found),
      upd as (update ledger.accounts as a set debits_posted = a.debits_posted + rows.debit,
          credits_posted = a.credits_posted + rows.credit
        from rows where a.ctid = rows.row
        returning 1),
      head as (update ledger.ledgers set version = version + 1,
          head_sequence = ${first}::bigint + ${debits.length}::bigint
        where id = ${ledger.id}
        returning 1)
      select (select count(*)::integer from ins) as inserted,
        (select count(*)::integer from upd) + (select count(*)::integer from head) as updated`.execute(db);
    if (counts[0]?.inserted !== debits.length || counts[0].updated !== touched + 1) {
      throw new Error('the floor did not write every transfer, account and head');
    }
    sequence += BigInt(debits.length);
  }
  return Math.round((groups * groupSize) / ((performance.now() - started) / 1000));
}
