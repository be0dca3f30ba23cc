/**
 * The main-thread work of a page load, measured so that it does not depend on how busy the machine is: Chromium's
 * trace of the load (no throttling, Lighthouse's mobile screen), and for every task of the page's main thread its
 * thread CPU time (`tdur`), which does not grow while other processes hold the CPU, where wall time does (and
 * Lighthouse's Total Blocking Time is wall time). Reported per page:
 *  - main_thread_cpu_ms: CPU time of the main thread's tasks after First Contentful Paint;
 *  - longest_task_cpu_ms: the longest of those tasks;
 *  - tbt_cpu_4x_ms: Total Blocking Time computed as Lighthouse's mobile preset does (each task 4 times slower,
 *    the part of each beyond 50 ms), from CPU time instead of wall time.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** A cookie as Playwright adds it (the signed-in session of lighthouse.ts). */
export type SessionCookie = Parameters<BrowserContext['addCookies']>[0][number];

export interface MainThreadFigures {
  main_thread_cpu_ms: number;
  longest_task_cpu_ms: number;
  tbt_cpu_4x_ms: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { navigationId?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean };
  };
}

/** Lighthouse's mobile CPU slowdown and its blocking threshold. */
const CPU_SLOWDOWN = 4;
const BLOCKING_THRESHOLD_MS = 50;
/** Time given to the page after `load` (the app starts after the first paint and hydrates in slices). */
const SETTLE_MS = 4000;

export function launchTraceBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** Options of a traced load (bench/src/benchmarks/tracker.ts loads the page with and without the tracker). */
export interface MeasureOptions {
  /** Runs on the new context before the load (init scripts, routes). */
  prepare?: (context: BrowserContext) => Promise<void>;
  bypassCSP?: boolean;
  /** Time traced after `load` (default SETTLE_MS). */
  settleMs?: number;
}

/**
 * One load of `url` (with `cookies`: a signed-in session): the figures, or null when the trace has no navigation or
 * paint to measure from.
 */
export async function measureMainThread(
  browser: Browser,
  url: string,
  cookies: SessionCookie[] = [],
  options: MeasureOptions = {},
): Promise<MainThreadFigures | null> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    bypassCSP: options.bypassCSP ?? false,
  });
  try {
    await context.addCookies(cookies);
    await options.prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => {
      events.push(...(message.value as unknown as TraceEvent[]));
    });
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(options.settleMs ?? SETTLE_MS);
    await cdp.send('Tracing.end');
    await complete;
    return figuresOf(events);
  } finally {
    await context.close();
  }
}

function figuresOf(events: TraceEvent[]): MainThreadFigures | null {
  const navigation = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        (event.args.data.documentLoaderURL ?? '').startsWith('http'),
    )
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  const navigationId = navigation?.args?.data?.navigationId;
  const paint = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.args?.data?.navigationId === navigationId,
  );
  if (!navigation || !paint) {
    return null;
  }
  // The page's main thread: the renderer's CrRendererMain with the most tasks.
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.pid === navigation.pid)
      .filter((event) => event.args?.name === 'CrRendererMain')
      .map((event) => event.tid),
  );
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === navigation.pid &&
      mainThreads.has(event.tid) &&
      event.ts >= paint.ts,
  );
  const cpu = tasks.map((task) => (task.tdur ?? task.dur ?? 0) / 1000);
  return {
    main_thread_cpu_ms: cpu.reduce((sum, value) => sum + value, 0),
    longest_task_cpu_ms: Math.max(0, ...cpu),
    tbt_cpu_4x_ms: cpu.reduce(
      (sum, value) => sum + Math.max(0, value * CPU_SLOWDOWN - BLOCKING_THRESHOLD_MS),
      0,
    ),
  };
}
