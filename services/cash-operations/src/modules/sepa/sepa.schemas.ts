/** SEPA details, credits and camt.054 imports as zod schemas, for the documents (the contracts' types). */
import { CAMT054_IMPORT_STATUSES } from '@tessera/contracts';
import { z } from 'zod';

export const sepaDepositDetailsSchema = z.object({
  walletId: z.string(),
  iban: z.string(),
  bic: z.string(),
  accountHolder: z.string(),
  reference: z.string(),
});

export const sepaCreditResultSchema = z.object({
  id: z.string(),
  entryReference: z.string(),
  outcome: z.enum(['credited', 'suspense']),
  created: z.boolean(),
  amount: z.string(),
  currency: z.string(),
});

const staffActorSchema = z.object({ userId: z.string(), username: z.string() });

export const camt054ImportSchema = z.object({
  id: z.string(),
  status: z.enum(CAMT054_IMPORT_STATUSES),
  fileSha256: z.string(),
  entries: z.number().int(),
  creditCount: z.number().int(),
  creditTotal: z.string(),
  currency: z.literal('EUR'),
  skipped: z.number().int(),
  uploadedBy: staffActorSchema,
  uploadedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: staffActorSchema.nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  bookedAt: z.string().nullable(),
  result: z
    .object({
      entries: z.number().int(),
      credited: z.number().int(),
      suspense: z.number().int(),
      duplicates: z.number().int(),
      skipped: z.number().int(),
      results: z.array(sepaCreditResultSchema).readonly(),
    })
    .nullable(),
  credits: z
    .array(
      z.object({
        reference: z.string(),
        creditorIban: z.string(),
        amount: z.string(),
        debtorName: z.string().nullable(),
        debtorIban: z.string().nullable(),
        remittance: z.string().nullable(),
        expectedOutcome: z.enum(['credited', 'suspense', 'duplicate']),
      }),
    )
    .readonly()
    .optional(),
});

export const camt054ImportListSchema = z.object({ items: z.array(camt054ImportSchema).readonly() });
