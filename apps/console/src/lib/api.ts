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

/** A JSON call; `headers` adds request headers (a staff read's case or ticket reference, x-staff-reason). */
export type ApiClient = <T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Readonly<Record<string, string>>,
) => Promise<T>;

/** A GET of bytes (a KYC document), kept private: read with the token, shown through an object URL. */
export type BlobReader = (path: string, headers?: Readonly<Record<string, string>>) => Promise<Blob>;

async function send(
  auth: ConsoleAuth,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Readonly<Record<string, string>> },
): Promise<Response> {
  const token = await auth.getAccessToken();
  const response = await fetch(path, {
    method,
    cache: 'no-store',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    throw new ApiError(response.status, parsed?.error?.code ?? 'INTERNAL');
  }
  return response;
}

export function createApiClient(auth: ConsoleAuth): ApiClient {
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Readonly<Record<string, string>>,
  ) => (await (await send(auth, method, path, { body, headers })).json()) as T;
}

export function createBlobReader(auth: ConsoleAuth): BlobReader {
  return async (path, headers) => (await send(auth, 'GET', path, { headers })).blob();
}
