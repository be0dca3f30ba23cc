/**
 * HTTP under /api/user-management/api-keys (docs/api.md, "Delegates and API keys"). Owner-only scope: no delegate
 * and no API key manages keys. Creating one needs a recent second factor (CASH_STEP_UP_REQUIRED otherwise, the
 * code the web app's step-up dialog answers); its secret is in that answer only.
 */
import {
  apiKeysResponseSchema,
  apiKeyUsageResponseSchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@tessera/contracts';
import {
  defineError,
  hasRecentSecondFactor,
  principalOf,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
} from '@tessera/platform';
import { z } from 'zod';
import type { ApiKeysService } from './api-keys.service.ts';

/** The step-up code of money movements (cash operations), so the web app's step-up dialog opens for it too. */
export const ApiKeyStepUpRequiredError = defineError(
  'CASH_STEP_UP_REQUIRED',
  403,
  'Confirm with your second factor to continue.',
);

export type ApiKeysRoutesOptions = {
  readonly context: ServiceContext;
  readonly apiKeys: ApiKeysService;
};

/** These reads take no query: anything sent is refused (VALIDATION_FAILED), never silently ignored. */
const noQuery = z.object({}).strict();
const idParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });

export const apiKeysRoutes: ServiceRoutes<ApiKeysRoutesOptions> = async (app, { context, apiKeys }) => {
  requireSignIn(app, context.auth);
  app.get(
    '/api-keys',
    {
      schema: {
        querystring: noQuery,
        summary: "The customer's API keys (never their secrets)",
        response: { 200: apiKeysResponseSchema },
      },
    },
    async (request) => ({ keys: await apiKeys.list(principalOf(request).userId) }),
  );
  app.post(
    '/api-keys',
    {
      schema: {
        summary: 'Creates an API key (step-up required); the answer holds its secret, shown this once',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!hasRecentSecondFactor(principal)) {
        throw new ApiKeyStepUpRequiredError();
      }
      const created = await apiKeys.create(principal.userId, request.body);
      return reply.code(201).send(created);
    },
  );
  app.delete(
    '/api-keys/:id',
    {
      schema: { summary: 'Revokes an API key at once', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await apiKeys.revoke(principalOf(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api-keys/:id/usage',
    {
      schema: {
        querystring: noQuery,
        summary: "An API key's latest 100 uses: time, method, path, status, address",
        params: idParams,
        response: { 200: apiKeyUsageResponseSchema },
      },
    },
    async (request) => ({ entries: await apiKeys.usage(principalOf(request).userId, request.params.id) }),
  );
};
