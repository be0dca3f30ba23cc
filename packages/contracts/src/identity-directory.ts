/**
 * What the identity service tells other services in the same process about its users (docs/adr/0002): enough to
 * send money to another customer by e-mail and to address a notification, nothing about credentials.
 */

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
}

/**
 * The identity service's directory: `context.clients?.find(IDENTITY_CLIENT)` where a service can do without it
 * (display names), `get` where it cannot (a transfer by e-mail).
 */
export const IDENTITY_CLIENT: { readonly service: 'identity'; readonly __client?: IdentityDirectoryApi } = {
  service: 'identity',
};
