import type { BadgeTone } from '@tessera/ui';
import type { KycCaseDetail, KycRiskBand, KycStatus } from '@tessera/contracts';
import type { Language } from '../../lib/i18n.ts';
import { ApiError } from '../../lib/api.ts';

const AGE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 hours ago" / "il y a 3 heures": the largest whole unit of an age in seconds. */
export function formatAge(ageSeconds: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, seconds] of AGE_UNITS) {
    if (ageSeconds >= seconds) {
      return format.format(-Math.floor(ageSeconds / seconds), unit);
    }
  }
  return format.format(-Math.max(0, Math.floor(ageSeconds)), 'second');
}

/** A date and time in the reader's language. */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

const STATUS_TONES: Record<KycStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'neutral',
  submitted: 'info',
  under_review: 'brand',
  approved: 'success',
  rejected: 'danger',
  more_info_requested: 'warning',
};

export function statusTone(status: KycStatus): BadgeTone {
  return STATUS_TONES[status];
}

const BAND_TONES: Record<KycRiskBand, BadgeTone> = {
  low: 'success',
  medium: 'info',
  high: 'warning',
  critical: 'danger',
};

export function bandTone(band: KycRiskBand): BadgeTone {
  return BAND_TONES[band];
}

/** The translation keys of an error, most precise first (an unknown code reads as the generic one). */
export function errorKeys(error: unknown): string[] {
  return error instanceof ApiError ? [`errors.${error.code}`, 'errors.INTERNAL'] : ['errors.INTERNAL'];
}

/** The approvals of the attempt under review (decisions since it was submitted). */
export function currentApprovals(detail: KycCaseDetail) {
  const submittedAt = detail.application.submittedAt;
  if (submittedAt === null) {
    return [];
  }
  const since = Date.parse(submittedAt);
  return detail.decisions.filter((entry) => entry.decision === 'approve' && Date.parse(entry.at) >= since);
}
