/**
 * bundle: the JavaScript a browser downloads to show / and /dashboard/home/, measured for real: the built app is
 * served by the one-process server, Chromium loads each page, and every script it fetched is sized from the build
 * output (raw, gzip level 9, brotli quality 11), per chunk and in total. Budget: / at most 150 KB gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import type { Benchmark, BenchResult } from '../harness.ts';
import { ROOT, startServer } from '../server.ts';

/** The build measured: apps/web/dist, or WEB_DIST_DIR (also what the server then serves). */
const WEB_DIST = process.env.WEB_DIST_DIR || join(ROOT, 'apps', 'web', 'dist');
export const HOME_BUDGET_GZIP_BYTES = 150 * 1024;

const PAGES = [
  { case: 'home', path: '/', signedIn: false, heading: 'h1' },
  { case: 'dashboard-home', path: '/dashboard/home/', signedIn: true, heading: 'h1' },
];

function sizes(file: string) {
  const body = readFileSync(file);
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Signs the demo customer in through the real sign-in page and returns the session cookies. */
async function signInState(browser: Browser, port: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/login`);
  await page.getByLabel('E-mail address').fill('ana.demo@tessera.test');
  await page.getByLabel('Password').fill('Ana-Demo-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\/home\/$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  description: 'initial JavaScript of / and /dashboard/home/ (gzip and brotli, per chunk)',
  async run() {
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      throw new Error(`${WEB_DIST} is missing: run \`npm run build\` first`);
    }
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const stop = await startServer(port, { TESSERA_MODE: 'demo' }); // it signs in as the demo customer
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const results: BenchResult[] = [];
    try {
      for (const target of PAGES) {
        // A signed-in page is measured in a fresh context that only carries the session cookies, so nothing
        // the sign-in page downloaded is in its cache.
        const context = await browser.newContext(
          target.signedIn ? { storageState: await signInState(browser, port) } : {},
        );
        const page = await context.newPage();
        const scripts = new Set<string>();
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.pathname.endsWith('.js')) {
            scripts.add(url.pathname);
          }
        });
        await page.goto(`http://127.0.0.1:${port}${target.path}`, { waitUntil: 'networkidle' });
        await page.locator(target.heading).first().waitFor();
        const total = { raw: 0, gzip: 0, brotli: 0 };
        for (const script of [...scripts].sort()) {
          const size = sizes(join(WEB_DIST, script));
          total.raw += size.raw;
          total.gzip += size.gzip;
          total.brotli += size.brotli;
          results.push({
            case: `${target.case} ${script}`,
            metric: 'bytes_gzip',
            value: size.gzip,
            unit: 'bytes',
          });
          results.push({
            case: `${target.case} ${script}`,
            metric: 'bytes_brotli',
            value: size.brotli,
            unit: 'bytes',
          });
        }
        results.push({ case: target.case, metric: 'chunks', value: scripts.size, unit: 'count' });
        results.push({ case: target.case, metric: 'bytes_raw', value: total.raw, unit: 'bytes' });
        results.push({ case: target.case, metric: 'bytes_gzip', value: total.gzip, unit: 'bytes' });
        results.push({ case: target.case, metric: 'bytes_brotli', value: total.brotli, unit: 'bytes' });
        if (target.case === 'home') {
          results.push({
            case: 'home',
            metric: 'budget_gzip_used_pct',
            value: Math.round((total.gzip / HOME_BUDGET_GZIP_BYTES) * 1000) / 10,
            unit: '%',
          });
        }
        await context.close();
      }
    } finally {
      await browser.close();
      stop();
    }
    return results;
  },
};
