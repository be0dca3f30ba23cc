/**
 * The usability-test studio's calls (issue #19): the ingest's staff routes under /api/ingest/staff/uxt (docs/api.md,
 * "Usability tests"), for UX researchers and admins. Every call carries an x-staff-reason that the ingest records
 * in the staff audit log: the test it is about (`uxt:<test id>`), or `uxt:studio` for the list and a new test. The
 * participants are anonymous visitors, so no customer case reference is asked for.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  STAFF_REASON_HEADER,
  type StaffUxtResults,
  type StaffUxtTest,
  type StaffUxtTestList,
  type UxtTestInput,
} from '@tessera/contracts';
import type { ApiClient, BlobReader } from '../../lib/api.ts';
import type { StaffSession } from '../../lib/auth.ts';
import type { Language } from '../../lib/i18n.ts';

const TESTS = '/api/ingest/staff/uxt/tests';

/** Who may use the studio (the ingest checks again: FORBIDDEN). */
export function isResearcher(session: StaffSession): boolean {
  return session.groups.includes('ux_researcher') || session.groups.includes('admin');
}

/**
 * Who may open a participant's session replay: the replay routes' groups, and UX researchers, whom the ingest lets
 * read usability-test participants' sessions only.
 */
export function mayWatchReplays(session: StaffSession): boolean {
  return (['support_agent', 'admin', 'ux_researcher'] as const).some((group) =>
    session.groups.includes(group),
  );
}

/** The audit reason of a call about one test, or about the studio as a whole. */
export function studioReason(testId?: string): Record<string, string> {
  return { [STAFF_REASON_HEADER]: testId ? `uxt:${testId}` : 'uxt:studio' };
}

const testPath = (testId: string) => `${TESTS}/${encodeURIComponent(testId)}`;

export function testsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['studio', 'tests'],
    queryFn: () => api<StaffUxtTestList>('GET', TESTS, undefined, studioReason()),
    staleTime: 0,
  });
}

export function testQueryOptions(api: ApiClient, testId: string) {
  return queryOptions({
    queryKey: ['studio', 'test', testId],
    queryFn: () => api<StaffUxtTest>('GET', testPath(testId), undefined, studioReason(testId)),
    staleTime: 0,
    retry: false,
  });
}

/** How often the results are read again while a participant is taking the test. */
export const LIVE_REFRESH_MS = 5_000;

export function resultsQueryOptions(api: ApiClient, testId: string) {
  return queryOptions({
    queryKey: ['studio', 'results', testId],
    queryFn: () =>
      api<StaffUxtResults>('GET', `${testPath(testId)}/results`, undefined, studioReason(testId)),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => ((query.state.data?.summary.live ?? 0) > 0 ? LIVE_REFRESH_MS : false),
  });
}

export function createTest(api: ApiClient, input: UxtTestInput): Promise<StaffUxtTest> {
  return api<StaffUxtTest>('POST', TESTS, input, studioReason());
}

export function updateTest(api: ApiClient, testId: string, input: UxtTestInput): Promise<StaffUxtTest> {
  return api<StaffUxtTest>('PUT', testPath(testId), input, studioReason(testId));
}

/** The status changes a researcher can ask for (the ingest's UXT_TRANSITIONS). */
export type StatusAction = 'publish' | 'pause' | 'end';

export function changeStatus(api: ApiClient, testId: string, action: StatusAction): Promise<StaffUxtTest> {
  return api<StaffUxtTest>('POST', `${testPath(testId)}/${action}`, undefined, studioReason(testId));
}

/** The exports of the results, as their routes name them. */
export type ExportFormat = 'csv' | 'pdf';

/** Reads an export, in the reader's language, with the staff token (a plain link would not carry it) as a Blob. */
export function readExport(
  read: BlobReader,
  testId: string,
  format: ExportFormat,
  language: Language,
): Promise<Blob> {
  return read(`${testPath(testId)}/results.${format}?lang=${language}`, studioReason(testId));
}

/** Reads a recording (its `url` from the results) as a Blob for the player. */
export function readRecording(read: BlobReader, testId: string, url: string): Promise<Blob> {
  return read(url, studioReason(testId));
}
