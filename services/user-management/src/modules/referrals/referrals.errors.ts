/** The referral routes' errors (REFERRAL_ERROR_CODES of @tessera/contracts, docs/api.md "Referrals"). */
import { defineError } from '@tessera/platform';

export const ReferralCodeInvalidError = defineError(
  'REFERRAL_CODE_INVALID',
  422,
  'A sponsor code is 8 letters and digits.',
);
export const ReferralCodeUnknownError = defineError(
  'REFERRAL_CODE_UNKNOWN',
  404,
  'No customer has this code.',
);
export const ReferralCodeOwnError = defineError(
  'REFERRAL_CODE_OWN',
  422,
  'This is your own code: you cannot sponsor yourself.',
);
export const ReferralCycleError = defineError(
  'REFERRAL_CYCLE',
  422,
  'This customer is sponsored, directly or not, by you.',
);
export const ReferralSponsorExistsError = defineError(
  'REFERRAL_SPONSOR_EXISTS',
  409,
  'You already have a sponsor: change it instead.',
);
export const ReferralNoSponsorError = defineError(
  'REFERRAL_NO_SPONSOR',
  409,
  'You have no sponsor to change.',
);
export const ReferralSponsorAlreadyChangedError = defineError(
  'REFERRAL_SPONSOR_ALREADY_CHANGED',
  409,
  'You already changed your sponsor once.',
);
export const ReferralChangeWindowClosedError = defineError(
  'REFERRAL_CHANGE_WINDOW_CLOSED',
  409,
  'A sponsor can be set or changed only within 30 days of signing up.',
);
export const ReferralSameSponsorError = defineError(
  'REFERRAL_SAME_SPONSOR',
  422,
  'This customer is already your sponsor.',
);
export const ReferralRewardPaidError = defineError(
  'REFERRAL_REWARD_PAID',
  409,
  'Your sponsor was already rewarded for your sign-up: it can no longer change.',
);
