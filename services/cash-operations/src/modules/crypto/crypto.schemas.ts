/** The crypto networks and the simulator's answers as zod schemas, for the documents. */
import { RAIL_CRYPTO_ASSETS } from '@tessera/contracts';
import { z } from 'zod';

const chainSchema = z.enum(['bitcoin', 'ethereum']);

export const cryptoNetworksSchema = z.object({
  items: z
    .array(
      z.object({
        chain: chainSchema,
        assets: z.array(z.enum(RAIL_CRYPTO_ASSETS)).readonly(),
        confirmationsRequired: z.number().int(),
        tipHeight: z.number().int(),
        blockIntervalMs: z.number().int().nullable(),
      }),
    )
    .readonly(),
});

export const simulatedCryptoTransactionSchema = z.object({
  chain: chainSchema,
  txHash: z.string(),
  depositId: z.string().nullable(),
});

export const producedBlocksSchema = z.object({ chain: chainSchema, tipHeight: z.number().int() });
