/**
 * The identity schema's tables as Kysely sees them (see migrations/0001-identity.ts for the why of each column).
 * int8 columns come back as strings on both engines, timestamps as Date, jsonb parsed.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** The status Cognito reports for a user. */
export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';
/** An MFA method as Cognito names it. */
export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

export interface UsersTable {
  id: string;
  email: string;
  email_verified: Generated<boolean>;
  phone_number: string | null;
  phone_number_verified: Generated<boolean>;
  password_hash: string;
  status: UserStatus;
  enabled: Generated<boolean>;
  groups: Json<string[]>;
  attributes: Json<Record<string, string>>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: ColumnType<string, string | number | undefined, string | number>;
  totp_enabled: Generated<boolean>;
  sms_mfa_enabled: Generated<boolean>;
  preferred_mfa: MfaType | null;
  locale: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CodesTable {
  user_id: string;
  purpose: string;
  code_hash: Buffer;
  destination: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_jwk: Json<Record<string, string>>;
  created_at: Timestamp;
  retired_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

export interface SessionsTable {
  origin_jti: string;
  user_id: string;
  client_id: string;
  auth_time: Timestamp;
  amr: Json<string[]>;
  scope: string;
  device_key: string | null;
  pending_device_key: string | null;
  pending_device_group_key: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  token_hash: Buffer;
  origin_jti: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
}

export interface ChallengesTable {
  session_hash: Buffer;
  user_id: string;
  client_id: string;
  challenge_name: string;
  state: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface DevicesTable {
  device_key: string;
  user_id: string;
  device_group_key: string;
  verifier: string;
  salt: string;
  name: string | null;
  remembered: Generated<boolean>;
  last_ip: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_authenticated_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  locale: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
}

export interface AuthorizationCodesTable {
  code_hash: Buffer;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  amr: Json<string[]>;
  auth_time: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  /** The session the code's exchange started (migration 0002): a replay revokes it. */
  origin_jti: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the code was presented again after its exchange (migration 0002). */
  replayed_at: NullableTimestamp;
}

export interface ThrottlesTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface AuditEventsTable {
  id: Generated<string>;
  user_id: string | null;
  event: string;
  outcome: string;
  ip: string | null;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** The staff audit log (migrations/0003-staff-audit-log.ts): append-only. */
export interface StaffAuditLogTable {
  id: ColumnType<string, never, never>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
  actor_id: string;
  actor_groups: Json<string[]>;
  action: string;
  subject_id: string | null;
  reason: string;
  detail: Json<Record<string, unknown>>;
}

export interface IdentityTables {
  users: UsersTable;
  codes: CodesTable;
  signing_keys: SigningKeysTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  challenges: ChallengesTable;
  devices: DevicesTable;
  outbox: OutboxTable;
  authorization_codes: AuthorizationCodesTable;
  throttles: ThrottlesTable;
  audit_events: AuditEventsTable;
  staff_audit_log: StaffAuditLogTable;
}

/** Kysely over the identity schema (the service's `context.db`, narrowed). */
export type IdentityDb = Kysely<IdentityTables>;

/** The schema this service owns. */
export const IDENTITY_SCHEMA = 'identity';
