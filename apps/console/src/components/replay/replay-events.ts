/**
 * What the player reads from a recorded session's rrweb events (issue #17, packages/contracts session-tracking.ts):
 * the timeline's marks and the console, network and errors panes, built from the 'tessera.*' custom events; and the
 * events as given to rrweb's Replayer, with the console page's style nonce on the recorded `<style>` elements so the
 * replay iframe (which inherits the console's policy) applies them (docs/security.md, "Session replay").
 *
 * Nothing here fetches anything: the player shows only what was recorded.
 */
import {
  RRWEB_CUSTOM_EVENT_TYPE,
  type RrwebEvent,
  TESSERA_EVENT_TAGS,
  type TesseraConsolePayload,
  type TesseraErrorPayload,
  type TesseraNetworkPayload,
  type TesseraPagePayload,
} from '@tessera/contracts';

/** rrweb event types used here (rrweb's EventType). */
const FULL_SNAPSHOT = 2;
const INCREMENTAL_SNAPSHOT = 3;
/** rrweb's IncrementalSource.Mutation and its serialized element node type (rrweb-snapshot NodeType.Element). */
const MUTATION_SOURCE = 0;
const ELEMENT_NODE = 2;

/** One entry of a pane or a mark on the timeline; `at` is milliseconds from the session's first event. */
export type ReplayEntry =
  | { kind: 'page'; at: number; payload: TesseraPagePayload }
  | { kind: 'console'; at: number; payload: TesseraConsolePayload }
  | { kind: 'network'; at: number; payload: TesseraNetworkPayload }
  | { kind: 'error'; at: number; payload: TesseraErrorPayload };

export interface ReplayTimeline {
  /** Timestamp of the first event (ms since the epoch), 0 without events. */
  start: number;
  /** Length of the recording in ms. */
  totalMs: number;
  pages: ReplayEntry[];
  console: ReplayEntry[];
  network: ReplayEntry[];
  errors: ReplayEntry[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, limit = 4000): string =>
  typeof value === 'string' ? value.slice(0, limit) : '';
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const optionalCount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The session's events in time order, keeping only well-formed ones (a recording is hostile input). */
export function usableEvents(events: readonly unknown[]): RrwebEvent[] {
  return events
    .filter(
      (event): event is RrwebEvent =>
        isRecord(event) &&
        typeof event['type'] === 'number' &&
        typeof event['timestamp'] === 'number' &&
        Number.isFinite(event['timestamp']),
    )
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** The timeline and panes of a session, read from its 'tessera.*' custom events; unknown tags are skipped. */
export function timelineOf(events: readonly RrwebEvent[]): ReplayTimeline {
  const first = events[0]?.timestamp ?? 0;
  const last = events.at(-1)?.timestamp ?? first;
  const timeline: ReplayTimeline = {
    start: first,
    totalMs: Math.max(0, last - first),
    pages: [],
    console: [],
    network: [],
    errors: [],
  };
  for (const event of events) {
    if (event.type !== RRWEB_CUSTOM_EVENT_TYPE || !isRecord(event.data) || !isRecord(event.data['payload'])) {
      continue;
    }
    const at = Math.max(0, event.timestamp - first);
    const payload = event.data['payload'];
    switch (event.data['tag']) {
      case TESSERA_EVENT_TAGS.page:
        timeline.pages.push({
          kind: 'page',
          at,
          payload: {
            href: text(payload['href']),
            title: text(payload['title'], 500),
            pageIndex: count(payload['pageIndex']),
          },
        });
        break;
      case TESSERA_EVENT_TAGS.console: {
        const level = text(payload['level']);
        timeline.console.push({
          kind: 'console',
          at,
          payload: {
            level:
              (['log', 'info', 'warn', 'error', 'debug'] as const).find((known) => known === level) ?? 'log',
            message: text(payload['message']),
          },
        });
        break;
      }
      case TESSERA_EVENT_TAGS.network: {
        const requestSize = optionalCount(payload['requestSize']);
        const responseSize = optionalCount(payload['responseSize']);
        timeline.network.push({
          kind: 'network',
          at,
          payload: {
            method: text(payload['method'], 16),
            url: text(payload['url'], 2000),
            status: count(payload['status']),
            durationMs: count(payload['durationMs']),
            ...(requestSize === undefined ? {} : { requestSize }),
            ...(responseSize === undefined ? {} : { responseSize }),
          },
        });
        break;
      }
      case TESSERA_EVENT_TAGS.error: {
        const source = text(payload['source'], 2000);
        const stack = text(payload['stack']);
        timeline.errors.push({
          kind: 'error',
          at,
          payload: {
            message: text(payload['message']),
            ...(source ? { source } : {}),
            ...(stack ? { stack } : {}),
          },
        });
        break;
      }
      default:
        break;
    }
  }
  return timeline;
}

/** Whether a network entry failed (a status of 400 or more, or none: the request did not complete). */
export function networkFailed(payload: TesseraNetworkPayload): boolean {
  return payload.status === 0 || payload.status >= 400;
}

/**
 * The events as the Replayer gets them: copies in which every recorded `<style>` element (and `<link>` with inlined
 * CSS, which rrweb rebuilds as a `<style>`) carries `nonce`, in full snapshots and in mutations' added nodes. The
 * recorded page's own nonce attribute, if any, is replaced. Without a nonce, the events are returned unchanged.
 */
export function withStyleNonce(events: readonly RrwebEvent[], nonce: string | undefined): RrwebEvent[] {
  if (!nonce) {
    return [...events];
  }
  const mark = (node: unknown): unknown => {
    if (!isRecord(node)) {
      return node;
    }
    const copy: Record<string, unknown> = { ...node };
    if (
      node['type'] === ELEMENT_NODE &&
      (node['tagName'] === 'style' || node['tagName'] === 'link') &&
      isRecord(node['attributes'])
    ) {
      copy['attributes'] = { ...node['attributes'], nonce };
    }
    if (Array.isArray(node['childNodes'])) {
      copy['childNodes'] = node['childNodes'].map(mark);
    }
    return copy;
  };
  return events.map((event) => {
    if (!isRecord(event.data)) {
      return event;
    }
    if (event.type === FULL_SNAPSHOT) {
      return { ...event, data: { ...event.data, node: mark(event.data['node']) } };
    }
    if (
      event.type === INCREMENTAL_SNAPSHOT &&
      event.data['source'] === MUTATION_SOURCE &&
      Array.isArray(event.data['adds'])
    ) {
      const adds = (event.data['adds'] as unknown[]).map((add) =>
        isRecord(add) ? { ...add, node: mark(add['node']) } : add,
      );
      return { ...event, data: { ...event.data, adds } };
    }
    return event;
  });
}

/** A duration or a position as the player shows it: m:ss, or h:mm:ss from an hour. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The path (and hash) of a recorded address, for a page list: the origin adds nothing. */
export function pathOf(href: string): string {
  try {
    const url = new URL(href);
    return `${url.pathname}${url.hash}` || '/';
  } catch {
    return href;
  }
}
