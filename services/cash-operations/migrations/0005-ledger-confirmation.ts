/**
 * An operation's records and its ledger transfers succeed or fail together (issue #13, defect 2;
 * docs/adr/0005-cash-operations.md, "Records and ledger transfers together").
 *
 * Records are still written before the ledger is called (their transfer ids make a retry submit the same ids), but
 * now as `submitting`: invisible in activity, the summary and statements, counted towards limits only until their
 * deadline. They become `confirmed` once the ledger has answered that it holds the transfers; a refusal, or a
 * failure after which the ledger is seen not to hold them, deletes them. Whoever wrote them owns them until
 * `ledger_deadline`; after it, the sweeper resolves them by looking the transfers up in the ledger.
 *
 * Rows written before this migration were all written in the old way and stay `confirmed`.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const addLedgerConfirmation: Migration = {
  async up(db) {
    await sql`
      alter table operations
        add column ledger_state text not null default 'confirmed'
          check (ledger_state in ('submitting', 'confirmed'));
      alter table operations add column ledger_deadline timestamptz;
      alter table operations
        add constraint operations_submitting_has_deadline
          check (ledger_state = 'confirmed' or ledger_deadline is not null);
      create index operations_submitting on operations (ledger_deadline) where ledger_state = 'submitting';
    `.execute(db);
  },
};
