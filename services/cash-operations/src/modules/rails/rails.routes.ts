/**
 * The rails' HTTP routes under /api/cash-operations (docs/api.md, "Cash operations: rails"), registered by the
 * service plugin with one line. Builds the rails (job queue and worker, card processor, SEPA rail, chains), starts
 * the worker when the app is ready and stops it when it closes.
 *
 * Every customer route uses the token's `sub`: another customer's wallet, beneficiary, card, deposit or withdrawal
 * id answers exactly like an unknown one (404). POSTs that move money need an Idempotency-Key. The simulator routes
 * (/dev/…) are mounted only outside production, where they are open to every signed-in caller. The camt.054 import
 * (/sepa/camt054…) is for admins only, in every environment, and books nothing until a second admin approves it
 * (sepa/camt054-imports.service.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  camt054ImportListQuerySchema,
  createBeneficiaryRequestSchema,
  createCardDepositRequestSchema,
  createWithdrawalRequestSchema,
  produceBlocksRequestSchema,
  rejectCamt054ImportRequestSchema,
  simulateCryptoDepositRequestSchema,
  simulateSepaCreditRequestSchema,
  textSchema,
  validateCryptoAddress,
  validateIban,
  withdrawalListQuerySchema,
} from '@tessera/contracts';
import {
  authenticate,
  IDEMPOTENCY_KEY_HEADER,
  idempotent,
  parseOrThrow,
  type Principal,
  type ServiceContext,
} from '@tessera/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CashCore } from '../accounts/cash-core.ts';
import { cashAsset, parsePositiveAmount } from '../accounts/amounts.ts';
import {
  addBeneficiary,
  listBeneficiaries,
  removeBeneficiary,
} from '../beneficiaries/beneficiaries.service.ts';
import {
  type CardRail,
  createCardDeposit,
  createCardRail,
  getCardDeposit,
  listSavedCards,
  removeSavedCard,
  setDefaultCard,
} from '../card/card.service.ts';
import { PROCESSOR_CLIENT, type PaymentProcessor } from '../card/payment-processor.ts';
import { chainOf, createCryptoRail, type CryptoRail, listNetworks } from '../crypto/crypto.service.ts';
import {
  approveCamt054Import,
  getCamt054Import,
  listCamt054Imports,
  rejectCamt054Import,
  requireCamt054Admin,
  uploadCamt054,
} from '../sepa/camt054-imports.service.ts';
import { bookIncomingCredit, sepaDetails } from '../sepa/sepa.service.ts';
import { createSimulatedSepaRail, type SepaRail } from '../sepa/sepa-rail.ts';
import {
  createWithdrawal,
  getWithdrawal,
  listWithdrawals,
  registerWithdrawalJobs,
} from '../withdrawals/withdrawals.service.ts';
import { CryptoAssetUnsupportedError, InvalidCryptoAddressError, InvalidIbanError } from './rails.errors.ts';
import {
  createRailsBase,
  defaultRailsSettings,
  type Rails,
  type RailsSettings,
  requireSimulatorAccess,
} from './rails.ts';

/** What the rails of one service instance are made of (tests reach them through {@link railsOf}). */
export interface RailsInstance {
  readonly rails: Rails;
  readonly card: CardRail;
  readonly crypto: CryptoRail;
  readonly sepa: SepaRail;
}

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

const idParams = z.object({ id: textSchema({ min: 1, max: 64 }) });

function keyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return String(Array.isArray(header) ? header[0] : header);
}

/** Options of {@link railsRoutes}: the same as the core's routes. */
export interface RailsRoutesOptions {
  readonly context: ServiceContext;
  readonly core: CashCore;
}

export const railsRoutes: FastifyPluginAsync<RailsRoutesOptions> = async (app, { context, core }) => {
  const settings = {
    ...defaultRailsSettings(context.config.nodeEnv, context.config.mode),
    ...settingsOverrides.get(context),
  };
  const rails = createRailsBase(core, context, settings);
  const card = createCardRail(rails, processorOf(context, settings));
  const crypto = createCryptoRail(rails);
  const sepa = createSimulatedSepaRail();
  registerWithdrawalJobs(rails, { sepa, crypto });
  instances.set(context, { rails, card, crypto, sepa });
  if (settings.startWorker) {
    app.addHook('onReady', async () => {
      await crypto.scheduleBlocks();
      rails.worker().start();
    });
    app.addHook('onClose', async () => rails.worker().stop());
  }
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const principalOf = (request: FastifyRequest) => authenticate(request, context.auth);
  // The /dev/… simulators credit money that no payer sent: mounted in demo mode only (404 otherwise, for staff too).
  const devRoutesMounted = context.config.mode === 'demo';

  // Beneficiaries.
  app.get('/beneficiaries', async (request) => {
    const { userId } = await principalOf(request);
    return { items: await listBeneficiaries(rails, userId) };
  });
  app.post('/beneficiaries', async (request, reply) => {
    const { userId } = await principalOf(request);
    const body = parseOrThrow(createBeneficiaryRequestSchema, request.body);
    return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
      statusCode: 201,
      body: await addBeneficiary(rails, userId, body),
    }));
  });
  app.delete('/beneficiaries/:id', async (request, reply) => {
    const { userId } = await principalOf(request);
    await removeBeneficiary(rails, userId, parseOrThrow(idParams, request.params).id);
    return reply.status(204).send();
  });

  // Saved cards and card deposits.
  app.get('/cards', async (request) => {
    const { userId } = await principalOf(request);
    return { items: await listSavedCards(rails, userId) };
  });
  app.delete('/cards/:id', async (request, reply) => {
    const { userId } = await principalOf(request);
    await removeSavedCard(rails, userId, parseOrThrow(idParams, request.params).id);
    return reply.status(204).send();
  });
  app.post('/cards/:id/default', async (request) => {
    const { userId } = await principalOf(request);
    return setDefaultCard(rails, userId, parseOrThrow(idParams, request.params).id);
  });
  app.post('/card/deposits', async (request, reply) => {
    const { userId } = await principalOf(request);
    const body = parseOrThrow(createCardDepositRequestSchema, request.body);
    return idempotent(core.idempotency, request, reply, { principal: userId, required: true }, async () => {
      const { statusCode, deposit } = await createCardDeposit(rails, card, userId, keyOf(request), body);
      return { statusCode, body: deposit };
    });
  });
  app.get('/card/deposits/:id', async (request) => {
    const { userId } = await principalOf(request);
    return getCardDeposit(rails, card, userId, parseOrThrow(idParams, request.params).id);
  });

  // SEPA.
  app.get('/sepa/details', async (request) => {
    const principal = await principalOf(request);
    const contact = await core.directory?.getContact(principal.userId).catch(() => null);
    return sepaDetails(rails, principal.userId, contact?.displayName ?? principal.username);
  });
  if (devRoutesMounted) {
    app.post('/dev/sepa/incoming', async (request, reply) => {
      const principal = await principalOf(request);
      requireSimulatorAccess(settings, principal);
      const body = parseOrThrow(simulateSepaCreditRequestSchema, request.body);
      const checked = validateIban(body.iban);
      if (!checked.ok) {
        throw new InvalidIbanError(undefined, { problem: checked.problem });
      }
      const iban = checked.value;
      return idempotent(core.idempotency, request, reply, { principal: principal.userId }, async () => {
        // A payer's end-to-end id books the credit once; without one every call is a new credit (the
        // Idempotency-Key, when sent, makes a retry return the first answer).
        const entryReference = body.endToEndId ? `e2e:${iban}:${body.endToEndId}` : `sim:${randomUUID()}`;
        const result = await bookIncomingCredit(
          rails,
          {
            entryReference,
            creditorIban: iban,
            amount: body.amount,
            debtorName: body.debtorName,
            debtorIban: body.debtorIban ?? null,
            remittance: body.remittance ?? null,
          },
          'simulator',
        );
        return { statusCode: 201, body: result };
      });
    });
  }
  // camt.054 imports: an admin uploads (nothing booked), a different admin approves (booked) or any admin rejects.
  const uploaders = new WeakMap<FastifyRequest, Principal>();
  app.post(
    '/sepa/camt054',
    {
      // Checked before the body (up to 2 MiB) is read: anyone but an admin is refused without it being read.
      onRequest: async (request) => {
        const principal = await principalOf(request);
        requireCamt054Admin(principal);
        uploaders.set(request, principal);
      },
    },
    async (request, reply) => {
      const principal = uploaders.get(request)!;
      const xml = typeof request.body === 'string' ? request.body : '';
      return reply.status(201).send(await uploadCamt054(rails, principal, xml));
    },
  );
  app.get('/sepa/camt054/imports', async (request) => {
    const principal = await principalOf(request);
    requireCamt054Admin(principal);
    const { status } = parseOrThrow(camt054ImportListQuerySchema, request.query);
    return { items: await listCamt054Imports(rails, principal, status) };
  });
  app.get('/sepa/camt054/imports/:id', async (request) => {
    const principal = await principalOf(request);
    return getCamt054Import(rails, principal, parseOrThrow(idParams, request.params).id);
  });
  app.post('/sepa/camt054/imports/:id/approve', async (request) => {
    const principal = await principalOf(request);
    return approveCamt054Import(rails, principal, parseOrThrow(idParams, request.params).id);
  });
  app.post('/sepa/camt054/imports/:id/reject', async (request) => {
    const principal = await principalOf(request);
    requireCamt054Admin(principal);
    const { reason } = parseOrThrow(rejectCamt054ImportRequestSchema, request.body ?? {});
    return rejectCamt054Import(rails, principal, parseOrThrow(idParams, request.params).id, reason ?? null);
  });

  // Crypto.
  app.get('/crypto/networks', async (request) => {
    await principalOf(request);
    return listNetworks(rails, crypto);
  });
  if (devRoutesMounted) {
    app.post('/dev/crypto/incoming', async (request, reply) => {
      const principal = await principalOf(request);
      requireSimulatorAccess(settings, principal);
      const body = parseOrThrow(simulateCryptoDepositRequestSchema, request.body);
      const chain = chainOf(body.asset);
      if (!chain) {
        throw new CryptoAssetUnsupportedError(undefined, { asset: body.asset });
      }
      const address = validateCryptoAddress(body.asset, body.address);
      if (!address.ok) {
        throw new InvalidCryptoAddressError(undefined, { problem: address.problem, asset: body.asset });
      }
      const amountMinor = parsePositiveAmount(body.amount, cashAsset(body.asset));
      const transaction = await crypto.chains.receive(chain, {
        asset: body.asset,
        address: address.value,
        amountMinor,
      });
      const deposit = await rails.db
        .selectFrom('crypto_deposits')
        .select('id')
        .where('chain', '=', chain)
        .where('tx_hash', '=', transaction.txHash)
        .executeTakeFirst();
      return reply.status(201).send({ chain, txHash: transaction.txHash, depositId: deposit?.id ?? null });
    });
  }
  if (devRoutesMounted) {
    app.post('/dev/crypto/blocks', async (request) => {
      const principal = await principalOf(request);
      requireSimulatorAccess(settings, principal);
      const { chain, count } = parseOrThrow(produceBlocksRequestSchema, request.body);
      let tipHeight = 0;
      for (let produced = 0; produced < count; produced += 1) {
        tipHeight = await crypto.chains.produceBlock(chain);
      }
      return { chain, tipHeight };
    });
  }

  // Withdrawals.
  app.post('/withdrawals', async (request, reply) => {
    const principal = await principalOf(request);
    const body = parseOrThrow(createWithdrawalRequestSchema, request.body);
    return idempotent(
      core.idempotency,
      request,
      reply,
      { principal: principal.userId, required: true },
      async () => ({
        statusCode: 201,
        body: await createWithdrawal(rails, principal, keyOf(request), body),
      }),
    );
  });
  app.get('/withdrawals', async (request) => {
    const { userId } = await principalOf(request);
    return listWithdrawals(rails, userId, parseOrThrow(withdrawalListQuerySchema, request.query));
  });
  app.get('/withdrawals/:id', async (request) => {
    const { userId } = await principalOf(request);
    return getWithdrawal(rails, userId, parseOrThrow(idParams, request.params).id);
  });
};
