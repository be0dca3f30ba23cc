/**
 * The assistant's tables: a customer's conversations and their messages, kept so that a handover can pass the
 * transcript on (docs/adr/0022-offline-assistant.md). Conversations not written to for ASSISTANT_RETENTION_DAYS are
 * deleted with their messages (docs/operations.md "Assistant"). Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table conversation (
        id uuid primary key,
        user_id text not null,
        language text not null check (language in ('en', 'fr')),
        last_intent text,
        message_count integer not null default 0 check (message_count >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index conversation_updated on conversation (updated_at)`.execute(db);
    await sql`
      create table message (
        conversation_id uuid not null references conversation (id) on delete cascade,
        seq integer not null check (seq >= 1),
        role text not null check (role in ('customer', 'assistant')),
        text text not null,
        intent text,
        created_at timestamptz not null,
        primary key (conversation_id, seq)
      )`.execute(db);
  },
};
