/**
 * The rails' HTTP routes under /api/cash-operations (docs/api.md, "Cash operations: rails"), registered by the
 * service plugin with one line. Builds the rails (job queue and worker, card processor, SEPA rail, chains), starts
 * the worker when the app is ready and stops it when it closes, then registers each module's routes.
 *
 * Every customer route uses the token's `sub`: another customer's wallet, beneficiary, card, deposit or withdrawal
 * id answers exactly like an unknown one (404). POSTs that move money need an Idempotency-Key. The simulator routes
 * (/dev/…) are mounted in demo mode only. The camt.054 import (/sepa/camt054…) is for admins only, in every
 * environment, and books nothing until a second admin approves it (sepa/camt054-imports.service.ts).
 */
import type { ServiceContext, ServiceRoutes } from '@tessera/platform';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { beneficiariesRoutes } from '../beneficiaries/beneficiaries.routes.ts';
import { cardDepositsRoutes, savedCardsRoutes } from '../card/card.routes.ts';
import { createCardRail } from '../card/card.service.ts';
import { PROCESSOR_CLIENT, type PaymentProcessor } from '../card/payment-processor.ts';
import { cryptoRoutes } from '../crypto/crypto.routes.ts';
import { createCryptoRail } from '../crypto/crypto.service.ts';
import { camt054ImportRoutes, camt054Routes } from '../sepa/camt054.routes.ts';
import { sepaRoutes } from '../sepa/sepa.routes.ts';
import { createSimulatedSepaRail } from '../sepa/sepa-rail.ts';
import { withdrawalsRoutes } from '../withdrawals/withdrawals.routes.ts';
import { registerWithdrawalJobs } from '../withdrawals/withdrawals.service.ts';
import type { RailRoutesOptions, RailsInstance } from './rails-routes-options.ts';
import { createRailsBase, defaultRailsSettings, type RailsSettings } from './rails.ts';
import { loadCashOperationsSettings } from '../../settings.ts';

export type { RailsInstance } from './rails-routes-options.ts';

const instances = new WeakMap<ServiceContext, RailsInstance>();
const settingsOverrides = new WeakMap<ServiceContext, Partial<RailsSettings>>();

/** The rails built for `context` (tests drain the job queue and drive the chains through it). */
export function railsOf(context: ServiceContext): RailsInstance {
  const instance = instances.get(context);
  if (!instance) {
    throw new Error('The rails were not registered for this context.');
  }
  return instance;
}

/** Overrides settings for the rails about to be registered with `context` (tests: confirmations, delays). */
export function overrideRailsSettings(context: ServiceContext, settings: Partial<RailsSettings>): void {
  settingsOverrides.set(context, settings);
}

/**
 * The processor: the simulator service's client when it is mounted in this process, else none (503). In production
 * the simulator is not used even when mounted: its test cards would mint money; a real adapter is needed there.
 */
function processorOf(context: ServiceContext, settings: RailsSettings): PaymentProcessor | null {
  if (!settings.simulatorsOpen) {
    return null;
  }
  return context.clients?.find(PROCESSOR_CLIENT) ?? null;
}

/** Builds the rails of this service instance (remembered for {@link railsOf}). */
function buildRails({ context, core }: CashRoutesOptions, settings: RailsSettings): RailsInstance {
  const rails = createRailsBase(core, context, settings);
  const card = createCardRail(rails, processorOf(context, settings));
  const crypto = createCryptoRail(rails);
  const sepa = createSimulatedSepaRail();
  registerWithdrawalJobs(rails, { sepa, crypto });
  const instance = { rails, card, crypto, sepa };
  instances.set(context, instance);
  return instance;
}

export const railsRoutes: ServiceRoutes<CashRoutesOptions> = async (app, options) => {
  const { context } = options;
  const settings = {
    ...defaultRailsSettings(context.config.nodeEnv, context.config.mode),
    // The operator's (CASH_CARD_CHALLENGE_TIMEOUT_S), then a test's.
    ...loadCashOperationsSettings(),
    ...settingsOverrides.get(context),
  };
  const instance = buildRails(options, settings);
  if (settings.startWorker) {
    app.addHook('onReady', async () => {
      await instance.crypto.scheduleBlocks();
      instance.rails.worker().start();
    });
    app.addHook('onClose', async () => instance.rails.worker().stop());
  }
  // XML bodies (the camt.054 upload) are read as text by every rails route, as they always were.
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  // The /dev/… simulators credit money that no payer sent: mounted in demo mode only (404 otherwise, for staff too).
  const routesOptions: RailRoutesOptions = {
    ...options,
    instance,
    settings,
    devRoutes: context.config.mode === 'demo',
  };
  for (const routes of [
    beneficiariesRoutes,
    savedCardsRoutes,
    cardDepositsRoutes,
    sepaRoutes,
    camt054Routes,
    camt054ImportRoutes,
    cryptoRoutes,
    withdrawalsRoutes,
  ]) {
    await app.register(routes, routesOptions);
  }
};
