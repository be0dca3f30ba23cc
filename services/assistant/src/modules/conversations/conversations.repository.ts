/**
 * Conversations and their messages. Every read names the customer: a conversation of another customer is not
 * found, exactly like an unknown one.
 */
import { randomUUID } from 'node:crypto';
import {
  ASSISTANT_CONVERSATION_MESSAGES_MAX,
  type AssistantIntent,
  type AssistantLanguage,
  type AssistantTranscriptLine,
} from '@tessera/contracts';
import type { AssistantDatabase } from '../../tables.ts';

export interface ConversationRow {
  readonly id: string;
  readonly lastIntent: AssistantIntent | null;
  readonly messageCount: number;
}

/** The customer's conversation, or null (unknown, or someone else's). */
export async function findConversation(
  db: AssistantDatabase,
  userId: string,
  id: string,
): Promise<ConversationRow | null> {
  const row = await db
    .selectFrom('conversation')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .select(['id', 'last_intent', 'message_count'])
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        lastIntent: row.last_intent as AssistantIntent | null,
        messageCount: row.message_count,
      }
    : null;
}

/** A new, empty conversation of the customer. */
export async function createConversation(
  db: AssistantDatabase,
  userId: string,
  language: AssistantLanguage,
  now: Date,
): Promise<ConversationRow> {
  const id = randomUUID();
  await db
    .insertInto('conversation')
    .values({
      id,
      user_id: userId,
      language,
      last_intent: null,
      message_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, lastIntent: null, messageCount: 0 };
}

/** The conversation's messages, oldest first. */
export async function transcriptOf(
  db: AssistantDatabase,
  conversationId: string,
): Promise<AssistantTranscriptLine[]> {
  const rows = await db
    .selectFrom('message')
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .select(['role', 'text', 'created_at'])
    .execute();
  return rows.map((row) => ({ role: row.role, text: row.text, at: row.created_at.toISOString() }));
}

/**
 * Appends the customer's message and the answer, and notes the answer's intent on the conversation; false (and
 * nothing written) when the conversation has no room for two more messages.
 */
export async function appendExchange(
  db: AssistantDatabase,
  conversation: ConversationRow,
  exchange: { question: string; answer: string; intent: AssistantIntent; now: Date },
): Promise<boolean> {
  const { question, answer, intent, now } = exchange;
  return db.transaction().execute(async (trx) => {
    // The bound is checked in the update itself: two messages at once never pass it together.
    const locked = await trx
      .updateTable('conversation')
      .set((eb) => ({
        message_count: eb('message_count', '+', 2),
        last_intent: intent,
        updated_at: now,
      }))
      .where('id', '=', conversation.id)
      .where('message_count', '<=', ASSISTANT_CONVERSATION_MESSAGES_MAX - 2)
      .returning(['message_count'])
      .executeTakeFirst();
    if (!locked) {
      return false;
    }
    const first = locked.message_count - 1;
    await trx
      .insertInto('message')
      .values([
        {
          conversation_id: conversation.id,
          seq: first,
          role: 'customer',
          text: question,
          intent: null,
          created_at: now,
        },
        {
          conversation_id: conversation.id,
          seq: first + 1,
          role: 'assistant',
          text: answer,
          intent,
          created_at: now,
        },
      ])
      .execute();
    return true;
  });
}

/** Deletes the conversations (with their messages) not written to since `before`; returns how many. */
export async function deleteConversationsBefore(db: AssistantDatabase, before: Date): Promise<number> {
  const result = await db.deleteFrom('conversation').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
