/** Tenants and their ledgers (docs/api.md, "Ledger"): creating a tenant is for admins; the rest per tenant. */
import { ledgerInputSchema, tenantInputSchema } from '@tessera/contracts';
import { principalOf, requireGroup, type ServiceRoutes } from '@tessera/platform';
import type { LedgerRouteOptions } from '../ledger/ledger.routes.ts';
import {
  itemsOf,
  ledgerParams,
  ledgerSchema,
  ledgerTransfersQuery,
  pageOf,
  tenantParams,
  tenantSchema,
  transferSchema,
  verificationSchema,
} from '../ledger/ledger.schemas.ts';

export const tenantRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.post(
    '/tenants',
    {
      schema: {
        summary: 'Creates a business tenant (admins only)',
        body: tenantInputSchema,
        response: { 201: tenantSchema },
      },
      // Admins only, checked before the body is validated (as when the check opened the handler).
      preValidation: async (request) => requireGroup(principalOf(request), 'admin'),
    },
    async (request, reply) => reply.status(201).send(await ledger.createTenant(request.body)),
  );
  app.get(
    '/tenants/:tenantId/ledgers',
    {
      schema: {
        summary: "Lists a tenant's ledgers, by code",
        params: tenantParams,
        response: { 200: itemsOf(ledgerSchema) },
      },
      ...access.read,
    },
    async (request) => ({ items: await ledger.listLedgers(access.tenantOf(request)) }),
  );
  app.get(
    '/tenants/:tenantId/ledgers/:code',
    {
      schema: { summary: 'Reads a ledger', params: ledgerParams, response: { 200: ledgerSchema } },
      ...access.read,
    },
    async (request) => ledger.getLedger(access.tenantOf(request), request.params.code),
  );
  app.post(
    '/tenants/:tenantId/ledgers',
    {
      schema: {
        summary: 'Creates a ledger of one asset (idempotent)',
        params: tenantParams,
        body: ledgerInputSchema,
        response: { 200: ledgerSchema },
      },
      ...access.write,
    },
    async (request) => ledger.createLedger(access.tenantOf(request), request.body),
  );
  await app.register(ledgerChainRoutes, { ledger, access });
};

/** A ledger's hash chain: its transfers in chain order, and the verification of the chain and balances. */
const ledgerChainRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.get(
    '/tenants/:tenantId/ledgers/:code/transfers',
    {
      schema: {
        summary: "Lists a ledger's transfers in chain order",
        description: 'For clients that verify the hash chain themselves (docs/api.md).',
        params: ledgerParams,
        querystring: ledgerTransfersQuery,
        response: { 200: pageOf(transferSchema) },
      },
      ...access.read,
    },
    async (request) =>
      ledger.listLedgerTransfers(access.tenantOf(request), request.params.code, request.query),
  );
  app.get(
    '/tenants/:tenantId/ledgers/:code/verification',
    {
      schema: {
        summary: "Verifies a ledger's hash chain and recomputes its balances",
        params: ledgerParams,
        response: { 200: verificationSchema },
      },
      ...access.read,
    },
    async (request) => ledger.verifyLedger(access.tenantOf(request), request.params.code),
  );
};
