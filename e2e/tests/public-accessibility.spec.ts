import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_ROUTES } from './support.ts';

// The French public pages, light and dark (accessibility.spec.ts checks the English ones): French pages are
// pre-rendered in French and then hydrated, so both the HTML and the app's render are checked for a French reader.

const THEMES = ['light', 'dark'] as const;

for (const theme of THEMES) {
  test.describe(`axe in French, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('lng', 'fr');
      }, theme);
    });

    for (const route of PUBLIC_ROUTES) {
      test(`${route.path} in French has no serious or critical violation`, async ({ page }) => {
        await page.goto(route.path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Once the app has taken over the page (the pre-rendered HTML is hydrated or replaced).
        await expect(page.locator('html.ts-prerender-stale')).toHaveCount(0);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
