/**
 * Activity and the home summary as zod schemas, for the routes' documents (the contracts' `ActivityItem`,
 * `ActivityPage` and `CashSummary`, field for field).
 */
import {
  ACTIVITY_KINDS,
  ACTIVITY_STATUSES,
  CRYPTO_CHAINS,
  PENDING_SETTLEMENTS,
  WALLET_KINDS,
} from '@tessera/contracts';
import { z } from 'zod';
import { decimalText } from '../wallets/wallets.schemas.ts';

export const activityDetailsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card_deposit'), brand: z.string(), last4: z.string() }),
  z.object({ type: z.literal('sepa_deposit'), sender: z.string().nullable() }),
  z.object({
    type: z.literal('crypto_deposit'),
    chain: z.enum(CRYPTO_CHAINS),
    txHash: z.string().nullable(),
    confirmations: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('conversion'), from: z.string(), to: z.string(), rate: z.string() }),
  z.object({ type: z.literal('trade'), product: z.string() }),
  z.object({ type: z.literal('fee'), feeId: z.string() }),
]);

export const pendingInfoSchema = z.object({
  settledBy: z.enum(PENDING_SETTLEMENTS),
  expectedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  confirmations: z.object({ current: z.number().int(), required: z.number().int() }).nullable(),
});

export const activityItemSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  status: z.enum(ACTIVITY_STATUSES),
  amount: decimalText.describe('signed: positive in, negative out; excludes the fee'),
  asset: z.string(),
  fee: decimalText.nullable(),
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
  details: activityDetailsSchema.nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  pending: pendingInfoSchema.nullable(),
});

export const activityPageSchema = z.object({
  items: z.array(activityItemSchema).readonly(),
  nextCursor: z.string().nullable(),
});

export const cashSummarySchema = z.object({
  referenceCurrency: z.string(),
  total: decimalText,
  rates: z.array(z.object({ asset: z.string(), rate: decimalText, asOf: z.string() })).readonly(),
  wallets: z
    .array(
      z.object({
        walletId: z.string(),
        asset: z.string(),
        name: z.string(),
        kind: z.enum(WALLET_KINDS),
        available: decimalText,
        posted: decimalText,
        valueInReference: decimalText,
      }),
    )
    .readonly(),
  recentActivity: z.array(activityItemSchema).readonly(),
  asOf: z.string(),
});
