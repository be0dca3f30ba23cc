/**
 * The customer's profile as user management owns it. The KYC level stored here is what a review granted; level 1
 * (basic) also follows from a verified e-mail and phone (see customers.service.ts).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createCustomers: Migration = {
  async up(db) {
    await sql`
      create table customers (
        user_id uuid primary key,
        kyc_level smallint not null default 0 check (kyc_level between 0 and 3),
        kyc_status text not null default 'not_started' check (kyc_status in (
          'not_started', 'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'more_info_requested'
        )),
        reference_currency text not null default 'EUR' check (reference_currency in ('EUR', 'USD', 'GBP', 'CHF')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      -- Every change of a customer's level or status: who, what, when (staff reviews come with the KYC flow).
      create table customer_events (
        id bigint generated always as identity primary key,
        user_id uuid not null,
        kind text not null,
        detail jsonb not null,
        actor_id text not null,
        created_at timestamptz not null default now()
      );
      create index customer_events_user on customer_events (user_id, id);
    `.execute(db);
  },
};
