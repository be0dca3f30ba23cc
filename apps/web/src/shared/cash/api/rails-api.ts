/**
 * Calls to the cash rails (packages/contracts/src/cash-rails.ts): card deposits and saved cards, SEPA details,
 * crypto networks, beneficiaries, withdrawals, the simulators' dev actions, and the payment-processor simulator's
 * tokenisation endpoint, which alone ever receives card details.
 */
import { queryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  Beneficiary,
  BeneficiaryListResponse,
  CardDeposit,
  CardToken,
  CreateBeneficiaryRequest,
  CreateCardDepositRequest,
  CreateWithdrawalRequest,
  CryptoNetworksResponse,
  RuntimeConfig,
  SavedCardListResponse,
  SepaCreditResult,
  SepaDepositDetails,
  SimulateCryptoDepositRequest,
  SimulateSepaCreditRequest,
  SimulatedCryptoTransaction,
  TokenizeCardRequest,
  Withdrawal,
  WithdrawalPage,
} from '@tessera/contracts';
import { ApiError } from '../../../lib/api.ts';
import { cashKeys, retryUnlessClientError, type CashCall } from './cash-request.ts';

export const railsKeys = {
  cards: () => cashKeys.rails('cards'),
  beneficiaries: () => cashKeys.rails('beneficiaries'),
  networks: () => cashKeys.rails('networks'),
  sepaDetails: (walletId: string) => [...cashKeys.rails('sepa'), walletId] as const,
  withdrawals: () => cashKeys.rails('withdrawals'),
  cardDeposit: (depositId: string) => [...cashKeys.rails('card-deposit'), depositId] as const,
};

export function savedCardsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.cards(),
    queryFn: ({ signal }) => call<SavedCardListResponse>('/cards', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
  });
}

export function beneficiariesQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.beneficiaries(),
    queryFn: ({ signal }) =>
      call<BeneficiaryListResponse>('/beneficiaries', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
  });
}

export function cryptoNetworksQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.networks(),
    queryFn: ({ signal }) =>
      call<CryptoNetworksResponse>('/crypto/networks', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

export function sepaDetailsQueryOptions(call: CashCall, walletId: string) {
  return queryOptions({
    queryKey: railsKeys.sepaDetails(walletId),
    queryFn: ({ signal }) =>
      call<SepaDepositDetails | null>('/sepa/details', { signal }).then((details) =>
        // The details are those of the customer's euro current wallet; another wallet shows its own IBAN only.
        details?.walletId === walletId ? details : null,
      ),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

export function cardDepositQueryOptions(call: CashCall, depositId: string) {
  return queryOptions({
    queryKey: railsKeys.cardDeposit(depositId),
    queryFn: ({ signal }) => call<CardDeposit>(`/card/deposits/${encodeURIComponent(depositId)}`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function createCardDeposit(call: CashCall, body: CreateCardDepositRequest, idempotencyKey: string) {
  return call<CardDeposit>('/card/deposits', { method: 'POST', body, idempotencyKey });
}

export function deleteSavedCard(call: CashCall, cardId: string) {
  return call<void>(`/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE' });
}

export function setDefaultCard(call: CashCall, cardId: string) {
  return call<unknown>(`/cards/${encodeURIComponent(cardId)}/default`, { method: 'POST' });
}

export function createBeneficiary(call: CashCall, body: CreateBeneficiaryRequest, idempotencyKey: string) {
  return call<Beneficiary>('/beneficiaries', { method: 'POST', body, idempotencyKey });
}

export function deleteBeneficiary(call: CashCall, beneficiaryId: string) {
  return call<void>(`/beneficiaries/${encodeURIComponent(beneficiaryId)}`, { method: 'DELETE' });
}

export function createWithdrawal(
  call: CashCall,
  body: CreateWithdrawalRequest,
  idempotencyKey: string,
  accessToken?: string,
) {
  return call<Withdrawal>('/withdrawals', {
    method: 'POST',
    body,
    idempotencyKey,
    ...(accessToken ? { accessToken } : {}),
  });
}

/** Withdrawals per page of the settings section's "Past withdrawals". */
export const WITHDRAWALS_PAGE_SIZE = 10;

/** One page of the caller's withdrawals, newest first (GET /withdrawals). */
export function getWithdrawalsPage(call: CashCall, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(WITHDRAWALS_PAGE_SIZE) });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return call<WithdrawalPage>(`/withdrawals?${query.toString()}`, { signal });
}

export function simulateSepaCredit(call: CashCall, body: SimulateSepaCreditRequest, idempotencyKey: string) {
  return call<SepaCreditResult>('/dev/sepa/incoming', { method: 'POST', body, idempotencyKey });
}

export function simulateCryptoDeposit(
  call: CashCall,
  body: SimulateCryptoDepositRequest,
  idempotencyKey: string,
) {
  return call<SimulatedCryptoTransaction>('/dev/crypto/incoming', { method: 'POST', body, idempotencyKey });
}

export function produceBlocks(
  call: CashCall,
  chain: 'bitcoin' | 'ethereum',
  count: number,
  idempotencyKey: string,
) {
  return call<unknown>('/dev/crypto/blocks', { method: 'POST', body: { chain, count }, idempotencyKey });
}

/** True when this deployment offers the simulators' dev actions (/config.json `features.cashSimulators`). */
export function useSimulatorsEnabled(): boolean {
  const router = useRouter();
  return router.options.context.config.features['cashSimulators'] === true;
}

/**
 * The payment processor's tokenisation endpoint: `services.paymentProcessor` of /config.json when a deployment
 * names one, else the built-in simulator mounted at /processor-sim on this origin.
 */
export function processorTokensUrl(config: RuntimeConfig): string {
  return `${config.services['paymentProcessor'] ?? '/processor-sim'}/v1/tokens`;
}

/**
 * Sends card details to the payment processor (never to cash operations, never with Tessera's access token) and
 * returns the token that pays the deposit, as a processor's hosted fields do.
 */
export async function tokenizeCard(config: RuntimeConfig, card: TokenizeCardRequest): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(processorTokensUrl(config), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.message ?? '');
  }
  return payload as CardToken;
}
