import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoSession } from './support.ts';

// The second server of playwright.config.ts: its access tokens live 20 seconds, and a rotated refresh token is
// refused at once (no reuse grace), so two tabs refreshing with the same refresh token would sign each other out.
const SHORT_TOKEN_URL = `http://127.0.0.1:${process.env.E2E_SHORT_TOKEN_PORT}`;

/** When the access token the tabs share expires (ms since the epoch), from Amplify's cookie. */
async function accessTokenExpiry(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((entry) => entry.name.endsWith('.accessToken'));
  const payload = JSON.parse(
    Buffer.from(decodeURIComponent(cookie?.value ?? '').split('.')[1] ?? '', 'base64url').toString(),
  ) as { exp: number; iat: number };
  expect(payload.exp - payload.iat, 'the short-token server issues 20-second tokens').toBe(20);
  return payload.exp * 1000;
}

/** Everything a tab hears back from identity and the services that says its session failed. */
function watchSession(page: Page, failures: string[], refreshes: number[]): void {
  page.on('response', (response) => {
    const target = response.request().headers()['x-amz-target'] ?? '';
    if (target.endsWith('.GetTokensFromRefreshToken')) {
      refreshes.push(response.status());
    }
    if (response.status() === 401 || (target !== '' && response.status() >= 400)) {
      failures.push(`${response.status()} ${target || response.url()}`);
    }
  });
}

/** Opens the demo customer's first wallet from the wallet list, as a person clicks it (no reload). */
async function openFirstWallet(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Wallets' }).getByRole('link').first().click();
  await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
}

test.describe('a tab that outlives its access token', () => {
  test.use({ baseURL: SHORT_TOKEN_URL });
  test.describe.configure({ timeout: 120_000 });

  test('two tabs keep working through the refresh, and neither signs the other out', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ storageState: await demoSession(baseURL) });
    const failures: string[] = [];
    const refreshes: number[] = [];
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) {
      watchSession(tab, failures, refreshes);
      await tab.goto('/dashboard/wallets/');
      await expect(tab.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    }

    // Both tabs stay open while the token expires: their live sockets close at its expiry and both reconnect, and
    // the first click of each needs a fresh token, at the same moment. One tab refreshes; the other waits for it
    // (the web app's session lock) and reads the new tokens, instead of rotating the same refresh token again.
    const firstExpiry = await accessTokenExpiry(context);
    await tabs[0]!.waitForTimeout(Math.max(0, firstExpiry - Date.now() + 1000));
    await Promise.all(tabs.map((tab) => openFirstWallet(tab)));
    expect(refreshes.length, 'a tab refreshed the expired token').toBeGreaterThan(0);

    // The next token expires too: a tab still holding the first refresh token would now revoke the session.
    const secondExpiry = await accessTokenExpiry(context);
    expect(secondExpiry).toBeGreaterThan(firstExpiry);
    await tabs[0]!.waitForTimeout(Math.max(0, secondExpiry - Date.now() + 1000));
    await Promise.all(
      tabs.map(async (tab) => {
        await tab.goBack();
        await expect(tab.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
        await openFirstWallet(tab);
      }),
    );
    for (const tab of tabs) {
      await expect(tab).toHaveURL(/\/dashboard\/wallets\/[^/]+\//);
    }
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  });
});
