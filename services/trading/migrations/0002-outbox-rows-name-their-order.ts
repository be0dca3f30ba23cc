/**
 * Every outbox row names the order it belongs to and what it is (issue #13, "Trading reservations cross
 * customers"). A placement's first hold (`kind = 'reservation'`) is sent by that placement alone, never by
 * another customer's sending of the product's settlements: a refusal then answers only its own order. A row the
 * ledger refused keeps the ledger's code (`refused_code`) for the operators, instead of being deleted with
 * someone else's order. Older rows are settlements (`order_id` null): they were all sent at start by recovery.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const outboxRowsNameTheirOrder: Migration = {
  async up(db) {
    await sql`
      alter table ledger_outbox
        add column kind text not null default 'settlement' check (kind in ('reservation', 'settlement')),
        add column order_id uuid,
        add column refused_code text;
      create index ledger_outbox_unsent_reservations on ledger_outbox (order_id)
        where sent_at is null and kind = 'reservation';
      -- Orders without an expiry of their own (GTC, DAY on a 24/7 market) expire after the longest lifetime.
      create index orders_open_created on orders (created_at)
        where expires_at is null and status in ('accepted', 'working', 'partially_filled');
    `.execute(db);
  },
};
