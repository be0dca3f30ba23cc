import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_ROUTES } from './support.ts';

// The French public pages, light and dark (accessibility.spec.ts checks the English ones): French pages are
// pre-rendered in French and then hydrated, so both the HTML and the app's render are checked for a French reader.

const THEMES = ['light', 'dark'] as const;

/**
 * Routes in groups of at most `size`: one journey checks a group in one page, each route a full load, so a journey
 * no longer pays for a browser context and a cold cache per route. Each check names its route and the axe check is
 * soft, so a failing page does not hide the next ones.
 */
function groups<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

for (const theme of THEMES) {
  test.describe(`axe in French, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('lng', 'fr');
      }, theme);
    });

    for (const routes of groups(PUBLIC_ROUTES, 5)) {
      const paths = routes.map((route) => route.path);
      test(`${paths.join(', ')} in French have no serious or critical violation`, async ({ page }) => {
        test.setTimeout(30_000 + paths.length * 30_000);
        for (const path of paths) {
          await page.goto(path);
          await expect(page.locator('html'), `${path} is in French`).toHaveAttribute('lang', 'fr');
          await expect(page.getByRole('heading', { level: 1 }), `${path} shows its heading`).toBeVisible();
          // Once the app has taken over the page (the pre-rendered HTML is hydrated or replaced).
          await expect(
            page.locator('html.ts-prerender-stale'),
            `${path} is taken over by the app`,
          ).toHaveCount(0);
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .analyze();
          const serious = results.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map(
              (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            );
          expect.soft(serious, `axe on ${path}`).toEqual([]);
        }
      });
    }
  });
}
