/** The contracts' `FxQuote` as a zod schema, for the documents. */
import { z } from 'zod';
import { decimalText } from '../wallets/wallets.schemas.ts';

export const fxQuoteSchema = z.object({
  id: z.string(),
  fromWalletId: z.string(),
  toWalletId: z.string(),
  fromAsset: z.string(),
  toAsset: z.string(),
  side: z.enum(['send', 'receive']),
  rate: decimalText,
  midRate: decimalText,
  amountSent: decimalText,
  amountConverted: decimalText,
  fee: decimalText,
  feeId: z.enum(['conversionFiat', 'conversionCrypto']),
  amountReceived: decimalText,
  createdAt: z.string(),
  expiresAt: z.string(),
});
