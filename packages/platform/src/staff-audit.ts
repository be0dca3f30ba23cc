/**
 * The staff audit log (docs/security.md, "Staff console"): every staff read of, or action on, a customer's data is
 * written down with who did it, what, on whom, when and why (the case or ticket reference the staff member gave when
 * opening the customer). The identity service owns the append-only table (a trigger refuses UPDATE, DELETE and
 * TRUNCATE); a service records through {@link auditStaffAccess}, before it answers, so nothing is read unrecorded.
 */
import type { Principal } from './auth.ts';
import { STAFF_GROUPS } from './auth.ts';
import { defineError } from './errors.ts';

/** One line of the audit log as a service writes it. */
export interface StaffAuditEntry {
  /** What was done, `area.verb` (`staff.invite`, `customer.view`, `kyc.approve`...). */
  readonly action: string;
  /** The customer (or staff member) concerned, when there is one. */
  readonly subjectId?: string | null;
  /** The case or ticket reference the staff member gave. */
  readonly reason: string;
  /** Small, non-secret facts (the groups given, the filter used); never a document or a password. */
  readonly detail?: Readonly<Record<string, unknown>>;
}

/** Where entries go: the identity service's table in this process (createStaffAuditLog there). */
export interface StaffAuditLog {
  record(
    entry: StaffAuditEntry & { readonly actorId: string; readonly actorGroups: readonly string[] },
  ): Promise<void>;
}

export const StaffReasonRequiredError = defineError(
  'STAFF_REASON_REQUIRED',
  400,
  'Give the case or ticket reference this is for.',
);
export const StaffOnlyError = defineError('STAFF_ONLY', 403, 'Only staff may do this.');

/** The longest reason kept (a ticket reference or a short sentence). */
export const STAFF_REASON_MAX = 200;

/**
 * Records a staff member's read or action on customer data. Refuses (and records nothing) when the caller is no
 * staff member or gave no reason; call it before answering, so a failed write fails the request.
 */
export async function auditStaffAccess(
  log: StaffAuditLog,
  principal: Principal,
  entry: StaffAuditEntry,
): Promise<void> {
  if (!principal.groups.some((group) => (STAFF_GROUPS as readonly string[]).includes(group))) {
    throw new StaffOnlyError();
  }
  const reason = entry.reason.trim();
  if (reason.length === 0 || reason.length > STAFF_REASON_MAX) {
    throw new StaffReasonRequiredError();
  }
  await log.record({ ...entry, reason, actorId: principal.userId, actorGroups: principal.groups });
}
