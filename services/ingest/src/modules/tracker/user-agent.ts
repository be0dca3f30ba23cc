/**
 * A small User-Agent parser: device class, browser and OS (with major versions) for the session list, from the
 * start call's User-Agent header. Order matters: Edge and Opera say "Chrome", Chrome says "Safari", so the more
 * specific tokens are tried first. Unknown agents give 'Other'; nothing here throws, and the input is capped.
 */

/** What the session list shows. */
export interface ParsedUserAgent {
  readonly device: 'desktop' | 'mobile' | 'tablet' | 'other';
  readonly browser: string;
  readonly os: string;
}

const MAX_LENGTH = 1000;

function major(version: string | undefined): string {
  const first = version?.split(/[._]/)[0];
  return first && /^\d{1,5}$/.test(first) ? ` ${first}` : '';
}

const browsers: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+(?:\.\d+)*)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+(?:\.\d+)*)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+(?:\.\d+)*)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+(?:\.\d+)*)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+(?:\.\d+)*)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+(?:\.\d+)*)(?: Mobile\/\S+)? Safari\// },
];

function parseOs(ua: string): string {
  let match = /Windows NT (\d+\.\d+)/.exec(ua);
  if (match) {
    const names: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };
    return `Windows${names[match[1]!] ? ` ${names[match[1]!]}` : ''}`;
  }
  match = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/.exec(ua);
  if (match) {
    return `iOS ${match[1]}`;
  }
  match = /Android(?: (\d+(?:\.\d+)*))?/.exec(ua);
  if (match) {
    return `Android${major(match[1])}`;
  }
  if (/CrOS/.test(ua)) {
    return 'ChromeOS';
  }
  match = /Mac OS X (\d+)[_.\d]*/.exec(ua);
  if (match) {
    return `macOS ${match[1]}`;
  }
  if (/Linux/.test(ua)) {
    return 'Linux';
  }
  return 'Other';
}

function parseDevice(ua: string): ParsedUserAgent['device'] {
  if (/iPad|Tablet|(?:Android(?!.*Mobile))/.test(ua)) {
    return 'tablet';
  }
  if (/Mobi|iPhone|iPod|Android/.test(ua)) {
    return 'mobile';
  }
  if (/Windows NT|Macintosh|X11|CrOS|Linux/.test(ua)) {
    return 'desktop';
  }
  return 'other';
}

/** Parses a User-Agent header (undefined or empty gives 'other' / 'Other' / 'Other'). */
export function parseUserAgent(header: string | undefined): ParsedUserAgent {
  const ua = (header ?? '').slice(0, MAX_LENGTH);
  let browser = 'Other';
  for (const candidate of browsers) {
    const match = candidate.pattern.exec(ua);
    if (match) {
      browser = `${candidate.name}${major(match[1])}`;
      break;
    }
  }
  return { device: parseDevice(ua), browser, os: parseOs(ua) };
}
