/**
 * The referrals module as the service mounts it: the service (notifying through the notifications module), its
 * routes, and at start-up the payment of any reward recorded but not yet paid.
 */
import { CASH_OPERATIONS_CLIENT, IDENTITY_CLIENT, LEDGER_CLIENT } from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { clockOf, notificationsOf } from '../notifications/notifications.plugin.ts';
import { referralRoutes } from './referrals.routes.ts';
import { createReferralsService, type ReferralsService } from './referrals.service.ts';

const built = new WeakMap<ServiceContext, ReferralsService>();

/** The referrals service of `context` (built once). */
export function referralsOf(context: ServiceContext): ReferralsService {
  let referrals = built.get(context);
  if (!referrals) {
    referrals = createReferralsService({
      db: context.db,
      directory: () => context.clients?.find(IDENTITY_CLIENT),
      ledger: () => context.clients?.find(LEDGER_CLIENT),
      cash: () => context.clients?.find(CASH_OPERATIONS_CLIENT),
      notifications: notificationsOf(context).notifications,
      now: clockOf(context),
      log: context.log,
    });
    built.set(context, referrals);
  }
  return referrals;
}

export async function registerReferrals(app: FastifyInstance, context: ServiceContext): Promise<void> {
  const referrals = referralsOf(context);
  await app.register(referralRoutes, { context, referrals });
  let outstanding: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    // Not awaited: the ledger may be slow, start-up is not held for it. A failure leaves the rewards recorded and
    // unpaid; the next start pays them.
    outstanding = referrals.payOutstanding().catch((error: unknown) => {
      context.log.warn({ err: error }, 'referral rewards recorded but unpaid could not be paid at start-up');
    });
  });
  // Closing waits for it: a payment run must not outlive the database it reads.
  app.addHook('onClose', async () => {
    await outstanding;
  });
}
