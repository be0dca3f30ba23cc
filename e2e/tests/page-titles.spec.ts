import { expect, test } from '@playwright/test';
import { demoSession } from './support.ts';

// Issue #15: every signed-in page but two had the public home page's title ("Tessera — banking, trading and
// investing on one ledger"), trading's repeated the brand and the market's lacked it. Each page is now named
// "<page> — Tessera", in the reader's language.

// Pages are visited on a shared machine: generous time, never a timed assertion.
test.describe.configure({ timeout: 120_000 });

const GENERIC = /banking, trading and investing|banque, bourse/i;

const TITLES: Record<'en' | 'fr', [path: string, title: string | RegExp][]> = {
  en: [
    ['/dashboard/home/', 'Home — Tessera'],
    ['/dashboard/wallets/', 'Wallets — Tessera'],
    ['/dashboard/wallets/w-1/', 'Wallet not found — Tessera'],
    ['/dashboard/trading/?product=AAPL_cboe', 'AAPL · Cboe — Trading — Tessera'],
    ['/dashboard/trading/?product=BTC-EUR_tessera', 'BTC-EUR — Trading — Tessera'],
    ['/dashboard/trading/detached/?component=CHART&product=AAPL_cboe', 'Chart — AAPL · Cboe — Tessera'],
    ['/dashboard/market/', 'Market — Tessera'],
    ['/dashboard/funds/', 'Funds — Tessera'],
    ['/dashboard/KYC/', 'Identity verification — Tessera'],
    ['/dashboard/settings/', 'Settings — Tessera'],
    ['/assistant/', 'Assistant — Tessera'],
  ],
  fr: [
    ['/dashboard/home/', 'Accueil — Tessera'],
    ['/dashboard/wallets/', 'Portefeuilles — Tessera'],
    ['/dashboard/wallets/w-1/', 'Portefeuille introuvable — Tessera'],
    ['/dashboard/trading/?product=AAPL_cboe', 'AAPL · Cboe — Bourse — Tessera'],
    ['/dashboard/trading/?product=BTC-EUR_tessera', 'BTC-EUR — Bourse — Tessera'],
    ['/dashboard/market/', 'Marchés — Tessera'],
    ['/dashboard/funds/', 'Fonds — Tessera'],
    ['/dashboard/KYC/', 'Vérification d’identité — Tessera'],
    ['/dashboard/settings/', 'Paramètres — Tessera'],
    ['/assistant/', 'Assistant — Tessera'],
  ],
};

for (const language of ['en', 'fr'] as const) {
  test(`each signed-in page has its own title in ${language}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      storageState: await demoSession(baseURL),
      locale: language === 'fr' ? 'fr-FR' : 'en-US',
    });
    await context.addInitScript((value) => localStorage.setItem('lng', value), language);
    const page = await context.newPage();
    for (const [path, title] of TITLES[language]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 30_000 });
      await expect(page, path).toHaveTitle(title, { timeout: 30_000 });
    }

    // A wallet of the customer's own, and its add-money page, are named after the wallet.
    await page.goto('/dashboard/wallets/');
    const fund = page.locator('a[href^="/dashboard/wallets/"][href$="/fund/"]').first();
    await expect(fund).toBeVisible({ timeout: 30_000 });
    const fundPath = (await fund.getAttribute('href')) ?? '';
    await page.goto(fundPath.replace(/fund\/$/, ''));
    await expect(page).toHaveTitle(
      language === 'en' ? /^.+ wallet — Tessera$/ : /^Portefeuille .+ — Tessera$/,
      {
        timeout: 30_000,
      },
    );
    await page.goto(fundPath);
    await expect(page).toHaveTitle(
      language === 'en' ? /^Add money to .+ — Tessera$/ : /^Alimenter le portefeuille .+ — Tessera$/,
      { timeout: 30_000 },
    );
    expect(await page.title()).not.toMatch(GENERIC);
    await context.close();
  });
}
