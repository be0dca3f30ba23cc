/** GET/POST /beneficiaries, DELETE /beneficiaries/{id} (docs/api.md, "Cash operations: rails"): the customer's own. */
import { createBeneficiaryRequestSchema } from '@tessera/contracts';
import { idempotent, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { RailRoutesOptions } from '../rails/rails-routes-options.ts';
import {
  beneficiaryListSchema,
  beneficiarySchema,
  noContentSchema,
  railIdParamsSchema,
} from './beneficiaries.schemas.ts';
import { addBeneficiary, listBeneficiaries, removeBeneficiary } from './beneficiaries.service.ts';

export const beneficiariesRoutes: ServiceRoutes<RailRoutesOptions> = async (app, options) => {
  const { context, core } = options;
  const { rails } = options.instance;
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/beneficiaries',
    { schema: { summary: "Lists the customer's beneficiaries", response: { 200: beneficiaryListSchema } } },
    async (request) => ({ items: await listBeneficiaries(rails, principalOf(request).userId) }),
  );
  app.post(
    '/beneficiaries',
    {
      schema: {
        summary: 'Adds a beneficiary (an IBAN or a crypto address)',
        description: 'Takes an optional Idempotency-Key.',
        body: createBeneficiaryRequestSchema,
        response: { 201: beneficiarySchema },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
        statusCode: 201,
        body: await addBeneficiary(rails, userId, request.body),
      }));
    },
  );
  app.delete(
    '/beneficiaries/:id',
    {
      schema: {
        summary: 'Removes a beneficiary',
        params: railIdParamsSchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await removeBeneficiary(rails, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null); // a 204 sends no body whatever the payload
    },
  );
};
