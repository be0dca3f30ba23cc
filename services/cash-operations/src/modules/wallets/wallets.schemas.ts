/**
 * The wallets' answers as zod schemas, for the routes' documents (docs/api.md, "Cash operations"). They follow the
 * contracts' `Wallet` types field for field; answers are serialized as plain JSON, never through these.
 */
import { CASH_ASSET_CODES, CRYPTO_CHAINS, WALLET_KINDS } from '@tessera/contracts';
import { z } from 'zod';

/** `:walletId` of the wallet routes (any text up to 64: an unknown id is a 404, not a 400). */
export const walletParamsSchema = z.object({ walletId: z.string().max(64) });

/** A decimal string in the asset's minor units' scale. */
export const decimalText = z.string().describe('a decimal string');

export const walletBalanceSchema = z.object({
  available: decimalText,
  posted: decimalText,
  pendingIncoming: decimalText,
  pendingOutgoing: decimalText,
});

export const walletSchema = z.object({
  id: z.string(),
  asset: z.enum(CASH_ASSET_CODES),
  assetKind: z.enum(['fiat', 'crypto']),
  scale: z.number().int(),
  name: z.string(),
  kind: z.enum(WALLET_KINDS),
  status: z.enum(['open', 'frozen', 'closed']),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  depositAddress: z.object({ chain: z.enum(CRYPTO_CHAINS), address: z.string() }).nullable(),
  balance: walletBalanceSchema,
  createdAt: z.string(),
});

export const walletListSchema = z.object({ items: z.array(walletSchema).readonly() });
