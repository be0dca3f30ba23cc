/**
 * The routes under /api/investments (docs/api.md, "Investments"). Signed in; delegates and API keys read only (a
 * write by one answers the platform's DELEGATE_NOT_PERMITTED or API_KEY_SCOPE_MISSING). Bodies and queries are the
 * contract's strict schemas (VALIDATION_FAILED otherwise); invest and redeem take an Idempotency-Key header.
 */
import {
  createFundRequestSchema,
  fundIdempotencyKeySchema,
  investRequestSchema,
  listFundsQuerySchema,
  redeemRequestSchema,
  updateFundRequestSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdempotencyKeyRequiredError } from '../errors.ts';
import { updateFund } from './fund-updates.ts';
import { createCommunityFund, fundDetail, listFunds, loadFund } from './funds.ts';
import { listHoldings } from './holdings.ts';
import type { InvestmentsCore } from './investments-core.ts';
import { invest, investPreview, listOperations, redeem, redeemPreview } from './operations.ts';

const fundParamsSchema = z.object({ fundId: z.string().max(64) }).strict();
/** Routes without query parameters refuse any. */
const noQuerySchema = z.object({}).strict();

/** An answer's schema for OpenAPI only: the serializer sends what the handler built (the contract's types). */
const documented = (schema: z.ZodType): z.ZodType<unknown> => schema;

// Answers as documented.
const fundSummaryShape = z
  .object({
    id: z.string(),
    kind: z.enum(['curated', 'community']),
    name: z.string(),
    currency: z.string(),
    managementFeePercent: z.string(),
    nav: z.string().describe('NAV per unit, 6 decimals'),
    unitsOutstanding: z.string(),
  })
  .passthrough()
  .describe('A fund (FundSummary of @tessera/contracts)');
const fundDetailShape = fundSummaryShape
  .extend({
    components: z.array(
      z.object({ productId: z.string(), targetWeight: z.string(), actualWeight: z.string() }).passthrough(),
    ),
    navHistory: z.array(z.object({ at: z.string(), nav: z.string() })),
    performance: z.record(z.string(), z.string().nullable()),
    holdersCount: z.number().int(),
  })
  .passthrough()
  .describe("A fund's page (FundDetail of @tessera/contracts)");
const fundDetailSchema = documented(fundDetailShape);
const operationShape = z
  .object({
    id: z.string(),
    fundId: z.string(),
    kind: z.enum(['subscription', 'redemption']),
    status: z.enum(['pending', 'buying', 'minted', 'refunded', 'selling', 'paid', 'restored']),
    amount: z.string(),
    units: z.string(),
    nav: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .passthrough()
  .describe('A subscription or redemption (FundOperation of @tessera/contracts)');
const operationSchema = documented(operationShape);
const tradeSchema = z.object({ productId: z.string(), side: z.enum(['buy', 'sell']), notional: z.string() });
const investPreviewSchema = documented(
  z
    .object({
      nav: z.string(),
      estimatedUnits: z.string(),
      annualFeeEstimate: z.string(),
      trades: z.array(tradeSchema),
    })
    .passthrough(),
);
const redeemPreviewSchema = documented(
  z
    .object({ nav: z.string(), units: z.string(), estimatedAmount: z.string(), trades: z.array(tradeSchema) })
    .passthrough(),
);
const updateFundResponseSchema = documented(
  z.object({
    fund: fundDetailShape,
    rebalance: z.object({ applied: z.boolean(), trades: z.array(tradeSchema) }).nullable(),
  }),
);
const holdingShape = z
  .object({ fundId: z.string(), fundName: z.string(), units: z.string(), nav: z.string(), value: z.string() })
  .passthrough();

function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = fundIdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) {
    throw new IdempotencyKeyRequiredError();
  }
  return parsed.data;
}

export const investmentsRoutes: ServiceRoutes<{ core: InvestmentsCore; context: ServiceContext }> = async (
  app,
  { core, context },
) => {
  requireSignIn(app, context.auth, { reads: true });

  app.get(
    '/funds',
    {
      schema: {
        summary: 'Lists funds: curated by Tessera, community, mine, or all',
        querystring: listFundsQuerySchema,
        response: { 200: documented(z.object({ items: z.array(fundSummaryShape) })) },
      },
    },
    async (request) => {
      return { items: await listFunds(core, principalOf(request).userId, request.query) };
    },
  );

  app.post(
    '/funds',
    {
      schema: {
        summary: 'Creates a community fund managed by the caller (KYC level 2)',
        body: createFundRequestSchema,
        response: { 201: fundDetailSchema },
      },
    },
    async (request, reply) => {
      const userId = principalOf(request).userId;
      const fund = await createCommunityFund(core, userId, request.body);
      return reply.status(201).send(await core.serial(fund.id, () => fundDetail(core, userId, fund)));
    },
  );

  app.get(
    '/funds/:fundId',
    {
      schema: {
        summary: "A fund's page: composition, NAV, history, performance, holders, factsheet",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: fundDetailSchema },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const fund = await loadFund(core, request.params.fundId);
      return core.serial(fund.id, () => fundDetail(core, userId, fund));
    },
  );

  app.patch(
    '/funds/:fundId',
    {
      schema: {
        summary:
          'Edits a fund the caller manages; a new composition answers its rebalance (applied with apply: true)',
        params: fundParamsSchema,
        body: updateFundRequestSchema,
        response: { 200: updateFundResponseSchema },
      },
    },
    async (request) => updateFund(core, principalOf(request).userId, request.params.fundId, request.body),
  );

  app.post(
    '/funds/:fundId/invest/preview',
    {
      schema: {
        summary: 'Units and fees an investment would give',
        params: fundParamsSchema,
        body: investRequestSchema,
        response: { 200: investPreviewSchema },
      },
    },
    async (request) =>
      investPreview(core, principalOf(request).userId, request.params.fundId, request.body.amount),
  );

  app.post(
    '/funds/:fundId/invest',
    {
      schema: {
        summary: 'Invests an amount from the current wallet (Idempotency-Key)',
        params: fundParamsSchema,
        body: investRequestSchema,
        response: { 200: operationSchema, 201: operationSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { operation, created } = await invest(
        core,
        principalOf(request).userId,
        request.params.fundId,
        request.body.amount,
        key,
      );
      return reply.status(created ? 201 : 200).send(operation);
    },
  );

  app.post(
    '/funds/:fundId/redeem/preview',
    {
      schema: {
        summary: 'What redeeming units would pay',
        params: fundParamsSchema,
        body: redeemRequestSchema,
        response: { 200: redeemPreviewSchema },
      },
    },
    async (request) =>
      redeemPreview(core, principalOf(request).userId, request.params.fundId, request.body.units),
  );

  app.post(
    '/funds/:fundId/redeem',
    {
      schema: {
        summary: 'Redeems units to the current wallet (Idempotency-Key)',
        params: fundParamsSchema,
        body: redeemRequestSchema,
        response: { 200: operationSchema, 201: operationSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { operation, created } = await redeem(
        core,
        principalOf(request).userId,
        request.params.fundId,
        request.body.units,
        key,
      );
      return reply.status(created ? 201 : 200).send(operation);
    },
  );

  app.get(
    '/funds/:fundId/operations',
    {
      schema: {
        summary: "The caller's subscriptions and redemptions of a fund",
        params: fundParamsSchema,
        querystring: noQuerySchema,
        response: { 200: documented(z.object({ items: z.array(operationShape) })) },
      },
    },
    async (request) => {
      const fund = await loadFund(core, request.params.fundId);
      return { items: await listOperations(core, principalOf(request).userId, fund.id) };
    },
  );

  app.get(
    '/holdings',
    {
      schema: {
        summary: "The caller's fund holdings",
        querystring: noQuerySchema,
        response: { 200: documented(z.object({ items: z.array(holdingShape) })) },
      },
    },
    async (request) => ({
      items: await listHoldings(core, principalOf(request).userId),
    }),
  );
};
