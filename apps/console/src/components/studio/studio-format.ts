/** How the studio writes durations, rates, dates and states, in the reader's language. */
import {
  UXT_ERROR_CODES,
  type UxtParticipantStatus,
  type UxtSignalStatus,
  type UxtTestStatus,
} from '@tessera/contracts';
import type { BadgeTone } from '@tessera/ui';
import { ApiError } from '../../lib/api.ts';
import type { Language } from '../../lib/i18n.ts';

const locale = (language: Language) => (language === 'fr' ? 'fr-FR' : 'en-GB');

/**
 * A time on task: "42.5 s" under a minute (one decimal, so short tasks still differ), else "3 min 07 s", and
 * "1 h 02 min" from an hour. Units are the international symbols, the same in English and French, each kept on
 * the line of its number (a no-break space).
 */
export function formatDuration(ms: number, language: Language): string {
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale(language), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  if (ms < 60_000) {
    return `${number(Math.floor(ms / 100) / 10, 1)}\u00a0s`;
  }
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) {
    return `${number(hours)}\u00a0h ${String(minutes).padStart(2, '0')}\u00a0min`;
  }
  return `${number(minutes)}\u00a0min ${String(seconds).padStart(2, '0')}\u00a0s`;
}

/** A rate between 0 and 1 as a whole percentage ("67 %" in French, "67%" in English). */
export function formatRate(rate: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** A SUS score (0 to 100, quarter points or a 2-decimal mean) as written in the reader's language. */
export function formatScore(score: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 }).format(score);
}

/** A date and time in the reader's language. */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A file size in kB or MB. */
export function formatSize(bytes: number, language: Language): string {
  const megabytes = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 });
  return megabytes >= 1 ? `${format.format(megabytes)}\u00a0MB` : `${format.format(bytes / 1024)}\u00a0kB`;
}

const TEST_TONES: Record<UxtTestStatus, BadgeTone> = {
  draft: 'neutral',
  published: 'success',
  paused: 'warning',
  ended: 'info',
};

export function testTone(status: UxtTestStatus): BadgeTone {
  return TEST_TONES[status];
}

const PARTICIPANT_TONES: Record<UxtParticipantStatus, BadgeTone> = {
  live: 'brand',
  completed: 'success',
  skipped: 'warning',
  aborted: 'danger',
};

export function participantTone(status: UxtParticipantStatus): BadgeTone {
  return PARTICIPANT_TONES[status];
}

/** The translation key of a participant's state on one task (never reached, begun, done, skipped). */
export function taskStateKey(status: UxtSignalStatus | null): string {
  return `results.taskState.${status ?? 'none'}`;
}

const KNOWN_ERRORS: readonly string[] = [
  ...UXT_ERROR_CODES,
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'STAFF_REASON_REQUIRED',
  'VALIDATION_FAILED',
  'RATE_LIMITED',
];

/** The translation key (studio namespace) of an error of the ingest's staff routes; unknown codes read as generic. */
export function studioErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return `errors.${KNOWN_ERRORS.includes(code) ? code : 'INTERNAL'}`;
}

/**
 * The link participants open: the web app's address of the test's starting path with `?oruxt=<id>`
 * (participantPath from the ingest), on the console's own origin (the one-process server serves both apps).
 */
export function shareLink(participantPath: string, origin: string): string {
  // Only the path and query are taken: a path such as '//host/' cannot point the link at another site.
  const parsed = new URL(participantPath, origin);
  return `${new URL(origin).origin}${parsed.pathname}${parsed.search}`;
}

/** "P1", "P2"...: participants in the order the results list them (anonymous, so no names). */
export function participantLabels(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, index) => [id, index + 1]));
}
