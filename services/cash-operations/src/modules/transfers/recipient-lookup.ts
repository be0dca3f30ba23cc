/**
 * Finding the recipient of a transfer by e-mail without telling strangers who banks here (issue #13, defect 5,
 * "Customer e-mail enumeration"). Before, the address was looked up before the step-up check and without a bound:
 * an unknown address answered 404 and a customer's 403 (step up), so any signed-in account could test addresses
 * for free. Now:
 *
 * 1. Nothing is looked up before the sender has a recent second factor: until then every address, a customer's,
 *    an unknown one or the sender's own, gets the same CASH_STEP_UP_REQUIRED.
 * 2. After step-up, each sender may look up at most RECIPIENT_LOOKUPS_MAX different addresses in any
 *    RECIPIENT_LOOKUP_WINDOW_S; the next is RATE_LIMITED (429, Retry-After) whether or not it belongs to a customer.
 *    Looking up an address again within the window costs nothing, so paying the same people stays free.
 *
 * Addresses are counted as SHA-256 digests of the trimmed, lower-cased address: the table never holds an e-mail.
 */
import { createHash } from 'node:crypto';
import type { CustomerDirectoryEntry } from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { hasRecentSecondFactor, type Principal, RateLimitedError } from '@tessera/platform';
import type { Kysely } from 'kysely';
import { RecipientIsSelfError, RecipientNotFoundError, StepUpRequiredError } from '../../errors.ts';
import type { CashCore } from '../accounts/cash-core.ts';

/** Most different addresses one customer may look up in a window (a person rarely pays 20 new people a day). */
export const RECIPIENT_LOOKUPS_MAX = 20;
/** The rolling window of RECIPIENT_LOOKUPS_MAX: 24 hours. */
export const RECIPIENT_LOOKUP_WINDOW_S = 24 * 60 * 60;

/** migrations/0004-camt054-approvals-and-audit.ts */
interface RecipientLookupsTable {
  user_id: string;
  email_sha256: string;
  looked_up_at: Date;
}
type LookupDatabase = Kysely<{ recipient_lookups: RecipientLookupsTable }>;

function digestOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * Counts one lookup of `email` by `userId`, or throws RATE_LIMITED. A new address is written first and counted
 * after, so two lookups racing for the last place are both refused rather than both let through; a refused
 * address is removed again (it was not looked up, and must not count as "already looked up" on a retry).
 */
async function countLookup(core: CashCore, userId: string, email: string): Promise<void> {
  const db = core.db as unknown as LookupDatabase;
  const now = core.now();
  const windowStart = new Date(now.getTime() - RECIPIENT_LOOKUP_WINDOW_S * 1000);
  const emailSha256 = digestOf(email);
  await db
    .deleteFrom('recipient_lookups')
    .where('user_id', '=', userId)
    .where('looked_up_at', '<=', windowStart)
    .execute();
  const added = await db
    .insertInto('recipient_lookups')
    .values({ user_id: userId, email_sha256: emailSha256, looked_up_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'email_sha256']).doNothing())
    .returning('email_sha256')
    .executeTakeFirst();
  if (!added) {
    return;
  }
  const { count, oldest } = await db
    .selectFrom('recipient_lookups')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('looked_up_at').as('oldest')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) <= RECIPIENT_LOOKUPS_MAX) {
    return;
  }
  await db
    .deleteFrom('recipient_lookups')
    .where('user_id', '=', userId)
    .where('email_sha256', '=', emailSha256)
    .execute();
  const freesAtMs = new Date(oldest ?? now).getTime() + RECIPIENT_LOOKUP_WINDOW_S * 1000;
  throw new RateLimitedError('You have looked up many recipients today: try again later.', {
    reason: 'recipient_lookups',
    limit: RECIPIENT_LOOKUPS_MAX,
    windowSeconds: RECIPIENT_LOOKUP_WINDOW_S,
    retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - now.getTime()) / 1000)),
  });
}

/**
 * The customer a transfer by e-mail goes to. Throws, in this order: CASH_STEP_UP_REQUIRED (no second factor in the
 * last 5 minutes: nothing looked up), RATE_LIMITED (too many addresses), CASH_RECIPIENT_NOT_FOUND,
 * CASH_RECIPIENT_IS_SELF.
 */
export async function findRecipient(
  core: CashCore,
  principal: Principal,
  email: string,
): Promise<CustomerDirectoryEntry> {
  // Without the identity service nobody can be found: that is a process composed wrongly (a 500 with its request
  // id), not an unknown recipient (before, every address answered CASH_RECIPIENT_NOT_FOUND).
  const directory = core.directory;
  invariant(directory !== null, 'Transfers by e-mail need the identity service mounted in this process.');
  if (!hasRecentSecondFactor(principal, Math.floor(core.now().getTime() / 1000))) {
    throw new StepUpRequiredError();
  }
  await countLookup(core, principal.userId, email);
  const recipient = await directory.lookupCustomerByEmail(email);
  if (!recipient) {
    throw new RecipientNotFoundError();
  }
  if (recipient.userId === principal.userId) {
    throw new RecipientIsSelfError();
  }
  return recipient;
}
