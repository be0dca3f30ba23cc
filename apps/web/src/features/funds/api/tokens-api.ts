/**
 * The tokenized-assets calls (services/investments, docs/api.md "Tokenized assets"): the caller's position, the
 * transfer pre-check and transfer, and the issuer's register, freeze, pause, forced transfer, distribution and audit.
 * Query keys start with `funds`, so a movement refreshes the fund's page too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  CreateIssuerTokenRequest,
  IssuerToken,
  TokenAuditEntry,
  TokenDistribution,
  TokenHolder,
  TokenPosition,
  TokenRegister,
  TokenTransfer,
  TokenTransferCheck,
} from '@tessera/contracts';
import { ApiError } from '#/lib/api.ts';
import { type FundsCall, INVESTMENTS_SERVICE, useFundsCall } from './funds-api.ts';

export const tokenKeys = {
  position: (fundId: string) => ['funds', 'tokens', fundId, 'position'] as const,
  register: (fundId: string) => ['funds', 'tokens', fundId, 'register'] as const,
  audit: (fundId: string) => ['funds', 'tokens', fundId, 'audit'] as const,
};

const tokensPath = (fundId: string) => `/tokens/funds/${encodeURIComponent(fundId)}`;

export function useTokenPosition(fundId: string) {
  const call = useFundsCall();
  return useQuery(
    queryOptions({
      queryKey: tokenKeys.position(fundId),
      queryFn: ({ signal }) => call<TokenPosition>(`${tokensPath(fundId)}/position`, { signal }),
      staleTime: 5_000,
    }),
  );
}

export function useTokenRegister(fundId: string, enabled: boolean) {
  const call = useFundsCall();
  return useQuery({
    queryKey: tokenKeys.register(fundId),
    queryFn: ({ signal }) => call<TokenRegister>(`${tokensPath(fundId)}/register`, { signal }),
    enabled,
    staleTime: 5_000,
  });
}

export function useTokenAudit(fundId: string, enabled: boolean) {
  const call = useFundsCall();
  return useQuery({
    queryKey: tokenKeys.audit(fundId),
    queryFn: ({ signal }) =>
      call<{ items: TokenAuditEntry[] }>(`${tokensPath(fundId)}/audit`, { signal }).then(
        (answer) => answer.items,
      ),
    enabled,
    staleTime: 5_000,
  });
}

export function checkTransfer(call: FundsCall, fundId: string, recipientEmail: string, units: string) {
  return call<TokenTransferCheck>(`${tokensPath(fundId)}/transfers/check`, {
    method: 'POST',
    body: { recipientEmail, units },
  });
}

export function transferUnits(
  call: FundsCall,
  fundId: string,
  body: { recipientEmail: string; units: string },
  idempotencyKey: string,
) {
  return call<TokenTransfer>(`${tokensPath(fundId)}/transfers`, { method: 'POST', body, idempotencyKey });
}

export function changeFreeze(
  call: FundsCall,
  fundId: string,
  direction: 'freeze' | 'unfreeze',
  body: { holderId: string; units: string },
) {
  return call<TokenHolder>(`${tokensPath(fundId)}/${direction}`, { method: 'POST', body });
}

export function setPaused(call: FundsCall, fundId: string, paused: boolean) {
  return call<{ paused: boolean }>(`${tokensPath(fundId)}/${paused ? 'pause' : 'resume'}`, {
    method: 'POST',
    body: {},
  });
}

export function forceTransfer(
  call: FundsCall,
  fundId: string,
  body: { fromHolderId: string; toHolderId: string; units: string; reason: string },
  idempotencyKey: string,
) {
  return call<TokenTransfer>(`${tokensPath(fundId)}/forced-transfers`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** POST /tokens/issued: an issuer token of the caller (a retry with the same key answers the first token). */
export function createIssuerToken(call: FundsCall, body: CreateIssuerTokenRequest, idempotencyKey: string) {
  return call<IssuerToken>('/tokens/issued', { method: 'POST', body, idempotencyKey });
}

export function mintUnits(
  call: FundsCall,
  fundId: string,
  body: { recipientEmail: string; units: string; reason: string },
  idempotencyKey: string,
) {
  return call<TokenTransfer>(`${tokensPath(fundId)}/mint`, { method: 'POST', body, idempotencyKey });
}

export function burnUnits(
  call: FundsCall,
  fundId: string,
  body: { holderId: string; units: string; reason: string },
  idempotencyKey: string,
) {
  return call<TokenTransfer>(`${tokensPath(fundId)}/burn`, { method: 'POST', body, idempotencyKey });
}

export function previewDistribution(call: FundsCall, fundId: string, amount: string) {
  return call<TokenDistribution>(`${tokensPath(fundId)}/distributions/preview`, {
    method: 'POST',
    body: { amount },
  });
}

export function distribute(call: FundsCall, fundId: string, amount: string, idempotencyKey: string) {
  return call<TokenDistribution>(`${tokensPath(fundId)}/distributions`, {
    method: 'POST',
    body: { amount },
    idempotencyKey,
  });
}

/** GET register.csv as a file the browser saves (the API client reads JSON only). */
export function useDownloadRegisterCsv() {
  const router = useRouter();
  const { config, auth } = router.options.context;
  return async (fundId: string): Promise<void> => {
    const base = config.services[INVESTMENTS_SERVICE] ?? '/api/investments';
    const token = await auth.getAccessToken();
    let response: Response;
    try {
      response = await fetch(`${base}${tokensPath(fundId)}/register.csv`, {
        headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
    }
    if (!response.ok) {
      const payload = (await response.json().catch(() => undefined)) as
        { error?: { code?: string; message?: string } } | undefined;
      throw new ApiError(payload?.error?.code ?? 'INTERNAL', response.status, payload?.error?.message ?? '');
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `tessera-holders-${fundId}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
