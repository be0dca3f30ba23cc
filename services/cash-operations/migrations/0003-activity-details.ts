/**
 * Activity details (docs/api.md, "Cash operations", activity): the structured facts of an operation (card, sender,
 * chain, conversion pair and rate, traded product) that the web app phrases in the customer's language, so no
 * sentence of ours is stored. Rows the demo seed wrote before this in English get their details and lose the text.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const addActivityDetails: Migration = {
  async up(db) {
    await sql`
      alter table operations add column details jsonb;

      update operations
         set details = jsonb_build_object('type', 'sepa_deposit', 'sender', split_part(counterparty, ' · ', 1)),
             description = null
       where kind = 'sepa_deposit' and description = 'SEPA transfer received';

      update operations
         set details = jsonb_build_object('type', 'card_deposit', 'brand', 'Visa', 'last4', '4242'),
             description = null
       where kind = 'card_deposit' and description = 'Card deposit';

      update operations
         set details = jsonb_build_object(
               'type', 'crypto_deposit', 'chain', 'bitcoin', 'txHash', null, 'confirmations', 6),
             description = null
       where kind = 'crypto_deposit' and description = 'Bitcoin deposit (6 confirmations)';

      update operations
         set details = jsonb_build_object('type', 'trade', 'product', description),
             description = null
       where kind = 'trade' and source = 'ledger' and description is not null;
    `.execute(db);
  },
};
