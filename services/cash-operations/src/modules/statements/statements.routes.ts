/**
 * GET /wallets/{walletId}/statements and /statements/{month} (docs/api.md, "Cash operations"): a month's statement
 * as JSON or as a CSV download. Signed-in customers only, on their own wallets.
 */
import { principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { walletParamsSchema } from '../wallets/wallets.schemas.ts';
import { requireOwnedWallet } from '../wallets/wallets.service.ts';
import {
  statementMonthListSchema,
  statementParamsSchema,
  statementQuerySchema,
  statementSchema,
} from './statements.schemas.ts';
import { buildStatement, statementCsv, statementMonths } from './statements.service.ts';

const statementAnswer = {
  description: 'The statement: JSON, or with format=csv a CSV attachment',
  content: {
    'application/json': { schema: statementSchema },
    'text/csv': { schema: z.string() },
  },
};

export const statementsRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  requireSignIn(app, context.auth, { reads: true });
  app.get(
    '/wallets/:walletId/statements',
    {
      schema: {
        summary: 'The months that have a statement',
        params: walletParamsSchema,
        response: { 200: statementMonthListSchema },
      },
    },
    async (request) => {
      const wallet = await requireOwnedWallet(core, principalOf(request).userId, request.params.walletId);
      return { months: statementMonths(wallet, core.now()) };
    },
  );
  app.get(
    '/wallets/:walletId/statements/:month',
    {
      schema: {
        summary: "A month's statement (JSON or CSV)",
        params: statementParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementAnswer },
      },
    },
    async (request, reply) => {
      const { walletId, month } = request.params;
      const wallet = await requireOwnedWallet(core, principalOf(request).userId, walletId);
      const statement = await buildStatement(core, wallet, month);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${wallet.asset}-${month}.csv"`)
          .send(statementCsv(statement));
      }
      return statement;
    },
  );
};
