/** A tenant's accounts (docs/api.md, "Ledger"): opening (one or a batch), reading, balances, history, status. */
import type { AccountInput } from '@tessera/contracts';
import type { ServiceRoutes } from '@tessera/platform';
import type { LedgerRouteOptions } from '../ledger/ledger.routes.ts';
import {
  accountBatchBody,
  accountInputSchema,
  accountParams,
  accountSchema,
  accountsQuery,
  balanceQuery,
  batchResultsOf,
  historyQuery,
  itemsOf,
  pageOf,
  tenantParams,
  transferSchema,
  transferViewSchema,
} from '../ledger/ledger.schemas.ts';
import { sendWritten } from '../ledger/tenant-access.ts';

export const accountRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, options) => {
  await app.register(openAccountRoutes, options);
  await app.register(readAccountRoutes, options);
  await app.register(accountTransferRoutes, options);
  await app.register(accountStatusRoutes, options);
};

const openAccountRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.post(
    '/tenants/:tenantId/accounts',
    {
      schema: {
        summary: 'Opens an account (the id is the idempotency key)',
        params: tenantParams,
        body: accountInputSchema,
        response: { 201: accountSchema, 200: accountSchema },
      },
      ...access.write,
    },
    async (request, reply) => {
      const [result] = await ledger.createAccounts(access.tenantOf(request), [request.body as AccountInput]);
      return sendWritten(reply, result!);
    },
  );
  app.post(
    '/tenants/:tenantId/accounts/batch',
    {
      schema: {
        summary: 'Opens up to a batch of accounts, one result per account',
        params: tenantParams,
        body: accountBatchBody,
        response: { 200: batchResultsOf(accountSchema) },
      },
      ...access.writeBeforeBody,
    },
    async (request) => ({
      results: await ledger.createAccounts(access.tenantOf(request), request.body.accounts as AccountInput[]),
    }),
  );
};

const readAccountRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.get(
    '/tenants/:tenantId/accounts',
    {
      schema: {
        summary: "Lists a tenant's accounts, oldest first",
        params: tenantParams,
        querystring: accountsQuery,
        response: { 200: pageOf(accountSchema) },
      },
      ...access.read,
    },
    async (request) => ledger.listAccounts(access.tenantOf(request), request.query),
  );
  app.get(
    '/tenants/:tenantId/accounts/:accountId',
    {
      schema: { summary: 'Reads an account', params: accountParams, response: { 200: accountSchema } },
      ...access.read,
    },
    async (request) => ledger.getAccount(access.tenantOf(request), request.params.accountId),
  );
  app.get(
    '/tenants/:tenantId/accounts/:accountId/balance',
    {
      schema: {
        summary: "An account's balance, now or at a point in time",
        params: accountParams,
        querystring: balanceQuery,
        response: { 200: accountSchema.shape.balance },
      },
      ...access.read,
    },
    async (request) => {
      const { at } = request.query;
      const tenantId = access.tenantOf(request);
      return ledger.getBalance(
        tenantId,
        request.params.accountId,
        at === undefined ? undefined : new Date(at),
      );
    },
  );
};

/** An account's transfers: its history and what is still reserved. */
const accountTransferRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.get(
    '/tenants/:tenantId/accounts/:accountId/history',
    {
      schema: {
        summary: "An account's transfers, newest first, with its balance after each",
        params: accountParams,
        querystring: historyQuery,
        response: { 200: pageOf(transferSchema) },
      },
      ...access.read,
    },
    async (request) =>
      ledger.listAccountHistory(access.tenantOf(request), request.params.accountId, request.query),
  );
  app.get(
    '/tenants/:tenantId/accounts/:accountId/pending-transfers',
    {
      schema: {
        summary: "An account's pending transfers that are still reserved",
        params: accountParams,
        response: { 200: itemsOf(transferViewSchema) },
      },
      ...access.read,
    },
    async (request) => ({
      items: await ledger.listPendingTransfers(access.tenantOf(request), request.params.accountId),
    }),
  );
};

const accountStatusRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  const changes = {
    freeze: { run: ledger.freezeAccount, summary: 'Freezes an account: it accepts no new transfers' },
    unfreeze: { run: ledger.unfreezeAccount, summary: 'Unfreezes an account' },
    close: {
      run: ledger.closeAccount,
      summary: 'Closes an account for good (zero balance, nothing pending)',
    },
  };
  for (const [change, { run, summary }] of Object.entries(changes)) {
    app.post(
      `/tenants/:tenantId/accounts/:accountId/${change}`,
      { schema: { summary, params: accountParams, response: { 200: accountSchema } }, ...access.write },
      async (request) => run(access.tenantOf(request), request.params.accountId),
    );
  }
};
