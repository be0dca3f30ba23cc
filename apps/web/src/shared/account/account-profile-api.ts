/**
 * The customer's own account on user management (packages/contracts account-profile.ts, docs/api.md "Account
 * profile"): personal information, the profile picture (raw bytes up, a blob down: the API client speaks JSON only,
 * so those two calls fetch themselves with the same token and read the same error body) and the preferences.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import type {
  AccountPreferences,
  AccountPreferencesResponse,
  PersonalInformation,
  PersonalInformationUpdate,
  RuntimeConfig,
} from '@tessera/contracts';
import { ApiError, type ApiClient } from '#/lib/api.ts';
import type { AuthAdapter } from '#/lib/auth.ts';

const USER_MANAGEMENT_SERVICE = 'userManagement';

export const personalInformationKey = ['userManagement', 'personalInformation'] as const;
export const accountPreferencesKey = ['userManagement', 'preferences'] as const;

export function personalInformationQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: personalInformationKey,
    queryFn: ({ signal }) =>
      api<PersonalInformation>(USER_MANAGEMENT_SERVICE, '/me/personal-information', { signal }),
    staleTime: 30_000,
  });
}

export function fetchAccountPreferences(api: ApiClient) {
  return api<AccountPreferencesResponse>(USER_MANAGEMENT_SERVICE, '/me/preferences');
}

export function saveAccountPreferences(api: ApiClient, preferences: AccountPreferences) {
  return api<AccountPreferencesResponse>(USER_MANAGEMENT_SERVICE, '/me/preferences', {
    method: 'PUT',
    body: preferences,
  });
}

async function rawCall(
  config: RuntimeConfig,
  auth: AuthAdapter,
  path: string,
  init: { method: 'GET' | 'PUT'; body?: Blob; contentType?: string },
): Promise<Response> {
  const base = config.services[USER_MANAGEMENT_SERVICE] ?? '/api/user-management';
  const token = await auth.getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: {
        accept: init.method === 'GET' ? 'image/webp' : 'application/json',
        ...(init.contentType ? { 'content-type': init.contentType } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const error = (
      payload as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
    )?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.message ?? '', error?.details);
  }
  return response;
}

/** Reads, saves the personal information; uploads and removes the picture. Answers replace the cached set. */
export function usePersonalInformationApi() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { api, config, auth } = router.options.context;
  const settle = (information: PersonalInformation) => {
    queryClient.setQueryData(personalInformationKey, information);
    return information;
  };
  return {
    options: personalInformationQueryOptions(api),
    save: async (update: PersonalInformationUpdate) =>
      settle(
        await api<PersonalInformation>(USER_MANAGEMENT_SERVICE, '/me/personal-information', {
          method: 'PUT',
          body: update,
        }),
      ),
    uploadPicture: async (file: Blob) =>
      settle(
        (await (
          await rawCall(config, auth, '/me/picture', {
            method: 'PUT',
            body: file,
            // The server decides by the bytes; the type is sent for the record only.
            contentType: file.type || 'application/octet-stream',
          })
        ).json()) as PersonalInformation,
      ),
    removePicture: async () =>
      settle(await api<PersonalInformation>(USER_MANAGEMENT_SERVICE, '/me/picture', { method: 'DELETE' })),
  };
}

/** A blob as a data: URL (a 256 x 256 WebP is a few kilobytes; nothing to revoke). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The pictures read in this page, by version. Kept out of the query cache on purpose: that cache is persisted in
 * localStorage (the offline cache), and a face has no place there.
 */
const pictures = new Map<string, Promise<string>>();

/**
 * The signed-in customer's picture as a data: URL, or null when there is none. `version` (the picture's updatedAt)
 * makes a new picture fetched again.
 */
export function useProfilePictureUrl(version: string | null | undefined): string | null {
  const router = useRouter();
  const { config, auth } = router.options.context;
  const [shown, setShown] = useState<{ version: string; url: string } | null>(null);
  useEffect(() => {
    if (!version) {
      return;
    }
    let active = true;
    let pending = pictures.get(version);
    if (!pending) {
      pending = rawCall(config, auth, '/me/picture', { method: 'GET' })
        .then((response) => response.blob())
        .then(dataUrlOf);
      pictures.set(version, pending);
      pending.catch(() => pictures.delete(version));
    }
    pending.then(
      (url) => {
        if (active) {
          setShown({ version, url });
        }
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [auth, config, version]);
  return version && shown?.version === version ? shown.url : null;
}
