import { expect, test } from '@playwright/test';
import { LANGUAGES } from './identity-support.ts';
import {
  balance,
  button,
  createWallet,
  cryptoAmount,
  field,
  fill,
  freshCustomer,
  money,
  text,
  openFunding,
  simulateSepaCredit,
  w,
  walletCard,
} from './wallets-support.ts';

// Deposits (issue #4, "Must show"): by card (success, decline, 3-D Secure), by SEPA and by crypto, in English
// and French, each journey with its own fresh customer so balances never mix.
test.describe.configure({ timeout: 90_000 });

const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
};

for (const language of LANGUAGES) {
  test(`fund by card: declined, then paid, then through 3-D Secure; the home page shows the new balance (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const name = `Card ${language}`;
    const walletId = await createWallet(page, language, 'EUR', name);
    await openFunding(page, language, walletId, 'card');
    const form = page.getByRole('form', { name: w(language, 'fund.card.title') });
    const pay = async (amount: string, card: string) => {
      await field(form, fill(w(language, 'fund.card.amount'), { asset: 'EUR' })).fill(amount);
      await field(form, w(language, 'fund.card.number')).fill(card);
      await field(form, w(language, 'fund.card.expiry')).fill('12/30');
      await field(form, w(language, 'fund.card.cvc')).fill('123');
      await button(form, w(language, 'fund.card.submit')).click();
    };

    // Declined: a clear message, nothing charged, the balance unchanged.
    await expect(form.getByText(TEST_CARDS.declined)).toBeVisible();
    await pay('20', TEST_CARDS.declined);
    await expect(form.getByRole('alert')).toContainText(w(language, 'fund.card.declineCodes.card_declined'));
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 0, 'EUR'));

    // Paid: back home with the success banner, and the wallet's new balance once the payment is captured.
    await pay('100', TEST_CARDS.succeeds);
    await expect(page).toHaveURL(/\/dashboard\/home\/\?origin=deposit_success$/);
    await expect(page.getByText(text(language, 'dashboard:home.depositSuccess'))).toBeVisible();
    await expect(walletCard(page, name)).toContainText(money(language, 100, 'EUR'), { timeout: 15_000 });

    // 3-D Secure: the processor's challenge page, Approve, back to Tessera, and the balance grows again.
    await openFunding(page, language, walletId, 'card');
    await pay('50', TEST_CARDS.threeDSecure);
    await expect(page).toHaveURL(/\/processor-sim\/3ds\//);
    await page.getByRole('button', { name: language === 'fr' ? 'Approuver' : 'Approve' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home\/\?origin=deposit_success$/, { timeout: 15_000 });
    await expect(walletCard(page, name)).toContainText(money(language, 150, 'EUR'), { timeout: 15_000 });
  });

  test(`fund by SEPA: the details to give a payer, and a simulated credit updates the balance live (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const walletId = await createWallet(page, language, 'EUR', `SEPA ${language}`);
    await openFunding(page, language, walletId, 'sepa');
    await expect(
      page.getByRole('button', { name: new RegExp(`^${w(language, 'copy.action')} IBAN$`) }),
    ).toBeVisible();
    await expect(page.getByText(/^LU\d{2}( \d{4}){4}$/)).toBeVisible();
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 0, 'EUR'));
    await simulateSepaCredit(page, language, '250');
    // No reload: the live socket says the wallet changed and the page refetches it.
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 250, 'EUR'), {
      timeout: 15_000,
    });
  });

  test(`fund by crypto: a simulated deposit is pending with its confirmations, then posted (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const walletId = await createWallet(page, language, 'BTC', `Crypto ${language}`);
    await openFunding(page, language, walletId, 'crypto');
    await expect(
      page.getByRole('img', { name: fill(w(language, 'fund.crypto.qrAlt'), { asset: 'BTC' }) }),
    ).toBeVisible();
    const simulator = page.getByRole('form', { name: w(language, 'fund.simulator.title') });
    await field(simulator, fill(w(language, 'fund.crypto.simulateAmount'), { asset: 'BTC' })).fill('0.01');
    await button(simulator, w(language, 'fund.crypto.simulate')).click();
    const deposits = page.getByRole('list', { name: w(language, 'fund.crypto.recent') });
    // Pending first, with what settles it: the chain's confirmations (the simulated chain mines every 2 s).
    await expect(deposits.getByText(w(language, 'status.pending'))).toBeVisible({ timeout: 10_000 });
    await expect(deposits).toContainText(w(language, 'pending.crypto_confirmations'));
    await expect(balance(page, w(language, 'balance.pendingIncoming'))).toHaveText(
      cryptoAmount(language, '0.01', 'BTC'),
    );
    // Then posted: available, nothing left pending.
    await expect(deposits.getByText(w(language, 'status.posted'))).toBeVisible({ timeout: 20_000 });
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(
      cryptoAmount(language, '0.01', 'BTC'),
    );
    await expect(balance(page, w(language, 'balance.pendingIncoming'))).toHaveText(
      cryptoAmount(language, '0', 'BTC'),
    );
  });
}
