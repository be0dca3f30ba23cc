/**
 * The client every feature uses to call Tessera's services. It resolves a service's base URL from /config.json,
 * sends the access token, and turns the services' error bodies (`{ error: { code, message, details } }`) into
 * ApiError values whose `code` the page translates as `errors.<code>`. An invalid-session answer (spec section 8)
 * signs the user out and clears the caches through the auth adapter.
 */
import type { RuntimeConfig } from '@tessera/contracts';
import { actingFor } from '../shared/access/acting-for.ts';
import { isInvalidSession, type AuthAdapter } from './auth.ts';

/** A failed call: a stable code from the service (docs/api.md) and its details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Options of one call. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as Idempotency-Key on calls that move money or create something (ARCHITECTURE.md). */
  idempotencyKey?: string;
  /** Sent instead of the session's access token (a step-up token for a money movement, docs/api.md). */
  accessToken?: string;
  signal?: AbortSignal;
}

/** Builds the client for one runtime configuration and auth adapter. */
export function createApiClient(config: RuntimeConfig, auth: AuthAdapter, onInvalidSession: () => void) {
  return async function call<T>(service: string, path: string, request: ApiRequest = {}): Promise<T> {
    const base = config.services[service];
    if (base === undefined) {
      throw new ApiError('UNKNOWN_SERVICE', 0, `No base URL for service ${service}`);
    }
    const token = request.accessToken ?? (await auth.getAccessToken());
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) {
      headers['authorization'] = `Bearer ${token}`;
    }
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    if (request.idempotencyKey) {
      headers['idempotency-key'] = request.idempotencyKey;
    }
    // A delegate acting for another customer (account switcher, docs/adr/0018): every call says for whom.
    const owner = actingFor();
    if (owner) {
      headers['x-act-as'] = owner.ownerUserId;
    }
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
    }
    const payload: unknown =
      response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = (
        payload as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
      )?.error;
      const failure = new ApiError(
        error?.code ?? 'INTERNAL',
        response.status,
        error?.message ?? '',
        error?.details,
      );
      if (response.status === 401 && isInvalidSession(failure.message)) {
        await auth.signOut();
        onInvalidSession();
      }
      throw failure;
    }
    return payload as T;
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
