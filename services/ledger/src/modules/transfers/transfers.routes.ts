/** A tenant's transfers (docs/api.md, "Ledger"): recording one or a batch, and reading one back. */
import type { TransferInput } from '@tessera/contracts';
import type { ServiceRoutes } from '@tessera/platform';
import type { LedgerRouteOptions } from '../ledger/ledger.routes.ts';
import {
  batchResultsOf,
  tenantParams,
  transferBatchBody,
  transferInputSchema,
  transferParams,
  transferSchema,
  transferViewSchema,
} from '../ledger/ledger.schemas.ts';
import { sendWritten } from '../ledger/tenant-access.ts';

export const transferRoutes: ServiceRoutes<LedgerRouteOptions> = async (app, { ledger, access }) => {
  app.post(
    '/tenants/:tenantId/transfers',
    {
      schema: {
        summary: 'Records a transfer (the id is the idempotency key)',
        params: tenantParams,
        body: transferInputSchema,
        response: { 201: transferSchema, 200: transferSchema },
      },
      ...access.write,
    },
    async (request, reply) => {
      // The engine parses the transfer again (its transforms are idempotent): one path for single and batched.
      const [result] = await ledger.createTransfers(access.tenantOf(request), [
        request.body as TransferInput,
      ]);
      return sendWritten(reply, result!);
    },
  );
  app.post(
    '/tenants/:tenantId/transfers/batch',
    {
      schema: {
        summary: 'Records a batch of transfers in one database transaction, one result per transfer',
        params: tenantParams,
        body: transferBatchBody,
        response: { 200: batchResultsOf(transferSchema) },
      },
      ...access.writeBeforeBody,
    },
    async (request) => ({
      results: await ledger.createTransfers(
        access.tenantOf(request),
        request.body.transfers as TransferInput[],
      ),
    }),
  );
  app.get(
    '/tenants/:tenantId/transfers/:transferId',
    {
      schema: {
        summary: 'Reads a transfer, with where it stands when it is pending',
        params: transferParams,
        response: { 200: transferViewSchema },
      },
      ...access.read,
    },
    async (request) => ledger.getTransfer(access.tenantOf(request), request.params.transferId),
  );
};
