import type { KycCaseDetail } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { currentApprovals, formatAge } from './kyc-format.ts';

describe('formatAge', () => {
  it('says the largest whole unit, in the reader language', () => {
    expect(formatAge(3 * 3600 + 59 * 60, 'en')).toBe('3 hours ago');
    expect(formatAge(3 * 3600 + 59 * 60, 'fr')).toBe('il y a 3 heures');
    expect(formatAge(2 * 86_400 + 3600, 'en')).toBe('2 days ago');
    expect(formatAge(59, 'en')).toBe('59 seconds ago');
    expect(formatAge(60, 'fr')).toBe('il y a 1 minute');
  });
});

describe('currentApprovals', () => {
  const decision = (decision: 'approve' | 'reject' | 'request_info', at: string) => ({
    reviewerId: 'r1',
    reviewer: 'kim.kyc@tessera.test',
    decision,
    reason: null,
    at,
  });

  it('counts only the approvals given since the attempt under review was submitted', () => {
    const detail = {
      application: { submittedAt: '2026-11-26T10:00:00.000Z' },
      decisions: [
        decision('approve', '2026-10-01T09:00:00.000Z'), // level 2, an earlier application
        decision('request_info', '2026-11-26T10:30:00.000Z'),
        decision('approve', '2026-11-26T11:00:00.000Z'),
      ],
    } as unknown as KycCaseDetail;
    expect(currentApprovals(detail).map((entry) => entry.at)).toEqual(['2026-11-26T11:00:00.000Z']);
  });

  it('is empty for an application never submitted', () => {
    const detail = {
      application: { submittedAt: null },
      decisions: [decision('approve', '2026-11-26T11:00:00.000Z')],
    } as unknown as KycCaseDetail;
    expect(currentApprovals(detail)).toEqual([]);
  });
});
