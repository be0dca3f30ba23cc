/**
 * The usability tests' pure measures (docs/api.md, "Usability tests"): time-on-task median and p90, SUS mean,
 * path patterns, measured success from a session's recorded events, and CSV cells. No I/O: unit-tested alone.
 */
import {
  RRWEB_CUSTOM_EVENT_TYPE,
  type RrwebEvent,
  TESSERA_EVENT_TAGS,
  type UxtSuccessCondition,
} from '@tessera/contracts';

/** The exact median: the middle value, or the mean of the two middle values (rounded to a whole ms); null if none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The nearest-rank 90th percentile: the value at rank ceil(0.9 n) in ascending order; null if none. */
export function p90(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(0.9 * sorted.length);
  return sorted[Math.max(rank, 1) - 1]!;
}

/** A ratio rounded to 4 decimals, null when the denominator is 0. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10000) / 10000;
}

/** The mean of the scores rounded to 2 decimals, null if none. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `path` matches `pattern` (whole path; query and hash of the path ignored; a trailing '/' ignored on both;
 * `*` any characters in one segment, `**` any characters across segments).
 */
export function pathMatches(pattern: string, path: string): boolean {
  const trim = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value);
  const body = trim(pattern)
    .split('**')
    .map((part) => part.split('*').map(escapeRegExp).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`).test(trim(path));
}

/** The path of a recorded url or href (absolute or a path), without query or hash; '' when unreadable. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://path.invalid').pathname;
  } catch {
    return '';
  }
}

function statusInClass(status: number, statusClass: string): boolean {
  return Math.floor(status / 100) === Number(statusClass[0]);
}

/**
 * Whether the session's recorded events between `from` and `to` (page timestamps, inclusive) satisfy the condition:
 * a 'tessera.network' call of that method and path with a status in the class, or a 'tessera.page' view (or an
 * rrweb Meta event's href) of that path.
 */
export function measuredSuccess(
  condition: UxtSuccessCondition,
  events: readonly RrwebEvent[],
  from: number,
  to: number,
): boolean {
  for (const event of events) {
    if (event.timestamp < from || event.timestamp > to) {
      continue;
    }
    const data = event.data as { tag?: unknown; payload?: Record<string, unknown>; href?: unknown } | null;
    if (data === null || typeof data !== 'object') {
      continue;
    }
    if (condition.kind === 'request') {
      if (event.type !== RRWEB_CUSTOM_EVENT_TYPE || data.tag !== TESSERA_EVENT_TAGS.network) {
        continue;
      }
      const payload = data.payload ?? {};
      if (
        typeof payload['method'] === 'string' &&
        payload['method'].toUpperCase() === condition.method &&
        typeof payload['url'] === 'string' &&
        pathMatches(condition.path, pathOf(payload['url'])) &&
        typeof payload['status'] === 'number' &&
        statusInClass(payload['status'], condition.status)
      ) {
        return true;
      }
    } else {
      const href =
        event.type === RRWEB_CUSTOM_EVENT_TYPE && data.tag === TESSERA_EVENT_TAGS.page
          ? data.payload?.['href']
          : event.type === 4
            ? data.href
            : undefined;
      if (typeof href === 'string' && pathMatches(condition.path, pathOf(href))) {
        return true;
      }
    }
  }
  return false;
}

/** SUS score of 10 answers: odd items (x - 1), even items (5 - x), sum x 2.5. */
export { susScore } from '@tessera/contracts';

/**
 * One CSV cell (RFC 4180): a text cell beginning with = + - @ (or a tab or carriage return) gets a leading single quote
 * so a spreadsheet does not run it as a formula; a cell holding a comma, a quote, CR or LF is quoted, quotes doubled.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: cells escaped, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
