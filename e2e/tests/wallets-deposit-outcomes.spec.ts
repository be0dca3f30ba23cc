import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from './identity-support.ts';
import {
  balance,
  button,
  choose,
  createWallet,
  field,
  fill,
  freshCustomer,
  money,
  open,
  openFunding,
  text,
  w,
  walletCard,
} from './wallets-support.ts';

// Issue #15, "Figures and labels that are true", as a customer sees them: a card deposit over the per-deposit cap
// says so (not the 30-day limit); a statement names a card deposit and the exchange fee, on screen and in the CSV
// (not "other" and "conversionFiat"); a 3-D Secure challenge left unanswered ends the deposit as cancelled
// instead of "On its way in" for a week.
test.describe.configure({ timeout: 120_000 });

const TEST_CARDS = { succeeds: '4242424242424242', threeDSecure: '4000002760003184' };

/** Pays `amount` into the wallet shown on the fund page's card tab with a new card. */
async function payByCard(page: Page, language: Language, amount: string, card: string): Promise<void> {
  const form = page.getByRole('form', { name: w(language, 'fund.card.title') });
  await field(form, fill(w(language, 'fund.card.amount'), { asset: 'EUR' })).fill(amount);
  await field(form, w(language, 'fund.card.number')).fill(card);
  await field(form, w(language, 'fund.card.expiry')).fill('12/30');
  await field(form, w(language, 'fund.card.cvc')).fill('123');
  await button(form, w(language, 'fund.card.submit')).click();
}

/** Converts `amount` euros into the dollar wallet through the transfer dialog (quote, then confirm). */
async function convert(page: Page, language: Language, euros: string, dollars: string, amount: string) {
  await open(page, language, '/dashboard/wallets/?action=transfer');
  const dialog = page.getByRole('dialog', { name: w(language, 'transfer.title') });
  await choose(page, w(language, 'transfer.from'), new RegExp(`^${euros} `));
  await choose(page, w(language, 'transfer.to'), new RegExp(`^${dollars} `));
  await field(dialog, fill(w(language, 'transfer.amount'), { asset: 'EUR' })).fill(amount);
  await button(dialog, w(language, 'transfer.getQuote')).click();
  await expect(dialog.locator('dl.cash-quote')).toContainText(w(language, 'transfer.quote.fee'));
  await button(dialog, w(language, 'transfer.confirm')).click();
  await button(dialog, w(language, 'transfer.finish')).click();
  await expect(dialog).toBeHidden();
}

for (const language of LANGUAGES) {
  test(`a card deposit over the per-deposit cap says so; the statement names the card deposit and the exchange fee, on screen and in the CSV (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const euros = `Euros ${language}`;
    const dollars = `Dollars ${language}`;
    const euroId = await createWallet(page, language, 'EUR', euros);

    // Level 2 allows 15,000 EUR in one deposit and 50,000 EUR in 30 days: the refusal names the first, not the second.
    await openFunding(page, language, euroId, 'card');
    await payByCard(page, language, '15000.01', TEST_CARDS.succeeds);
    const form = page.getByRole('form', { name: w(language, 'fund.card.title') });
    await expect(form.getByRole('alert')).toHaveText(
      text(language, 'errors:api.CASH_DEPOSIT_ABOVE_SINGLE_MAX'),
    );
    await expect(form.getByRole('alert')).not.toContainText(text(language, 'errors:api.CASH_LIMIT_EXCEEDED'));
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 0, 'EUR'));

    // A deposit within the cap goes through; then 50 EUR are converted into dollars, with the exchange fee.
    await payByCard(page, language, '100', TEST_CARDS.succeeds);
    await expect(page).toHaveURL(/\/dashboard\/home\/\?origin=deposit_success$/);
    await expect(walletCard(page, euros)).toContainText(money(language, 100, 'EUR'), { timeout: 15_000 });
    await createWallet(page, language, 'USD', dollars);
    await convert(page, language, euros, dollars, '50');

    // The statement on screen: each line's kind and what it was, in the customer's language.
    await open(page, language, `/dashboard/wallets/${euroId}/`);
    await page.getByRole('tab', { name: w(language, 'wallet.tabs.statements') }).click();
    const rows = page.getByRole('table').getByRole('row');
    const cardLine = rows.filter({ hasText: w(language, 'kinds.card_deposit') });
    await expect(cardLine).toHaveCount(1);
    await expect(cardLine).toContainText(
      fill(w(language, 'activity.details.card_deposit'), { brand: 'Visa', last4: '4242' }),
    );
    await expect(cardLine).toContainText(money(language, 100, 'EUR'));
    const feeLine = rows.filter({ hasText: w(language, 'activity.details.fees.conversionFiat') });
    await expect(feeLine).toHaveCount(1);
    await expect(feeLine).toContainText(w(language, 'kinds.fee'));
    await expect(page.getByRole('table')).not.toContainText(w(language, 'kinds.other'));
    await expect(page.getByRole('table')).not.toContainText('conversionFiat');

    // The CSV (English words, documented kinds): the same two lines, never "other" or an internal fee id.
    const downloading = page.waitForEvent('download');
    await button(page, w(language, 'statements.downloadCsv')).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv).toMatch(/,card_deposit,[^,\r\n]*4242,100\.00,/);
    expect(csv).toMatch(/,fee,Currency exchange fee,-0\.20,/);
    expect(csv).not.toContain('conversionFiat');
    expect(csv).not.toMatch(/^[^,\r\n]*,other,/m);
  });
}

// The second server of playwright.config.ts: there a 3-D Secure challenge expires after 5 seconds, not 15 minutes.
test.describe('a 3-D Secure challenge left unanswered', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_SHORT_TOKEN_PORT}` });

  for (const language of LANGUAGES) {
    test(`ends the deposit as cancelled, nothing charged or pending (${language})`, async ({ page }) => {
      await freshCustomer(page, language);
      const name = `Abandoned ${language}`;
      const walletId = await createWallet(page, language, 'EUR', name);
      await openFunding(page, language, walletId, 'card');
      await payByCard(page, language, '40', TEST_CARDS.threeDSecure);
      // The processor's challenge page; the customer walks away without answering.
      await expect(page).toHaveURL(/\/processor-sim\/3ds\//);

      // Back on the wallet later: the deposit is cancelled, with nothing pending and nothing available.
      await open(page, language, `/dashboard/wallets/${walletId}/`);
      const deposit = page
        .getByRole('list', { name: fill(w(language, 'activity.listLabel'), { name }) })
        .getByRole('listitem')
        .filter({ hasText: w(language, 'kinds.card_deposit') });
      await expect(async () => {
        await page.reload();
        await expect(deposit).toContainText(w(language, 'status.voided'), { timeout: 2_000 });
      }).toPass({ timeout: 60_000, intervals: [2_000] });
      await expect(deposit).not.toContainText(w(language, 'status.pending'));
      await expect(deposit).not.toContainText(w(language, 'pending.card_capture'));
      await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 0, 'EUR'));
      await expect(balance(page, w(language, 'balance.pendingIncoming'))).toHaveText(
        money(language, 0, 'EUR'),
      );
    });
  }
});
