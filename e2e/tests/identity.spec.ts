import { expect, test, type Page } from '@playwright/test';
import { readLatestCode, totp, uniqueEmail } from './identity-support.ts';

const PASSWORD = 'Journey-Pass-2026!';

/** A form field by its visible label (which carries a '*' marker when required). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));
}

const LABELS = {
  en: {
    email: 'E-mail address',
    phone: 'Mobile phone number',
    password: 'Password',
    confirm: 'Confirm password',
    create: 'Create my account',
    code: 'Verification code',
    confirmAccount: 'Confirm my account',
    signIn: 'Sign in',
  },
  fr: {
    email: 'Adresse e-mail',
    phone: 'Numéro de téléphone mobile',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    create: 'Créer mon compte',
    code: 'Code de vérification',
    confirmAccount: 'Confirmer mon compte',
    signIn: 'Se connecter',
  },
} as const;

async function register(page: Page, language: 'en' | 'fr', email: string) {
  const l = LABELS[language];
  await page.goto(`/register?lng=${language}`);
  await field(page, l.email).fill(email);
  await field(page, l.phone).fill('+33612345678');
  await field(page, l.password).fill(PASSWORD);
  await field(page, l.confirm).fill(PASSWORD);
  await page.getByRole('button', { name: l.create }).click();
  await expect(field(page, l.code)).toBeVisible();
  await field(page, l.code).fill(await readLatestCode(page.request, email));
  await page.getByRole('button', { name: l.confirmAccount }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'E-mail address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const language of ['en', 'fr'] as const) {
  test(`register, read the code from the mailbox, confirm, and land signed in (${language})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`register-${language}`);
    await register(page, language, email);
    await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
    await expect(page.getByText(email)).toBeVisible();
  });
}

test('the password policy and empty fields are explained before anything is sent', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Email cannot be empty')).toBeVisible();
  await expect(page.getByText('Phone number cannot be empty')).toBeVisible();
  await field(page, 'Password').fill('short');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Use at least 8 characters.', { exact: false })).toBeVisible();
});

test('a wrong password is refused without saying whether the account exists', async ({ page }) => {
  await signIn(page, 'ana.demo@tessera.test', 'Wrong-Pass-2026!');
  const known = await page.getByRole('alert').textContent();
  await signIn(page, uniqueEmail('nobody'), 'Wrong-Pass-2026!');
  await expect(page.getByRole('alert')).toHaveText(known ?? '');
  expect(known).toContain('is not right');
});

test('sign in with an authenticator app: set it up in settings, then answer the TOTP challenge', async ({
  page,
}) => {
  const email = uniqueEmail('totp');
  await register(page, 'en', email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  await page.goto('/dashboard/settings/?content=MFA');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const keyText = await page.getByText('Enter this key in your app').textContent();
  const secret = /: ([A-Z2-7]+)/.exec(keyText ?? '')?.[1] ?? '';
  expect(secret.length).toBeGreaterThan(15);
  await field(page, 'Code from your authenticator app').fill(totp(secret));
  const setupStep = Math.floor(Date.now() / 30_000);
  await page.getByRole('button', { name: 'Activate and sign in' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();

  await page.goto('/dashboard/settings/?content=logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(field(page, 'Code from your authenticator app')).toBeVisible();
  // A later 30-second step than the set-up's, so the set-up code is not replayed (the service refuses reuse).
  const nextStepMs = (setupStep + 1) * 30_000 + 500;
  await page.waitForTimeout(Math.max(0, nextStepMs - Date.now()));
  await field(page, 'Code from your authenticator app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
});

test('forgot password: a code by e-mail, a new password, then sign in with it', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await register(page, 'en', email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  await page.goto('/dashboard/settings/?content=logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/forgotPassword?username=${encodeURIComponent(email)}`);
  const requestedAt = new Date(Date.now() - 1000).toISOString();
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(field(page, 'Verification code')).toBeVisible();
  await field(page, 'Verification code').fill(
    await readLatestCode(page.request, email, { sentAfter: requestedAt }),
  );
  await field(page, 'New password').fill('Brand-New-Pass-2026!');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await signIn(page, email, 'Brand-New-Pass-2026!');
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
});

test('a revoked session signs the customer out on the next call', async ({ page }) => {
  const email = uniqueEmail('revoked');
  await register(page, 'en', email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  // Revoke every session of this user from elsewhere (GlobalSignOut with the current access token).
  const accessToken = await page.evaluate(() => {
    const entry = document.cookie.split('; ').find((cookie) => /\.accessToken=/.test(cookie));
    return entry ? decodeURIComponent(entry.split('=').slice(1).join('=')) : '';
  });
  const signOutEverywhere = await page.request.post('/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    data: JSON.stringify({ AccessToken: accessToken }),
  });
  expect(signOutEverywhere.status()).toBe(200);
  // The MFA settings read the user from the identity service, which now answers 'Access Token has been revoked'.
  await page.goto('/dashboard/settings/?content=MFA');
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
});

test('an expired session whose refresh is refused signs the customer out', async ({ page }) => {
  const email = uniqueEmail('expired');
  await register(page, 'en', email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  // Age the stored tokens past their expiry and spoil the refresh token, as a week away from the device would.
  const cookies = await page.context().cookies();
  const aged = cookies.map((cookie) => {
    if (/\.(accessToken|idToken)$/.test(cookie.name)) {
      const [header, payload, signature] = decodeURIComponent(cookie.value).split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, number>;
      const expired = { ...claims, exp: Math.floor(Date.now() / 1000) - 3600, iat: claims['iat'] ?? 0 };
      const value = [header, Buffer.from(JSON.stringify(expired)).toString('base64url'), signature].join('.');
      return { ...cookie, value };
    }
    if (/\.refreshToken$/.test(cookie.name)) {
      return { ...cookie, value: 'refresh-token-that-the-identity-service-never-issued' };
    }
    return cookie;
  });
  await page.context().clearCookies();
  await page.context().addCookies(aged);
  await page.goto('/dashboard/wallets/');
  await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 20_000 });
});
