/**
 * Settings sections shareSponsorCode, manageReferrals and changeSponsor (modules/referrals): every customer's
 * sponsor code, who sponsors whom, each referral's progress, and the reward paid once per referral.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createReferrals: Migration = {
  async up(db) {
    await sql`
      create table sponsor_codes (
        user_id uuid primary key,
        code text not null unique,
        created_at timestamptz not null default now()
      );

      -- One row per referred customer: their sponsor and their progress.
      create table referrals (
        referred_id uuid primary key,
        sponsor_id uuid not null,
        -- Set when the customer changed their sponsor (once).
        changed_at timestamptz,
        identity_verified_at timestamptz,
        first_deposit_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index referrals_sponsor on referrals (sponsor_id, created_at desc);

      -- The reward of a referral: its ledger transfer id is derived from the referral, so it is paid once.
      create table referral_rewards (
        referred_id uuid primary key,
        sponsor_id uuid not null,
        transfer_id uuid not null unique,
        amount_minor numeric(40, 0) not null,
        paid_at timestamptz,
        created_at timestamptz not null default now()
      );
    `.execute(db);
  },
};
