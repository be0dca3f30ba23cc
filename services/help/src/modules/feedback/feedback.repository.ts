/**
 * "Was this helpful" answers and the per-address rate limit that keeps one visitor from flooding them.
 *
 * The limit counts answers per client address in fixed one-hour windows, in the database (services are
 * stateless: any process may receive the next request). Addresses are stored only as a salted SHA-256 hash,
 * and a window's row is deleted once the window is over, so no address outlives its hour.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { HelpFeedbackResponse, HelpLanguage } from '@tessera/contracts';
import type { HelpDatabase } from '../../tables.ts';

/** Answers one address may give per window. */
export const FEEDBACK_PER_ADDRESS_MAX = 20;
/** The rate-limit window. */
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000;

async function addressHash(db: HelpDatabase, address: string): Promise<string> {
  const salt = await db
    .selectFrom('setting')
    .where('name', '=', 'address_salt')
    .select('value')
    .executeTakeFirstOrThrow();
  return createHash('sha256').update(salt.value).update(address).digest('hex');
}

/**
 * Counts one answer for `address` in the current window; returns the seconds until the window ends when the
 * address is over the limit, otherwise undefined.
 */
export async function takeFeedbackAllowance(
  db: HelpDatabase,
  address: string,
  now: Date = new Date(),
): Promise<number | undefined> {
  const windowStart = new Date(Math.floor(now.getTime() / FEEDBACK_WINDOW_MS) * FEEDBACK_WINDOW_MS);
  const hash = await addressHash(db, address);
  const row = await db
    .insertInto('feedback_rate_window')
    .values({ address_hash: hash, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['address_hash', 'window_start'])
        .doUpdateSet({ count: sql`feedback_rate_window.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('feedback_rate_window').where('window_start', '<', windowStart).execute();
  if (row.count <= FEEDBACK_PER_ADDRESS_MAX) {
    return undefined;
  }
  return Math.ceil((windowStart.getTime() + FEEDBACK_WINDOW_MS - now.getTime()) / 1000);
}

/** True when the article exists and is served. */
export async function isLiveArticle(db: HelpDatabase, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('article')
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores one answer. */
export async function insertFeedback(
  db: HelpDatabase,
  feedback: { articleId: number; language: HelpLanguage; helpful: boolean; comment: string | null },
): Promise<HelpFeedbackResponse> {
  const row = await db
    .insertInto('feedback')
    .values({
      id: randomUUID(),
      article_id: feedback.articleId,
      language: feedback.language,
      helpful: feedback.helpful,
      comment: feedback.comment,
    })
    .returning(['id', 'article_id', 'language', 'helpful', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    articleId: row.article_id,
    language: row.language as HelpLanguage,
    helpful: row.helpful,
    createdAt: row.created_at.toISOString(),
  };
}

/** Answers for an article (staff reporting, tests). */
export async function listFeedback(db: HelpDatabase, articleId: number) {
  return db
    .selectFrom('feedback')
    .where('article_id', '=', articleId)
    .selectAll()
    .orderBy('created_at')
    .execute();
}
