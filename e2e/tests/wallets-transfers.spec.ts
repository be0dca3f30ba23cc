import { expect, test } from '@playwright/test';
import {
  createCustomer,
  justBefore,
  LANGUAGES,
  protocolSignIn,
  readLatestCode,
  uniqueEmail,
} from './identity-support.ts';
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
  simulateSepaCredit,
  text,
  w,
  walletCard,
} from './wallets-support.ts';

// Transfers and withdrawals (issue #4, "Must show"): a transfer with FX between two new wallets, a withdrawal
// confirmed with a step-up code, and the home page's balances, in English and French.
test.describe.configure({ timeout: 90_000 });

for (const language of LANGUAGES) {
  test(`create wallets, transfer with FX (rate, fee, amount received, countdown), and both balances change (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const euros = `Euros ${language}`;
    const dollars = `Dollars ${language}`;
    const euroId = await createWallet(page, language, 'EUR', euros);
    await openFunding(page, language, euroId, 'sepa');
    await simulateSepaCredit(page, language, '500');
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 500, 'EUR'), {
      timeout: 15_000,
    });
    await createWallet(page, language, 'USD', dollars);

    await open(page, language, '/dashboard/wallets/?action=transfer');
    const dialog = page.getByRole('dialog', { name: w(language, 'transfer.title') });
    await choose(page, w(language, 'transfer.from'), new RegExp(`^${euros} `));
    await choose(page, w(language, 'transfer.to'), new RegExp(`^${dollars} `));
    await field(dialog, fill(w(language, 'transfer.amount'), { asset: 'EUR' })).fill('100');
    await button(dialog, w(language, 'transfer.getQuote')).click();

    const quote = dialog.getByRole('definition');
    const quoteList = dialog.locator('dl.cash-quote');
    await expect(quoteList).toContainText(`1 EUR = `);
    await expect(quoteList).toContainText(w(language, 'transfer.quote.fee'));
    // 0.40 % of 100 EUR (fee schedule conversionFiat), taken from what is sent.
    await expect(quote.nth(1)).toHaveText(money(language, 0.4, 'EUR'));
    await expect(quote.nth(2)).toHaveText(money(language, 100, 'EUR'));
    const received = (await quote.nth(3).textContent()) ?? '';
    expect(received).toMatch(/\$|US/);
    const countdown = dialog.getByRole('timer');
    const secondsOf = async () => Number(/(\d+)\s*s/.exec((await countdown.textContent()) ?? '')?.[1] ?? NaN);
    const first = await secondsOf();
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(secondsOf, { timeout: 5_000 }).toBeLessThan(first);

    await button(dialog, w(language, 'transfer.confirm')).click();
    await expect(dialog.getByRole('status').or(dialog.getByRole('alert'))).toContainText(received);
    await button(dialog, w(language, 'transfer.finish')).click();
    await expect(dialog).toBeHidden();
    await expect(walletCard(page, euros)).toContainText(money(language, 400, 'EUR'));
    await expect(walletCard(page, dollars)).toContainText(received);

    // The home page: the same balances, and the total in the reference currency.
    await open(page, language, '/dashboard/home/');
    await expect(walletCard(page, euros)).toContainText(money(language, 400, 'EUR'));
    await expect(walletCard(page, dollars)).toContainText(received);
    await expect(
      page.getByRole('heading', { name: fill(w(language, 'home.total'), { currency: 'EUR' }) }),
    ).toBeVisible();
  });

  test(`withdraw to a saved IBAN, confirmed with a step-up code from the mailbox (${language})`, async ({
    page,
  }) => {
    const { email } = await freshCustomer(page, language);
    const name = `Payout ${language}`;
    const walletId = await createWallet(page, language, 'EUR', name);
    await openFunding(page, language, walletId, 'sepa');
    await simulateSepaCredit(page, language, '300');
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 300, 'EUR'), {
      timeout: 15_000,
    });

    await open(page, language, '/dashboard/settings/?content=withdrawal');
    const add = page.getByRole('form', { name: w(language, 'settings.withdrawal.addTitle') });
    await field(add, w(language, 'settings.withdrawal.name')).fill('Ana Landlord');
    // A mistyped IBAN is explained before anything is sent, and nothing is saved.
    await field(add, w(language, 'details.iban')).fill('DE89 3704 0044 0532 0130 01');
    await button(add, w(language, 'settings.withdrawal.add')).click();
    await expect(
      add.getByText(w(language, 'settings.withdrawal.ibanProblems.checksum_mismatch')),
    ).toBeVisible();
    await expect(page.getByText(w(language, 'settings.withdrawal.emptyTitle'))).toBeVisible();
    await field(add, w(language, 'details.iban')).fill('DE89 3704 0044 0532 0130 00');
    await button(add, w(language, 'settings.withdrawal.add')).click();
    await expect(
      page.getByRole('list', { name: w(language, 'settings.withdrawal.beneficiaries') }),
    ).toContainText('DE89 3704 0044 0532 0130 00');

    const send = page.getByRole('form', { name: w(language, 'settings.withdrawal.sendTitle') });
    await field(send, fill(w(language, 'transfer.amount'), { asset: 'EUR' })).fill('100');
    const sentAfter = justBefore();
    await button(send, w(language, 'settings.withdrawal.submit')).click();
    const stepUp = page.getByRole('dialog', { name: text(language, 'auth:stepUp.title') });
    await expect(stepUp).toBeVisible();
    const code = field(stepUp, text(language, 'auth:stepUp.emailLabel'));
    await code.fill(await readLatestCode(page.request, email, { sentAfter }));
    await button(stepUp, text(language, 'auth:stepUp.confirm')).click();
    await expect(send.getByRole('status')).toContainText(money(language, 100, 'EUR'));

    // The money left the available balance at once (a hold), and the home page shows it too.
    await open(page, language, '/dashboard/home/');
    await expect(walletCard(page, name)).toContainText(money(language, 200, 'EUR'), { timeout: 15_000 });
  });
}

for (const language of LANGUAGES) {
  test(`send money to another customer by e-mail, confirmed with a step-up code (${language})`, async ({
    page,
  }) => {
    const recipient = uniqueEmail(`recipient-${language}`);
    const { email } = await freshCustomer(page, language);
    await createCustomer(page, recipient);
    const name = `Sender ${language}`;
    const walletId = await createWallet(page, language, 'EUR', name);
    await openFunding(page, language, walletId, 'sepa');
    await simulateSepaCredit(page, language, '200');
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 200, 'EUR'), {
      timeout: 15_000,
    });

    await open(page, language, '/dashboard/wallets/?action=transfer');
    const dialog = page.getByRole('dialog', { name: w(language, 'transfer.title') });
    await dialog.getByRole('radio', { name: w(language, 'transfer.modes.customer') }).click();
    await field(dialog, w(language, 'transfer.recipientEmail')).fill(recipient);
    await field(dialog, fill(w(language, 'transfer.amount'), { asset: 'EUR' })).fill('50');
    const sentAfter = justBefore();
    await button(dialog, w(language, 'transfer.send')).click();
    const stepUp = page.getByRole('dialog', { name: text(language, 'auth:stepUp.title') });
    await field(stepUp, text(language, 'auth:stepUp.emailLabel')).fill(
      await readLatestCode(page.request, email, { sentAfter }),
    );
    await button(stepUp, text(language, 'auth:stepUp.confirm')).click();
    await expect(dialog.getByRole('status')).toContainText(money(language, 50, 'EUR'));
    await button(dialog, w(language, 'transfer.finish')).click();
    await expect(walletCard(page, name)).toContainText(money(language, 150, 'EUR'));

    // The recipient has it: their euro wallet was opened with the 50 euros in it.
    const token = await protocolSignIn(page, recipient);
    const { items } = (await (
      await page.request.get('/api/cash-operations/wallets', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { asset: string; balance: { available: string } }[] };
    expect(
      items.filter((wallet) => wallet.asset === 'EUR').map((wallet) => wallet.balance.available),
    ).toEqual(['50.00']);
  });
}

test('another customer’s wallet is not found, and nothing of it is shown', async ({ page }) => {
  const anaToken = await protocolSignIn(page, 'ana.demo@tessera.test', 'Ana-Demo-2026!');
  const anaWallets = (await (
    await page.request.get('/api/cash-operations/wallets', {
      headers: { authorization: `Bearer ${anaToken}` },
    })
  ).json()) as { items: { id: string; name: string }[] };
  const anaWallet = anaWallets.items[0];
  expect(anaWallet).toBeTruthy();
  await freshCustomer(page, 'en');
  for (const path of [`/dashboard/wallets/${anaWallet?.id}/`, `/dashboard/wallets/${anaWallet?.id}/fund/`]) {
    await open(page, 'en', path);
    await expect(
      page.getByRole('heading', { level: 1, name: w('en', 'wallet.notFoundTitle') }),
    ).toBeVisible();
    await expect(page.getByText(anaWallet?.name ?? '')).toBeHidden();
  }
});
