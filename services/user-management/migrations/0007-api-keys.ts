/**
 * Settings section api (docs/adr/0018): a customer's API keys, the secret kept only as a SHA-256 hash, and the
 * usage log of every request a key made (time, method, path, status, address).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createApiKeys: Migration = {
  async up(db) {
    await sql`
      create table api_keys (
        id text primary key,
        owner_user_id uuid not null,
        name text not null,
        scopes jsonb not null,
        allowed_ips jsonb not null,
        secret_sha256 text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_used_at timestamptz
      );
    `.execute(db);
    await sql`create index api_keys_by_owner on api_keys (owner_user_id, created_at desc);`.execute(db);
    await sql`
      create table api_key_usage (
        id bigint generated always as identity primary key,
        key_id text not null references api_keys (id),
        method text not null,
        path text not null,
        status_code integer not null,
        ip text not null,
        at timestamptz not null default now()
      );
    `.execute(db);
    await sql`create index api_key_usage_by_key on api_key_usage (key_id, id desc);`.execute(db);
  },
};
