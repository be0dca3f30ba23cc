/** The contracts' `CashTransfer` as a zod schema, for the documents. */
import { ACTIVITY_STATUSES } from '@tessera/contracts';
import { z } from 'zod';
import { decimalText } from '../wallets/wallets.schemas.ts';

export const cashTransferSchema = z.object({
  id: z.string(),
  kind: z.enum(['own_transfer', 'conversion', 'customer_transfer']),
  status: z.enum(ACTIVITY_STATUSES),
  fromWalletId: z.string(),
  toWalletId: z.string().nullable(),
  amountSent: decimalText,
  assetSent: z.string(),
  amountReceived: decimalText,
  assetReceived: z.string(),
  fee: decimalText,
  rate: decimalText.nullable(),
  quoteId: z.string().nullable(),
  recipient: z.object({ displayName: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
