import type { RrwebEvent } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { clock, networkFailed, pathOf, timelineOf, usableEvents, withStyleNonce } from './replay-events.ts';

const custom = (timestamp: number, tag: string, payload: unknown): RrwebEvent => ({
  type: 5,
  timestamp,
  data: { tag, payload },
});

const styleNode = (id: number, attributes: Record<string, unknown>) => ({
  type: 2,
  tagName: 'style',
  attributes,
  childNodes: [],
  id,
});

describe('timelineOf', () => {
  it('builds the pages, console, network and errors panes from the tessera custom events, at their offsets', () => {
    const events = usableEvents([
      custom(1_500, 'tessera.error', { message: 'TypeError: x', source: '/a.js:1:2', stack: 'at f' }),
      { type: 4, timestamp: 1_000, data: { href: 'https://bank.example/', width: 1, height: 1 } },
      custom(1_000, 'tessera.page', {
        href: 'https://bank.example/dashboard/home/',
        title: 'Home',
        pageIndex: 0,
      }),
      custom(1_200, 'tessera.network', { method: 'POST', url: '/api/x', status: 422, durationMs: 9 }),
      custom(1_300, 'tessera.console', { level: 'warn', message: 'slow' }),
      custom(1_350, 'tessera.console', { level: 'shout', message: 42 }),
      custom(1_400, 'tessera.vitals', { name: 'LCP', value: 1, rating: 'good' }),
      custom(1_450, 'someone.else', { message: 'ignored' }),
      { type: 3, timestamp: 4_000, data: { source: 2 } },
    ]);
    const timeline = timelineOf(events);
    expect(timeline.start).toBe(1_000);
    expect(timeline.totalMs).toBe(3_000);
    expect(timeline.pages).toEqual([
      {
        kind: 'page',
        at: 0,
        payload: { href: 'https://bank.example/dashboard/home/', title: 'Home', pageIndex: 0 },
      },
    ]);
    expect(timeline.network).toEqual([
      { kind: 'network', at: 200, payload: { method: 'POST', url: '/api/x', status: 422, durationMs: 9 } },
    ]);
    // An unknown level is shown as a log; a message that is not text is shown empty, never as code.
    expect(timeline.console.map((entry) => entry.payload)).toEqual([
      { level: 'warn', message: 'slow' },
      { level: 'log', message: '' },
    ]);
    expect(timeline.errors).toEqual([
      { kind: 'error', at: 500, payload: { message: 'TypeError: x', source: '/a.js:1:2', stack: 'at f' } },
    ]);
  });

  it('drops malformed events and gives an empty timeline without any', () => {
    expect(usableEvents([null, 'x', { type: 5 }, { type: 2, timestamp: Number.NaN, data: {} }])).toEqual([]);
    expect(timelineOf([])).toEqual({ start: 0, totalMs: 0, pages: [], console: [], network: [], errors: [] });
  });
});

describe('withStyleNonce', () => {
  it('puts the nonce on recorded <style> and <link> elements of full snapshots and mutations, on copies', () => {
    const snapshot: RrwebEvent = {
      type: 2,
      timestamp: 1,
      data: {
        node: {
          type: 0,
          childNodes: [
            {
              type: 2,
              tagName: 'html',
              attributes: {},
              childNodes: [
                styleNode(3, { _cssText: 'h1{color:red}', nonce: 'recorded' }),
                {
                  type: 2,
                  tagName: 'link',
                  attributes: { rel: 'stylesheet', _cssText: 'p{}' },
                  childNodes: [],
                  id: 4,
                },
                { type: 2, tagName: 'div', attributes: { class: 'a' }, childNodes: [], id: 5 },
              ],
              id: 2,
            },
          ],
          id: 1,
        },
        initialOffset: { top: 0, left: 0 },
      },
    };
    const mutation: RrwebEvent = {
      type: 3,
      timestamp: 2,
      data: {
        source: 0,
        adds: [{ parentId: 2, nextId: null, node: styleNode(6, {}) }],
        removes: [],
        texts: [],
        attributes: [],
      },
    };
    const other: RrwebEvent = { type: 3, timestamp: 3, data: { source: 1, positions: [] } };
    const [full, added, untouched] = withStyleNonce([snapshot, mutation, other], 'n0nce');
    const html = (
      full?.data as { node: { childNodes: { childNodes: { attributes: Record<string, string> }[] }[] } }
    ).node.childNodes[0]?.childNodes;
    expect(html?.map((node) => node.attributes['nonce'])).toEqual(['n0nce', 'n0nce', undefined]);
    expect(html?.[0]?.attributes['_cssText']).toBe('h1{color:red}');
    expect(
      (added?.data as { adds: { node: { attributes: Record<string, string> } }[] }).adds[0]?.node.attributes,
    ).toEqual({
      nonce: 'n0nce',
    });
    expect(untouched).toBe(other);
    // The recorded events are left as they were.
    expect(JSON.stringify(snapshot)).toContain('"nonce":"recorded"');
    expect(JSON.stringify(mutation)).not.toContain('n0nce');
  });

  it('changes nothing without a nonce', () => {
    const events: RrwebEvent[] = [{ type: 2, timestamp: 1, data: { node: styleNode(1, {}) } }];
    expect(withStyleNonce(events, undefined)).toEqual(events);
  });
});

describe('formatting', () => {
  it('shows times as m:ss or h:mm:ss, paths without the origin, and failed requests', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_400)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
    expect(clock(-5)).toBe('0:00');
    expect(pathOf('https://bank.example/dashboard/wallets/?x=1#top')).toBe('/dashboard/wallets/#top');
    expect(pathOf('not a url')).toBe('not a url');
    expect(networkFailed({ method: 'GET', url: '/a', status: 500, durationMs: 1 })).toBe(true);
    expect(networkFailed({ method: 'GET', url: '/a', status: 0, durationMs: 1 })).toBe(true);
    expect(networkFailed({ method: 'GET', url: '/a', status: 204, durationMs: 1 })).toBe(false);
  });
});
