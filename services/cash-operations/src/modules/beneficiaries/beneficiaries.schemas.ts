/** The contracts' `Beneficiary` as a zod schema, for the documents. */
import { RAIL_CRYPTO_ASSETS, textSchema } from '@tessera/contracts';
import { z } from 'zod';

/** `:id` of the rails' routes (beneficiary, card, deposit, import, withdrawal). */
export const railIdParamsSchema = z.object({ id: textSchema({ min: 1, max: 64 }) });

export const beneficiarySchema = z.object({
  id: z.string(),
  kind: z.enum(['iban', 'crypto']),
  name: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  asset: z.enum(RAIL_CRYPTO_ASSETS).nullable(),
  chain: z.enum(['bitcoin', 'ethereum']).nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});

export const beneficiaryListSchema = z.object({ items: z.array(beneficiarySchema).readonly() });

/** 204: no body. */
export const noContentSchema = z.null().describe('No content');
