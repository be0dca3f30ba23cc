/**
 * What the identity service tells other services in the same process about its users (docs/adr/0002): enough to
 * send money to another customer by e-mail and to address a notification, nothing about credentials.
 */
import { z } from 'zod';

/** A customer as another customer may see them when sending money: an id and the name to confirm. */
export interface CustomerDirectoryEntry {
  readonly userId: string;
  /** Given and family name when known, else the e-mail's local part. */
  readonly displayName: string;
}

/** A user's contact details, for services that notify them. */
export interface UserContact {
  readonly userId: string;
  readonly email: string;
  readonly displayName: string;
  /** `en` or `fr`. */
  readonly locale: string;
  readonly emailVerified: boolean;
  /** A phone number is set and was verified with a code. */
  readonly phoneVerified: boolean;
  /** When the account was created (ISO time); absent in test doubles. Referrals count the sponsor window from it. */
  readonly signedUpAt?: string;
}

/** The identity service's in-process directory. */
export interface IdentityDirectoryApi {
  /**
   * The confirmed, enabled customer (no staff group) with this e-mail, case and spaces ignored; `null` otherwise.
   * Callers must only use it for a signed-in, verified customer's own money movement (it says who banks here).
   */
  lookupCustomerByEmail(email: string): Promise<CustomerDirectoryEntry | null>;
  /** The user's contact details, or `null` for an unknown id. */
  getContact(userId: string): Promise<UserContact | null>;
  /**
   * Appends one line to the staff audit log (the identity service's append-only table): how a service other than
   * identity records a staff read of customer data, through `auditStaffAccess` of @tessera/platform (which checks
   * the caller is staff and gave a reason). Offered by the identity service; absent in test doubles.
   */
  recordStaffAccess?(record: StaffAccessRecord): Promise<void>;
  /**
   * Queues an e-mail to the customer in their language through the identity service's outbox (it holds their
   * address): a notice of something another service decided, never a code. Offered by the identity service; absent
   * in test doubles.
   */
  emailCustomer?(userId: string, notice: CustomerEmailNotice, value?: string): Promise<void>;
  /**
   * Whether `password` is the enabled customer's current password (closing the account asks for it). Offered by
   * the identity service; absent in test doubles.
   */
  verifyCustomerPassword?(userId: string, password: string): Promise<boolean>;
  /**
   * Closes the customer's sign-in: the user is disabled (sign-in refused) and every session ends at once. Answers
   * what it changed, for {@link enableCustomer} to undo exactly that; `null` when sign-in was already off (or the
   * user is unknown or staff). Offered by the identity service; absent in test doubles.
   */
  disableCustomer?(userId: string): Promise<CustomerDisabling | null>;
  /**
   * Undoes one disableCustomer when closing is refused after all (user management checks again after disabling):
   * sign-in is allowed again, and nothing else changes. The sessions it ended stay ended (every verifier has heard
   * of them), so the customer signs in again. Does nothing, and answers false, when the user changed since (staff
   * disabled them again, for instance). Offered by the identity service; absent in test doubles.
   */
  enableCustomer?(disabling: CustomerDisabling): Promise<boolean>;
}

/** What one disableCustomer changed: the user's sign-in turned off at `disabledAt` (ISO time). */
export interface CustomerDisabling {
  readonly userId: string;
  readonly disabledAt: string;
}

/**
 * The e-mails other services send a customer: the outcome of their identity verification, an invitation to act on
 * another customer's account (`value`: that customer's name), and the notifications they chose to receive by e-mail
 * (`value`: an amount with its asset, `100.00 EUR`, or a product, `BTC-EUR`).
 */
export type CustomerEmailNotice =
  'kycApproved' | 'kycRejected' | 'kycMoreInfoRequested' | 'delegateInvited' | AccountNotificationEmail;

/** The notification e-mails (user management's notifications module). */
export const ACCOUNT_NOTIFICATION_EMAILS = [
  'notificationDepositReceived',
  'notificationDepositSettled',
  'notificationWithdrawalSent',
  'notificationWithdrawalRejected',
  'notificationTransferReceived',
  'notificationOrderFilled',
  'notificationBalanceBelow',
  'notificationBalanceAbove',
  'notificationReferralReward',
  'notificationPlanSkipped',
] as const;
export type AccountNotificationEmail = (typeof ACCOUNT_NOTIFICATION_EMAILS)[number];

/** One line of the staff audit log as a service hands it over (the shape of StaffAuditLog.record's argument). */
export interface StaffAccessRecord {
  readonly actorId: string;
  readonly actorGroups: readonly string[];
  /** `area.verb`: `customer.search`, `customer.view`, `customer.wallets`... */
  readonly action: string;
  readonly subjectId?: string | null;
  /** The case or ticket reference. */
  readonly reason: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

/**
 * The header a staff read carries its case or ticket reference in (docs/api.md, "Staff reads of customer data"):
 * the console asks for it when a staff member opens a customer, and the services record it with each read.
 */
export const STAFF_REASON_HEADER = 'x-staff-reason';

/**
 * A case or ticket reference: 3 to 40 characters, letters A to Z (either case), digits and `. _ : / # -`, starting
 * with a letter or a digit (`CASE-1042`, `ZD#58213`, `kyc:<case id>`). No spaces, so it reads the same everywhere.
 */
export const STAFF_CASE_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/#-]{2,39}$/;

/**
 * The `x-staff-reason` header as a route documents it (wrap it in documentOnly of @tessera/platform: the route checks
 * the reference itself, so a missing or malformed one is STAFF_REASON_REQUIRED rather than VALIDATION_FAILED).
 */
export const staffReasonHeadersSchema = z
  .object({
    [STAFF_REASON_HEADER]: z
      .string()
      .regex(STAFF_CASE_REFERENCE_PATTERN)
      .describe('The case or ticket reference (3 to 40 characters: letters, digits, . _ : / # -)'),
  })
  .passthrough();

/** The case or ticket reference of a staff read's headers, or `null` when missing or not in the format above. */
export function staffCaseReferenceOf(headers: Readonly<Record<string, unknown>>): string | null {
  const value = headers[STAFF_REASON_HEADER];
  if (typeof value !== 'string') {
    return null;
  }
  const reference = value.trim();
  return STAFF_CASE_REFERENCE_PATTERN.test(reference) ? reference : null;
}

/**
 * The identity service's directory: `context.clients?.find(IDENTITY_CLIENT)` where a service can do without it
 * (display names), `get` where it cannot (a transfer by e-mail).
 */
export const IDENTITY_CLIENT: { readonly service: 'identity'; readonly __client?: IdentityDirectoryApi } = {
  service: 'identity',
};
