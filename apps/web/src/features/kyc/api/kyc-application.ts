/**
 * The customer's identity-verification application on user management (packages/contracts kyc-verification.ts):
 * GET and PUT /kyc/application (the server keeps the draft, so the flow resumes where it was left), PUT
 * /kyc/application/files/:slot (a photo as the raw body) and POST /kyc/application/submit. Every answer is the
 * whole application, which replaces the cached one.
 */
import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  KycApplicationResponse,
  KycApplicationUpdate,
  KycFileMeta,
  KycFileSlot,
  RuntimeConfig,
} from '@tessera/contracts';
import { ApiError, type ApiClient } from '#/lib/api.ts';
import type { AuthAdapter } from '#/lib/auth.ts';

/** The runtime configuration's key of user management (packages/platform config, `serviceUrls`). */
const USER_MANAGEMENT_SERVICE = 'userManagement';

export const kycApplicationKey = ['userManagement', 'kyc', 'application'] as const;

/** GET /kyc/application. */
export function kycApplicationQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: kycApplicationKey,
    queryFn: ({ signal }) =>
      api<KycApplicationResponse>(USER_MANAGEMENT_SERVICE, '/kyc/application', { signal }),
    staleTime: 5_000,
  });
}

/** The application a route's loader has put in the cache. */
export function useKycApplication() {
  const router = useRouter();
  return useSuspenseQuery(kycApplicationQueryOptions(router.options.context.api));
}

/** PUT /kyc/application with one or more parts; the answer replaces the cached application. */
export function useSaveKycApplication() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { api } = router.options.context;
  return async (update: KycApplicationUpdate): Promise<KycApplicationResponse> => {
    const application = await api<KycApplicationResponse>(USER_MANAGEMENT_SERVICE, '/kyc/application', {
      method: 'PUT',
      body: update,
    });
    queryClient.setQueryData(kycApplicationKey, application);
    return application;
  };
}

/** POST /kyc/application/submit. */
export function useSubmitKycApplication() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { api } = router.options.context;
  return async (): Promise<KycApplicationResponse> => {
    const application = await api<KycApplicationResponse>(
      USER_MANAGEMENT_SERVICE,
      '/kyc/application/submit',
      { method: 'POST' },
    );
    queryClient.setQueryData(kycApplicationKey, application);
    return application;
  };
}

/**
 * PUT /kyc/application/files/:slot with the image as the raw body. The API client sends JSON only, so this call
 * fetches itself with the same access token and reads the same error body.
 */
export async function uploadKycFile(
  config: RuntimeConfig,
  auth: AuthAdapter,
  slot: KycFileSlot,
  image: Blob,
  contentType: string,
): Promise<KycFileMeta> {
  const base = config.services[USER_MANAGEMENT_SERVICE] ?? '/api/user-management';
  const token = await auth.getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${base}/kyc/application/files/${slot}`, {
      method: 'PUT',
      headers: {
        accept: 'application/json',
        'content-type': contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: image,
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (
      payload as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
    )?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.message ?? '', error?.details);
  }
  return payload as KycFileMeta;
}

/** Uploads a photo, then reads the application again (its files and what is still missing). */
export function useUploadKycFile() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  return async (slot: KycFileSlot, image: Blob, contentType: string): Promise<KycFileMeta> => {
    const meta = await uploadKycFile(config, auth, slot, image, contentType);
    await queryClient.invalidateQueries({ queryKey: kycApplicationKey });
    return meta;
  };
}
