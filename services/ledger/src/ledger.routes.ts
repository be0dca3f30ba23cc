/**
 * HTTP under /api/ledger (docs/api.md, "Ledger"). Every route is scoped to a tenant and needs a bearer token:
 * - the bank's tenant `tessera`: reads for staff (`admin`, `support_agent`), writes for `admin` only;
 * - a business tenant: its owner, and `admin`; anyone else gets LEDGER_TENANT_NOT_FOUND (ids are never probed).
 * Transfer and account ids are the idempotency keys, so no Idempotency-Key header is needed.
 */
import {
  BANK_TENANT_ID,
  LEDGER_BATCH_MAX,
  ledgerInputSchema,
  tenantInputSchema,
  textSchema,
  transferInputSchema,
  accountInputSchema,
  type TransferInput,
  type AccountInput,
} from '@tessera/contracts';
import {
  authenticate,
  parseOrThrow,
  type Principal,
  requireGroup,
  type ServicePluginOptions,
} from '@tessera/platform';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LedgerService } from './ledger-api.ts';
import { toAppError } from './ledger-api.ts';
import { TenantNotFoundError } from './ledger.errors.ts';
import { findTenant } from './modules/tenants/tenants.service.ts';

/** A batch of 8,189 transfers with full metadata is far over the server's 1 MiB default. */
const batchBodyLimitBytes = 16 * 1024 * 1024;

/** An id or code in the path or the query: the shared text rules, kept as sent (the ids are exact keys). */
const idText = (max: number) => textSchema({ max, trim: false });
const tenantParams = z.object({ tenantId: idText(63) });
const accountParams = tenantParams.extend({ accountId: idText(64) });
const ledgerParams = tenantParams.extend({ code: idText(16) });
const transferParams = tenantParams.extend({ transferId: idText(64) });
const limitQuery = z.coerce.number().int().optional();
const batchOf = (name: string) => z.object({ [name]: z.array(z.unknown()).min(1).max(LEDGER_BATCH_MAX) });

type Access = 'read' | 'write';

/** Options of {@link ledgerRoutes}: the service's own in-process API (shared with other services). */
export interface LedgerRoutesOptions extends ServicePluginOptions {
  readonly ledger: LedgerService;
}

/** Authenticates and checks the caller may `access` the tenant of the path; resolves with the tenant id. */
type TenantGuard = (request: FastifyRequest, access: Access) => Promise<string>;

/**
 * The batch routes accept 16 MiB: their caller is authenticated and allowed to write the tenant in `onRequest`,
 * before Fastify reads a byte of the body, so an anonymous or unauthorised caller cannot make the process read
 * (and parse) 16 MiB per request. `tenantOf` then gives the route the tenant that hook checked.
 */
function writerBeforeBody(guard: TenantGuard) {
  const tenants = new WeakMap<FastifyRequest, string>();
  return {
    onRequest: async (request: FastifyRequest) => {
      tenants.set(request, await guard(request, 'write'));
    },
    tenantOf: (request: FastifyRequest): string => {
      const tenantId = tenants.get(request);
      if (tenantId === undefined) {
        throw new Error('A batch route ran without its onRequest tenant check.');
      }
      return tenantId;
    },
  };
}

function tenantGuard(context: ServicePluginOptions['context']): TenantGuard {
  const authorize = async (principal: Principal, tenantId: string, access: Access) => {
    if (tenantId === BANK_TENANT_ID) {
      requireGroup(principal, ...(access === 'read' ? ['admin', 'support_agent'] : ['admin']));
      return;
    }
    const tenant = await findTenant(context.db, tenantId);
    if (!tenant || (tenant.ownerUserId !== principal.userId && !principal.groups.includes('admin'))) {
      throw new TenantNotFoundError(undefined, { tenantId });
    }
  };
  return async (request, access) => {
    const principal = await authenticate(request, context.auth);
    const { tenantId } = parseOrThrow(tenantParams, request.params);
    await authorize(principal, tenantId, access);
    return tenantId;
  };
}

/** Every ledger route: tenants and ledgers, accounts, transfers. */
export const ledgerRoutes: FastifyPluginAsync<LedgerRoutesOptions> = async (app, options) => {
  const guard = tenantGuard(options.context);
  await app.register(tenantAndLedgerRoutes, { ...options, guard });
  await app.register(accountRoutes, { ...options, guard });
  await app.register(transferRoutes, { ...options, guard });
};

type RoutesOptions = LedgerRoutesOptions & { readonly guard: TenantGuard };

const tenantAndLedgerRoutes: FastifyPluginAsync<RoutesOptions> = async (
  app,
  { context, ledger, guard: tenantOf },
) => {
  app.post('/tenants', async (request, reply) => {
    requireGroup(await authenticate(request, context.auth), 'admin');
    return reply.status(201).send(await ledger.createTenant(parseOrThrow(tenantInputSchema, request.body)));
  });

  app.get('/tenants/:tenantId/ledgers', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return { items: await ledger.listLedgers(tenantId) };
  });
  app.get('/tenants/:tenantId/ledgers/:code', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return ledger.getLedger(tenantId, parseOrThrow(ledgerParams, request.params).code);
  });
  app.post('/tenants/:tenantId/ledgers', async (request) => {
    const tenantId = await tenantOf(request, 'write');
    return ledger.createLedger(tenantId, parseOrThrow(ledgerInputSchema, request.body));
  });
  app.get('/tenants/:tenantId/ledgers/:code/transfers', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    const query = parseOrThrow(
      z.object({ afterSequence: idText(20).optional(), limit: limitQuery }),
      request.query,
    );
    return ledger.listLedgerTransfers(tenantId, parseOrThrow(ledgerParams, request.params).code, query);
  });
  app.get('/tenants/:tenantId/ledgers/:code/verification', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return ledger.verifyLedger(tenantId, parseOrThrow(ledgerParams, request.params).code);
  });
};

const accountRoutes: FastifyPluginAsync<RoutesOptions> = async (app, { ledger, guard: tenantOf }) => {
  app.post('/tenants/:tenantId/accounts', async (request, reply) => {
    const tenantId = await tenantOf(request, 'write');
    const input = parseOrThrow(accountInputSchema, request.body) as AccountInput;
    const [result] = await ledger.createAccounts(tenantId, [input]);
    return sendWritten(reply, result!);
  });
  const batchWriter = writerBeforeBody(tenantOf);
  const batchOptions = { bodyLimit: batchBodyLimitBytes, onRequest: batchWriter.onRequest };
  app.post('/tenants/:tenantId/accounts/batch', batchOptions, async (request) => {
    const tenantId = batchWriter.tenantOf(request);
    const { accounts } = parseOrThrow(batchOf('accounts'), request.body) as { accounts: AccountInput[] };
    return { results: await ledger.createAccounts(tenantId, accounts) };
  });
  app.get('/tenants/:tenantId/accounts', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    const query = parseOrThrow(
      z.object({
        ownerId: idText(128).optional(),
        ledger: idText(16).optional(),
        cursor: idText(64).optional(),
        limit: limitQuery,
      }),
      request.query,
    );
    return ledger.listAccounts(tenantId, query);
  });
  app.get('/tenants/:tenantId/accounts/:accountId', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return ledger.getAccount(tenantId, parseOrThrow(accountParams, request.params).accountId);
  });
  app.get('/tenants/:tenantId/accounts/:accountId/balance', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    const { at } = parseOrThrow(z.object({ at: z.iso.datetime({ offset: true }).optional() }), request.query);
    const { accountId } = parseOrThrow(accountParams, request.params);
    return ledger.getBalance(tenantId, accountId, at === undefined ? undefined : new Date(at));
  });
  app.get('/tenants/:tenantId/accounts/:accountId/history', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    const query = parseOrThrow(z.object({ cursor: idText(64).optional(), limit: limitQuery }), request.query);
    return ledger.listAccountHistory(tenantId, parseOrThrow(accountParams, request.params).accountId, query);
  });
  app.get('/tenants/:tenantId/accounts/:accountId/pending-transfers', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return {
      items: await ledger.listPendingTransfers(
        tenantId,
        parseOrThrow(accountParams, request.params).accountId,
      ),
    };
  });
  for (const change of ['freeze', 'unfreeze', 'close'] as const) {
    app.post(`/tenants/:tenantId/accounts/:accountId/${change}`, async (request) => {
      const tenantId = await tenantOf(request, 'write');
      const { accountId } = parseOrThrow(accountParams, request.params);
      const run = {
        freeze: ledger.freezeAccount,
        unfreeze: ledger.unfreezeAccount,
        close: ledger.closeAccount,
      }[change];
      return run(tenantId, accountId);
    });
  }
};

const transferRoutes: FastifyPluginAsync<RoutesOptions> = async (app, { ledger, guard: tenantOf }) => {
  app.post('/tenants/:tenantId/transfers', async (request, reply) => {
    const tenantId = await tenantOf(request, 'write');
    parseOrThrow(transferInputSchema, request.body);
    // The raw body goes to the engine, which parses it again: one path for single and batched transfers.
    const [result] = await ledger.createTransfers(tenantId, [request.body as TransferInput]);
    return sendWritten(reply, result!);
  });
  const batchWriter = writerBeforeBody(tenantOf);
  const batchOptions = { bodyLimit: batchBodyLimitBytes, onRequest: batchWriter.onRequest };
  app.post('/tenants/:tenantId/transfers/batch', batchOptions, async (request) => {
    const tenantId = batchWriter.tenantOf(request);
    const { transfers } = parseOrThrow(batchOf('transfers'), request.body) as { transfers: TransferInput[] };
    return { results: await ledger.createTransfers(tenantId, transfers) };
  });
  app.get('/tenants/:tenantId/transfers/:transferId', async (request) => {
    const tenantId = await tenantOf(request, 'read');
    return ledger.getTransfer(tenantId, parseOrThrow(transferParams, request.params).transferId);
  });
};

/** 201 for a new record, 200 for the first result of a retry, the rejection's own status otherwise. */
function sendWritten<T>(
  reply: FastifyReply,
  result:
    | { status: 'created' | 'exists'; value: T }
    | { status: 'rejected'; error: Parameters<typeof toAppError>[0] },
) {
  if (result.status === 'rejected') {
    throw toAppError(result.error);
  }
  return reply.status(result.status === 'created' ? 201 : 200).send(result.value);
}
