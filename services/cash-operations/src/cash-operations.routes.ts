/**
 * HTTP under /api/cash-operations (docs/api.md, "Cash operations"): the core's routes. Every route needs a
 * customer's bearer token and works on that customer's own data only: another customer's wallet or quote id
 * answers exactly like an unknown one (404). POSTs take an Idempotency-Key (required where money moves).
 */
import {
  activityQuerySchema,
  createQuoteRequestSchema,
  createWalletRequestSchema,
  customerTransferRequestSchema,
  ownTransferRequestSchema,
  renameWalletRequestSchema,
  statementMonthSchema,
} from '@tessera/contracts';
import {
  authenticate,
  IDEMPOTENCY_KEY_HEADER,
  idempotent,
  parseOrThrow,
  type ServicePluginOptions,
} from '@tessera/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CashCore } from './modules/accounts/cash-core.ts';
import { listActivity, syncWalletFromLedger } from './modules/activity/activity.service.ts';
import { buildSummary } from './modules/activity/summary.service.ts';
import { createQuote } from './modules/fx/fx.service.ts';
import { getLimits } from './modules/limits/limits.service.ts';
import { buildStatement, statementCsv, statementMonths } from './modules/statements/statements.service.ts';
import { transferBetweenOwnWallets, transferToCustomer } from './modules/transfers/transfers.service.ts';
import {
  createWallet,
  getCustomerWallet,
  listCustomerWallets,
  renameCustomerWallet,
  requireOwnedWallet,
} from './modules/wallets/wallets.service.ts';

/** Options of {@link cashOperationsRoutes}. */
export interface CashRoutesOptions extends ServicePluginOptions {
  readonly core: CashCore;
}

const walletParams = z.object({ walletId: z.string().max(64) });
const statementParams = walletParams.extend({ month: statementMonthSchema });
const statementQuery = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

/** The header value of a request that passed `idempotent(..., { required: true })`. */
function keyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return String(Array.isArray(header) ? header[0] : header);
}

/** The core's routes: wallets, activity, summary, statements, quotes, transfers, limits. */
export const cashOperationsRoutes: FastifyPluginAsync<CashRoutesOptions> = async (app, { context, core }) => {
  const principalOf = (request: FastifyRequest) => authenticate(request, context.auth);

  app.get('/wallets', async (request) => {
    const { userId } = await principalOf(request);
    return { items: await listCustomerWallets(core, userId) };
  });
  app.post('/wallets', async (request, reply) => {
    const { userId } = await principalOf(request);
    const body = parseOrThrow(createWalletRequestSchema, request.body);
    return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
      statusCode: 201,
      body: await createWallet(core, userId, body),
    }));
  });
  app.get('/wallets/:walletId', async (request) => {
    const { userId } = await principalOf(request);
    return getCustomerWallet(core, userId, parseOrThrow(walletParams, request.params).walletId);
  });
  app.patch('/wallets/:walletId', async (request) => {
    const { userId } = await principalOf(request);
    const { walletId } = parseOrThrow(walletParams, request.params);
    const { name } = parseOrThrow(renameWalletRequestSchema, request.body);
    return renameCustomerWallet(core, userId, walletId, name);
  });

  app.get('/wallets/:walletId/activity', async (request) => {
    const { userId } = await principalOf(request);
    const wallet = await requireOwnedWallet(
      core,
      userId,
      parseOrThrow(walletParams, request.params).walletId,
    );
    const query = parseOrThrow(activityQuerySchema, request.query);
    await syncWalletFromLedger(core, wallet);
    return listActivity(core, [wallet.id], query);
  });
  app.get('/summary', async (request) => {
    const { userId } = await principalOf(request);
    return buildSummary(core, userId);
  });

  app.get('/wallets/:walletId/statements', async (request) => {
    const { userId } = await principalOf(request);
    const wallet = await requireOwnedWallet(
      core,
      userId,
      parseOrThrow(walletParams, request.params).walletId,
    );
    return { months: statementMonths(wallet, core.now()) };
  });
  app.get('/wallets/:walletId/statements/:month', async (request, reply) => {
    const { userId } = await principalOf(request);
    const { walletId, month } = parseOrThrow(statementParams, request.params);
    const { format } = parseOrThrow(statementQuery, request.query);
    const wallet = await requireOwnedWallet(core, userId, walletId);
    const statement = await buildStatement(core, wallet, month);
    if (format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${wallet.asset}-${month}.csv"`)
        .send(statementCsv(statement));
    }
    return statement;
  });

  app.post('/fx/quotes', async (request, reply) => {
    const { userId } = await principalOf(request);
    const body = parseOrThrow(createQuoteRequestSchema, request.body);
    return idempotent(core.idempotency, request, reply, { principal: userId }, async () => ({
      statusCode: 201,
      body: await createQuote(core, userId, body),
    }));
  });
  app.post('/transfers', async (request, reply) => {
    const { userId } = await principalOf(request);
    const body = parseOrThrow(ownTransferRequestSchema, request.body);
    return idempotent(core.idempotency, request, reply, { principal: userId, required: true }, async () => ({
      statusCode: 201,
      body: await transferBetweenOwnWallets(core, userId, keyOf(request), body),
    }));
  });
  app.post('/transfers/customer', async (request, reply) => {
    const principal = await principalOf(request);
    const body = parseOrThrow(customerTransferRequestSchema, request.body);
    return idempotent(
      core.idempotency,
      request,
      reply,
      { principal: principal.userId, required: true },
      async () => ({
        statusCode: 201,
        body: await transferToCustomer(core, principal, keyOf(request), body),
      }),
    );
  });

  app.get('/limits', async (request) => {
    const { userId } = await principalOf(request);
    return getLimits(core, userId);
  });
};
