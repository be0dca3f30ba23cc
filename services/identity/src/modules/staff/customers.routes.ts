/**
 * HTTP under /api/identity/staff/customers (docs/api.md, "Customer lookup"): support agents and admins find a
 * customer by e-mail or name and read who they are (name, e-mail, sign-up date, verification state). Read-only.
 * The group is checked before anything else (403 FORBIDDEN), then the case or ticket reference of the
 * `x-staff-reason` header, and every read is written to the staff audit log, with that reference, before the answer.
 */
import { staffCaseReferenceOf, staffReasonHeadersSchema, textSchema } from '@tessera/contracts';
import {
  auditStaffAccess,
  defineError,
  documentOnly,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
} from '@tessera/platform';
import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { IdentityRuntime } from '../../runtime.ts';
import type { UsersTable } from '../../database.ts';
import { createStaffAuditLog } from './staff-audit-log.ts';

export const StaffCustomerNotFoundError = defineError('STAFF_CUSTOMER_NOT_FOUND', 404, 'No such customer.');

/** The groups that may look customers up (PRODUCT.md: support agents; admins see everything). */
export const CUSTOMER_LOOKUP_GROUPS = ['support_agent', 'admin'] as const;

/** The most customers one search returns. */
export const CUSTOMER_SEARCH_MAX = 20;

const searchQuery = z
  .object({
    /** Part of an e-mail address or of a name (given, family, or both), 2 to 100 characters. */
    q: textSchema({ min: 2, max: 100 }),
  })
  .strict();

const idParams = z.object({ id: z.uuid() });

/** Documented only: the handler checks the reference itself (STAFF_REASON_REQUIRED, not VALIDATION_FAILED). */
const reasonHeaders = documentOnly(staffReasonHeadersSchema);

const customerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  signedUpAt: z.string(),
});

const customerProfileSchema = customerSummarySchema.extend({
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  locale: z.string(),
  status: z.string().describe('CONFIRMED, UNCONFIRMED, RESET_REQUIRED...'),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
});

type UserView = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'email'
  | 'attributes'
  | 'created_at'
  | 'locale'
  | 'status'
  | 'enabled'
  | 'email_verified'
  | 'phone_number'
  | 'phone_number_verified'
>;

function attribute(user: Pick<UserView, 'attributes'>, name: string): string | null {
  const value = (user.attributes as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim().length > 0 ? value : null;
}

function summaryOf(user: UserView) {
  const name = [attribute(user, 'given_name'), attribute(user, 'family_name')].filter(Boolean).join(' ');
  return {
    id: user.id,
    email: user.email,
    name: name || null,
    signedUpAt: user.created_at.toISOString(),
  };
}

function profileOf(user: UserView) {
  return {
    ...summaryOf(user),
    givenName: attribute(user, 'given_name'),
    familyName: attribute(user, 'family_name'),
    locale: user.locale,
    status: user.status,
    enabled: user.enabled,
    emailVerified: user.email_verified,
    phoneNumber: user.phone_number,
    phoneVerified: user.phone_number !== null && user.phone_number_verified,
  };
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type CustomerLookupRoutesOptions = {
  readonly runtime: IdentityRuntime;
  readonly context: ServiceContext;
};

export const customerLookupRoutes: ServiceRoutes<CustomerLookupRoutesOptions> = async (
  app,
  { runtime, context },
) => {
  const db = runtime.db;
  const auditLog = createStaffAuditLog(db);
  requireSignIn(app, context.auth);
  // Support agents and admins only, before any parameter is looked at.
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...CUSTOMER_LOOKUP_GROUPS);
  });

  const customers = () =>
    db
      .selectFrom('users')
      .select([
        'id',
        'email',
        'attributes',
        'created_at',
        'locale',
        'status',
        'enabled',
        'email_verified',
        'phone_number',
        'phone_number_verified',
      ])
      // Customers only: a staff member is never "found" here.
      .where((eb) => eb(eb.fn('jsonb_array_length', ['groups']), '=', 0));

  app.get(
    '/api/identity/staff/customers',
    {
      schema: {
        summary: 'Finds customers by part of their e-mail or name (support agents and admins; audited)',
        description: `At most ${CUSTOMER_SEARCH_MAX}, by e-mail. Needs the x-staff-reason header (STAFF_REASON_REQUIRED).`,
        querystring: searchQuery,
        headers: reasonHeaders,
        response: { 200: z.object({ items: z.array(customerSummarySchema) }) },
      },
    },
    async (request) => {
      const q = request.query.q;
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'customer.search',
        reason: staffCaseReferenceOf(request.headers) ?? '',
        detail: { q },
      });
      const pattern = containing(q.toLowerCase());
      const rows = await customers()
        .where((eb) =>
          eb.or([
            eb('email', 'like', pattern),
            eb(sql<string>`lower(coalesce(attributes->>'given_name', ''))`, 'like', pattern),
            eb(sql<string>`lower(coalesce(attributes->>'family_name', ''))`, 'like', pattern),
            eb(
              sql<string>`lower(coalesce(attributes->>'given_name', '') || ' ' || coalesce(attributes->>'family_name', ''))`,
              'like',
              pattern,
            ),
          ]),
        )
        .orderBy('email')
        .limit(CUSTOMER_SEARCH_MAX)
        .execute();
      return { items: rows.map((row) => summaryOf(row)) };
    },
  );

  app.get(
    '/api/identity/staff/customers/:id',
    {
      schema: {
        summary:
          "A customer's profile: name, e-mail, sign-up date, verification (support agents and admins; audited)",
        description: 'Needs the x-staff-reason header (STAFF_REASON_REQUIRED).',
        params: idParams,
        headers: reasonHeaders,
        response: { 200: customerProfileSchema },
      },
    },
    async (request) => {
      const reason = staffCaseReferenceOf(request.headers) ?? '';
      // The reason is checked (and the read recorded) before anything is looked up: no answer without a reason.
      await auditStaffAccess(auditLog, principalOf(request), {
        action: 'customer.view',
        subjectId: request.params.id,
        reason,
      });
      const row = await customers().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) {
        throw new StaffCustomerNotFoundError();
      }
      return profileOf(row);
    },
  );
};
