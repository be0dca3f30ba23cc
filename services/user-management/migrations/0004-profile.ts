/**
 * Settings sections personalInformation, languages and appearance (issue #20): one row per customer who saved
 * them. The picture's bytes are in the object store under `profile-pictures/<user id>`; the row says whether there
 * is one and when it changed.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createProfile: Migration = {
  async up(db) {
    await sql`
      create table personal_information (
        user_id uuid primary key,
        given_name text,
        family_name text,
        birth_date date,
        address jsonb,
        picture_key text,
        picture_updated_at timestamptz,
        updated_at timestamptz not null default now()
      );
    `.execute(db);
    await sql`
      create table account_preferences (
        user_id uuid primary key,
        language text not null check (language in ('en', 'fr')),
        theme text not null check (theme in ('light', 'dark', 'system')),
        updated_at timestamptz not null default now()
      );
    `.execute(db);
  },
};
