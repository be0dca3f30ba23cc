/**
 * A stored portfolio point counts the holdings its value includes (docs/adr/0011-portfolio-value-history.md). A
 * point stored while a holding could not be valued (a process whose catalog was empty left the demo customer's
 * bitcoin out of every point it stored) included fewer holdings than the customer held then: a read that finds
 * fewer than the ledger shows computes the point again and replaces it. Points stored before this column have no
 * count (null) and are computed again once, on their first read.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db) {
    await sql`alter table portfolio_point add column holdings integer check (holdings >= 0)`.execute(db);
  },
};
