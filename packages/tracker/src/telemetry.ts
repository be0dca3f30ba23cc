/**
 * Telemetry recorded as rrweb custom events (docs/tracker-protocol.md): exceptions, console warnings and errors
 * (at most 30 per tick), web vitals, page load timings, resources and network calls (fetch and XMLHttpRequest:
 * method, url without query values, status, timing, sizes; never a body, never a header; the ingest's own calls are
 * never recorded). Every string goes through the sanitizer with the rest of the stream.
 */
import type { Metric } from 'web-vitals';
import { CONSOLE_MESSAGES_PER_TICK, CUSTOM_TEXT_MAX_LENGTH } from './constants.ts';
import { recordedUrl, withoutUrlSecrets } from './rules.ts';

export type AddEvent = (tag: string, payload: Record<string, unknown>) => void;

export interface TelemetryOptions {
  /** The ingest point: calls to it are not recorded. */
  ingestPoint: string;
  origin: string;
}

/** Free text as recorded: URLs in it lose query values, fragments and credentials, then it is truncated. */
const truncate = (raw: string): string => {
  const text = withoutUrlSecrets(raw);
  return text.length > CUSTOM_TEXT_MAX_LENGTH ? `${text.slice(0, CUSTOM_TEXT_MAX_LENGTH)}…` : text;
};

function describe(value: unknown): string {
  if (value instanceof Error) {
    return `${value.name}: ${value.message}`;
  }
  if (typeof value === 'string') {
    return value;
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

let vitalsRegistered = false;
let vitalSink: ((metric: Metric) => void) | null = null;

/** Installs every capture and returns the function that removes them all. */
export function installTelemetry(add: AddEvent, options: TelemetryOptions): () => void {
  const undo: (() => void)[] = [];
  const own = (url: string): boolean => {
    try {
      return new URL(url, options.origin).href.startsWith(options.ingestPoint);
    } catch {
      return false;
    }
  };
  const url = (raw: string) => recordedUrl(raw, options.origin);

  // Exceptions.
  const onError = (event: ErrorEvent) => {
    add('tessera.error', {
      message: truncate(event.message || describe(event.error)),
      source: event.filename ? url(event.filename) : undefined,
      stack: event.error instanceof Error && event.error.stack ? truncate(event.error.stack) : undefined,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    add('tessera.error', {
      message: truncate(`Unhandled rejection: ${describe(reason)}`),
      stack: reason instanceof Error && reason.stack ? truncate(reason.stack) : undefined,
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  undo.push(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  // Console warnings and errors, at most 30 per tick.
  let thisTick = 0;
  for (const level of ['warn', 'error'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      if (thisTick === 0) {
        setTimeout(() => {
          thisTick = 0;
        }, 0);
      }
      thisTick += 1;
      if (thisTick <= CONSOLE_MESSAGES_PER_TICK) {
        add('tessera.console', { level, message: truncate(args.map(describe).join(' ')) });
      }
      original.apply(console, args);
    };
    undo.push(() => {
      console[level] = original;
    });
  }

  // Web vitals and the page's load timings.
  // web-vitals' observers cannot be removed: they are registered once per page and report to the current sink.
  vitalSink = (metric) =>
    add('tessera.vitals', { name: metric.name, value: round(metric.value), rating: metric.rating });
  undo.push(() => {
    vitalSink = null;
  });
  if (!vitalsRegistered) {
    // Its own chunk, loaded once recording runs: the observers read buffered entries, so nothing is missed.
    vitalsRegistered = true;
    const vital = (metric: Metric) => vitalSink?.(metric);
    void import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        onLCP(vital);
        onCLS(vital);
        onINP(vital);
        onFCP(vital);
        onTTFB(vital);
      })
      .catch(() => undefined);
  }
  const timing = () => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation) {
      add('tessera.timing', {
        domInteractiveMs: round(navigation.domInteractive),
        domContentLoadedMs: round(navigation.domContentLoadedEventEnd),
        loadMs: round(navigation.loadEventEnd),
        transferSize: navigation.transferSize,
      });
    }
  };
  if (document.readyState === 'complete') {
    setTimeout(timing, 0);
  } else {
    window.addEventListener('load', () => setTimeout(timing, 0), { once: true });
  }

  // Resources (scripts, styles, images; fetch and XHR are the network events below).
  if (typeof PerformanceObserver === 'function') {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (own(entry.name) || entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest') {
          continue;
        }
        add('tessera.resource', {
          name: url(entry.name),
          initiatorType: entry.initiatorType,
          durationMs: round(entry.duration),
          transferSize: entry.transferSize,
        });
      }
    });
    try {
      observer.observe({ type: 'resource', buffered: true });
      undo.push(() => observer.disconnect());
    } catch {
      // No resource timing in this browser.
    }
  }

  // Network: fetch.
  const originalFetch = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (own(raw)) {
      return originalFetch(input, init);
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const started = performance.now();
    const body = init?.body;
    const requestSize = typeof body === 'string' ? body.length : body instanceof Blob ? body.size : undefined;
    try {
      const response = await originalFetch(input, init);
      const length = Number(response.headers.get('content-length'));
      add('tessera.network', {
        method,
        url: url(raw),
        status: response.status,
        durationMs: round(performance.now() - started),
        requestSize,
        responseSize: Number.isFinite(length) && length > 0 ? length : undefined,
      });
      return response;
    } catch (error) {
      add('tessera.network', {
        method,
        url: url(raw),
        status: 0,
        durationMs: round(performance.now() - started),
        requestSize,
      });
      throw error;
    }
  };
  undo.push(() => {
    window.fetch = originalFetch;
  });

  // Network: XMLHttpRequest.
  const proto = XMLHttpRequest.prototype;
  const originalOpen = proto.open;
  const originalSend = proto.send;
  const calls = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  proto.open = function open(this: XMLHttpRequest, method: string, target: string | URL, ...rest: unknown[]) {
    const raw = typeof target === 'string' ? target : target.href;
    if (!own(raw)) {
      calls.set(this, { method: method.toUpperCase(), url: url(raw) });
    }
    return (originalOpen as (...args: unknown[]) => void).call(this, method, target, ...rest);
  } as typeof proto.open;
  proto.send = function send(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const call = calls.get(this);
    if (call) {
      const started = performance.now();
      this.addEventListener(
        'loadend',
        () => {
          const length = Number(this.getResponseHeader('content-length'));
          add('tessera.network', {
            method: call.method,
            url: call.url,
            status: this.status,
            durationMs: round(performance.now() - started),
            requestSize: typeof body === 'string' ? body.length : undefined,
            responseSize: Number.isFinite(length) && length > 0 ? length : undefined,
          });
        },
        { once: true },
      );
    }
    return originalSend.call(this, body as XMLHttpRequestBodyInit | null);
  };
  undo.push(() => {
    proto.open = originalOpen;
    proto.send = originalSend;
  });

  return () => {
    for (const step of undo.reverse()) {
      step();
    }
  };
}
