import { expect, type Page, test } from '@playwright/test';

// Pre-rendered public pages hydrate their parts below the fold only when they come into view or are touched
// (docs/adr/0004-public-site.md): until then the HTML is there and works, and once touched it is the app's.

/** Opens / once the app runs it (the footer's language choice is enabled once hydrated), and marks the document. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Français' })).toBeEnabled();
  // A full page load would lose this.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

/** The pricing page is shown, in the document {@link openHome} marked: the app navigated, nothing reloaded. */
async function expectPricingWithoutReload(page: Page) {
  await expect(page).toHaveURL(/\/pricing\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Clear pricing, shown before every operation' }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
}

test('a section below the fold works in the app when used: its link navigates without reloading', async ({
  page,
}) => {
  await openHome(page);
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await expect(faq.getByRole('group').first()).toBeAttached();
  const fees = page.getByRole('region', { name: 'Fees you can read in one minute' });
  await fees.getByRole('link', { name: 'Full fee schedule' }).click();
  await expectPricingWithoutReload(page);
});

test('switching the language re-renders every section, also those not yet scrolled to', async ({ page }) => {
  await page.goto('/');
  const french = page.getByRole('contentinfo').getByRole('radio', { name: 'Français' });
  await expect(french).toBeEnabled();
  await french.click();
  await expect(page.getByRole('heading', { level: 1, name: /un seul compte limpide/ })).toBeVisible();
  for (const title of ['Tout au même endroit', 'Démarrez en trois étapes', 'Questions fréquentes']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeAttached();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toHaveCount(0);
  // The choice is remembered for the server too: the next page comes pre-rendered in French.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'lng')?.value).toBe('fr');
  const html = await (await page.request.get('/pricing/')).text();
  expect(html).toContain('>Tarifs clairs, affichés avant chaque opération</h1>');
});

test('a link below the fold activated without a pointer (as a screen reader does) navigates without reloading', async ({
  page,
}) => {
  await openHome(page);
  // A click event alone, with no pointer or focus before it, on a part that has not been scrolled to.
  await page
    .getByRole('region', { name: 'Fees you can read in one minute' })
    .getByRole('link', { name: 'Full fee schedule' })
    .dispatchEvent('click');
  await expectPricingWithoutReload(page);
});
