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

for (const theme of THEMES) {
  test.describe(`axe in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    for (const route of PUBLIC_ROUTES) {
      test(`${route.path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the not-found page has no serious or critical violation', async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const path of DASHBOARD_PAGES) {
      test(`dashboard ${path} has no serious or critical violation`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ storageState: await demoSession(baseURL) });
        await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path.startsWith('/dashboard/trading/')) {
          // The chart's canvas and the live panels, checked once drawn.
          await expect(page.locator('.mkt-chart__canvas canvas').first()).toBeVisible();
        }
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  });
}
