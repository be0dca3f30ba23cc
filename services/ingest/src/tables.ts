/** The ingest schema's tables as Kysely sees them (dates as Date, bigint as string, bytea as Buffer, jsonb parsed). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { JobTables } from '@tessera/platform';

/** The schema this service owns. */
export const INGEST_SCHEMA = 'ingest';

export interface IngestTables extends JobTables {
  project: {
    id: string;
    name: string;
    canvas_enabled: Generated<boolean>;
    canvas_quality: Generated<string>;
    canvas_fps: Generated<number>;
    feature_flags_enabled: Generated<boolean>;
    usability_test_enabled: Generated<boolean>;
    created_at: Generated<Date>;
  };
  session: {
    id: string;
    project_id: string;
    token_hash: string;
    token_expires_at: Date;
    user_uuid: string;
    customer_id: string | null;
    tracker_version: string;
    started_at: Date;
    client_started_ms: ColumnType<string, number, number>;
    ended_at: Date;
    first_page: Generated<string>;
    page_count: Generated<number>;
    error_count: Generated<number>;
    event_count: Generated<number>;
    user_agent: Generated<string>;
    device: string;
    browser: string;
    os: string;
    width: number;
    height: number;
    timezone: string | null;
    referrer: Generated<string>;
    created_at: Generated<Date>;
    /** doNotRecord or assistOnly at the start: batches and snapshots are answered, never stored. */
    assist_only: Generated<boolean>;
  };
  batch: {
    session_id: string;
    page: number;
    n: number;
    tab_id: string;
    event_count: number;
    first_timestamp: ColumnType<string | null, number | null, number | null>;
    last_timestamp: ColumnType<string | null, number | null, number | null>;
    events_gzip: Buffer;
    received_at: Generated<Date>;
  };
  page: { session_id: string; page_index: number; href: string; title: string; at: Date };
  image: {
    session_id: string;
    name: string;
    size: number;
    content_type: string;
    object_key: string;
    created_at: Generated<Date>;
  };
  quarantine: {
    session_id: string;
    page: number;
    n: number;
    kinds: ColumnType<Record<string, number>, string, string>;
    received_at: Generated<Date>;
  };
  tag: { id: Generated<number>; project_id: string; selector: string };
  condition: {
    id: Generated<number>;
    project_id: string;
    name: string;
    type: string;
    operator: string;
    value: ColumnType<string[], string, string>;
  };
  feature_flag: {
    project_id: string;
    key: string;
    is_persist: Generated<boolean>;
    value: Generated<string>;
    payload: string | null;
  };
}

export type IngestDatabase = Kysely<IngestTables>;
