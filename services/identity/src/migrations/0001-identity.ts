/**
 * The identity schema: users and their credentials, verification codes, sign-in sessions and refresh tokens,
 * signing keys, sign-in challenges, remembered devices, the outbox of e-mails and SMS, the hosted login's
 * authorization codes, throttling counters and the audit log.
 *
 * Secrets are never stored as given: passwords as argon2id hashes, refresh tokens, challenge sessions,
 * authorization codes and one-time codes as SHA-256 digests (they are random, so a fast digest suffices).
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

/** Users and their one-time codes. */
async function usersAndCodes(db: AnyKysely): Promise<void> {
  await sql`
      create table users (
        id uuid primary key,
        email text not null unique,
        email_verified boolean not null default false,
        phone_number text,
        phone_number_verified boolean not null default false,
        password_hash text not null,
        status text not null check (status in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')),
        enabled boolean not null default true,
        groups jsonb not null default '[]',
        attributes jsonb not null default '{}',
        totp_secret text,
        totp_pending_secret text,
        totp_last_step bigint not null default 0,
        totp_enabled boolean not null default false,
        sms_mfa_enabled boolean not null default false,
        preferred_mfa text check (preferred_mfa in ('SMS_MFA', 'SOFTWARE_TOKEN_MFA')),
        locale text not null default 'en',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table codes (
        user_id uuid not null references users (id) on delete cascade,
        purpose text not null,
        code_hash bytea not null,
        destination text not null,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        primary key (user_id, purpose)
      );

  `.execute(db);
}

/** Signing keys, sign-in sessions and refresh tokens. */
async function signingKeysSessionsAndRefreshTokens(db: AnyKysely): Promise<void> {
  await sql`
      create table signing_keys (
        kid text primary key,
        private_key_pem text not null,
        public_jwk jsonb not null,
        created_at timestamptz not null default now(),
        retired_at timestamptz,
        expires_at timestamptz
      );

      create table sessions (
        origin_jti uuid primary key,
        -- No foreign key: a deleted user's revoked sessions stay, so other processes still see the revocation.
        user_id uuid not null,
        client_id text not null,
        auth_time timestamptz not null,
        amr jsonb not null default '["pwd"]',
        scope text not null,
        device_key text,
        pending_device_key text,
        pending_device_group_key text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index sessions_user on sessions (user_id);
      create index sessions_revoked on sessions (revoked_at) where revoked_at is not null;

      create table refresh_tokens (
        token_hash bytea primary key,
        origin_jti uuid not null references sessions (origin_jti) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        rotated_at timestamptz
      );
      create index refresh_tokens_session on refresh_tokens (origin_jti);

  `.execute(db);
}

/** Sign-in challenges and remembered devices. */
async function challengesAndDevices(db: AnyKysely): Promise<void> {
  await sql`
      create table challenges (
        session_hash bytea primary key,
        user_id uuid not null references users (id) on delete cascade,
        client_id text not null,
        challenge_name text not null,
        state jsonb not null default '{}',
        attempts integer not null default 0,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index challenges_expiry on challenges (expires_at);

      create table devices (
        device_key text primary key,
        user_id uuid not null references users (id) on delete cascade,
        device_group_key text not null,
        verifier text not null,
        salt text not null,
        name text,
        remembered boolean not null default false,
        last_ip text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_authenticated_at timestamptz not null default now()
      );
      create index devices_user on devices (user_id, created_at, device_key);

  `.execute(db);
}

/** The outbox of e-mails and SMS, and the hosted login's authorization codes. */
async function outboxAndAuthorizationCodes(db: AnyKysely): Promise<void> {
  await sql`
      create table outbox (
        id bigserial primary key,
        channel text not null check (channel in ('email', 'sms')),
        recipient text not null,
        locale text not null,
        subject text not null,
        body text not null,
        created_at timestamptz not null default now(),
        sent_at timestamptz,
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text
      );
      create index outbox_pending on outbox (next_attempt_at) where sent_at is null;

      create table authorization_codes (
        code_hash bytea primary key,
        user_id uuid not null references users (id) on delete cascade,
        client_id text not null,
        redirect_uri text not null,
        code_challenge text not null,
        scope text not null,
        amr jsonb not null,
        auth_time timestamptz not null,
        expires_at timestamptz not null,
        consumed_at timestamptz
      );

  `.execute(db);
}

/** Throttling counters and the audit log. */
async function throttlesAndAudit(db: AnyKysely): Promise<void> {
  await sql`
      create table throttles (
        key text primary key,
        failures integer not null,
        window_started_at timestamptz not null,
        locked_until timestamptz
      );

      create table audit_events (
        id bigserial primary key,
        user_id uuid,
        event text not null,
        outcome text not null,
        ip text,
        detail jsonb not null default '{}',
        created_at timestamptz not null default now()
      );
      create index audit_events_user on audit_events (user_id, id);
  `.execute(db);
}

export const identityInitialMigration: Migration = {
  // One named step per group of tables, the same SQL in the same order (migrate.ts keeps no checksums).
  async up(db) {
    await usersAndCodes(db);
    await signingKeysSessionsAndRefreshTokens(db);
    await challengesAndDevices(db);
    await outboxAndAuthorizationCodes(db);
    await throttlesAndAudit(db);
  },
};
