import { expect, test, type BrowserContext } from '@playwright/test';
import { demoSession } from './support.ts';

async function refreshTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name.endsWith('.refreshToken'));
  expect(cookie, 'a refresh token cookie').toBeTruthy();
  return decodeURIComponent(cookie?.value ?? '');
}

// Issue #13, defect 8: every journey once started from one saved session. The first journey to refresh rotated
// its refresh token, the next one presenting the old token revoked the session, and 26 late journeys of a slow
// run found the sign-in form. Each journey now has a session of its own: ending one ends no other.
test('a journey whose session is revoked signs no other journey out (signed out by a long run)', async ({
  browser,
  baseURL,
}) => {
  const first = await browser.newContext({ storageState: await demoSession(baseURL) });
  const second = await browser.newContext({ storageState: await demoSession(baseURL) });
  const firstToken = await refreshTokenOf(first);
  expect(await refreshTokenOf(second)).not.toBe(firstToken);

  // What the identity service does when a rotated refresh token comes back late: the session is revoked.
  const revoked = await first.request.post('/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.RevokeToken',
    },
    data: JSON.stringify({ ClientId: 'tessera-web', Token: firstToken }),
  });
  expect(revoked.status(), await revoked.text()).toBe(200);

  const signedOut = await first.newPage();
  await signedOut.goto('/dashboard/wallets/');
  await expect(signedOut).toHaveURL(/\/login(\?redirect=.*)?$/);

  const stillIn = await second.newPage();
  await stillIn.goto('/dashboard/wallets/');
  await expect(stillIn.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  // The demo customer's wallets come from the cash service with the second journey's token: it still works.
  await expect(stillIn.getByRole('heading', { name: 'Euros', exact: true })).toBeVisible();
  await expect(stillIn).not.toHaveURL(/\/login/);
  await first.close();
  await second.close();
});
