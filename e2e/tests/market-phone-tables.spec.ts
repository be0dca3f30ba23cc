import { expect, test } from '@playwright/test';
import { LANGUAGES, open, text } from './identity-support.ts';
import { OWN_SESSION } from './support.ts';

// Issue #15: at phone width the market's sector and region tables scrolled sideways; each group is now a card of
// labelled figures. And the instrument details named venues in English to French customers.
test.use({ ...OWN_SESSION, viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** The short venue names on product buttons (lib/format.ts), and the venue ids they stand for. */
const VENUE_IDS = {
  Cboe: 'cboe',
  Nasdaq: 'nasdaq',
  NYSE: 'nyse',
  Xetra: 'xetra',
  Euronext: 'euronext',
  LSE: 'lse',
  SIX: 'six',
} as const;

const tr = (language: (typeof LANGUAGES)[number], key: string) => text(language, `trading:${key}`);

for (const language of LANGUAGES) {
  test(`sector and region tables stack into cards at 390 px, and a venue is named in the page's language (${language})`, async ({
    page,
  }) => {
    // The demo session's saved state remembers English (localStorage `lng`, read before the address's `lng`): this
    // customer chose the page's language earlier.
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), language);
    await open(page, language, '/dashboard/market/');
    for (const title of [tr(language, 'market.sectors.title'), tr(language, 'market.regions.title')]) {
      const table = page.getByRole('table', { name: title });
      await expect(table).toBeVisible({ timeout: 30_000 });
      // Nothing to scroll sideways: the table fits its box, and each figure carries its column's name.
      const box = page.getByRole('region', { name: title });
      expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      const firstRow = table.locator('tbody tr').first();
      const rowBox = await firstRow.boundingBox();
      expect(rowBox?.width ?? 0).toBeLessThanOrEqual(390);
      const average = firstRow.locator('td').first();
      await expect(average).toHaveAttribute('data-label', tr(language, 'market.table.average'));
      expect(await average.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
        JSON.stringify(tr(language, 'market.table.average')),
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An instrument's details name its venue in the customer's language (the catalog's names are English).
    const best = page
      .getByRole('table', { name: tr(language, 'market.sectors.title') })
      .getByRole('button')
      .first();
    const venue =
      VENUE_IDS[(/· (\w+)$/.exec((await best.textContent()) ?? '')?.[1] ?? '') as keyof typeof VENUE_IDS];
    expect(venue, 'a stock venue').toBeDefined();
    await best.click();
    await expect(
      page.getByText(tr(language, `market.details.venues.${venue}`), { exact: true }),
    ).toBeVisible();
  });
}
