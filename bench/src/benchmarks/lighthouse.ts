/**
 * lighthouse: Lighthouse 12 (mobile preset: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) on the
 * production build served by the one-process server (in demo mode, for the demo customer): the public pages /,
 * /pricing/ and /help/, the sign-in page /login, and, signed in as the demo customer, /dashboard/home/ and
 * /dashboard/trading/. Each page is measured 5 times in Debian's Chromium and the median of each figure is kept:
 * performance, accessibility and SEO scores (0 to 100), Largest Contentful Paint and Total Blocking Time (ms) and
 * Cumulative Layout Shift. Goals: public pages performance at least 95, accessibility 100, SEO 100 (issue #6);
 * /login at least 95, the two dashboard pages at least 90 (issue #15). `npm run build` first; WEB_DIST_DIR
 * measures another build folder.
 *
 * The signed-in session is laid out as the web app stores it (Amplify's cookies, as e2e/tests/support.ts
 * demoSession does), from a sign-in through the identity protocol; it is put in the browser before each page's
 * runs. Each run clears the page's local storage and IndexedDB (the persisted query cache), not its cookies, so
 * every signed-in run starts from an empty cache, as after a sign-in on a new device.
 *
 * Lighthouse's timings are wall time, and they grow with whatever else runs on the machine (its TBT scales every
 * observed task by 4). Each page is therefore also loaded 5 times in a trace that counts the main thread's CPU
 * time (lighthouse-main-thread.ts): main_thread_cpu_ms, longest_task_cpu_ms and tbt_cpu_4x_ms (the same formula
 * as TBT, from CPU time), which compare builds fairly on a busy machine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import type { Benchmark, BenchResult } from '../harness.ts';
import { ROOT, startServer } from '../server.ts';
import {
  launchTraceBrowser,
  measureMainThread,
  type MainThreadFigures,
  type SessionCookie,
} from './lighthouse-main-thread.ts';

const RUNS = 5;
const PAGES: { case: string; path: string; signedIn?: boolean }[] = [
  { case: 'home', path: '/' },
  { case: '/pricing/', path: '/pricing/' },
  { case: '/help/', path: '/help/' },
  { case: '/login', path: '/login' },
  { case: '/dashboard/home/', path: '/dashboard/home/', signedIn: true },
  { case: '/dashboard/trading/', path: '/dashboard/trading/', signedIn: true },
];
/** The demo customer (services/identity's demo seed, TESSERA_MODE=demo) and the web app's client. */
const DEMO_CUSTOMER = { email: 'ana.demo@tessera.test', password: 'Ana-Demo-2026!' };
const WEB_CLIENT_ID = 'tessera-web';
/** Lighthouse's default storage types to clear, with local storage and IndexedDB (the persisted query cache). */
const CLEAR_STORAGE_TYPES: NonNullable<NonNullable<Parameters<typeof lighthouse>[1]>['clearStorageTypes']> = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
];
/** Chromium's flags for a headless, quiet run on this machine kind (no GPU, no sandbox in containers). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A new session of the demo customer as the web app keeps it: Amplify's cookies (CookieStorage, lib/amplify.ts)
 * named after the client and the user, from InitiateAuth USER_PASSWORD_AUTH, as the sign-in page does.
 */
export async function demoSessionCookies(baseUrl: string): Promise<SessionCookie[]> {
  const response = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: WEB_CLIENT_ID,
      AuthParameters: { USERNAME: DEMO_CUSTOMER.email, PASSWORD: DEMO_CUSTOMER.password },
    }),
  });
  if (!response.ok) {
    throw new Error(`The demo customer could not sign in: ${response.status} ${await response.text()}`);
  }
  const { AuthenticationResult: tokens } = (await response.json()) as {
    AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string };
  };
  const prefix = `CognitoIdentityServiceProvider.${WEB_CLIENT_ID}`;
  const user = `${prefix}.${encodeURIComponent(DEMO_CUSTOMER.email)}`;
  const values: [string, string][] = [
    [`${prefix}.LastAuthUser`, DEMO_CUSTOMER.email],
    [`${user}.accessToken`, tokens.AccessToken],
    [`${user}.idToken`, tokens.IdToken],
    [`${user}.refreshToken`, tokens.RefreshToken],
    [`${user}.clockDrift`, '0'],
  ];
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  return [
    { name: 'lng', value: 'en', domain: '127.0.0.1', path: '/', expires, secure: false, sameSite: 'Lax' },
    ...values.map(([name, value]): SessionCookie => ({
      name,
      value,
      domain: '127.0.0.1',
      path: '/',
      expires,
      secure: true,
      sameSite: 'Strict',
    })),
  ];
}

/** Puts (or, with an empty list, removes) the session cookies in the browser Lighthouse drives. */
async function setBrowserCookies(chromePort: number, cookies: SessionCookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) {
      throw new Error('The Lighthouse browser has no default context.');
    }
    await context.clearCookies();
    await context.addCookies(cookies);
  } finally {
    // Disconnects without closing the browser (it was not launched by Playwright).
    await browser.close();
  }
}

/** The figures of one Lighthouse run; throws when Lighthouse could not measure the page. */
async function measure(url: string, port: number, signedIn = false) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
    ...(signedIn ? { clearStorageTypes: CLEAR_STORAGE_TYPES } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) {
    throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = ['accessibility', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    performance_score: score('performance'),
    accessibility_score: score('accessibility'),
    seo_score: score('seo'),
    lcp_ms: numeric('largest-contentful-paint'),
    tbt_ms: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  };
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART): such a run is repeated, at most twice. */
const ATTEMPTS_MAX = 3;

async function measureWithRetries(url: string, port: number, signedIn: boolean): ReturnType<typeof measure> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, port, signedIn);
    } catch (error) {
      if (attempt === ATTEMPTS_MAX) {
        throw error;
      }
      console.log(`  ${url}: run failed (${(error as Error).message.slice(0, 120)}), retrying`);
    }
  }
}

const UNITS: Record<string, string> = {
  performance_score: 'score',
  accessibility_score: 'score',
  seo_score: 'score',
  lcp_ms: 'ms',
  tbt_ms: 'ms',
  cls: 'unitless',
};

const MAIN_THREAD_METRICS: (keyof MainThreadFigures)[] = [
  'main_thread_cpu_ms',
  'longest_task_cpu_ms',
  'tbt_cpu_4x_ms',
];

/** RUNS traced loads of `url` (a load whose trace cannot be read is repeated, at most twice). */
async function mainThreadRuns(url: string, cookies: SessionCookie[]): Promise<MainThreadFigures[]> {
  const browser = await launchTraceBrowser();
  try {
    const runs: MainThreadFigures[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
      const figures = await measureMainThread(browser, url, cookies);
      if (figures) {
        runs.push(figures);
      }
    }
    if (runs.length < RUNS) {
      throw new Error(`${url}: the main-thread trace could not be read`);
    }
    return runs;
  } finally {
    await browser.close();
  }
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse 12 mobile on /, /pricing/, /help/, /login and, signed in, /dashboard/home/ and /dashboard/trading/ (median of ${RUNS} runs)`,
  async run() {
    const dist = process.env.WEB_DIST_DIR || join(ROOT, 'apps', 'web', 'dist');
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error(`${dist} is missing: run \`npm run build\` first`);
    }
    const serverPort = 40_000 + Math.floor(Math.random() * 10_000);
    // Demo mode, for the demo customer to sign in as; it refuses NODE_ENV=production, which changes nothing the
    // pages are served with (the same built files, headers and compression in either mode).
    // PUBLIC_URL: the canonical, hreflang and Open Graph links are absolute on the configured origin, as in
    // production (without it they are root-relative, which Lighthouse's SEO audits rightly fail).
    const stop = await startServer(serverPort, {
      NODE_ENV: 'development',
      TESSERA_MODE: 'demo',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
    });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const results: BenchResult[] = [];
    try {
      const baseUrl = `http://127.0.0.1:${serverPort}`;
      for (const target of PAGES) {
        const url = `${baseUrl}${target.path}`;
        // A fresh session per signed-in page; none for the others (/login would send a signed-in person on).
        const cookies = target.signedIn ? await demoSessionCookies(baseUrl) : [];
        await setBrowserCookies(chrome.port, cookies);
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          const figures = await measureWithRetries(url, chrome.port, target.signedIn === true);
          runs.push(figures);
        }
        // Correctness after the run: every run measured the page (no NaN), and say which audits failed.
        for (const metric of Object.keys(UNITS) as (keyof typeof UNITS)[]) {
          const values = runs.map((figures) => figures[metric as keyof typeof figures] as number);
          if (values.some((value) => Number.isNaN(value))) {
            throw new Error(`${target.path}: ${metric} missing from a run`);
          }
          const value = median(values);
          results.push({
            case: target.case,
            metric,
            value: Math.round(value * 1000) / 1000,
            unit: UNITS[metric]!,
          });
        }
        const failing = [...new Set(runs.flatMap((figures) => figures.failing))];
        if (failing.length > 0) {
          console.log(`  ${target.path}: audits below 100: ${failing.join(', ')}`);
        }
        const traced = await mainThreadRuns(url, cookies);
        for (const metric of MAIN_THREAD_METRICS) {
          results.push({
            case: target.case,
            metric,
            value: Math.round(median(traced.map((figures) => figures[metric])) * 10) / 10,
            unit: 'ms',
          });
        }
      }
    } finally {
      await chrome.kill();
      stop();
    }
    return results;
  },
};
