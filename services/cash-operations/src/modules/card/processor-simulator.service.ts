/**
 * The processor simulator as a service of its own (name processor-sim, schema processor_sim, prefix
 * /processor-sim): the outside party's browser-facing side. Routes:
 * - POST /processor-sim/v1/tokens: card details → `{ token, card }` (the hosted field; JSON, no auth: a processor's
 *   publishable-key endpoint);
 * - GET /processor-sim/3ds/{challengeId}?lang=en|fr: the 3-D Secure challenge page (server-rendered HTML, no script,
 *   strict CSP, an external stylesheet), with Approve and Fail buttons;
 * - POST /processor-sim/3ds/{challengeId}: the decision (form post) → 303 back to the merchant's return path with
 *   `cardDeposit=<reference>&threeDS=approved|failed`;
 * - GET /processor-sim/3ds.css.
 * Cash operations reaches the simulator's PaymentProcessor in-process through PROCESSOR_CLIENT.
 */
import { tokenizeCardRequestSchema } from '@tessera/contracts';
import { defineService, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { cardTokenSchema } from './card.schemas.ts';
import { PROCESSOR_CLIENT, type PaymentProcessor } from './payment-processor.ts';
import {
  ChallengeNotFoundError,
  ProcessorSimulator,
  processorSimulatorMigration,
} from './processor-simulator.ts';
import { challengePage, CHALLENGE_STYLESHEET } from './three-d-secure-page.ts';

/** The simulator this process offers (the one the server built, or a new one when mounted alone). */
function simulatorOf(context: ServiceContext): ProcessorSimulator {
  const offered = context.clients?.find(PROCESSOR_CLIENT);
  // Not offered in this process: build one over our schema.
  return offered instanceof ProcessorSimulator ? offered : new ProcessorSimulator(context.db);
}

const challengeParams = z.object({ challengeId: z.string().regex(/^3ds_[0-9a-f]{24}$/) });
const challengeQuery = z.object({ lang: z.enum(['en', 'fr']).optional() });
const decisionBody = z.object({ decision: z.enum(['approve', 'fail']) });

/** A same-origin path, or `/` for anything else (never an open redirect). */
export function safeReturnPath(returnUrl: string): string {
  return /^\/(?![/\\])[^\s\\]*$/.test(returnUrl) ? returnUrl : '/';
}

/** A text answer of the simulator (HTML page, stylesheet), for the documents. */
const textAnswer = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

type SimulatorRoutesOptions = { simulator: ProcessorSimulator };

const simulatorRoutes: ServiceRoutes<SimulatorRoutesOptions> = async (app, options) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  await app.register(tokenRoutes, options);
  await app.register(challengeRoutes, options);
};

/** POST /v1/tokens: the hosted card field. */
const tokenRoutes: ServiceRoutes<SimulatorRoutesOptions> = async (app, { simulator }) => {
  app.post(
    '/v1/tokens',
    {
      schema: {
        summary: 'Tokenizes card details (the hosted field; no sign-in)',
        body: tokenizeCardRequestSchema,
        response: { 201: cardTokenSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await simulator.tokenize(request.body)),
  );
};

/** The 3-D Secure challenge: its stylesheet, its page, and the customer's decision. */
const challengeRoutes: ServiceRoutes<SimulatorRoutesOptions> = async (app, { simulator }) => {
  app.get(
    '/3ds.css',
    {
      schema: {
        summary: "The 3-D Secure page's stylesheet",
        response: { 200: textAnswer('The stylesheet', 'text/css') },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(CHALLENGE_STYLESHEET),
  );

  app.get(
    '/3ds/:challengeId',
    {
      schema: {
        summary: 'The 3-D Secure challenge page, with Approve and Fail buttons',
        params: challengeParams,
        querystring: challengeQuery,
        response: { 200: textAnswer('The challenge page (no script)', 'text/html') },
      },
    },
    async (request, reply) => {
      const { challengeId } = request.params;
      const challenge = await simulator.challenge(challengeId);
      if (!challenge) {
        throw new ChallengeNotFoundError();
      }
      const locale = request.query.lang ?? challenge.locale;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(challengePage({ ...challenge, challengeId, locale }));
    },
  );

  app.post(
    '/3ds/:challengeId',
    {
      schema: {
        summary: "The customer's 3-D Secure decision (a form post)",
        description:
          "Redirects (303) to the merchant's return path with cardDeposit and threeDS in its query.",
        params: challengeParams,
        body: decisionBody,
        response: { 303: z.null().describe('See Other: back to the return path') },
      },
    },
    async (request, reply) => {
      const { challengeId } = request.params;
      const { decision } = request.body;
      const { returnUrl, reference } = await simulator.completeChallenge(challengeId, decision === 'approve');
      const target = new URL(safeReturnPath(returnUrl), 'http://return.invalid');
      target.searchParams.set('cardDeposit', reference);
      target.searchParams.set('threeDS', decision === 'approve' ? 'approved' : 'failed');
      return reply.redirect(`${target.pathname}${target.search}`, 303);
    },
  );
};

/** The simulator service the server mounts before cash operations (docs/operations.md, "Rails"). */
export const processorSimulatorService = defineService({
  name: 'processor-sim',
  schema: 'processor_sim',
  prefix: '/processor-sim',
  migrations: { '0001-processor-simulator': processorSimulatorMigration },
  createClient: async (context): Promise<PaymentProcessor> => new ProcessorSimulator(context.db),
  async plugin(app, { context }) {
    // Cash operations uses the simulator in demo mode only (rails.ts, simulatorsOpen): elsewhere its pages and
    // tokens would be a processor nobody pays through, so they are not served (404).
    if (context.config.mode !== 'demo') {
      return;
    }
    await app.register(simulatorRoutes, { simulator: simulatorOf(context) });
  },
});
