import { expect, type Page, test } from '@playwright/test';
import { LANGUAGES } from './identity-support.ts';
import { money } from './wallets-support.ts';
import {
  CRYPTO_PRODUCT,
  field,
  fill,
  fundedCustomer,
  open,
  text,
  typed,
  type Language,
} from './trading-support.ts';

// Funds and investing (issue #21, "Must show"), in English and French: a verified customer creates a community fund,
// invests in it, sees the fund's NAV move with the market, and redeems. The fund holds ether on the internal venue,
// open around the clock, whose simulated participants move the price by themselves (docs/adr/0014): the journey
// waits for the NAV to change, never for a fixed time.
test.describe.configure({ timeout: 300_000 });

const f = (language: Language, key: string, values?: Record<string, string | number>) => {
  const template = text(language, `funds:${key}`);
  return values ? fill(template, values) : template;
};

/** The NAV per unit the fund page shows, read after a fresh load. */
async function navShown(page: Page): Promise<string> {
  await page.reload();
  const nav = page.getByTestId('fund-nav');
  await expect(nav).toBeVisible();
  return (await nav.textContent()) ?? '';
}

for (const language of LANGUAGES) {
  test(`a customer creates a fund, invests, sees the NAV move with the market, and redeems (${language})`, async ({
    page,
  }) => {
    await fundedCustomer(page, language, '1000.00');
    const name = `${language === 'fr' ? 'Fonds éther' : 'Ether fund'} ${Date.now().toString(36)}`;

    // Create: name, fee, one instrument at 100 %.
    await open(page, language, '/dashboard/funds/add/');
    const form = page.getByRole('form', { name: f(language, 'form.createTitle') });
    await field(form, f(language, 'form.name')).fill(name);
    await field(form, f(language, 'form.fee')).fill(typed(language, '0.5'));
    await field(form, f(language, 'form.instrument', { n: 1 })).fill(CRYPTO_PRODUCT);
    await field(form, f(language, 'form.weight', { n: 1 })).fill('100');
    // The live sum says when the weights reach exactly 100 %.
    await expect(form.getByRole('status')).toHaveText(
      f(language, 'form.sum', { sum: language === 'fr' ? '100,00\u202f%' : '100.00%' }),
    );
    await form.getByRole('button', { name: f(language, 'form.create'), exact: true }).click();

    // The fund's page: managed by me, the first NAV with its two decimals.
    await expect(page).toHaveURL(/\/dashboard\/funds\/[^/]+\/find\/$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('fund-nav')).toHaveText(money(language, 10, 'EUR'));

    // Invest 100 EUR after the preview.
    await page.getByRole('link', { name: f(language, 'fund.invest'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/invest\/[^/]+\/$/);
    const investForm = page.getByRole('form', { name: f(language, 'invest.investTitle') });
    await field(investForm, f(language, 'invest.amount', { currency: 'EUR' })).fill(typed(language, '100'));
    await investForm.getByRole('button', { name: f(language, 'invest.preview'), exact: true }).click();
    await expect(investForm.getByText(f(language, 'invest.estimatedUnits'), { exact: true })).toBeVisible();
    await investForm
      .getByRole('button', {
        name: f(language, 'invest.confirmInvest', { amount: money(language, 100, 'EUR') }),
        exact: true,
      })
      .click();
    const done = f(language, 'invest.minted', { units: '§', nav: '§', amount: money(language, 100, 'EUR') });
    const [doneStart] = done.split('§');
    await expect(investForm.getByText(doneStart!, { exact: false })).toBeVisible({ timeout: 60_000 });
    const holding = page.getByTestId('fund-holding');
    await expect(holding).toContainText(
      f(language, 'invest.holding', { units: '§', value: '§', nav: '§' }).split('§')[0]!,
    );

    // The fund's page: holders, and a NAV that follows the ether price (wait for it to change, as long as it takes).
    await page.getByRole('link', { name: f(language, 'invest.toFund'), exact: true }).click();
    await expect(page.getByTestId('fund-nav')).toBeVisible();
    const first = await navShown(page);
    await expect.poll(() => navShown(page), { timeout: 180_000, intervals: [2_000] }).not.toBe(first);

    // Redeem every unit: the preview, then the confirmation; the cash goes back to the wallet.
    await page.getByRole('link', { name: f(language, 'fund.invest'), exact: true }).click();
    await page.getByRole('radio', { name: f(language, 'invest.redeem'), exact: true }).click();
    const redeemForm = page.getByRole('form', { name: f(language, 'invest.redeemTitle') });
    await redeemForm.getByRole('button', { name: f(language, 'invest.previewAll'), exact: true }).click();
    await expect(redeemForm.getByText(f(language, 'invest.estimatedAmount'), { exact: true })).toBeVisible();
    await redeemForm
      .getByRole('button', {
        name: new RegExp(`^${escape(f(language, 'invest.confirmRedeem', { units: '§' }).split('§')[0]!)}`),
      })
      .click();
    const paid = f(language, 'invest.paid', { units: '§', nav: '§', amount: '§' }).split('§')[0]!;
    await expect(redeemForm.getByText(paid, { exact: false })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('fund-holding')).toContainText(
      f(language, 'invest.noHolding', { nav: '§' }).split('§')[0]!,
    );
  });
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
