/** The contracts' `Withdrawal` and `WithdrawalPage` as zod schemas, for the documents. */
import { z } from 'zod';

export const withdrawalSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  beneficiaryId: z.string(),
  rail: z.enum(['sepa', 'crypto']),
  destination: z.string(),
  beneficiaryName: z.string(),
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(['pending', 'posted', 'voided']),
  railReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const withdrawalPageSchema = z.object({
  items: z.array(withdrawalSchema).readonly(),
  nextCursor: z.string().nullable(),
});
