/**
 * The outbox: every e-mail and SMS is first a row here, written in the same transaction as the code it carries,
 * then delivered by the delivery job (SMTP) or read in the dev mailbox. A crash between the two loses nothing.
 */
import type { Selectable } from 'kysely';
import type { IdentityDb, OutboxTable } from '../../database.ts';
import { type Locale, type MessageKind, renderMessage } from './messages.ts';

export type OutboxRow = Selectable<OutboxTable>;

/** Queues a message in the recipient's language. */
export async function enqueueMessage(
  db: IdentityDb,
  message: { channel: 'email' | 'sms'; recipient: string; locale: Locale; kind: MessageKind; value: string },
): Promise<void> {
  const { subject, body } = renderMessage(message.kind, message.locale, message.value);
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.recipient, locale: message.locale, subject, body })
    .execute();
}

/** The latest messages, newest first (the dev mailbox). */
export function latestMessages(db: IdentityDb, limit: number): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
