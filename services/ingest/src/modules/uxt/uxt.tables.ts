/** The usability-test tables (migrations/0003-usability-tests.ts) as Kysely sees them. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { IngestTables } from '../../tables.ts';

export interface UxtTables extends IngestTables {
  uxt_test: {
    id: string;
    project_id: string;
    title: string;
    description: string;
    starting_path: string;
    guidelines: string;
    conclusion: string;
    req_mic: boolean;
    req_camera: boolean;
    sus: boolean;
    status: string;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  uxt_task: {
    id: Generated<number>;
    test_id: string;
    position: number;
    title: string;
    description: string;
    allow_typing: boolean;
    success: ColumnType<unknown, string | null, string | null>;
  };
  uxt_participant: {
    id: string;
    test_id: string;
    session_key: string;
    session_id: string | null;
    status: Generated<string>;
    started_at: Date;
    ended_at: Date | null;
    duration_ms: number | null;
    last_activity_at: Date;
    sus_answers: ColumnType<number[] | null, string | null, string | null>;
    sus_score: ColumnType<string | null, number | null, number | null>;
  };
  uxt_task_signal: {
    participant_id: string;
    task_id: number;
    status: string;
    duration_ms: number;
    client_ts: ColumnType<string, number, number>;
    answer: string | null;
    received_at: Generated<Date>;
  };
  uxt_upload: { id: string; participant_id: string; expires_at: Date; used_at: Date | null };
  uxt_recording: {
    id: string;
    participant_id: string;
    object_key: string;
    size: number;
    content_type: string;
    created_at: Generated<Date>;
  };
  uxt_secret: { id: number; secret: Buffer };
}

export type UxtDatabase = Kysely<UxtTables>;
