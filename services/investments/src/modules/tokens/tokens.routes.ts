/**
 * The routes under /api/investments/tokens (docs/api.md, "Tokenized assets"). Signed in; delegates and API keys
 * read only. Bodies are the contract's strict schemas (VALIDATION_FAILED otherwise); transfers, forced transfers
 * distributions, mints and burns take an Idempotency-Key header (creating an issuer token may: a retry answers the
 * first token). Issuer routes answer TOKENS_NOT_ISSUER to anyone
 * else; mint and burn answer TOKENS_NOT_A_TOKEN for a fund (its units are minted by investing). Answers are
 * documented with the contract's schemas (tokenized.ts), whose types the handlers return.
 */
import {
  createIssuerTokenRequestSchema,
  issuerTokenSchema,
  tokenAuditResponseSchema,
  tokenBurnRequestSchema,
  tokenDistributionRequestSchema,
  tokenDistributionSchema,
  tokenHolderSchema,
  tokenMintRequestSchema,
  tokenForcedTransferRequestSchema,
  tokenFreezeRequestSchema,
  tokenPauseRequestSchema,
  tokenPauseStateSchema,
  tokenPositionSchema,
  tokenRegisterSchema,
  type TokenTransfer,
  tokenTransferCheckSchema,
  tokenTransferRequestSchema,
  tokenTransferSchema,
  tokenUnfreezeRequestSchema,
  fundIdempotencyKeySchema,
} from '@tessera/contracts';
import {
  type Principal,
  principalOf,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
} from '@tessera/platform';
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

type TokensRoutes = ServiceRoutes<{ core: InvestmentsCore; context: ServiceContext }>;
type TokensApp = Parameters<TokensRoutes>[0];

const fundParamsSchema = z.object({ fundId: z.string().max(64) }).strict();
const noQuerySchema = z.object({}).strict();

function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = fundIdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) {
    throw new IdempotencyKeyRequiredError();
  }
  return parsed.data;
}

/** What a keyed action answers, and whether this request created it (201) or a retry found it (200). */
interface KeyedOutcome<Answer> {
  readonly answer: Answer;
  readonly created: boolean;
}

/** A transfer service's outcome (mint, burn, a holder's or a forced transfer) as a keyed route answers it. */
const transferOutcome = ({ transfer, created }: { transfer: TokenTransfer; created: boolean }) => ({
  answer: transfer,
  created,
});

/**
 * A keyed action on a fund's token: `POST /tokens/funds/:fundId/...` with the contract's body and an
 * Idempotency-Key (INVESTMENTS_IDEMPOTENCY_KEY_REQUIRED without one); 201 with what the request created, 200 with
 * the first answer when a retry of the same key and body finds it. `answer` is the answer's schema for both.
 */
function keyedAction<Body extends z.ZodType, Answer extends z.ZodType>(
  app: TokensApp,
  path: `/tokens/funds/:fundId/${string}`,
  route: {
    readonly summary: string;
    readonly body: Body;
    readonly answer: Answer;
    readonly act: (
      principal: Principal,
      fundId: string,
      body: z.output<Body>,
      key: string,
    ) => Promise<KeyedOutcome<z.output<Answer>>>;
  },
): void {
  // The call site checked `act`'s answer against the schema's type; here the schema only documents it.
  const answer: z.ZodType = route.answer;
  app.post(
    path,
    {
      schema: {
        summary: route.summary,
        params: fundParamsSchema,
        body: route.body,
        response: { 200: answer, 201: answer },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const outcome = await route.act(
        principalOf(request),
        request.params.fundId,
        request.body as z.output<Body>,
        key,
      );
      return reply.status(outcome.created ? 201 : 200).send(outcome.answer);
    },
  );
}

export const tokensRoutes: TokensRoutes = async (app, { core, context }) => {
  requireSignIn(app, context.auth, { reads: true });

  app.post(
    '/tokens/issued',
    {
      schema: {
        summary:
          'Creates an issuer token of the caller (KYC level 2): name, a unique symbol, currency, par value (Idempotency-Key optional)',
        body: createIssuerTokenRequestSchema,
        response: { 200: issuerTokenSchema, 201: issuerTokenSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? undefined : idempotencyKeyOf(request);
      const { token, created } = await createIssuerToken(core, principalOf(request), request.body, key);
      return reply.status(created ? 201 : 200).send(token);
    },
  );

  keyedAction(app, '/tokens/funds/:fundId/mint', {
    summary:
      "Mints an issuer token's units to a verified customer by e-mail, a reason required (Idempotency-Key; audited)",
    body: tokenMintRequestSchema,
    answer: tokenTransferSchema,
    act: (principal, fundId, body, key) =>
      mintUnits(core, principal, fundId, body, key).then(transferOutcome),
  });

  keyedAction(app, '/tokens/funds/:fundId/burn', {
    summary: "Burns a holder's free units of an issuer token, a reason required (Idempotency-Key; audited)",
    body: tokenBurnRequestSchema,
    answer: tokenTransferSchema,
    act: (principal, fundId, body, key) =>
      burnUnits(core, principal, fundId, body, key).then(transferOutcome),
  });

  app.get(
    '/tokens/funds/:fundId/position',
    {
      schema: {
        summary: "The caller's units of the fund, the frozen part, and whether transfers are paused",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: tokenPositionSchema },
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
        response: { 200: tokenTransferCheckSchema },
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

  keyedAction(app, '/tokens/funds/:fundId/transfers', {
    summary: 'Transfers units to another verified customer by e-mail (Idempotency-Key), checked again',
    body: tokenTransferRequestSchema,
    answer: tokenTransferSchema,
    act: (principal, fundId, body, key) =>
      transferUnits(core, principal, fundId, body, key).then(transferOutcome),
  });

  app.get(
    '/tokens/funds/:fundId/register',
    {
      schema: {
        summary: "The fund's holder register (issuer only)",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: tokenRegisterSchema },
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
        response: { 200: tokenHolderSchema },
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
        response: { 200: tokenHolderSchema },
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
        response: { 200: tokenPauseStateSchema },
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
        response: { 200: tokenPauseStateSchema },
      },
    },
    async (request) =>
      setPaused(core, principalOf(request), request.params.fundId, false, request.body.reason),
  );

  keyedAction(app, '/tokens/funds/:fundId/forced-transfers', {
    summary:
      'Forces a transfer between two holders, a reason required (issuer only; Idempotency-Key; audited)',
    body: tokenForcedTransferRequestSchema,
    answer: tokenTransferSchema,
    act: (principal, fundId, body, key) =>
      forceTransfer(core, principal, fundId, body, key).then(transferOutcome),
  });

  app.post(
    '/tokens/funds/:fundId/distributions/preview',
    {
      schema: {
        summary: "Each holder's share of a cash distribution, cut to the cent (issuer only)",
        params: fundParamsSchema,
        body: tokenDistributionRequestSchema,
        response: { 200: tokenDistributionSchema },
      },
    },
    async (request) =>
      previewDistribution(core, principalOf(request), request.params.fundId, request.body.amount),
  );

  keyedAction(app, '/tokens/funds/:fundId/distributions', {
    summary: "Distributes cash pro rata from the issuer's wallet, all or nothing (Idempotency-Key; audited)",
    body: tokenDistributionRequestSchema,
    answer: tokenDistributionSchema,
    act: async (principal, fundId, body, key) => {
      const { distribution, created } = await distribute(core, principal, fundId, body.amount, key);
      return { answer: distribution, created };
    },
  });

  app.get(
    '/tokens/funds/:fundId/audit',
    {
      schema: {
        summary: "The issuer's actions on the fund, newest first (the issuer and staff)",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: tokenAuditResponseSchema },
      },
    },
    async (request) => ({ items: await auditOf(core, principalOf(request), request.params.fundId) }),
  );
};
