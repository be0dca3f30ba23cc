/**
 * The zod schemas of the ledger's HTTP routes (docs/api.md, "Ledger"): the path and query parts the routes
 * validate, and the answers they document. The answers mirror the types of packages/contracts/src/ledger.ts
 * (Tenant, Ledger, Account, TransferView, LedgerVerification, LedgerPage, LedgerResult); they are documentation
 * only (the platform serializes plain JSON), so keep them in step with those types.
 */
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  LEDGER_BATCH_MAX,
  accountInputSchema,
  textSchema,
  transferInputSchema,
} from '@tessera/contracts';
import { z } from 'zod';

/** An id or code in the path or the query: the shared text rules, kept as sent (the ids are exact keys). */
const idText = (max: number) => textSchema({ max, trim: false });
const limitQuery = z.coerce.number().int().optional();

export const tenantParams = z.object({ tenantId: idText(63) });
export const accountParams = tenantParams.extend({ accountId: idText(64) });
export const ledgerParams = tenantParams.extend({ code: idText(16) });
export const transferParams = tenantParams.extend({ transferId: idText(64) });

export const ledgerTransfersQuery = z.object({ afterSequence: idText(20).optional(), limit: limitQuery });
export const accountsQuery = z.object({
  ownerId: idText(128).optional(),
  ledger: idText(16).optional(),
  cursor: idText(64).optional(),
  limit: limitQuery,
});
export const balanceQuery = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export const historyQuery = z.object({ cursor: idText(64).optional(), limit: limitQuery });

/**
 * A batch body: 1 to LEDGER_BATCH_MAX items, each checked by the engine (one result per item, in order), so an
 * item's problem is a rejected result, not a refusal of the whole batch.
 */
export const accountBatchBody = z
  .object({ accounts: z.array(z.unknown()).min(1).max(LEDGER_BATCH_MAX) })
  .describe(`1 to ${LEDGER_BATCH_MAX} accounts, each as POST /tenants/{tenantId}/accounts takes it`);
export const transferBatchBody = z
  .object({ transfers: z.array(z.unknown()).min(1).max(LEDGER_BATCH_MAX) })
  .describe(`1 to ${LEDGER_BATCH_MAX} transfers, each as POST /tenants/{tenantId}/transfers takes it`);

export { accountInputSchema, transferInputSchema };

const balanceSchema = z.object({
  debitsPending: z.string(),
  debitsPosted: z.string(),
  creditsPending: z.string(),
  creditsPosted: z.string(),
  posted: z.string(),
  available: z.string(),
});

export const tenantSchema = z.object({
  id: z.string(),
  ownerUserId: z.string().nullable(),
  createdAt: z.string(),
});

export const ledgerSchema = z.object({
  tenantId: z.string(),
  code: z.string(),
  assetKind: z.enum(['fiat', 'crypto', 'security', 'fund_unit']),
  scale: z.number().int(),
  headSequence: z.string(),
  headHash: z.string(),
  createdAt: z.string(),
});

export const accountSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  ledger: z.string(),
  ownerId: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  flags: z.object({ debitsMustNotExceedCredits: z.boolean(), creditsMustNotExceedDebits: z.boolean() }),
  status: z.enum(ACCOUNT_STATUSES),
  metadata: z.record(z.string(), z.string()),
  balance: balanceSchema,
  createdAt: z.string(),
});

const transferSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  ledger: z.string(),
  sequence: z.string(),
  debitAccountId: z.string(),
  creditAccountId: z.string(),
  amount: z.string(),
  pendingId: z.string().nullable(),
  timeoutSeconds: z.number().int(),
  code: z.number().int(),
  flags: z.object({
    linked: z.boolean(),
    pending: z.boolean(),
    postPendingTransfer: z.boolean(),
    voidPendingTransfer: z.boolean(),
    expiredPendingTransfer: z.boolean(),
  }),
  metadata: z.record(z.string(), z.string()),
  timestamp: z.string(),
  expiresAt: z.string().nullable(),
  hash: z.string(),
  debitAccountBalanceAfter: balanceSchema,
  creditAccountBalanceAfter: balanceSchema,
});

/** A transfer read back, with where it stands when it is a pending transfer. */
export const transferViewSchema = z.object({
  transfer: transferSchema,
  pendingStatus: z.enum(['pending', 'posted', 'voided', 'expired']).nullable(),
});

/** A written transfer: the transfer itself (201 new, 200 the first result of a retry). */
export { transferSchema };

export const verificationSchema = z.object({
  tenantId: z.string(),
  ledger: z.string(),
  ok: z.boolean(),
  transfersChecked: z.number().int(),
  accountsChecked: z.number().int(),
  headSequence: z.string(),
  headHash: z.string(),
  totals: z.object({
    debitsPosted: z.string(),
    creditsPosted: z.string(),
    debitsPending: z.string(),
    creditsPending: z.string(),
  }),
  problems: z.array(z.object({ kind: z.string() }).catchall(z.unknown())).readonly(),
});

/** A page of a list; `nextCursor` is null on the last page. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item).readonly(), nextCursor: z.string().nullable() });

export const itemsOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item).readonly() });

const ledgerErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
});

/** One result per item of a batch, in the order sent. */
export const batchResultsOf = <Value extends z.ZodType>(value: Value) =>
  z.object({
    results: z.array(
      z.discriminatedUnion('status', [
        z.object({ status: z.literal('created'), value }),
        z.object({ status: z.literal('exists'), value }),
        z.object({ status: z.literal('rejected'), error: ledgerErrorBodySchema }),
      ]),
    ),
  });
