/** Saved cards, card deposits and the simulator's card tokens as zod schemas, for the documents. */
import { CARD_DEPOSIT_STATUSES } from '@tessera/contracts';
import { z } from 'zod';

export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export const savedCardListSchema = z.object({ items: z.array(savedCardSchema).readonly() });

export const cardDepositSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  status: z.enum(CARD_DEPOSIT_STATUSES),
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  charged: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
  actionUrl: z.string().nullable(),
  declineCode: z.string().nullable(),
  createdAt: z.string(),
});

export const cardTokenSchema = z.object({
  token: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  }),
});
