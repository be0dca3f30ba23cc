/**
 * The per-customer limit on messages: at most `perMinute` messages in a minute and `perDay` in a day
 * (ASSISTANT_MESSAGES_PER_MINUTE, ASSISTANT_MESSAGES_PER_DAY; docs/operations.md "Assistant").
 *
 * It follows the help service's feedback limit (a fixed window counted in the database, so it holds across restarts
 * and processes), keyed by the customer rather than the address, and each window opens with the customer's first
 * message after the previous one ended. A message takes one place in both windows in one transaction, or none:
 * a refused message is not counted, so a customer who keeps trying is not kept out longer. The upsert counts only
 * while there is room, so two messages racing for the last place never both pass (the row is locked by the first).
 */
import type { AssistantDatabase } from '../../tables.ts';
import { AssistantRateLimitedError } from '../../errors.ts';

export interface MessageLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

type Period = 'minute' | 'day';

const PERIOD_MS: Readonly<Record<Period, number>> = { minute: 60_000, day: 24 * 3600 * 1000 };

/**
 * Counts one message of `userId` at `now`, or throws ASSISTANT_RATE_LIMITED (nothing counted) with the seconds until
 * every full window has ended.
 */
export async function takeMessageAllowance(
  db: AssistantDatabase,
  userId: string,
  limits: MessageLimits,
  now: Date,
): Promise<void> {
  const max: Readonly<Record<Period, number>> = { minute: limits.perMinute, day: limits.perDay };
  await db.transaction().execute(async (trx) => {
    let retryAfterSeconds = 0;
    for (const period of ['minute', 'day'] as const) {
      const counted = await trx
        .insertInto('message_allowance')
        .values({
          user_id: userId,
          period,
          window_end: new Date(now.getTime() + PERIOD_MS[period]),
          count: 1,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'period'])
            .doUpdateSet((eb) => ({
              count: eb
                .case()
                .when('message_allowance.window_end', '<=', now)
                .then(1)
                .else(eb('message_allowance.count', '+', 1))
                .end(),
              window_end: eb
                .case()
                .when('message_allowance.window_end', '<=', now)
                .then(eb.ref('excluded.window_end'))
                .else(eb.ref('message_allowance.window_end'))
                .end(),
            }))
            .where((eb) =>
              eb.or([
                eb('message_allowance.window_end', '<=', now),
                eb('message_allowance.count', '<', max[period]),
              ]),
            ),
        )
        .returning('count')
        .executeTakeFirst();
      if (!counted) {
        const full = await trx
          .selectFrom('message_allowance')
          .where('user_id', '=', userId)
          .where('period', '=', period)
          .select('window_end')
          .executeTakeFirstOrThrow();
        const seconds = Math.ceil((full.window_end.getTime() - now.getTime()) / 1000);
        retryAfterSeconds = Math.max(retryAfterSeconds, seconds, 1);
      }
    }
    if (retryAfterSeconds > 0) {
      // Thrown inside the transaction: the place taken in the other window, if any, is given back.
      throw new AssistantRateLimitedError(undefined, {
        limitPerMinute: limits.perMinute,
        limitPerDay: limits.perDay,
        retryAfterSeconds,
      });
    }
  });
}

/** Deletes the windows that have ended (their customers start afresh anyway); returns how many. */
export async function deleteEndedAllowances(db: AssistantDatabase, now: Date): Promise<number> {
  const result = await db.deleteFrom('message_allowance').where('window_end', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
