/** The assistant schema's tables as Kysely sees them. */
import type { Kysely } from 'kysely';

/** The schema this service owns. */
export const ASSISTANT_SCHEMA = 'assistant';

export interface AssistantTables {
  conversation: {
    id: string;
    user_id: string;
    language: string;
    last_intent: string | null;
    message_count: number;
    created_at: Date;
    updated_at: Date;
  };
  message: {
    conversation_id: string;
    seq: number;
    role: 'customer' | 'assistant';
    text: string;
    intent: string | null;
    created_at: Date;
  };
  /** migrations/0002-message-allowance.ts */
  message_allowance: {
    user_id: string;
    period: 'minute' | 'day';
    window_end: Date;
    count: number;
  };
}

export type AssistantDatabase = Kysely<AssistantTables>;
