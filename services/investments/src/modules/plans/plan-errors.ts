/** The codes plans answer with besides the funds' ones (docs/api.md, "Investments", "Plans"). */
import { defineError } from '@tessera/platform';

export const PlanNotFoundError = defineError('INVESTMENTS_PLAN_NOT_FOUND', 404, 'No such plan.');
export const PlanLimitError = defineError(
  'INVESTMENTS_PLAN_LIMIT',
  422,
  'You already have the largest number of plans allowed: cancel one first.',
);
export const PlanDatesInvalidError = defineError(
  'INVESTMENTS_PLAN_DATES_INVALID',
  422,
  'The start date must be today or later (at most a year ahead) and the end date on or after the start.',
);
export const PlanStateConflictError = defineError(
  'INVESTMENTS_PLAN_STATE_CONFLICT',
  409,
  'The plan cannot do that in its current state.',
);
export const PlanWalletNotFoundError = defineError(
  'INVESTMENTS_PLAN_WALLET_NOT_FOUND',
  422,
  "That wallet is not your current wallet in the target's currency.",
);
