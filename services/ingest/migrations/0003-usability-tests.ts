/**
 * Usability tests (issue #19; docs/api.md "Usability tests"): tests and their tasks (a task's optional success
 * condition as JSON), participants (one tracker session taking one test; the session link is cleared when the
 * retention purge deletes the session, the results stay), task signals (one row per participant, task and status,
 * so a retried signal is stored once), SUS answers, signed upload URLs (single use), recordings (metadata; the
 * bytes are in the object store) and the upload-signing secret when none is configured. Projects offer usability
 * tests from now on.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    // The web app's project now offers usability tests (the start answer's features['usability-test']); an
    // operator may still turn them off on a project (docs/operations.md, "Usability tests").
    await sql`alter table project alter column usability_test_enabled set default true`.execute(db);
    await sql`update project set usability_test_enabled = true`.execute(db);
    await sql`
      create table uxt_test (
        id uuid primary key,
        project_id text not null references project (id),
        title text not null check (char_length(title) between 1 and 200),
        description text not null default '',
        starting_path text not null default '/',
        guidelines text not null default '',
        conclusion text not null default '',
        req_mic boolean not null default false,
        req_camera boolean not null default false,
        sus boolean not null default false,
        status text not null default 'draft' check (status in ('draft', 'published', 'paused', 'ended')),
        created_by text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index uxt_test_created on uxt_test (created_at desc, id desc)`.execute(db);
    await sql`
      create table uxt_task (
        id serial primary key,
        test_id uuid not null references uxt_test (id) on delete cascade,
        position integer not null,
        title text not null,
        description text not null default '',
        allow_typing boolean not null default false,
        success jsonb,
        unique (test_id, position)
      )`.execute(db);
    await sql`
      create table uxt_participant (
        id uuid primary key,
        test_id uuid not null references uxt_test (id) on delete cascade,
        session_key uuid not null,
        session_id uuid references session (id) on delete set null,
        status text not null default 'begin' check (status in ('begin', 'done', 'skipped')),
        started_at timestamptz not null,
        ended_at timestamptz,
        duration_ms integer,
        last_activity_at timestamptz not null,
        sus_answers jsonb,
        sus_score numeric(5, 2),
        unique (test_id, session_key)
      )`.execute(db);
    await sql`
      create table uxt_task_signal (
        participant_id uuid not null references uxt_participant (id) on delete cascade,
        task_id integer not null references uxt_task (id) on delete cascade,
        status text not null check (status in ('begin', 'done', 'skipped')),
        duration_ms integer not null,
        client_ts bigint not null,
        answer text,
        received_at timestamptz not null default now(),
        primary key (participant_id, task_id, status)
      )`.execute(db);
    await sql`
      create table uxt_upload (
        id uuid primary key,
        participant_id uuid not null references uxt_participant (id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`
      create table uxt_recording (
        id uuid primary key,
        participant_id uuid not null references uxt_participant (id) on delete cascade,
        object_key text not null,
        size integer not null,
        content_type text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table uxt_secret (
        id integer primary key check (id = 1),
        secret bytea not null
      )`.execute(db);
  },
};
