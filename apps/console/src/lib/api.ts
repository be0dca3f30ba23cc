/** Calls to the staff routes with the staff member's access token; a 4xx becomes an ApiError with its code. */
import type { ConsoleAuth } from './auth.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export type ApiClient = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function createApiClient(auth: ConsoleAuth): ApiClient {
  return async <T>(method: string, path: string, body?: unknown) => {
    const token = await auth.getAccessToken();
    const response = await fetch(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const parsed = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
      throw new ApiError(response.status, parsed?.error?.code ?? 'INTERNAL');
    }
    return (await response.json()) as T;
  };
}
