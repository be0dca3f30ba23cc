/**
 * The routes under /api/investments/tokens (docs/api.md, "Tokenized assets"). Signed in; delegates and API keys
 * read only. Bodies are the contract's strict schemas (VALIDATION_FAILED otherwise); transfers, forced transfers
 * distributions, mints and burns take an Idempotency-Key header (creating an issuer token may: a retry answers the
 * first token). Issuer routes answer TOKENS_NOT_ISSUER to anyone
 * else; mint and burn answer TOKENS_NOT_A_TOKEN for a fund (its units are minted by investing).
 */
import {
  createIssuerTokenRequestSchema,
  tokenBurnRequestSchema,
  tokenDistributionRequestSchema,
  tokenMintRequestSchema,
  tokenForcedTransferRequestSchema,
  tokenFreezeRequestSchema,
  tokenPauseRequestSchema,
  tokenTransferRequestSchema,
  tokenUnfreezeRequestSchema,
  fundIdempotencyKeySchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdempotencyKeyRequiredError } from '../../errors.ts';
import type { InvestmentsCore } from '../investments-core.ts';
import {
  auditOf,
  burnUnits,
  changeFreeze,
  createIssuerToken,
  mintUnits,
  checkTransfer,
  distribute,
  forceTransfer,
  positionOf,
  previewDistribution,
  registerCsv,
  registerOf,
  setPaused,
  transferUnits,
} from './tokens.ts';

const fundParamsSchema = z.object({ fundId: z.string().max(64) }).strict();
const noQuerySchema = z.object({}).strict();
/** An answer's schema for OpenAPI only: the serializer sends what the handler built (the contract's types). */
const documented = (schema: z.ZodType): z.ZodType<unknown> => schema;
const anyObject = documented(z.object({}).passthrough());

function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = fundIdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) {
    throw new IdempotencyKeyRequiredError();
  }
  return parsed.data;
}

export const tokensRoutes: ServiceRoutes<{ core: InvestmentsCore; context: ServiceContext }> = async (
  app,
  { core, context },
) => {
  requireSignIn(app, context.auth, { reads: true });

  app.post(
    '/tokens/issued',
    {
      schema: {
        summary:
          'Creates an issuer token of the caller (KYC level 2): name, a unique symbol, currency, par value (Idempotency-Key optional)',
        body: createIssuerTokenRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? undefined : idempotencyKeyOf(request);
      const { token, created } = await createIssuerToken(core, principalOf(request), request.body, key);
      return reply.status(created ? 201 : 200).send(token);
    },
  );

  app.post(
    '/tokens/funds/:fundId/mint',
    {
      schema: {
        summary:
          "Mints an issuer token's units to a verified customer by e-mail, a reason required (Idempotency-Key; audited)",
        params: fundParamsSchema,
        body: tokenMintRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { transfer, created } = await mintUnits(
        core,
        principalOf(request),
        request.params.fundId,
        request.body,
        key,
      );
      return reply.status(created ? 201 : 200).send(transfer);
    },
  );

  app.post(
    '/tokens/funds/:fundId/burn',
    {
      schema: {
        summary:
          "Burns a holder's free units of an issuer token, a reason required (Idempotency-Key; audited)",
        params: fundParamsSchema,
        body: tokenBurnRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { transfer, created } = await burnUnits(
        core,
        principalOf(request),
        request.params.fundId,
        request.body,
        key,
      );
      return reply.status(created ? 201 : 200).send(transfer);
    },
  );

  app.get(
    '/tokens/funds/:fundId/position',
    {
      schema: {
        summary: "The caller's units of the fund, the frozen part, and whether transfers are paused",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: anyObject },
      },
    },
    async (request) => positionOf(core, principalOf(request), request.params.fundId),
  );

  app.post(
    '/tokens/funds/:fundId/transfers/check',
    {
      schema: {
        summary:
          'The compliance pre-check of a transfer of units: every reason it fails and the smallest change',
        params: fundParamsSchema,
        body: tokenTransferRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      checkTransfer(
        core,
        principalOf(request),
        request.params.fundId,
        request.body.recipientEmail,
        request.body.units,
      ),
  );

  app.post(
    '/tokens/funds/:fundId/transfers',
    {
      schema: {
        summary: 'Transfers units to another verified customer by e-mail (Idempotency-Key), checked again',
        params: fundParamsSchema,
        body: tokenTransferRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { transfer, created } = await transferUnits(
        core,
        principalOf(request),
        request.params.fundId,
        request.body,
        key,
      );
      return reply.status(created ? 201 : 200).send(transfer);
    },
  );

  app.get(
    '/tokens/funds/:fundId/register',
    {
      schema: {
        summary: "The fund's holder register (issuer only)",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: anyObject },
      },
    },
    async (request) => registerOf(core, principalOf(request), request.params.fundId),
  );

  app.get(
    '/tokens/funds/:fundId/register.csv',
    {
      schema: {
        summary: "The fund's holder register as CSV: holder, units, frozen units, share, since (issuer only)",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: z.string().describe('text/csv: holder, units, frozen units, share, since') },
      },
    },
    async (request, reply) => {
      const register = await registerOf(core, principalOf(request), request.params.fundId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="holders-${register.fundId}.csv"`)
        .header('cache-control', 'no-store')
        .send(registerCsv(register));
    },
  );

  app.post(
    '/tokens/funds/:fundId/freeze',
    {
      schema: {
        summary: "Freezes a holder's units, in whole or in part (issuer only; audited)",
        params: fundParamsSchema,
        body: tokenFreezeRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      changeFreeze(core, principalOf(request), request.params.fundId, 'freeze', request.body),
  );

  app.post(
    '/tokens/funds/:fundId/unfreeze',
    {
      schema: {
        summary: "Unfreezes a holder's frozen units, in whole or in part (issuer only; audited)",
        params: fundParamsSchema,
        body: tokenUnfreezeRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      changeFreeze(core, principalOf(request), request.params.fundId, 'unfreeze', request.body),
  );

  app.post(
    '/tokens/funds/:fundId/pause',
    {
      schema: {
        summary: "Pauses the holders' transfers of the fund's units (issuer only; audited)",
        params: fundParamsSchema,
        body: tokenPauseRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      setPaused(core, principalOf(request), request.params.fundId, true, request.body.reason),
  );

  app.post(
    '/tokens/funds/:fundId/resume',
    {
      schema: {
        summary: "Resumes the holders' transfers (issuer only; audited)",
        params: fundParamsSchema,
        body: tokenPauseRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      setPaused(core, principalOf(request), request.params.fundId, false, request.body.reason),
  );

  app.post(
    '/tokens/funds/:fundId/forced-transfers',
    {
      schema: {
        summary:
          'Forces a transfer between two holders, a reason required (issuer only; Idempotency-Key; audited)',
        params: fundParamsSchema,
        body: tokenForcedTransferRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { transfer, created } = await forceTransfer(
        core,
        principalOf(request),
        request.params.fundId,
        request.body,
        key,
      );
      return reply.status(created ? 201 : 200).send(transfer);
    },
  );

  app.post(
    '/tokens/funds/:fundId/distributions/preview',
    {
      schema: {
        summary: "Each holder's share of a cash distribution, cut to the cent (issuer only)",
        params: fundParamsSchema,
        body: tokenDistributionRequestSchema,
        response: { 200: anyObject },
      },
    },
    async (request) =>
      previewDistribution(core, principalOf(request), request.params.fundId, request.body.amount),
  );

  app.post(
    '/tokens/funds/:fundId/distributions',
    {
      schema: {
        summary:
          "Distributes cash pro rata from the issuer's wallet, all or nothing (Idempotency-Key; audited)",
        params: fundParamsSchema,
        body: tokenDistributionRequestSchema,
        response: { 200: anyObject, 201: anyObject },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { distribution, created } = await distribute(
        core,
        principalOf(request),
        request.params.fundId,
        request.body.amount,
        key,
      );
      return reply.status(created ? 201 : 200).send(distribution);
    },
  );

  app.get(
    '/tokens/funds/:fundId/audit',
    {
      schema: {
        summary: "The issuer's actions on the fund, newest first (the issuer and staff)",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: anyObject },
      },
    },
    async (request) => ({ items: await auditOf(core, principalOf(request), request.params.fundId) }),
  );
};
