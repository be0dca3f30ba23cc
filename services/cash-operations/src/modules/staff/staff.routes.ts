/**
 * HTTP under /api/cash-operations/staff (docs/api.md, "Customer lookup"): what a support agent or an admin sees of a
 * customer's money, read-only: the wallets with their balances (from the ledger) and IBANs, the KYC level and the
 * limits it gives, the latest activity; and which customer an IBAN belongs to. The group is checked before
 * anything else (403 FORBIDDEN), then the case or ticket reference of the `x-staff-reason` header; every read is
 * written to the staff audit log (the identity service's, through its client) before the answer.
 */
import { staffCaseReferenceOf, staffReasonHeadersSchema, textSchema } from '@tessera/contracts';
import {
  auditStaffAccess,
  documentOnly,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceRoutes,
  type StaffAuditLog,
} from '@tessera/platform';
import { z } from 'zod';
import type { CashCore } from '../accounts/cash-core.ts';
import type { CashRoutesOptions } from '../accounts/routes-options.ts';
import { activityItemSchema } from '../activity/activity.schemas.ts';
import { buildSummary } from '../activity/summary.service.ts';
import { cashLimitsSchema } from '../limits/limits.schemas.ts';
import { getLimits } from '../limits/limits.service.ts';
import { findWalletByIban } from '../wallets/wallets.repository.ts';
import { listCustomerWallets } from '../wallets/wallets.service.ts';
import { walletSchema } from '../wallets/wallets.schemas.ts';

/** The groups that may look customers up (PRODUCT.md: support agents; admins see everything). */
const CUSTOMER_LOOKUP_GROUPS = ['support_agent', 'admin'] as const;

/** Documented only: the handler checks the reference itself (STAFF_REASON_REQUIRED, not VALIDATION_FAILED). */
const reasonHeaders = documentOnly(staffReasonHeadersSchema);

const customerParams = z.object({ userId: z.uuid() });
/** An IBAN as a person types it: spaces allowed, any case (34 characters at most, with a space every 4). */
const ibanQuery = z.object({ iban: textSchema({ min: 5, max: 42 }) }).strict();

const customerMoneySchema = z.object({
  userId: z.string(),
  kycLevel: z.number().int(),
  kycStatus: z.string(),
  referenceCurrency: z.string(),
  total: z
    .string()
    .describe("every wallet's posted balance valued in the reference currency at the mid rate"),
  wallets: z.array(walletSchema).readonly(),
  limits: cashLimitsSchema,
  recentActivity: z.array(activityItemSchema).readonly(),
  asOf: z.string(),
});

const ibanMatchSchema = z.object({
  items: z.array(
    z.object({
      userId: z.string(),
      walletId: z.string(),
      asset: z.string(),
      name: z.string(),
      iban: z.string(),
    }),
  ),
});

/** The staff audit log of the identity service, through its in-process client. */
function staffAuditLogOf(core: CashCore): StaffAuditLog {
  return {
    async record(entry) {
      const record = core.directory?.recordStaffAccess;
      if (!record) {
        // Without the identity service nothing can be recorded, so nothing is read.
        throw new Error('The staff audit log (identity service) is not available in this process.');
      }
      await record(entry);
    },
  };
}

export const staffRoutes: ServiceRoutes<CashRoutesOptions> = async (app, { context, core }) => {
  const auditLog = staffAuditLogOf(core);
  requireSignIn(app, context.auth);
  // Support agents and admins only, before any parameter is looked at.
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...CUSTOMER_LOOKUP_GROUPS);
  });

  app.get(
    '/staff/customers/:userId',
    {
      schema: {
        summary:
          "A customer's wallets with balances and IBANs, KYC level and limits, latest activity (support agents and admins; audited)",
        description: 'Read-only. Needs the x-staff-reason header (STAFF_REASON_REQUIRED).',
        params: customerParams,
        headers: reasonHeaders,
        response: { 200: customerMoneySchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'customer.wallets',
        subjectId: userId,
        reason: staffCaseReferenceOf(request.headers) ?? '',
      });
      // The summary brings the wallets' activity up to date with the ledger first, as the customer's home does.
      const summary = await buildSummary(core, userId);
      const [profile, wallets, limits] = await Promise.all([
        core.customers.getCustomer(userId),
        listCustomerWallets(core, userId),
        getLimits(core, userId),
      ]);
      return {
        userId,
        kycLevel: profile.kycLevel,
        kycStatus: profile.kycStatus,
        referenceCurrency: summary.referenceCurrency,
        total: summary.total,
        wallets,
        limits,
        recentActivity: summary.recentActivity,
        asOf: summary.asOf,
      };
    },
  );

  app.get(
    '/staff/wallets',
    {
      schema: {
        summary: 'The customer whose wallet has this IBAN (support agents and admins; audited)',
        description: 'Spaces and case are ignored. Needs the x-staff-reason header (STAFF_REASON_REQUIRED).',
        querystring: ibanQuery,
        headers: reasonHeaders,
        response: { 200: ibanMatchSchema },
      },
    },
    async (request) => {
      const iban = request.query.iban.replace(/\s+/g, '').toUpperCase();
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'customer.search',
        reason: staffCaseReferenceOf(request.headers) ?? '',
        detail: { iban },
      });
      const wallet = await findWalletByIban(core.db, iban);
      return {
        items: wallet?.iban
          ? [
              {
                userId: wallet.user_id,
                walletId: wallet.id,
                asset: wallet.asset,
                name: wallet.name,
                iban: wallet.iban,
              },
            ]
          : [],
      };
    },
  );
};
