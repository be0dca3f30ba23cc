import type { Page } from '@playwright/test';

/** Signs in through the fixture auth adapter (see apps/web/src/lib/auth.ts) until identity lands. */
export async function signInAsFixture(page: Page, email = 'ana.demo@tessera.test'): Promise<void> {
  await page.addInitScript(
    (value) => {
      sessionStorage.setItem('tessera.fixtureSession', value);
    },
    JSON.stringify({ userId: 'fixture-user', email, groups: [] }),
  );
}

/** Every public route of spec section 2 with the heading it must show in English. */
export const PUBLIC_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /one clear account/i },
  { path: '/pricing/', heading: /^Pricing$/ },
  { path: '/trading/', heading: /^Trading$/ },
  { path: '/automated-investments/', heading: /^Automated investments$/ },
  { path: '/tokenized-assets-management/', heading: /^Tokenized assets management$/ },
  { path: '/universal-ledger-system/', heading: /^Universal ledger system$/ },
  { path: '/help/', heading: /^Help centre$/ },
  { path: '/help/search/?q=withdrawal', heading: /^Help centre$/ },
  { path: '/help/category/1/accounts/', heading: /^Help centre$/ },
  { path: '/help/article/1/accounts/101/open-an-account/', heading: /^Help centre$/ },
  { path: '/app/download/', heading: /phone or desktop/i },
  { path: '/register', heading: /Open your Tessera account/ },
  { path: '/login', heading: /Sign in to Tessera/ },
  { path: '/forgotPassword', heading: /Reset your password/ },
];

/** Every protected route of spec section 2 with the heading it must show to a signed-in customer. */
export const PROTECTED_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/assistant/', heading: /^Assistant$/ },
  { path: '/dashboard/trading/detached/?component=CHART&product=AAPL_cboe', heading: /Chart — AAPL_cboe/ },
  { path: '/dashboard/home/', heading: /Your overview/ },
  { path: '/dashboard/settings/', heading: /^Settings$/ },
  { path: '/dashboard/trading/', heading: /^Trading$/ },
  { path: '/dashboard/wallets/', heading: /Create a wallet/ },
  { path: '/dashboard/wallets/w-1/', heading: /Wallet w-1/ },
  { path: '/dashboard/wallets/w-1/fund/', heading: /Add money/ },
  { path: '/dashboard/market/', heading: /^Market$/ },
  { path: '/dashboard/funds/', heading: /^Funds$/ },
  { path: '/dashboard/funds/add/', heading: /Create a fund/ },
  { path: '/dashboard/funds/f-1/update/', heading: /Edit a fund/ },
  { path: '/dashboard/funds/f-1/find/', heading: /Fund details/ },
  { path: '/dashboard/KYC/', heading: /Identity verification/ },
  { path: '/dashboard/invest/f-1/', heading: /^Invest$/ },
];
