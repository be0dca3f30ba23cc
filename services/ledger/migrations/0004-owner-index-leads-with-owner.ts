/**
 * The accounts' owner index leads with the owner: (owner_id, tenant_id) instead of (tenant_id, owner_id).
 *
 * Every read of accounts by id probes the primary key (tenant_id, id). But for a tenant whose accounts grew since
 * the table was last analysed (any new tenant under load), the planner estimated one row for the tenant and took
 * the owner index instead, whose leading column also matches `tenant_id = $1`: it then walked all the tenant's
 * accounts for each id it looked for. With 10,000 accounts, a group of 8,189 transfers read some 40 million index
 * entries, and its read took 3 to 15 seconds instead of milliseconds (auto_explain, docs/benchmarks.md, ledger).
 * Led by the owner, the index can no longer serve a condition on the tenant alone; listing a tenant's accounts of
 * one owner still uses it.
 *
 * The index is rebuilt inside the migration's transaction, which holds writes to accounts while it builds (quick:
 * one entry per account): deploy it in a quiet window on a large ledger (docs/operations.md, Schemas and migrations).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const ownerIndexLeadsWithOwner: Migration = {
  async up(db) {
    await sql`
      drop index accounts_owner;
      create index accounts_owner on accounts (owner_id, tenant_id);
    `.execute(db);
  },
};
