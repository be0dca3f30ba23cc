import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf, justBefore, LANGUAGES, readLatestCode } from './identity-support.ts';
import {
  balance,
  button,
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
  type Language,
} from './wallets-support.ts';

// Managing wallets (issue #4 gaps): rename a wallet, past withdrawals pending then settled, the 30-day limits going
// down after a deposit, and activity described in the page's language. Setup that is not the journey itself
// (a wallet, money in it, a beneficiary) goes through the API, so each journey stays short.
test.describe.configure({ timeout: 45_000 });

/** Calls cash operations as the signed-in customer (setup steps only). */
async function cashApi(page: Page, method: 'GET' | 'POST', path: string, body?: object) {
  const response = await page.request.fetch(`/api/cash-operations${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await accessTokenOf(page)}`,
      'idempotency-key': crypto.randomUUID(),
    },
    ...(body ? { data: body } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A new EUR wallet named `name`, optionally funded by a simulated SEPA credit; resolves with its id and IBAN. */
async function euroWallet(page: Page, name: string, funded?: string): Promise<{ id: string; iban: string }> {
  const wallet = await cashApi(page, 'POST', '/wallets', { asset: 'EUR', name });
  if (funded) {
    await cashApi(page, 'POST', '/dev/sepa/incoming', {
      iban: wallet.iban,
      amount: funded,
      debtorName: 'Setup',
    });
  }
  return { id: wallet.id, iban: wallet.iban };
}

/** The row of a limit in the "Your limits" panel. */
function limitRow(page: Page, language: Language, operation: string) {
  return page
    .getByRole('region', { name: w(language, 'limits.title') })
    .getByRole('listitem')
    .filter({ hasText: w(language, `limits.operations.${operation}`) });
}

for (const language of LANGUAGES) {
  test(`rename a wallet and see the new name in the list (${language})`, async ({ page }) => {
    await freshCustomer(page, language);
    const { id } = await euroWallet(page, `Spending ${language}`);
    await open(page, language, `/dashboard/wallets/${id}/?to=1`);
    const form = page.getByRole('form', { name: w(language, 'rename.title') });
    const name = field(form, w(language, 'rename.name'));
    // An empty name is explained in the page's language, and nothing changes.
    await name.fill('   ');
    await button(form, w(language, 'rename.submit')).click();
    await expect(form.getByText(w(language, 'rename.nameRequired'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Spending ${language}` })).toBeVisible();

    const renamed = `Holidays ${language}`;
    await name.fill(`  ${renamed} `);
    await button(form, w(language, 'rename.submit')).click();
    await expect(form.getByRole('status')).toContainText(fill(w(language, 'rename.done'), { name: renamed }));
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await open(page, language, '/dashboard/wallets/');
    await expect(walletCard(page, renamed)).toBeVisible();
    await expect(walletCard(page, `Spending ${language}`)).toHaveCount(0);
  });

  test(`the limits go down after a deposit, and the activity reads in ${language}`, async ({ page }) => {
    await freshCustomer(page, language);
    const { id } = await euroWallet(page, `Limits ${language}`);
    await open(page, language, '/dashboard/wallets/');
    const deposits = limitRow(page, language, 'deposit');
    await expect(deposits).toContainText(
      fill(w(language, 'limits.remaining'), { amount: money(language, 50_000, 'EUR') }),
    );
    await expect(limitRow(page, language, 'withdrawal')).toContainText(
      fill(w(language, 'limits.usedOf'), {
        used: money(language, 0, 'EUR'),
        total: money(language, 20_000, 'EUR'),
      }),
    );

    // On the fund page, beside the amount: what may still come in; a deposit lowers it at once.
    await openFunding(page, language, id, 'sepa');
    const hint = (amount: number) =>
      page.getByText(fill(w(language, 'limits.hint.deposit'), { amount: money(language, amount, 'EUR') }));
    await expect(hint(50_000)).toBeVisible();
    await simulateSepaCredit(page, language, '300');
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(money(language, 300, 'EUR'));
    await expect(hint(49_700)).toBeVisible();

    await open(page, language, '/dashboard/wallets/');
    await expect(deposits).toContainText(
      fill(w(language, 'limits.remaining'), { amount: money(language, 49_700, 'EUR') }),
    );
    await expect(deposits).toContainText(
      fill(w(language, 'limits.usedOf'), {
        used: money(language, 300, 'EUR'),
        total: money(language, 50_000, 'EUR'),
      }),
    );

    // The deposit's line says what it was in the page's language, from facts (the payer), not stored English.
    await open(page, language, `/dashboard/wallets/${id}/?to=0`);
    const activity = page.getByRole('list', {
      name: fill(w(language, 'activity.listLabel'), { name: `Limits ${language}` }),
    });
    await expect(activity).toContainText(
      fill(w(language, 'activity.details.sepa_deposit'), { sender: w(language, 'fund.simulator.payerName') }),
    );
    if (language === 'fr') {
      await expect(activity).not.toContainText('SEPA transfer received');
    }
  });

  test(`a withdrawal shows in past withdrawals as pending, then as sent (${language})`, async ({ page }) => {
    const { email } = await freshCustomer(page, language);
    await euroWallet(page, `Payouts ${language}`, '300');
    const beneficiary = `Landlord ${language}`;
    await cashApi(page, 'POST', '/beneficiaries', {
      kind: 'iban',
      name: beneficiary,
      iban: 'DE89 3704 0044 0532 0130 00',
    });

    await open(page, language, '/dashboard/settings/?content=withdrawal');
    const history = page.getByRole('region', { name: w(language, 'settings.withdrawal.history.title') });
    await expect(history.getByText(w(language, 'settings.withdrawal.history.empty'))).toBeVisible();
    const send = page.getByRole('form', { name: w(language, 'settings.withdrawal.sendTitle') });
    await expect(
      send.getByText(fill(w(language, 'limits.hint.withdrawal'), { amount: money(language, 20_000, 'EUR') })),
    ).toBeVisible();
    await field(send, fill(w(language, 'transfer.amount'), { asset: 'EUR' })).fill('100');
    const sentAfter = justBefore();
    await button(send, w(language, 'settings.withdrawal.submit')).click();
    const stepUp = page.getByRole('dialog', { name: text(language, 'auth:stepUp.title') });
    await field(stepUp, text(language, 'auth:stepUp.emailLabel')).fill(
      await readLatestCode(page.request, email, { sentAfter }),
    );
    await button(stepUp, text(language, 'auth:stepUp.confirm')).click();
    await expect(send.getByRole('status')).toContainText(money(language, 100, 'EUR'));

    // Pending first, with what settles it; the IBAN masked.
    const row = history.getByRole('listitem').filter({ hasText: beneficiary });
    await expect(row).toContainText('DE89 •••• 3000');
    await expect(row).toContainText(money(language, 100, 'EUR'));
    await expect(row).toContainText(w(language, 'status.pending'));
    await expect(row).toContainText(w(language, 'settings.withdrawal.history.pending.sepa'));
    // The simulated bank confirms a few seconds later: the row turns to sent, without a reload.
    await expect(row).toContainText(w(language, 'status.posted'), { timeout: 15_000 });
    await expect(row).not.toContainText(w(language, 'settings.withdrawal.history.pending.sepa'));
    await expect(
      send.getByText(fill(w(language, 'limits.hint.withdrawal'), { amount: money(language, 19_900, 'EUR') })),
    ).toBeVisible();
  });
}
