import { expect, test } from '@playwright/test';
import { createCustomer, LANGUAGES, signIn, uniqueEmail, visitFrom } from './identity-support.ts';
import { open, text, w } from './wallets-support.ts';

// Issue #15: at KYC level 0 with no wallet, home offered "New wallet", which led to a form the service refuses
// (CASH_KYC_LEVEL_REQUIRED). Below level 1 home and the wallets page show the way to verification instead.
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test(`a level-0 customer is led to verification instead of a wallet form that would be refused (${language})`, async ({
    page,
  }) => {
    await visitFrom(page.context());
    const email = uniqueEmail(`level-zero-${language}`);
    await createCustomer(page, email);
    await signIn(page, language, email);
    await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });

    const wallets = page.getByRole('region', { name: w(language, 'list.title') });
    await expect(wallets.getByText(w(language, 'create.levelRequired'))).toBeVisible();
    await expect(wallets.getByRole('link', { name: w(language, 'create.verifyPhone') })).toHaveAttribute(
      'href',
      /\/dashboard\/KYC\/$/,
    );
    await expect(page.getByRole('link', { name: w(language, 'actions.newWallet') })).toHaveCount(0);
    // No wallet, so nothing to transfer from; no money yet, so no change to report, only what the chart will show.
    await expect(page.getByRole('link', { name: w(language, 'actions.transfer'), exact: true })).toHaveCount(
      0,
    );
    const chart = page.getByRole('region', { name: text(language, 'dashboard:portfolio.title') });
    await expect(chart.getByText(text(language, 'dashboard:portfolio.empty'))).toBeVisible();
    await expect(chart.getByTestId('portfolio-summary')).toHaveCount(0);

    await open(page, language, '/dashboard/wallets/');
    const create = page.getByRole('region', { name: w(language, 'create.title') });
    await expect(create.getByText(w(language, 'create.levelRequired'))).toBeVisible();
    await expect(page.getByRole('form', { name: w(language, 'create.title') })).toHaveCount(0);
    await create.getByRole('link', { name: w(language, 'create.verifyPhone') }).click();
    await expect(page).toHaveURL(/\/dashboard\/KYC\/$/);
  });
}
