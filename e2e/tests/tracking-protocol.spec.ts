/**
 * The tracker in the real web app against a fake ingest (issue #17; spec sections 5 and 8): a 401 on a batch
 * restarts the session and the batch goes through under the new token; a failing batch is retried 10 times, waiting
 * at least 250 ms x the attempt number between tries (asserted as lower bounds only), then dropped; Do Not Track and
 * secure mode over http refuse to start: no start call, and the state stays 'not active'.
 */
import { expect, type Page, test } from '@playwright/test';
import { open, type Language } from './identity-support.ts';
import { OWN_SESSION, watchCspViolations } from './support.ts';
import {
  consoleSays,
  expectTrackerState,
  fakeIngest,
  preferLanguage,
  trackerState,
  type IngestCall,
} from './tracking-support.ts';
import { w } from './wallets-support.ts';

test.use(OWN_SESSION);

/** Opens the wallets page in a language and waits for its heading (the tracker starts once the page is idle). */
async function openWallets(page: Page, language: Language): Promise<void> {
  await preferLanguage(page, language);
  await open(page, language, '/dashboard/wallets/');
  await expect(page.getByRole('heading', { level: 1, name: w(language, 'page.title') })).toBeVisible();
}

const batches = (calls: IngestCall[]) => calls.filter((call) => call.path === '/v1/web/i');
const startCalls = (calls: IngestCall[]) => calls.filter((call) => call.path === '/v1/web/start');

test('a 401 on a batch starts the session again and the batch is accepted under the new token', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const calls = await fakeIngest(context, ({ authorization }) =>
    authorization === 'Bearer token-1' ? 401 : 200,
  );
  const violations = await watchCspViolations(page);
  await openWallets(page, 'en');
  // Active: its worker started from a Blob URL under the app's real CSP (worker-src blob:; violations checked below).
  await expectTrackerState(page, 'active');
  // The first batch (sent within the worker's 10-second flush) is refused with 401...
  await expect.poll(() => batches(calls).length, { timeout: 60_000 }).toBeGreaterThan(0);
  expect(batches(calls)[0]).toMatchObject({ authorization: 'Bearer token-1', status: 401 });
  const refused = batches(calls)[0]?.batch;
  // ...so the tracker starts again, carrying the old token, and the same batch goes through under the new one.
  await expect.poll(() => startCalls(calls).length, { timeout: 60_000 }).toBe(2);
  await expect
    .poll(() => batches(calls).find((call) => call.status === 200)?.authorization ?? null, {
      timeout: 60_000,
    })
    .toBe('Bearer token-2');
  expect(batches(calls).find((call) => call.status === 200)?.batch).toBe(refused);
  expect(await trackerState(page)).toBe('active');
  expect(violations).toEqual([]);
});

test('a batch the ingest keeps failing is retried 10 times, 250 ms x attempt apart at least, then dropped', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  let failing: string | null = null;
  const calls = await fakeIngest(context, ({ batch }) => {
    failing ??= batch;
    return batch === failing ? 500 : 200;
  });
  const dropped = consoleSays(page, /dropped: the ingest answered 500 after 10 retries/);
  await openWallets(page, 'fr');
  await expectTrackerState(page, 'active');
  await dropped;
  const tries = batches(calls).filter((call) => call.batch === failing);
  // The first try and 10 retries, never more.
  expect(tries).toHaveLength(11);
  for (let attempt = 1; attempt < tries.length; attempt += 1) {
    const gap = (tries[attempt]?.at ?? 0) - (tries[attempt - 1]?.at ?? 0);
    // A lower bound only (a slow machine waits longer, never shorter); 20 ms of slack for the two clocks' reading.
    expect(gap, `wait before retry ${attempt}`).toBeGreaterThanOrEqual(250 * attempt - 20);
  }
  // The session carries on: the next batch is accepted.
  await page.mouse.move(10, 10);
  await page.mouse.move(200, 200);
  await expect
    .poll(() => batches(calls).some((call) => call.batch !== failing && call.status === 200), {
      timeout: 60_000,
    })
    .toBe(true);
  expect(await trackerState(page)).toBe('active');
});

for (const language of ['en', 'fr'] as const) {
  test(`Do Not Track: the tracker never starts (${language})`, async ({ page, context }) => {
    const calls = await fakeIngest(context, () => 200);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1', configurable: true });
    });
    const refused = consoleSays(page, /Tracker refused to start: Do Not Track is on\./);
    await openWallets(page, language);
    await refused;
    expect(await trackerState(page)).toBe('not active');
    expect(startCalls(calls)).toEqual([]);
    expect(calls).toEqual([]);
  });

  test(`secure mode over http: the tracker never starts (${language})`, async ({ page, context }) => {
    const calls = await fakeIngest(context, () => 200);
    // The deployment says secure mode (as production does) while the page is served over http.
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { tracker: { secureMode: boolean } | null };
      expect(config.tracker, '/config.json publishes the tracker settings').not.toBeNull();
      await route.fulfill({
        response,
        json: { ...config, tracker: { ...config.tracker, secureMode: true } },
      });
    });
    const refused = consoleSays(page, /not served over https \(secure mode is on\)/);
    await openWallets(page, language);
    await refused;
    expect(await trackerState(page)).toBe('not active');
    expect(calls).toEqual([]);
  });
}

test.describe('a pre-rendered public page', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const language of ['en', 'fr'] as const) {
    test(`loads the tracker only at the visitor's first interaction (${language})`, async ({
      page,
      context,
    }) => {
      const calls = await fakeIngest(context, () => 200);
      await preferLanguage(page, language);
      await open(page, language, '/pricing/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Loaded and idle, the app waits for the visitor: no tracker yet, nothing sent.
      await expect(page.locator('html')).toHaveAttribute('data-tracker-load', 'on interaction', {
        timeout: 30_000,
      });
      expect(await trackerState(page)).toBeNull();
      expect(calls).toEqual([]);
      await page.keyboard.press('Tab');
      await expectTrackerState(page, 'active');
      await expect(page.locator('html')).not.toHaveAttribute('data-tracker-load');
      expect(startCalls(calls)).toHaveLength(1);
    });
  }
});
