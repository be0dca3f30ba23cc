/**
 * GET /sepa/details (where to send a SEPA transfer) and, in demo mode only, POST /dev/sepa/incoming (the simulator:
 * a credit no payer sent) (docs/api.md, "Cash operations: rails").
 */
import { randomUUID } from 'node:crypto';
import { simulateSepaCreditRequestSchema, validateIban } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { InvalidIbanError } from '../rails/rails.errors.ts';
import type { RailRoutesOptions } from '../rails/rails-routes-options.ts';
import { requireSimulatorAccess } from '../rails/rails.ts';
import { sepaCreditResultSchema, sepaDepositDetailsSchema } from './sepa.schemas.ts';
import { bookIncomingCredit, sepaDetails } from './sepa.service.ts';

export const sepaRoutes: ServiceRoutes<RailRoutesOptions> = async (app, options) => {
  const { context, core } = options;
  const { rails } = options.instance;
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/sepa/details',
    {
      schema: {
        summary: "The customer's IBAN, BIC and reference for SEPA deposits",
        response: { 200: sepaDepositDetailsSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const contact = await core.directory?.getContact(principal.userId).catch(() => null);
      return sepaDetails(rails, principal.userId, contact?.displayName ?? principal.username);
    },
  );
  if (options.devRoutes) {
    await app.register(simulatedSepaCreditRoute, options);
  }
};

/** POST /dev/sepa/incoming: books a simulated incoming SEPA credit (demo mode). */
const simulatedSepaCreditRoute: ServiceRoutes<RailRoutesOptions> = async (
  app,
  { core, instance, settings },
) => {
  app.post(
    '/dev/sepa/incoming',
    {
      schema: {
        summary: 'Simulates an incoming SEPA credit (demo mode only)',
        description: 'Open to every signed-in caller when the simulators are open, else to staff only.',
        body: simulateSepaCreditRequestSchema,
        response: { 201: sepaCreditResultSchema },
      },
      // Before the body is validated: a caller the simulators are closed to learns nothing about the input.
      onRequest: async (request) => requireSimulatorAccess(settings, principalOf(request)),
    },
    async (request, reply) => {
      const body = request.body;
      const checked = validateIban(body.iban);
      if (!checked.ok) {
        throw new InvalidIbanError(undefined, { problem: checked.problem });
      }
      const iban = checked.value;
      return idempotent(
        core.idempotency,
        request,
        reply,
        { principal: principalOf(request).userId },
        async () => {
          // A payer's end-to-end id books the credit once; without one every call is a new credit (the
          // Idempotency-Key, when sent, makes a retry return the first answer).
          const entryReference = body.endToEndId ? `e2e:${iban}:${body.endToEndId}` : `sim:${randomUUID()}`;
          const credit = {
            entryReference,
            creditorIban: iban,
            amount: body.amount,
            debtorName: body.debtorName,
            debtorIban: body.debtorIban ?? null,
            remittance: body.remittance ?? null,
          };
          return { statusCode: 201, body: await bookIncomingCredit(instance.rails, credit, 'simulator') };
        },
      );
    },
  );
};
