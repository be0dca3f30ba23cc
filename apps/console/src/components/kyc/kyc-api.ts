/**
 * The staff KYC routes (packages/contracts/src/kyc-verification.ts): the queue, a case, its documents, claim and
 * decision. Every read carries the case or ticket reference the reviewer gave (x-staff-reason), recorded with the
 * read in the staff audit log; the queue's reference is `kyc:queue`.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  KYC_STAFF_REASON_HEADER,
  type KycCaseDetail,
  type KycCaseListResponse,
  type KycDecisionRequest,
  type KycFileSlot,
  type KycStatus,
} from '@tessera/contracts';
import type { ApiClient, BlobReader } from '../../lib/api.ts';
import type { StaffSession } from '../../lib/auth.ts';

const BASE = '/api/user-management/staff/kyc';

/** Who may read and decide cases (the server checks again: KYC_REVIEWER_REQUIRED). */
export function isKycReviewer(session: StaffSession): boolean {
  return session.groups.includes('kyc_reviewer') || session.groups.includes('admin');
}

/** The queue's filters, as the page's search parameters hold them. */
export interface KycQueueFilters {
  status?: KycStatus;
  targetLevel?: '2' | '3';
  q?: string;
  sort: 'oldest' | 'newest';
}

export function kycQueueQueryOptions(api: ApiClient, filters: KycQueueFilters) {
  const query = new URLSearchParams({ sort: filters.sort });
  for (const key of ['status', 'targetLevel', 'q'] as const) {
    const value = filters[key];
    if (value) {
      query.set(key, value);
    }
  }
  return queryOptions({
    queryKey: ['kyc', 'queue', filters],
    // Cases move under the reviewer's feet (others claim and decide): read afresh whenever the queue is shown.
    staleTime: 0,
    queryFn: () =>
      api<KycCaseListResponse>('GET', `${BASE}/cases?${query}`, undefined, {
        [KYC_STAFF_REASON_HEADER]: 'kyc:queue',
      }),
  });
}

function reasonHeader(reference: string) {
  return { [KYC_STAFF_REASON_HEADER]: reference };
}

export function kycCaseQueryOptions(api: ApiClient, caseId: string, reference: string) {
  return queryOptions({
    queryKey: ['kyc', 'case', caseId, reference],
    // A case reopened from the queue may have changed since (a resubmission, another reviewer's decision).
    staleTime: 0,
    queryFn: () =>
      api<KycCaseDetail>(
        'GET',
        `${BASE}/cases/${encodeURIComponent(caseId)}`,
        undefined,
        reasonHeader(reference),
      ),
  });
}

export function getKycCaseFile(read: BlobReader, caseId: string, slot: KycFileSlot, reference: string) {
  return read(`${BASE}/cases/${encodeURIComponent(caseId)}/files/${slot}`, reasonHeader(reference));
}

export function claimKycCase(api: ApiClient, caseId: string, reference: string) {
  return api<KycCaseDetail>(
    'POST',
    `${BASE}/cases/${encodeURIComponent(caseId)}/claim`,
    {},
    reasonHeader(reference),
  );
}

export function decideKycCase(api: ApiClient, caseId: string, reference: string, body: KycDecisionRequest) {
  return api<KycCaseDetail>(
    'POST',
    `${BASE}/cases/${encodeURIComponent(caseId)}/decision`,
    body,
    reasonHeader(reference),
  );
}
