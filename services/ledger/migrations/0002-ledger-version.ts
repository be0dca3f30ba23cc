/**
 * Optimistic group commit (docs/adr/0003-ledger.md): every write to a ledger's state (a group of transfers, an
 * account's status change) bumps its ledger's `version` in the same statement or transaction. A group reads without
 * locks, decides in memory, and writes in one statement that applies only if the versions it read are unchanged.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const addLedgerVersion: Migration = {
  async up(db) {
    await sql`alter table ledgers add column version bigint not null default 0`.execute(db);
  },
};
