/**
 * Settings section legalDocuments (issue #20): each version of a legal document a customer accepted, and when.
 * `source` says how: 'customer' (the settings section), 'sign-up' (recorded at the customer's first check, as
 * signing up accepts the current versions), 'seed' (demo customers).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createLegalAcceptances: Migration = {
  async up(db) {
    await sql`
      create table legal_acceptances (
        user_id uuid not null,
        document_id text not null check (document_id in ('terms', 'privacy')),
        version text not null,
        source text not null check (source in ('customer', 'sign-up', 'seed')),
        accepted_at timestamptz not null default now(),
        primary key (user_id, document_id, version)
      );
    `.execute(db);
  },
};
