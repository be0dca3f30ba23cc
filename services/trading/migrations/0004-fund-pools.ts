/**
 * Fund pools' cash accounts (issue #21, docs/adr/0019): the ledger account a fund pool's order pays from and is
 * paid to, stored before the order is placed. It was a map in the process's memory, so an order of a pool still
 * open when the process stopped (its hold sent, not yet filled and settled) was settled after the restart against
 * a customer wallet of the pool's owner id, which does not exist, until the pool traded again. A fund's operations
 * run one at a time, so a pool has at most one order in flight: the row holds that order's account.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const fundPools: Migration = {
  async up(db) {
    await sql`
      create table fund_pools (
        owner_id text primary key,
        cash_account_id text not null,
        updated_at timestamptz not null
      );
    `.execute(db);
  },
};
