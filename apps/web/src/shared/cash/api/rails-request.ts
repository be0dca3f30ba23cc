/**
 * What the calls to the cash rails share (packages/contracts/src/cash-rails.ts): their query keys, under cash
 * operations' `cash` keys so the live updates refresh them, and whether the simulators' dev actions are offered.
 * One file per endpoint beside this one; the payment processor's tokenisation endpoint (tokenize-card.ts) alone
 * ever receives card details.
 */
import { useRouter } from '@tanstack/react-router';
import { cashKeys } from './cash-request.ts';

export const railsKeys = {
  cards: () => cashKeys.rails('cards'),
  beneficiaries: () => cashKeys.rails('beneficiaries'),
  networks: () => cashKeys.rails('networks'),
  sepaDetails: (walletId: string) => [...cashKeys.rails('sepa'), walletId] as const,
  withdrawals: () => cashKeys.rails('withdrawals'),
  cardDeposit: (depositId: string) => [...cashKeys.rails('card-deposit'), depositId] as const,
};

/** True when this deployment offers the simulators' dev actions (/config.json `features.cashSimulators`). */
export function useSimulatorsEnabled(): boolean {
  const router = useRouter();
  return router.options.context.config.features['cashSimulators'] === true;
}
