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

// Issue #15: unknown addresses answer 404 with the translated not-found page; the legal pages a bank must publish
// are linked from every footer, pre-rendered, in both languages; each page has its own title.

const LEGAL_PAGES = [
  { path: '/legal/terms/', en: 'Terms of use', fr: 'Conditions d’utilisation' },
  { path: '/legal/privacy/', en: 'Privacy notice', fr: 'Politique de confidentialité' },
  { path: '/legal/complaints/', en: 'Complaints', fr: 'Réclamations' },
  { path: '/legal/regulatory-information/', en: 'Regulatory information', fr: 'Informations réglementaires' },
  { path: '/legal/imprint/', en: 'Imprint', fr: 'Mentions légales' },
] as const;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test('a visitor who scrolls down before the app starts stays where they are once it runs', async ({
  page,
}) => {
  // The app starts late (a slow phone): the visitor reads the pre-rendered page and scrolls to its footer first.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto('/pricing/');
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use', exact: true });
  await terms.scrollIntoViewIfNeeded();
  await expect(terms).toBeInViewport();
  releaseApp();
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Français' })).toBeEnabled();
  // Two frames after the hydration, when the router has rendered the page (and used to put the window at the top).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  await expect(terms).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test.describe('unknown addresses', () => {
  for (const path of [
    '/no-such-page',
    '/no-such-page/',
    '/dashboard/no-such-page',
    '/help/article/10/x/1001/y/',
  ]) {
    test(`${path} answers 404 with the not-found page's own title, in each language`, async ({ request }) => {
      const english = await request.get(path);
      expect(english.status()).toBe(404);
      expect(english.headers()['content-type']).toContain('text/html');
      const html = await english.text();
      // One wording: the heading is spec section 2's 'Not Found', and the title says the same.
      expect(titleOf(html)).toBe('Not Found — Tessera');
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).not.toContain('rel="canonical"');
      const french = await request.get(path, { headers: { 'accept-language': 'fr-FR' } });
      expect(french.status()).toBe(404);
      expect(titleOf(await french.text())).toBe('Page introuvable — Tessera');
    });
  }

  test('in the browser: the not-found page, its title, and the home button', async ({ page }) => {
    const response = await page.goto('/no-such-page?lng=fr');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(page).toHaveTitle('Page introuvable — Tessera');
  });
});

test.describe('legal pages', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`reachable from the footer in ${language}, each with its own title`, async ({ page }) => {
      await page.goto(`/pricing/?lng=${language}`);
      const footer = page.getByRole('contentinfo');
      const titles = new Set<string>();
      for (const legal of LEGAL_PAGES) {
        await footer.getByRole('link', { name: legal[language], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${legal.path}(\\?lng=${language})?$`));
        await expect(page.getByRole('heading', { level: 1, name: legal[language] })).toBeVisible();
        await expect(page).toHaveTitle(`${legal[language]} — Tessera`);
        titles.add(await page.title());
      }
      expect(titles.size).toBe(LEGAL_PAGES.length);
    });
  }

  test('pre-rendered in both languages, and honest: no licence number, says Tessera is not a bank', async ({
    request,
  }) => {
    for (const legal of LEGAL_PAGES) {
      for (const language of ['en', 'fr'] as const) {
        const response = await request.get(`${legal.path}${language === 'fr' ? '?lng=fr' : ''}`);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`<html lang="${language}" `));
        expect(html).toContain(`>${legal[language]}</h1>`);
        expect(titleOf(html)).toBe(`${legal[language]} — Tessera`);
      }
    }
    const regulatory = await (await request.get('/legal/regulatory-information/')).text();
    expect(regulatory).toContain('holds no banking');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/legal/terms/</loc>');
    expect(sitemap).toContain('/legal/imprint/?lng=fr</loc>');
  });
});
