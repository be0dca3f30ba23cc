/** Statements as zod schemas: the routes' params and query, and the contracts' `Statement` for the documents. */
import { ACTIVITY_KINDS, statementMonthSchema } from '@tessera/contracts';
import { z } from 'zod';
import { activityDetailsSchema } from '../activity/activity.schemas.ts';
import { decimalText, walletParamsSchema } from '../wallets/wallets.schemas.ts';

export const statementParamsSchema = walletParamsSchema.extend({ month: statementMonthSchema });
export const statementQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

export const statementMonthListSchema = z.object({
  months: z.array(z.string()).readonly().describe('newest first, YYYY-MM'),
});

export const statementSchema = z.object({
  walletId: z.string(),
  walletName: z.string(),
  asset: z.string(),
  iban: z.string().nullable(),
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  openingBalance: decimalText,
  closingBalance: decimalText,
  totalIn: decimalText,
  totalOut: decimalText,
  entries: z
    .array(
      z.object({
        transferId: z.string(),
        operationId: z.string().nullable(),
        postedAt: z.string(),
        kind: z.enum(ACTIVITY_KINDS),
        description: z.string(),
        details: activityDetailsSchema.nullable(),
        amount: decimalText,
        balanceAfter: decimalText,
        ledgerSequence: z.string(),
      }),
    )
    .readonly(),
  chainCheck: z.object({ ledger: z.string(), sequence: z.string(), hash: z.string() }).nullable(),
  generatedAt: z.string(),
});
