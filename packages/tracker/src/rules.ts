/** Spec section 5 rules the tracker applies, and small pure helpers, each unit-tested. */
import {
  HREF_MAX_LENGTH,
  INPUT_LABEL_MAX_LENGTH,
  MIN_TRACKER_VERSION,
  TRACKER_VERSION,
  WEBSOCKET_CHANNEL_MAX_LENGTH,
  WEBSOCKET_MESSAGE_MAX_LENGTH,
} from './constants.ts';
import { maskAlways } from './mask.ts';

/** Href values longer than 100000 characters are blanked. */
export function capHref(href: string): string {
  return href.length > HREF_MAX_LENGTH ? '' : href;
}

/** Input labels are truncated to 100 characters. */
export function truncateLabel(label: string): string {
  return label.length > INPUT_LABEL_MAX_LENGTH ? label.slice(0, INPUT_LABEL_MAX_LENGTH) : label;
}

/** Websocket messages over 5242880 characters, or with a channel name over 255 characters, are dropped. */
export function acceptWebsocketMessage(channel: string, messageLength: number): boolean {
  return channel.length <= WEBSOCKET_CHANNEL_MAX_LENGTH && messageLength <= WEBSOCKET_MESSAGE_MAX_LENGTH;
}

/** Compares two dotted versions ('15.1.1'): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) {
      return diff;
    }
  }
  return 0;
}

/**
 * The warning for a plugin that needs tracker version `required` (at least the minimum 14.0.10), or null when this
 * tracker (15.1.1) meets it.
 */
export function trackerVersionWarning(plugin: string, required: string = MIN_TRACKER_VERSION): string | null {
  const needed = compareVersions(required, MIN_TRACKER_VERSION) < 0 ? MIN_TRACKER_VERSION : required;
  if (compareVersions(TRACKER_VERSION, needed) >= 0) {
    return null;
  }
  return `Tracker version ${TRACKER_VERSION} is below ${needed}, required by the plugin ${plugin}: it may not work.`;
}

/**
 * A URL as recorded in network and resource events: origin-relative path when same-origin, query values removed
 * (keys kept: '?page=&q='), no fragment, IBAN-, card- and e-mail-like parts obscured.
 */
export function recordedUrl(url: string, origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return '';
  }
  const keys = [...parsed.searchParams.keys()];
  const query = keys.length > 0 ? `?${keys.map((key) => `${key}=`).join('&')}` : '';
  const base = parsed.origin === origin ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
  return capHref(maskAlways(`${base}${query}`));
}

/** URLs written in free text (an error message or stack, a console message). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s()<>"'`]+/giu;

/**
 * Free text (an error message or stack, a console message) with every URL in it as the network events keep them:
 * no user:password@, no fragment, query keys kept and values removed ('?token=' not '?token=abc'); a stack frame's
 * ':line:column' stays.
 */
export function withoutUrlSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => {
    const position = /(?::\d+){1,2}$/u.exec(found)?.[0] ?? '';
    let url = found.slice(0, found.length - position.length);
    url = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/iu, '$1');
    url = url.split('#')[0] ?? '';
    const mark = url.indexOf('?');
    if (mark >= 0) {
      const keys = url
        .slice(mark + 1)
        .split('&')
        .filter((pair) => pair !== '')
        .map((pair) => `${pair.split('=')[0] ?? ''}=`);
      url = `${url.slice(0, mark)}${keys.length > 0 ? `?${keys.join('&')}` : ''}`;
    }
    return `${url}${position}`;
  });
}

/** A random 12-hex-character tab id. */
export function newTabId(
  random: (array: Uint8Array) => Uint8Array = (a) => crypto.getRandomValues(a),
): string {
  return [...random(new Uint8Array(6))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A page's href as sent (start call, meta and page events): query values removed, no fragment, masked, capped. */
export function recordedHref(href: string): string {
  try {
    const parsed = new URL(href);
    const keys = [...parsed.searchParams.keys()];
    const query = keys.length > 0 ? `?${keys.map((key) => `${key}=`).join('&')}` : '';
    return capHref(maskAlways(`${parsed.origin}${parsed.pathname}${query}`));
  } catch {
    return capHref(maskAlways(href.split(/[?#]/u)[0] ?? ''));
  }
}
