/** The contracts' `CashLimits` as a zod schema, for the documents. */
import { z } from 'zod';
import { decimalText } from '../wallets/wallets.schemas.ts';

export const cashLimitsSchema = z.object({
  kycLevel: z.number().int(),
  currency: z.literal('EUR'),
  limits: z
    .array(
      z.object({
        operation: z.enum(['deposit', 'withdrawal', 'customerTransfer']),
        limit: decimalText.nullable(),
        used: decimalText,
        remaining: decimalText,
        singleMax: decimalText.nullable(),
      }),
    )
    .readonly(),
});
