/**
 * Settings section delegateAccounts (docs/adr/0018): who an owner invited (by e-mail) with which role, and the audit
 * log of every delegated action with both identities. Rows are never deleted: a revoked or left delegation stays,
 * ended, so the owner's history keeps its names.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createDelegates: Migration = {
  async up(db) {
    await sql`
      create table delegations (
        id uuid primary key,
        owner_user_id uuid not null,
        invitee_email text not null,
        delegate_user_id uuid,
        role text not null check (role in ('viewer', 'trader', 'full')),
        status text not null check (status in ('pending', 'active', 'revoked', 'left')),
        created_at timestamptz not null default now(),
        accepted_at timestamptz,
        ended_at timestamptz
      );
    `.execute(db);
    await sql`
      create unique index delegations_open_per_invitee on delegations (owner_user_id, invitee_email)
        where status in ('pending', 'active');
    `.execute(db);
    await sql`create index delegations_by_delegate on delegations (delegate_user_id, owner_user_id);`.execute(
      db,
    );
    await sql`create index delegations_by_email on delegations (invitee_email) where status = 'pending';`.execute(
      db,
    );
    await sql`
      create table delegate_audit (
        id bigint generated always as identity primary key,
        owner_user_id uuid not null,
        delegate_user_id uuid not null,
        role text not null,
        method text not null,
        path text not null,
        status_code integer not null,
        at timestamptz not null default now()
      );
    `.execute(db);
    await sql`create index delegate_audit_by_owner on delegate_audit (owner_user_id, id desc);`.execute(db);
  },
};
