import { expect, test } from '@playwright/test';
import { accessTokenOf, callIdentity, CLIENT_ID, LANGUAGES, PASSWORD } from './identity-support.ts';
import { button, field, freshCustomer, open, text, type Language } from './wallets-support.ts';

// Closing the account (issue #20), in English and French, each journey with a fresh sign-up: refused while an
// automated plan is active (the plan named: it starts weeks ahead, so it never runs here), then, once it is
// cancelled, while a wallet holds money (the wallet named); and an empty account closed: the confirmation, and
// sign-in refused after.
test.describe.configure({ timeout: 120_000 });

const c = (language: Language, key: string) => text(language, `account-close:${key}`);
const FUND = 'Tessera Digital Assets';

for (const language of LANGUAGES) {
  test(`closing is refused while a plan is active, then while a wallet holds money (${language})`, async ({
    page,
  }) => {
    await freshCustomer(page, language);
    const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
    const created = await page.request.post('/api/cash-operations/wallets', {
      headers: { ...headers, 'idempotency-key': `close-${language}-${Date.now()}` },
      data: { asset: 'EUR' },
    });
    expect([200, 201], await created.text()).toContain(created.status());
    const wallet = (await created.json()) as { iban: string; name: string };
    const credit = await page.request.post('/api/cash-operations/dev/sepa/incoming', {
      headers: { ...headers, 'idempotency-key': `credit-${language}-${Date.now()}` },
      data: { iban: wallet.iban, amount: '7.50', debtorName: 'Grandma' },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    const funds = await page.request.get('/api/investments/funds?scope=curated', { headers });
    const fund = ((await funds.json()) as { items: Array<{ id: string; name: string }> }).items.find(
      (candidate) => candidate.name === FUND,
    );
    expect(fund, await funds.text()).toBeTruthy();
    const plan = await page.request.post('/api/investments/plans', {
      headers: { ...headers, 'idempotency-key': `plan-${language}-${Date.now()}` },
      data: {
        target: { kind: 'fund', fundId: fund!.id },
        amount: '10.00',
        frequency: 'monthly',
        startDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(plan.status(), await plan.text()).toBe(201);

    await open(page, language, '/dashboard/settings/?content=closeAccount');
    await expect(page.getByText(c(language, 'kept.kyc'))).toBeVisible();
    await field(page, c(language, 'password')).fill(PASSWORD);
    await button(page, c(language, 'submit')).click();
    await expect(page.getByText(text(language, 'errors:api.ACCOUNT_CLOSE_ACTIVE_PLANS'))).toBeVisible();
    await expect(page.getByRole('list', { name: c(language, 'blocking.plans') })).toContainText(FUND);

    const { id: planId } = (await plan.json()) as { id: string };
    const cancelled = await page.request.post(`/api/investments/plans/${planId}/cancel`, { headers });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await button(page, c(language, 'submit')).click();
    await expect(page.getByText(text(language, 'errors:api.ACCOUNT_CLOSE_BALANCE_NOT_ZERO'))).toBeVisible();
    await expect(page.getByRole('list', { name: c(language, 'blocking.wallets') })).toContainText('7.50 EUR');
  });

  test(`an empty account is closed and can no longer sign in (${language})`, async ({ page }) => {
    const { email } = await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=closeAccount');
    await field(page, c(language, 'password')).fill('Not-The-Password-1!');
    await button(page, c(language, 'submit')).click();
    await expect(page.getByText(text(language, 'errors:api.ACCOUNT_CLOSE_PASSWORD_INCORRECT'))).toBeVisible();

    await field(page, c(language, 'password')).fill(PASSWORD);
    await button(page, c(language, 'submit')).click();
    await expect(page.getByRole('heading', { name: c(language, 'closed.title') })).toBeVisible();

    const again = await callIdentity(page, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    expect(again.status).toBe(400);
  });
}
