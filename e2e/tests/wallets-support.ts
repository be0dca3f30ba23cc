import { expect, type Locator, type Page } from '@playwright/test';
import {
  accessTokenOf,
  createCustomer,
  open,
  signIn,
  text,
  uniqueEmail,
  visitFrom,
  type Language,
} from './identity-support.ts';

export { open, text, type Language };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A form field by its visible label (a '*' marks required ones), inside a page, form or dialog. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));
}

/** A button by its exact visible name, inside a page, form or dialog. */
export function button(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('button', { name, exact: true });
}

/** The text of a key of the web app's `wallets` namespace in a language. */
export function w(language: Language, key: string): string {
  return text(language, `wallets:${key}`);
}

/** The text of `key` with `{{name}}` placeholders filled, as i18next would. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/**
 * An amount as the app prints it: the same text as Intl's currency format (packages/money tests that the two
 * agree), e.g. en "€1,234.50", fr "1 234,50 €". Test values are small, so a number is exact here.
 */
export function money(language: Language, amount: number, currency: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en', { style: 'currency', currency }).format(
    amount,
  );
}

/** A crypto amount as the app prints it: trailing zeros dropped, the code after ("0.01 BTC", "0,01 BTC"). */
export function cryptoAmount(language: Language, amount: string, code: string): string {
  return `${language === 'fr' ? amount.replace('.', ',') : amount}\u00a0${code}`;
}

/**
 * A customer of one journey: signed up through the identity protocol, signed in through the pages in
 * `language`, then raised to KYC level 2 by the test server's operator route (grantKycLevel), so deposits,
 * withdrawals and transfers are allowed. Each journey has its own, so balances never mix.
 */
export async function freshCustomer(page: Page, language: Language): Promise<{ email: string }> {
  await visitFrom(page.context());
  const email = uniqueEmail(`wallets-${language}`);
  await createCustomer(page, email);
  await signIn(page, language, email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  await grantKycLevel(page, 2);
  return { email };
}

/**
 * Gives the signed-in customer of `page` a KYC level without a review, through the operator route only the journeys'
 * servers have (KYC_TEST_OPERATOR_TOKEN, set by playwright.config.ts): customers themselves cannot set their level.
 */
export async function grantKycLevel(page: Page, level: 0 | 1 | 2 | 3): Promise<void> {
  const me = await page.request.get('/api/user-management/me', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(me.status(), await me.text()).toBe(200);
  const { userId } = (await me.json()) as { userId: string };
  const granted = await page.request.post('/api/user-management/operator/kyc-level', {
    headers: { 'x-operator-token': process.env.E2E_KYC_OPERATOR_TOKEN ?? '' },
    data: { userId, level },
  });
  expect(granted.status(), await granted.text()).toBe(200);
}

/** Chooses an option of a labelled select (Radix: a combobox and a listbox), as a person clicks it. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Creates a wallet from /dashboard/wallets/ and returns its id (the page then shows the new wallet). */
export async function createWallet(
  page: Page,
  language: Language,
  asset: string,
  name: string,
): Promise<string> {
  await open(page, language, '/dashboard/wallets/');
  const form = page.getByRole('form', { name: w(language, 'create.title') });
  await choose(page, w(language, 'create.asset'), w(language, `assets.${asset}`));
  await field(form, w(language, 'create.name')).fill(name);
  await button(form, w(language, 'create.submit')).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = /\/dashboard\/wallets\/([^/]+)\//.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id ?? '';
}

/** The card of a wallet in a wallet list (home or /dashboard/wallets/). */
export function walletCard(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: /.*/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens the fund page of a wallet on the tab of a funding method. */
export async function openFunding(page: Page, language: Language, walletId: string, method: string) {
  await open(page, language, `/dashboard/wallets/${walletId}/fund/`);
  await page.getByRole('tab', { name: w(language, `fund.method.${method}`) }).click();
}

/** The balance figure labelled `label` on a wallet or fund page. */
export function balance(page: Page, label: string): Locator {
  return page
    .locator('dl.cash-balance > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

/** Makes the SEPA simulator deliver `amount` euros to the wallet shown on the fund page's SEPA tab. */
export async function simulateSepaCredit(page: Page, language: Language, amount: string): Promise<void> {
  const simulator = page.getByRole('form', { name: w(language, 'fund.simulator.title') });
  await field(simulator, w(language, 'fund.sepa.simulateAmount')).fill(amount);
  await button(simulator, w(language, 'fund.sepa.simulate')).click();
  await expect(simulator.getByText(w(language, 'fund.sepa.simulated'))).toBeVisible();
}
