/**
 * The referral programme (settings sections shareSponsorCode, manageReferrals and changeSponsor; docs/api.md
 * "Referrals"): every customer has a sponsor code; a newcomer who signs up with it is their referral; when the
 * referral has verified their identity and made a first deposit, the sponsor is paid {@link REFERRAL_REWARD_EUR}
 * into their EUR wallet by a ledger transfer, exactly once.
 */
import { z } from 'zod';

/** The reward per referral that completes every step, in EUR (decimal text). */
export const REFERRAL_REWARD_EUR = '20.00';
/** A customer may change their sponsor once, within this many days of signing up. */
export const SPONSOR_CHANGE_WINDOW_DAYS = 30;
/** A sponsor code: 8 characters from A-Z and 2-9 without look-alikes (no 0, O, 1, I, L). */
export const SPONSOR_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{8}$/;

/** GET /referrals/code: the customer's code (the app builds the link and the QR code from it). */
export const sponsorCodeSchema = z.object({ code: z.string() });
export type SponsorCode = z.infer<typeof sponsorCodeSchema>;

/** POST /referrals/sponsor (set after sign-up) and PUT /referrals/sponsor (change once): the sponsor's code. */
export const sponsorCodeInputSchema = z.object({ code: z.string().max(64) }).strict();

/** GET /referrals/sponsor: who sponsors the customer and whether they may still change. */
export const sponsorStatusSchema = z.object({
  /** The sponsor as the customer may see them (first name or masked e-mail), null when none. */
  sponsor: z.object({ displayName: z.string() }).nullable(),
  changed: z.boolean(),
  /** Until when a change is possible (sign-up + 30 days), ISO time. */
  changeUntil: z.string(),
  /** The sponsor may be changed now (without one: set). */
  canChange: z.boolean(),
});
export type SponsorStatus = z.infer<typeof sponsorStatusSchema>;

/** The steps of a referral, in order. */
export const REFERRAL_STEPS = ['signedUp', 'identityVerified', 'firstDeposit'] as const;
export type ReferralStep = (typeof REFERRAL_STEPS)[number];

/** One referred person as their sponsor sees them: a first name or a masked e-mail, never more. */
export const referralSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  signedUpAt: z.string(),
  steps: z.object({ signedUp: z.boolean(), identityVerified: z.boolean(), firstDeposit: z.boolean() }),
  reward: z.object({ amount: z.string(), currency: z.literal('EUR'), paidAt: z.string().nullable() }),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralListSchema = z.object({
  items: z.array(referralSchema),
  rewardAmount: z.string(),
  totalPaid: z.string(),
});
export type ReferralList = z.infer<typeof referralListSchema>;

/** Every code the referral routes answer with besides the platform's. */
export const REFERRAL_ERROR_CODES = [
  'REFERRAL_CODE_INVALID',
  'REFERRAL_CODE_UNKNOWN',
  'REFERRAL_CODE_OWN',
  'REFERRAL_CYCLE',
  'REFERRAL_SPONSOR_EXISTS',
  'REFERRAL_NO_SPONSOR',
  'REFERRAL_SPONSOR_ALREADY_CHANGED',
  'REFERRAL_CHANGE_WINDOW_CLOSED',
  'REFERRAL_SAME_SPONSOR',
  'REFERRAL_REWARD_PAID',
] as const;
export type ReferralErrorCode = (typeof REFERRAL_ERROR_CODES)[number];
