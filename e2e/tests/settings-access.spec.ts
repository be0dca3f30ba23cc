import { expect, test } from '@playwright/test';
import {
  accessTokenOf,
  createCustomer,
  justBefore,
  LANGUAGES,
  readLatestCode,
  signIn,
  uniqueEmail,
  visitFrom,
} from './identity-support.ts';
import { button, createWallet, field, freshCustomer, open, text, type Language } from './wallets-support.ts';

// Delegates and API keys (issue #20, part 2), in English and French: an API key created in settings after a step-up,
// its secret copied once, then used by a plain HTTP client that reads balances and is refused outside its scope and
// once revoked; a delegate invited by e-mail accepts, acts for the owner through the account switcher, is refused a
// trade as a viewer, and is refused everything once revoked; the owner sees what they did. The allow-list is tested
// with spoofed addresses in services/user-management and packages/platform (a journey has one address).
test.describe.configure({ timeout: 150_000 });

const a = (language: Language, key: string) => text(language, `access:${key}`);
const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

for (const language of LANGUAGES) {
  test(`an API key made with a step-up reads balances from a plain HTTP client, within its scope (${language})`, async ({
    page,
    playwright,
  }) => {
    const { email } = await freshCustomer(page, language);
    await createWallet(page, language, 'EUR', `Key ${language}`);

    await open(page, language, '/dashboard/settings/?content=api');
    await expect(page.getByRole('link', { name: a(language, 'apiKeys.docs') })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    const form = page.getByRole('form', { name: a(language, 'apiKeys.createTitle') });
    await field(form, a(language, 'apiKeys.name')).fill('Reporting bot');
    const sentAfter = justBefore();
    await button(form, a(language, 'apiKeys.create')).click();
    const stepUp = page.getByRole('dialog', { name: text(language, 'auth:stepUp.title') });
    await expect(stepUp).toBeVisible();
    await field(stepUp, text(language, 'auth:stepUp.emailLabel')).fill(
      await readLatestCode(page.request, email, { sentAfter }),
    );
    await button(stepUp, text(language, 'auth:stepUp.confirm')).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^tsk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(a(language, 'apiKeys.createdOnce'))).toBeVisible();

    // A plain HTTP client, no browser session: the key alone.
    const client = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const wallets = await client.get('/api/cash-operations/wallets', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(wallets.status()).toBe(200);
    expect((await wallets.json()).items.map((wallet: { asset: string }) => wallet.asset)).toContain('EUR');
    const order = await client.post('/api/trading/orders', {
      headers: { 'x-api-key': secret },
      data: {
        clientOrderId: `key-${language}`,
        productId: 'AAPL_cboe',
        side: 'buy',
        type: 'market',
        quantity: '1',
      },
    });
    expect(order.status()).toBe(403);
    expect((await order.json()).error.code).toBe('API_KEY_SCOPE_MISSING');

    // The owner sees both uses, then revokes the key: the client is refused at once.
    const keys = page.getByTestId('api-keys');
    await button(keys, fillIn(a(language, 'apiKeys.usage'), { name: 'Reporting bot' })).click();
    await expect(page.getByTestId('api-key-usage').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('api-key-usage')).toContainText('GET /api/cash-operations/wallets → 200');
    await button(keys, fillIn(a(language, 'apiKeys.revoke'), { name: 'Reporting bot' })).click();
    await expect(keys).toContainText(a(language, 'status.revoked'));
    const refused = await client.get('/api/cash-operations/wallets', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.code).toBe('API_KEY_REVOKED');
    await client.dispose();
  });

  test(`a delegate accepts, acts for the owner within the role, and is refused once revoked (${language})`, async ({
    page,
    browser,
  }) => {
    await freshCustomer(page, language);
    const delegateContext = await browser.newContext();
    const delegatePage = await delegateContext.newPage();
    await visitFrom(delegateContext);
    const delegateEmail = uniqueEmail(`delegate-${language}`);
    await createCustomer(delegatePage, delegateEmail);

    // The owner invites the delegate's e-mail as a viewer (the default role).
    await open(page, language, '/dashboard/settings/?content=delegateAccounts');
    const invite = page.getByRole('form', { name: a(language, 'delegates.inviteTitle') });
    await field(invite, a(language, 'delegates.email')).fill(delegateEmail);
    await button(invite, a(language, 'delegates.invite')).click();
    await expect(invite.getByText(a(language, 'delegates.invited'))).toBeVisible();
    await expect(page.getByTestId('granted-delegates')).toContainText(delegateEmail);

    // The delegate signs in, accepts, and switches to the owner's account.
    await signIn(delegatePage, language, delegateEmail);
    await expect(delegatePage).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
    await open(delegatePage, language, '/dashboard/settings/?content=delegateAccounts');
    const accounts = delegatePage.getByTestId('delegated-accounts');
    await button(accounts, a(language, 'delegates.accept')).click();
    const switchTo = accounts.getByRole('button', {
      name: new RegExp(`^${fillIn(a(language, 'delegates.switch'), { name: '' })}`),
    });
    await switchTo.click();
    await expect(delegatePage).toHaveURL(/\/dashboard\/home\/$/);
    const banner = delegatePage.getByTestId('acting-for');
    await expect(banner).toContainText(a(language, 'roles.viewer'));

    // As a viewer, reads are the owner's, a trade is refused (the API the app calls, with the app's own token).
    const token = await accessTokenOf(delegatePage);
    const ownerId = await delegatePage.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('tessera.actingFor') ?? '{}') as { ownerUserId?: string })
          .ownerUserId,
    );
    expect(ownerId).toBeTruthy();
    const headers = { authorization: `Bearer ${token}`, 'x-act-as': ownerId ?? '' };
    const read = await delegatePage.request.get('/api/cash-operations/wallets', { headers });
    expect(read.status()).toBe(200);
    const trade = await delegatePage.request.post('/api/trading/orders', {
      headers,
      data: {
        clientOrderId: `viewer-${language}`,
        productId: 'AAPL_cboe',
        side: 'buy',
        type: 'market',
        quantity: '1',
      },
    });
    expect(trade.status()).toBe(403);
    expect((await trade.json()).error.code).toBe('DELEGATE_NOT_PERMITTED');

    // The owner sees the refused trade with the delegate's name, and revokes the access.
    await page.reload();
    await expect(page.getByTestId('delegate-audit')).toContainText('POST /api/trading/orders → 403');
    await page
      .getByTestId('granted-delegates')
      .getByRole('button', { name: new RegExp(`^${fillIn(a(language, 'delegates.revoke'), { who: '' })}`) })
      .click();
    await expect(page.getByText(a(language, 'delegates.noneGranted'))).toBeVisible();
    const after = await delegatePage.request.get('/api/cash-operations/wallets', { headers });
    expect(after.status()).toBe(403);
    expect((await after.json()).error.code).toBe('DELEGATION_NOT_ACTIVE');

    // Back to their own account: the banner is gone.
    await button(banner, a(language, 'switcher.back')).click();
    await expect(delegatePage.getByTestId('acting-for')).toHaveCount(0);
    await delegateContext.close();
  });
}
