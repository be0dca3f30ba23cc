/**
 * The console's live-assist calls (issue #18): the assist service's staff routes (docs/api.md, "Live assist"), for
 * support agents and admins, each with the case or ticket reference (x-staff-reason) that the service records in
 * the staff audit log before it answers.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type AssistLiveList,
  type AssistRecordingList,
  type AssistStats,
  ASSIST_RECORDING,
  STAFF_REASON_HEADER,
} from '@tessera/contracts';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import type { ConsoleAuth } from '../../lib/auth.ts';

const STAFF = '/api/assist/staff';
/** How often the live list reads itself again while shown. */
export const LIVE_REFRESH_MS = 10_000;
const reasonHeaders = (reference: string) => ({ [STAFF_REASON_HEADER]: reference });
const sessionPath = (sessionId: string) => `${STAFF}/sessions/${encodeURIComponent(sessionId)}`;

export function liveSessionsQueryOptions(api: ApiClient, reference: string) {
  return queryOptions({
    queryKey: ['assist', 'live', reference],
    queryFn: () => api<AssistLiveList>('GET', `${STAFF}/live`, undefined, reasonHeaders(reference)),
    staleTime: 0,
    retry: false,
    // Customers come and go: the list reads itself again while it is shown (Refresh reads it at once).
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function recordingsQueryOptions(api: ApiClient, sessionId: string, reference: string) {
  return queryOptions({
    queryKey: ['assist', 'recordings', sessionId, reference],
    queryFn: () =>
      api<AssistRecordingList>(
        'GET',
        `${sessionPath(sessionId)}/recordings`,
        undefined,
        reasonHeaders(reference),
      ),
    staleTime: 0,
    retry: false,
  });
}

/** The statistics period as the API takes it: ISO times, `to` exclusive. */
export function statsQuery(from: string, to: string): string {
  return new URLSearchParams({ from, to }).toString();
}

export function statsQueryOptions(api: ApiClient, reference: string, from: string, to: string) {
  return queryOptions({
    queryKey: ['assist', 'stats', reference, from, to],
    queryFn: () =>
      api<AssistStats>('GET', `${STAFF}/stats?${statsQuery(from, to)}`, undefined, reasonHeaders(reference)),
    staleTime: 0,
    retry: false,
  });
}

async function authorised(
  auth: ConsoleAuth,
  path: string,
  init: { method?: string; body?: Blob; headers: Record<string, string> },
): Promise<Response> {
  const token = await auth.getAccessToken();
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    cache: 'no-store',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    ...(init.body ? { body: init.body } : {}),
  });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    throw new ApiError(response.status, parsed?.error?.code ?? 'INTERNAL');
  }
  return response;
}

/** Stores a recording of the session (video/webm) with its length. */
export async function uploadRecording(
  auth: ConsoleAuth,
  sessionId: string,
  reference: string,
  recording: { blob: Blob; durationMs: number },
): Promise<void> {
  await authorised(auth, `${sessionPath(sessionId)}/recordings`, {
    method: 'POST',
    body: recording.blob,
    headers: {
      ...reasonHeaders(reference),
      'content-type': ASSIST_RECORDING.mimeType,
      'x-recording-duration-ms': String(Math.max(0, Math.round(recording.durationMs))),
    },
  });
}

/** One recording's video, read with the token (the player shows it through an object URL). */
export async function recordingBlob(
  auth: ConsoleAuth,
  sessionId: string,
  recordingId: string,
  reference: string,
): Promise<Blob> {
  const response = await authorised(
    auth,
    `${sessionPath(sessionId)}/recordings/${encodeURIComponent(recordingId)}`,
    { headers: reasonHeaders(reference) },
  );
  return response.blob();
}

/** The statistics as CSV (the service writes it), for a download. */
export async function statsCsv(
  auth: ConsoleAuth,
  reference: string,
  from: string,
  to: string,
): Promise<Blob> {
  const response = await authorised(auth, `${STAFF}/stats.csv?${statsQuery(from, to)}`, {
    headers: reasonHeaders(reference),
  });
  return response.blob();
}

/** The translation key (assist namespace) of an error of the assist routes or of the socket's refusal. */
export function assistErrorKey(error: unknown): string {
  const known = [
    'FORBIDDEN',
    'UNAUTHENTICATED',
    'STAFF_REASON_REQUIRED',
    'VALIDATION_FAILED',
    'RATE_LIMITED',
    'ASSIST_RECORDING_TOO_LARGE',
    'ASSIST_SESSION_NOT_FOUND',
  ];
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return `errors.${known.includes(code) ? code : 'INTERNAL'}`;
}
