import { expect, test } from '@playwright/test';
import { LANGUAGES } from './identity-support.ts';
import { money } from './wallets-support.ts';
import { field, fill, fundedCustomer, open, text, typed, type Language } from './trading-support.ts';

// Automated plans (issue #21, "Must show"), in English and French: a verified customer starts a monthly plan on a
// fund from its invest page ("Invest regularly"), with the first run today, and sees that run in the plan's history
// on /dashboard/funds/ ("My plans"). The plan's job runs on the platform's job queue by itself (the due day has
// begun); the fund holds bitcoin and ether on the internal venue, open around the clock. The journey waits for the
// run's state, never for a time.
test.describe.configure({ timeout: 300_000 });

const FUND = 'Tessera Digital Assets';

const f = (language: Language, key: string, values?: Record<string, string | number>) => {
  const template = text(language, `funds:${key}`);
  return values ? fill(template, values) : template;
};

for (const language of LANGUAGES) {
  test(`a customer starts a monthly plan on a fund and sees its first run (${language})`, async ({
    page,
  }) => {
    await fundedCustomer(page, language, '500.00');

    // From the funds list to the fund's invest page, "Invest regularly".
    await open(page, language, '/dashboard/funds/');
    await page.getByRole('link', { name: f(language, 'fund.investIn', { name: FUND }), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/invest\/[^/]+\/$/);
    await page.getByRole('radio', { name: f(language, 'plans.investRegularly'), exact: true }).click();
    const form = page.getByRole('form', { name: f(language, 'plans.formTitle') });
    await field(form, f(language, 'plans.amount', { currency: 'EUR' })).fill(typed(language, '50'));
    // Monthly is the default frequency; the first run is today by default.
    await form.getByRole('button', { name: f(language, 'plans.preview'), exact: true }).click();
    const preview = form.getByTestId('plan-preview');
    await expect(preview.getByText(f(language, 'plans.sourceWallet', { currency: 'EUR' }))).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    const every = f(language, 'plans.frequencies.monthly');
    await form
      .getByRole('button', {
        name: f(language, 'plans.confirm', { amount: money(language, 50, 'EUR'), frequency: every }),
        exact: true,
      })
      .click();
    await expect(form.getByText(f(language, 'plans.created', { date: '§' }).split('§')[0]!)).toBeVisible();

    // "My plans": the plan, then its history with the first run done (as long as the job takes).
    await open(page, language, '/dashboard/funds/');
    const plans = page.getByRole('region', { name: f(language, 'plans.title') });
    const row = plans.getByRole('row', { name: new RegExp(FUND) });
    await expect(row).toContainText(money(language, 50, 'EUR'));
    await expect(row).toContainText(f(language, 'plans.statuses.active'));
    await row
      .getByRole('button', { name: f(language, 'plans.openName', { name: FUND }), exact: true })
      .click();
    const detail = page.getByTestId('plan-detail');
    await expect(detail.getByTestId('plan-run-status')).toHaveText(f(language, 'plans.runStatuses.done'), {
      timeout: 120_000,
    });
    await expect(detail.getByRole('table')).toContainText(money(language, 50, 'EUR'));
  });
}
