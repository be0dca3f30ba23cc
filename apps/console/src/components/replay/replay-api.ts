/**
 * The console's session replay reads (issue #17): the ingest's staff routes (docs/api.md, "Ingest"), for support
 * agents and admins, each call with the case or ticket reference (x-staff-reason) that the ingest records in the
 * staff audit log (replay.list, replay.view) before it answers. The customer filter is an id or an exact
 * e-mail address (the ingest resolves it).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type StaffSessionDetail,
  type StaffSessionEvents,
  type StaffSessionsPage,
  STAFF_REASON_HEADER,
} from '@tessera/contracts';
import type { ApiClient } from '../../lib/api.ts';

const STAFF_SESSIONS = '/api/ingest/staff/sessions';
/** Sessions per page of the list. */
export const SESSIONS_PAGE_SIZE = 25;

/** The list's filters as they travel in the address (all optional; dates are YYYY-MM-DD in the staff member's zone). */
export interface SessionFilters {
  customer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: string | undefined;
  errors?: boolean | undefined;
  minDuration?: number | undefined;
}

/** Local midnight of a YYYY-MM-DD date, `days` later, as ISO 8601 (what the ingest's from/to take). */
export function dayStart(date: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) {
    return undefined;
  }
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(day.getTime()) ? undefined : day.toISOString();
}

/** The query string of GET /api/ingest/staff/sessions for these filters and cursor. */
export function sessionsQuery(filters: SessionFilters, cursor: string | undefined): string {
  const query = new URLSearchParams();
  const from = filters.from ? dayStart(filters.from) : undefined;
  // The end date is included: up to the next day's midnight.
  const to = filters.to ? dayStart(filters.to, 1) : undefined;
  if (filters.customer) {
    query.set('customer', filters.customer);
  }
  if (from) {
    query.set('from', from);
  }
  if (to) {
    query.set('to', to);
  }
  if (filters.page) {
    query.set('page', filters.page);
  }
  if (filters.errors) {
    query.set('hasErrors', 'true');
  }
  if (filters.minDuration !== undefined && filters.minDuration > 0) {
    query.set('minDurationS', String(filters.minDuration));
  }
  if (cursor) {
    query.set('cursor', cursor);
  }
  query.set('limit', String(SESSIONS_PAGE_SIZE));
  return query.toString();
}

const reasonHeaders = (reference: string) => ({ [STAFF_REASON_HEADER]: reference });

export function sessionsQueryOptions(
  api: ApiClient,
  reference: string,
  filters: SessionFilters,
  cursor: string | undefined,
) {
  return queryOptions({
    queryKey: ['replay', 'sessions', reference, filters, cursor ?? null],
    queryFn: () =>
      api<StaffSessionsPage>(
        'GET',
        `${STAFF_SESSIONS}?${sessionsQuery(filters, cursor)}`,
        undefined,
        reasonHeaders(reference),
      ),
    staleTime: 0,
    retry: false,
  });
}

export function sessionQueryOptions(api: ApiClient, sessionId: string, reference: string) {
  return queryOptions({
    queryKey: ['replay', 'session', sessionId, reference],
    queryFn: async () => {
      const path = `${STAFF_SESSIONS}/${encodeURIComponent(sessionId)}`;
      const [detail, recorded] = await Promise.all([
        api<StaffSessionDetail>('GET', path, undefined, reasonHeaders(reference)),
        api<StaffSessionEvents>('GET', `${path}/events`, undefined, reasonHeaders(reference)),
      ]);
      return { detail, events: Array.isArray(recorded.events) ? recorded.events : [] };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
