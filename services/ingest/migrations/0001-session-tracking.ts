/**
 * The ingest's tables (docs/adr/0017-session-tracking.md): projects, recorded sessions with their per-session bearer
 * token (only its SHA-256 is kept), batches (gzip-compressed rrweb events, unique per session, page and index so a
 * retried batch is stored once), page loads, canvas snapshots (metadata; the bytes are in the object store),
 * quarantined batches (kinds and counts, never a value), tags, conditions, feature flags, and the job queue that
 * runs the retention purge. Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import { type AnyKysely, createJobsTable, type Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table project (
        id text primary key check (id ~ '^[a-z0-9-]{1,64}$'),
        name text not null,
        canvas_enabled boolean not null default false,
        canvas_quality text not null default 'low' check (canvas_quality in ('low', 'medium', 'high')),
        canvas_fps integer not null default 1 check (canvas_fps between 1 and 30),
        feature_flags_enabled boolean not null default false,
        usability_test_enabled boolean not null default false,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table session (
        id uuid primary key,
        project_id text not null references project (id),
        token_hash text not null unique,
        token_expires_at timestamptz not null,
        user_uuid uuid not null,
        customer_id text,
        tracker_version text not null,
        started_at timestamptz not null,
        -- The page's clock at the start call: events' timestamps are measured against it for the duration.
        client_started_ms bigint not null,
        ended_at timestamptz not null,
        first_page text not null default '',
        page_count integer not null default 0,
        error_count integer not null default 0,
        event_count integer not null default 0,
        user_agent text not null default '',
        device text not null,
        browser text not null,
        os text not null,
        width integer not null,
        height integer not null,
        timezone text,
        referrer text not null default '',
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index session_started on session (started_at desc, id desc)`.execute(db);
    await sql`create index session_customer on session (customer_id, started_at desc)`.execute(db);
    await sql`
      create table batch (
        session_id uuid not null references session (id) on delete cascade,
        page integer not null check (page >= 0),
        n integer not null check (n >= 0),
        tab_id text not null,
        event_count integer not null,
        first_timestamp bigint,
        last_timestamp bigint,
        events_gzip bytea not null,
        received_at timestamptz not null default now(),
        primary key (session_id, page, n)
      )`.execute(db);
    await sql`
      create table page (
        session_id uuid not null references session (id) on delete cascade,
        page_index integer not null,
        href text not null,
        title text not null,
        at timestamptz not null,
        primary key (session_id, page_index, at)
      )`.execute(db);
    await sql`
      create table image (
        session_id uuid not null references session (id) on delete cascade,
        name text not null,
        size integer not null,
        content_type text not null,
        object_key text not null,
        created_at timestamptz not null default now(),
        primary key (session_id, name)
      )`.execute(db);
    // What was found, never where or what: kinds and counts only.
    await sql`
      create table quarantine (
        session_id uuid not null references session (id) on delete cascade,
        page integer not null,
        n integer not null,
        kinds jsonb not null,
        received_at timestamptz not null default now(),
        primary key (session_id, page, n)
      )`.execute(db);
    await sql`
      create table tag (
        id serial primary key,
        project_id text not null references project (id),
        selector text not null check (char_length(selector) between 1 and 500)
      )`.execute(db);
    await sql`
      create table condition (
        id serial primary key,
        project_id text not null references project (id),
        name text not null,
        type text not null check (type in ('visited_url', 'exception', 'network_request', 'custom_event', 'duration')),
        operator text not null check (operator in ('is', 'contains', 'starts_with', 'ends_with', 'greater_than')),
        value jsonb not null
      )`.execute(db);
    await sql`
      create table feature_flag (
        project_id text not null references project (id),
        key text not null check (char_length(key) between 1 and 200),
        is_persist boolean not null default false,
        value text not null default 'true',
        payload text,
        primary key (project_id, key)
      )`.execute(db);
    await createJobsTable(db);
  },
};
