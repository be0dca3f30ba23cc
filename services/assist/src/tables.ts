/** The assist schema's tables as Kysely sees them (dates as Date, bigint as string). */
import type { ColumnType, Generated, Kysely } from 'kysely';

/** One line of a transcript the assistant passed on. */
export interface AssistTranscriptLine {
  role: 'customer' | 'assistant';
  text: string;
  at: string;
}

/** The schema this service owns. */
export const ASSIST_SCHEMA = 'assist';

export interface AssistTables {
  /** Every remote action and refusal, hash-chained per session (seq 1, 2, ...; each row names the previous hash). */
  actions: {
    session_id: string;
    seq: number;
    agent_id: string;
    staff_user_id: string;
    kind: string;
    outcome: string;
    /** The detail as the exact JSON text that was hashed. */
    detail: string;
    at: Date;
    prev_hash: string;
    hash: string;
  };
  /** Time an agent spent live on a session, in a call, in control (an open row has no end yet). */
  agent_time: {
    id: Generated<string>;
    session_id: string;
    agent_id: string;
    staff_user_id: string;
    name: string;
    kind: string;
    started_at: Date;
    ended_at: Date | null;
  };
  /** The latest request for a person of a session, made through the assistant (the transcript as JSON). */
  help_requests: {
    session_id: string;
    customer_id: string;
    language: string;
    intent: string | null;
    transcript: ColumnType<AssistTranscriptLine[], string, string>;
    requested_at: Date;
  };
  recordings: {
    id: string;
    session_id: string;
    agent_id: string;
    staff_user_id: string;
    object_key: string;
    size: number;
    duration_ms: number;
    content_type: string;
    created_at: Generated<Date>;
  };
}

export type AssistDatabase = Kysely<AssistTables>;
