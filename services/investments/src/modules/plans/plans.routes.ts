/**
 * The plans' routes under /api/investments/plans (docs/api.md, "Investments", "Plans"): signed in; delegates and
 * API keys read only. Bodies are the contract's strict schemas (VALIDATION_FAILED otherwise); creating takes an
 * Idempotency-Key header like invest. Another customer's plan answers INVESTMENTS_PLAN_NOT_FOUND.
 */
import {
  createPlanRequestSchema,
  fundIdempotencyKeySchema,
  PLAN_FREQUENCIES,
  PLAN_RUN_STATUSES,
  PLAN_STATUSES,
  updatePlanRequestSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { IdempotencyKeyRequiredError } from '../../errors.ts';
import type { PlanRunner } from './plan-runs.ts';
import {
  cancelPlan,
  createPlan,
  listPlans,
  pausePlan,
  previewPlan,
  readPlan,
  resumePlan,
  updatePlan,
} from './plans.ts';

const planParamsSchema = z.object({ planId: z.string().max(64) }).strict();
const noQuerySchema = z.object({}).strict();
const noBodySchema = z.object({}).strict().optional();
const documented = (schema: z.ZodType): z.ZodType<unknown> => schema;

const runShape = z
  .object({
    dueDate: z.string(),
    status: z.enum(PLAN_RUN_STATUSES),
    amount: z.string(),
    units: z.string().nullable(),
    quantity: z.string().nullable(),
    reason: z.string().nullable(),
    runAt: z.string().nullable(),
    operationId: z.string().nullable(),
    orderId: z.string().nullable(),
  })
  .passthrough()
  .describe('One run of a plan (PlanRun of @tessera/contracts)');
const planShape = z
  .object({
    id: z.string(),
    targetName: z.string(),
    currency: z.string(),
    amount: z.string(),
    frequency: z.enum(PLAN_FREQUENCIES),
    status: z.enum(PLAN_STATUSES),
    nextRunDate: z.string().nullable(),
  })
  .passthrough()
  .describe('A plan (Plan of @tessera/contracts)');
const planDetailSchema = documented(
  planShape.extend({ runs: z.array(runShape) }).describe('A plan and its runs (PlanDetail)'),
);
const previewSchema = documented(
  z
    .object({
      targetName: z.string(),
      currency: z.string(),
      amount: z.string(),
      walletId: z.string(),
      nextRunDates: z.array(z.string()),
      managementFeePercent: z.string().nullable(),
    })
    .describe('What a plan would do: its next run dates, the source wallet, the fund’s fee'),
);

export const plansRoutes: ServiceRoutes<{ runner: PlanRunner; context: ServiceContext }> = async (
  app,
  { runner, context },
) => {
  requireSignIn(app, context.auth, { reads: true });

  app.get(
    '/plans',
    {
      schema: {
        summary: "The caller's investment plans, newest first",
        querystring: noQuerySchema,
        response: { 200: documented(z.object({ items: z.array(planShape) })) },
      },
    },
    async (request) => ({ items: await listPlans(runner, principalOf(request).userId) }),
  );

  app.post(
    '/plans/preview',
    {
      schema: {
        summary: 'The next run dates, source wallet and fees of a plan before it is created',
        body: createPlanRequestSchema,
        response: { 200: previewSchema },
      },
    },
    async (request) => previewPlan(runner, principalOf(request).userId, request.body),
  );

  app.post(
    '/plans',
    {
      schema: {
        summary: 'Creates an investment plan (KYC level 2, Idempotency-Key)',
        body: createPlanRequestSchema,
        response: { 200: planDetailSchema, 201: planDetailSchema },
      },
    },
    async (request, reply) => {
      const parsed = fundIdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!parsed.success) {
        throw new IdempotencyKeyRequiredError();
      }
      const { plan, created } = await createPlan(
        runner,
        principalOf(request).userId,
        request.body,
        parsed.data,
      );
      return reply.status(created ? 201 : 200).send(plan);
    },
  );

  app.get(
    '/plans/:planId',
    {
      schema: {
        summary: 'One of the caller’s plans with its runs (newest first, at most 100)',
        params: planParamsSchema,
        querystring: noQuerySchema,
        response: { 200: planDetailSchema },
      },
    },
    async (request) => readPlan(runner, principalOf(request).userId, request.params.planId),
  );

  app.patch(
    '/plans/:planId',
    {
      schema: {
        summary: 'Edits amount, frequency, end date or source wallet, from the next run on',
        params: planParamsSchema,
        body: updatePlanRequestSchema,
        response: { 200: planDetailSchema },
      },
    },
    async (request) => updatePlan(runner, principalOf(request).userId, request.params.planId, request.body),
  );

  for (const [action, run, summary] of [
    ['pause', pausePlan, 'Pauses a plan (no run until resumed)'],
    ['resume', resumePlan, 'Resumes a plan from today (missed dates are not run)'],
    ['cancel', cancelPlan, 'Cancels a plan for good'],
  ] as const) {
    app.post(
      `/plans/:planId/${action}`,
      {
        schema: {
          summary,
          params: planParamsSchema,
          body: noBodySchema,
          response: { 200: planDetailSchema },
        },
      },
      async (request) => run(runner, principalOf(request).userId, request.params.planId),
    );
  }
};
