/**
 * The assist service's tables (docs/adr/0020-live-assist.md): the hash-chained audit of remote actions, the time
 * agents spend live, in calls and in control, and the recordings (metadata; the video is in the object store).
 * Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table actions (
        session_id uuid not null,
        seq integer not null check (seq >= 1),
        agent_id text not null check (agent_id ~ '^[0-9a-f]{12}$'),
        staff_user_id text not null,
        kind text not null,
        outcome text not null check (outcome in ('forwarded', 'refused', 'reported')),
        detail text not null,
        at timestamptz not null,
        prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
        hash text not null unique check (hash ~ '^[0-9a-f]{64}$'),
        primary key (session_id, seq)
      )`.execute(db);
    await sql`create index actions_at on actions (at)`.execute(db);
    await sql`
      create table agent_time (
        id bigserial primary key,
        session_id uuid not null,
        agent_id text not null,
        staff_user_id text not null,
        name text not null,
        kind text not null check (kind in ('live', 'call', 'control')),
        started_at timestamptz not null,
        ended_at timestamptz,
        check (ended_at is null or ended_at >= started_at)
      )`.execute(db);
    await sql`create index agent_time_range on agent_time (started_at, ended_at)`.execute(db);
    await sql`
      create table recordings (
        id uuid primary key,
        session_id uuid not null,
        agent_id text not null,
        staff_user_id text not null,
        object_key text not null unique,
        size integer not null check (size > 0),
        duration_ms integer not null check (duration_ms >= 0),
        content_type text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index recordings_session on recordings (session_id, created_at)`.execute(db);
  },
};
