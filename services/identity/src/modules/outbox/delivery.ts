/**
 * The delivery job: sends pending outbox e-mails over SMTP (nodemailer) when SMTP_URL is configured, and marks
 * each row sent. Rows are claimed with `for update skip locked`, so several processes never take the same
 * message at once; a failure is retried with backoff, up to DELIVERY_ATTEMPTS_MAX. Because the queue is the table,
 * a restart loses nothing: unsent rows are picked up at the next tick (see deliverBatch for the lease). SMS rows wait for an SMS provider adapter
 * (the dev mailbox shows them meanwhile).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { IdentityDb } from '../../database.ts';

/** How often the job looks for pending mail. */
export const DELIVERY_INTERVAL_MS = 2_000;
/** Messages per tick: bounds the work of one tick and the SMTP burst. */
const BATCH_MAX = 20;
/** Give up on a message after this many failed attempts (it stays in the table with its last error). */
export const DELIVERY_ATTEMPTS_MAX = 8;

/** Something that sends one e-mail. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

/**
 * Sends one batch; returns how many were sent. Rows are leased first (a short transaction that pushes their next
 * attempt 5 minutes out), then sent outside any transaction, so a slow SMTP server never holds a database
 * connection (PGlite has only one). A crash mid-send lets the lease lapse and the row is retried: delivery is at
 * least once.
 */
export async function deliverBatch(
  db: IdentityDb,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
) {
  const leased = await db
    .updateTable('outbox')
    .set({ next_attempt_at: sql<Date>`now() + interval '5 minutes'`, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('channel', '=', 'email')
        .where('attempts', '<', DELIVERY_ATTEMPTS_MAX)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(BATCH_MAX)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'recipient', 'subject', 'body', 'attempts'])
    .execute();
  let sent = 0;
  for (const row of leased) {
    try {
      await transport.sendMail({ from, to: row.recipient, subject: row.subject, text: row.body });
      await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      sent += 1;
    } catch (error) {
      const backoffS = 2 ** Math.min(row.attempts, 12);
      log.warn({ outboxId: row.id, err: error }, 'e-mail delivery failed');
      await db
        .updateTable('outbox')
        .set({
          last_error: String((error as Error).message ?? error).slice(0, 500),
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffS})`,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return sent;
}

/** Starts the job; the returned function stops it (waiting for a running tick). */
export function startDelivery(options: {
  db: IdentityDb;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
  transport?: MailTransport;
}): () => Promise<void> {
  const transport = options.transport ?? nodemailer.createTransport(options.smtpUrl);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? 0 : deliverBatch(options.db, transport, options.from, options.log)))
      .catch((error: unknown) => options.log.error({ err: error }, 'e-mail delivery tick failed'));
  }, DELIVERY_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    transport.close?.();
  };
}
