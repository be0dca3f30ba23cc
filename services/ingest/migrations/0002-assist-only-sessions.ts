/**
 * Assist-only sessions (docs/adr/0017-session-tracking.md, "doNotRecord and assistOnly"): a start with
 * `doNotRecord: true` or `assistOnly: true` creates a session (its token serves live assist, issue #18) whose batches
 * and snapshots are answered but never stored.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`alter table session add column assist_only boolean not null default false`.execute(db);
  },
};
