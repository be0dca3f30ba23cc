/**
 * GET/POST to the help service, whose base URL comes from /config.json (`services.help`). The help centre is
 * public: no access token is sent, so reading an article never loads the sign-in machinery. Failures become
 * ApiError values with the service's stable code (docs/api.md), which pages translate.
 */
import { useRouteContext } from '@tanstack/react-router';
import type { RuntimeConfig } from '@tessera/contracts';
import { ApiError } from '#/lib/api.ts';

/** The help service's base URL. */
export function helpBaseUrl(config: RuntimeConfig): string {
  return config.services['help'] ?? '/api/help';
}

/** The help service's base URL, from the router context. */
export function useHelpBaseUrl(): string {
  return useRouteContext({ from: '__root__', select: (context) => helpBaseUrl(context.config) });
}

/** Calls the help service; resolves with the JSON body or rejects with an ApiError. */
export async function helpRequest<T>(
  baseUrl: string,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'omit',
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (
      payload as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
    )?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.message ?? '', error?.details);
  }
  return payload as T;
}

/** Help content changes only when the service is deployed: no need to refetch it within five minutes. */
export const HELP_STALE_TIME_MS = 5 * 60 * 1000;

/** Retries network and server failures (as the app's defaults do), never a 4xx answer such as NOT_FOUND. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && failureCount < 3;
}

/** True for the service's NOT_FOUND answer. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
