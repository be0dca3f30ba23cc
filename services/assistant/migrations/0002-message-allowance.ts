/**
 * The per-customer limit on messages (docs/operations.md "Assistant", ASSISTANT_MESSAGES_PER_MINUTE and
 * ASSISTANT_MESSAGES_PER_DAY): one row per customer and window kind, counting the messages accepted in the current
 * window, which opens with the customer's first message after the previous one ended. Kept in the database so the
 * limit holds across restarts and processes. Rows of windows long over are deleted (indexed on `window_end`).
 * Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table message_allowance (
        user_id text not null,
        period text not null check (period in ('minute', 'day')),
        window_end timestamptz not null,
        count integer not null check (count >= 1),
        primary key (user_id, period)
      )`.execute(db);
    await sql`create index message_allowance_window_end on message_allowance (window_end)`.execute(db);
  },
};
