import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The demo customer the identity service seeds (services/identity), signed in once by auth.setup.ts. */
export const DEMO_CUSTOMER = { email: 'ana.demo@tessera.test', password: 'Ana-Demo-2026!' };

/** The saved session of the demo customer: `test.use({ storageState: SIGNED_IN })`. */
export const SIGNED_IN = join(import.meta.dirname, '..', '.auth', 'customer.json');

/** Signs the demo customer in through the real sign-in page. */
export async function signIn(page: Page, user = DEMO_CUSTOMER): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^E-mail address\*?$/).fill(user.email);
  await page.getByLabel(/^Password\*?$/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
}

/** Every public route of spec section 2 with the heading it must show in English. */
export const PUBLIC_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /one clear account/i },
  { path: '/pricing/', heading: /^Clear pricing, shown before every operation$/ },
  { path: '/trading/', heading: /^Trade stocks, ETFs and crypto from one account$/ },
  { path: '/automated-investments/', heading: /^Invest on a schedule, without thinking about it$/ },
  { path: '/tokenized-assets-management/', heading: /^Tokenized assets, with compliance built in$/ },
  { path: '/universal-ledger-system/', heading: /^The ledger behind Tessera, as an API for your business$/ },
  { path: '/help/', heading: /^Help centre$/ },
  { path: '/help/search/?q=withdrawal', heading: /^Search the help centre$/ },
  { path: '/help/category/1/getting-started/', heading: /^Getting started$/ },
  {
    path: '/help/article/1/getting-started/101/how-to-open-a-tessera-account/',
    heading: /^How to open a Tessera account$/,
  },
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
  { path: '/dashboard/wallets/', heading: /^Wallets$/ },
  // w-1 is nobody's wallet: the wallet view and the fund page say so.
  { path: '/dashboard/wallets/w-1/', heading: /^Wallet not found$/ },
  { path: '/dashboard/wallets/w-1/fund/', heading: /^Wallet not found$/ },
  { path: '/dashboard/market/', heading: /^Market$/ },
  { path: '/dashboard/funds/', heading: /^Funds$/ },
  { path: '/dashboard/funds/add/', heading: /Create a fund/ },
  { path: '/dashboard/funds/f-1/update/', heading: /Edit a fund/ },
  { path: '/dashboard/funds/f-1/find/', heading: /Fund details/ },
  { path: '/dashboard/KYC/', heading: /Identity verification/ },
  { path: '/dashboard/invest/f-1/', heading: /^Invest$/ },
];
