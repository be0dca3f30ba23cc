import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accessTokenOf } from './identity-support.ts';
import { OWN_SESSION } from './support.ts';

// The wallet pages with the demo customer's real wallets, in both themes: no serious or critical axe violation
// (WCAG 2.2 AA, contrast included). Read-only: nothing here moves the demo customer's money.
test.use(OWN_SESSION);
test.describe.configure({ timeout: 90_000 });

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

async function demoWallets(page: Page): Promise<Record<string, string>> {
  await page.goto('/dashboard/home/');
  const response = await page.request.get('/api/cash-operations/wallets', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  const { items } = (await response.json()) as { items: { id: string; asset: string }[] };
  return Object.fromEntries(items.map((wallet) => [wallet.asset, wallet.id]));
}

for (const theme of ['light', 'dark'] as const) {
  test(`wallet pages, the transfer modal and the cash settings have no serious violation (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const ids = await demoWallets(page);
    const paths = [
      '/dashboard/home/?origin=deposit_success',
      '/dashboard/wallets/',
      '/dashboard/wallets/?action=transfer',
      `/dashboard/wallets/${ids['EUR']}/?to=0`,
      `/dashboard/wallets/${ids['EUR']}/?to=1`,
      `/dashboard/wallets/${ids['EUR']}/?to=2`,
      `/dashboard/wallets/${ids['EUR']}/fund/`,
      `/dashboard/wallets/${ids['BTC']}/fund/`,
      '/dashboard/settings/?content=depositCard',
      '/dashboard/settings/?content=depositSepa',
      '/dashboard/settings/?content=depositCrypto',
      '/dashboard/settings/?content=withdrawal',
    ];
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      // A page's title, or the transfer modal's (the page behind a modal is hidden from assistive technology).
      await expect(page.getByRole('heading').first()).toBeVisible();
      // Wait for the figures: a skeleton has nothing to check.
      await expect(page.locator('.ts-skeleton')).toHaveCount(0, { timeout: 15_000 });
      found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
    }
    expect(found).toEqual([]);
  });
}

test('the wallet tabs follow `to`, and an invalid `to` falls back to the activity tab', async ({ page }) => {
  const ids = await demoWallets(page);
  for (const [to, tab] of [
    ['1', 'Details'],
    ['2', 'Statements'],
    ['7', 'Activity'],
    ['x', 'Activity'],
  ] as const) {
    await page.goto(`/dashboard/wallets/${ids['EUR']}/?to=${to}`);
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByRole('tab', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/\?to=2$/);
});
