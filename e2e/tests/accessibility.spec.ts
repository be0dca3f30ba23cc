import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { demoSession, PUBLIC_ROUTES } from './support.ts';

const THEMES = ['light', 'dark'] as const;
const DASHBOARD_PAGES = [
  '/dashboard/home/',
  '/dashboard/settings/?content=appearance',
  '/dashboard/wallets/w-1/',
  '/dashboard/trading/?product=BTC-EUR_tessera',
  '/dashboard/market/',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Items in groups of at most `size`: one journey checks a group in one page, each path a full load, so a journey
 * no longer pays for a browser context, a session and a cold cache per page. Each check names its page and is soft,
 * so a failing page does not hide the next ones.
 */
function groups<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** Generous time for a journey checking `count` pages on a shared machine. */
function timeFor(count: number): number {
  return 30_000 + count * 30_000;
}

for (const theme of THEMES) {
  test.describe(`axe in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    for (const paths of groups(
      PUBLIC_ROUTES.map((route) => route.path),
      5,
    )) {
      test(`${paths.join(', ')} have no serious or critical violation`, async ({ page }) => {
        test.setTimeout(timeFor(paths.length));
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }), `${path} shows its heading`).toBeVisible();
          expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
        }
      });
    }

    test('the not-found page has no serious or critical violation', async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`dashboard ${DASHBOARD_PAGES.join(', ')} have no serious or critical violation`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(timeFor(DASHBOARD_PAGES.length));
      const context = await browser.newContext({ storageState: await demoSession(baseURL) });
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      for (const path of DASHBOARD_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), `${path} shows its heading`).toBeVisible();
        if (path.startsWith('/dashboard/trading/')) {
          // The chart's canvas and the live panels, checked once drawn.
          await expect(
            page.locator('.mkt-chart__canvas canvas').first(),
            `${path} draws its chart`,
          ).toBeVisible();
        }
        expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
      }
      await context.close();
    });
  });
}
