/**
 * Requests for a person made through the assistant (docs/adr/0022-offline-assistant.md): one row per tracker
 * session (a new request replaces the last), shown in the console's Live sessions while the session is live.
 * Rows older than seven days are deleted when a new one is recorded. Runs with search_path set to the schema.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table help_requests (
        session_id uuid primary key,
        customer_id text not null,
        language text not null check (language in ('en', 'fr')),
        intent text,
        transcript jsonb not null,
        requested_at timestamptz not null
      )`.execute(db);
    await sql`create index help_requests_at on help_requests (requested_at)`.execute(db);
  },
};
