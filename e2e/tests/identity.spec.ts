import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER } from './support.ts';
import {
  accessTokenOf,
  button,
  callIdentity,
  createCustomer,
  field,
  justBefore,
  LANGUAGES,
  open,
  readLatestCode,
  register,
  signIn,
  signOut,
  submitSignIn,
  text,
  totp,
  uniqueEmail,
  visitFrom,
} from './identity-support.ts';

test.beforeEach(async ({ context }) => {
  await visitFrom(context);
});

for (const language of LANGUAGES) {
  test.describe(`identity journeys in ${language}`, () => {
    test('register, read the code from the mailbox, confirm, and land signed in', async ({ page }) => {
      const email = uniqueEmail(`register-${language}`);
      await register(page, language, email);
      await expect(page.getByText(email)).toBeVisible();
    });

    test('sign in with an authenticator app: set it up in settings, then answer the TOTP challenge', async ({
      page,
    }) => {
      test.slow(); // signs up, sets up TOTP, signs out and in again
      const email = uniqueEmail(`totp-${language}`);
      await register(page, language, email);
      await open(page, language, '/dashboard/settings/?content=MFA');
      await button(page, text(language, 'dashboard:security.enableTotp')).click();
      const keyHint = text(language, 'auth:mfa.secret').split('{{')[0]!;
      const keyText = await page.getByText(keyHint).textContent();
      const secret = /([A-Z2-7]{16,})/.exec(keyText ?? '')?.[1] ?? '';
      expect(secret.length).toBeGreaterThan(15);
      // The code the app showed a moment ago (previous 30-second step, still accepted): the current step's code
      // stays unused for the sign-in below, which the service would refuse to accept twice. Not in a step's last
      // 5 seconds: a step ending between here and the service's check would make that code two steps old.
      const intoStepMs = Date.now() % 30_000;
      if (intoStepMs > 25_000) {
        await page.waitForTimeout(30_000 - intoStepMs + 500);
      }
      await field(page, text(language, 'auth:mfa.totpLabel')).fill(totp(secret, Date.now() - 30_000));
      await button(page, text(language, 'auth:mfa.activate')).click();
      await expect(page.getByText(text(language, 'dashboard:security.mfaOn'))).toBeVisible();

      await signOut(page, language);
      await signIn(page, language, email);
      const code = field(page, text(language, 'auth:mfa.totpLabel'));
      await expect(code).toBeVisible();
      await code.fill('000000');
      await button(page, text(language, 'auth:mfa.verify')).click();
      await expect(page.getByRole('alert')).toHaveText(text(language, 'auth:errors.codeMismatch'));
      await code.fill(totp(secret));
      await button(page, text(language, 'auth:mfa.verify')).click();
      await expect(page).toHaveURL(/\/dashboard\/home\/$/);
    });

    test('forgot password: a code by e-mail, a new password, then sign in with it', async ({ page }) => {
      test.slow(); // signs up, resets the password, signs in
      const email = uniqueEmail(`forgot-${language}`);
      await createCustomer(page, email);
      await open(page, language, `/forgotPassword?username=${encodeURIComponent(email)}`);
      const requestedAt = justBefore();
      await button(page, text(language, 'auth:forgotPassword.send')).click();
      const code = field(page, text(language, 'auth:fields.code'));
      await expect(code).toBeVisible();
      await code.fill(await readLatestCode(page.request, email, { sentAfter: requestedAt }));
      await field(page, text(language, 'auth:fields.newPassword')).fill('Brand-New-Pass-2026!');
      await button(page, text(language, 'auth:forgotPassword.reset')).click();
      await expect(page.getByText(text(language, 'auth:forgotPassword.done'))).toBeVisible();
      await signIn(page, language, email, 'Brand-New-Pass-2026!');
      await expect(page).toHaveURL(/\/dashboard\/home\/$/);
    });

    test('guard round trip: a protected page sends a visitor to sign in, then back to that page', async ({
      page,
    }) => {
      await open(page, language, '/dashboard/funds/add/');
      await expect(page).toHaveURL(/\/login\?redirect=/);
      const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
      expect(new URL(redirect, 'http://x').pathname).toBe('/dashboard/funds/add/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth:login.title'));
      await submitSignIn(page, language, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await expect(page).toHaveURL(/\/dashboard\/funds\/add\/(\?.*)?$/);
      await expect(page.getByText(DEMO_CUSTOMER.email)).toBeVisible();
    });

    test('a revoked session signs the customer out on the next call', async ({ page }) => {
      const email = uniqueEmail(`revoked-${language}`);
      await createCustomer(page, email);
      await signIn(page, language, email);
      await expect(page).toHaveURL(/\/dashboard\/home\/$/);
      // "Sign out everywhere" from another device: GlobalSignOut with a token of this user.
      const signOutEverywhere = await callIdentity(page, 'GlobalSignOut', {
        AccessToken: await accessTokenOf(page),
      });
      expect(signOutEverywhere.status).toBe(200);
      // The MFA settings read the user from the identity service, which now answers 'Access Token has been revoked'.
      await open(page, language, '/dashboard/settings/?content=MFA');
      await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth:login.title'));
      // Signed out for real: a protected page sends to sign-in again.
      await open(page, language, '/dashboard/home/');
      await expect(page).toHaveURL(/\/login\?redirect=/);
    });

    test('an expired session whose refresh is refused signs the customer out', async ({ page }) => {
      await signIn(page, language, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await expect(page).toHaveURL(/\/dashboard\/home\/$/);
      // Age the stored tokens past their expiry and spoil the refresh token, as a week away from the device would.
      const cookies = await page.context().cookies();
      const aged = cookies.map((cookie) => {
        if (/\.(accessToken|idToken)$/.test(cookie.name)) {
          const [header, payload, signature] = decodeURIComponent(cookie.value).split('.');
          const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
            string,
            number
          >;
          const expired = { ...claims, exp: Math.floor(Date.now() / 1000) - 3600, iat: claims['iat'] ?? 0 };
          const value = [header, Buffer.from(JSON.stringify(expired)).toString('base64url'), signature].join(
            '.',
          );
          return { ...cookie, value };
        }
        if (/\.refreshToken$/.test(cookie.name)) {
          return { ...cookie, value: 'refresh-token-that-the-identity-service-never-issued' };
        }
        return cookie;
      });
      await page.context().clearCookies();
      await page.context().addCookies(aged);
      await open(page, language, '/dashboard/wallets/');
      await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth:login.title'));
    });
  });
}

test('the password policy and empty fields are explained before anything is sent', async ({ page }) => {
  await page.goto('/register');
  await button(page, text('en', 'auth:register.submit')).click();
  await expect(page.getByText(text('en', 'errors:auth.emailEmpty'))).toBeVisible();
  await expect(page.getByText(text('en', 'errors:auth.phoneEmpty'))).toBeVisible();
  await field(page, text('en', 'auth:fields.password')).fill('short');
  await button(page, text('en', 'auth:register.submit')).click();
  await expect(page.getByText(text('en', 'auth:password.length'), { exact: false })).toBeVisible();
});

test('a wrong password is refused without saying whether the account exists', async ({ page }) => {
  await signIn(page, 'en', DEMO_CUSTOMER.email, 'Wrong-Pass-2026!');
  await expect(page.getByRole('alert')).toHaveText(text('en', 'auth:errors.notAuthorized'));
  await signIn(page, 'en', uniqueEmail('nobody'), 'Wrong-Pass-2026!');
  await expect(page.getByRole('alert')).toHaveText(text('en', 'auth:errors.notAuthorized'));
});

test('the sign-in and sign-up forms are in the first HTML: on screen with scripts off', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const language of LANGUAGES) {
    await open(page, language, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth:login.title'));
    await expect(field(page, text(language, 'auth:fields.email'))).toBeEditable();
    await expect(field(page, text(language, 'auth:fields.password'))).toBeEditable();
    await expect(button(page, text(language, 'auth:login.submit'))).toBeVisible();
    await open(page, language, '/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'auth:register.title'));
    await expect(field(page, text(language, 'auth:fields.email'))).toBeEditable();
    await expect(button(page, text(language, 'auth:register.submit'))).toBeVisible();
  }
  // The HTML itself (no browser): the form and its fields, for a signed-out visitor.
  const html = await (await page.request.get('/login')).text();
  expect(html).toMatch(/<form[^>]*method="post"/);
  expect(html).toContain('name="email"');
  expect(html).toContain('name="password"');
  await context.close();
});

test('a sign-in typed and sent before the app has started goes through once it has', async ({ page }) => {
  // The app's modules arrive only once released, so the form is used while only its pre-rendered HTML is there.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await field(page, text('en', 'auth:fields.email')).fill(DEMO_CUSTOMER.email);
  await field(page, text('en', 'auth:fields.password')).fill(DEMO_CUSTOMER.password);
  await expect(page.locator('form[data-app-ready]')).toHaveCount(0);
  // Turning to the form fetched the identity modules (aws-amplify) already, without waiting for the app.
  const identityModules =
    (await page.locator('html').getAttribute('data-identity-preload'))?.split(' ') ?? [];
  expect(identityModules.length).toBeGreaterThan(0);
  for (const module of identityModules) {
    await expect(page.locator(`link[rel="modulepreload"][href="${module}"]`)).toHaveCount(1);
  }
  await button(page, text('en', 'auth:login.submit')).click();
  // Held back (never a native submit with the password) and shown busy at once, then made by the app.
  await expect(page.locator('form[data-submit-pending][aria-busy="true"]')).toHaveCount(1);
  await expect(page.locator('form[data-app-ready]')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
});

test('an early sign-in is never lost: a press the app takes the form over during, and a page it renders afresh', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two sign-ins, each in a browser of its own
  // A slow phone: the app takes the pre-rendered form over between the press on "Sign in" and the release (a press
  // also makes React hydrate at once). What the app adds then (the hosted-login choice) must not move the button
  // from under the pointer, or the release lands beside it and no click happens.
  for (const run of [
    // The pre-rendered page itself, hydrated; the press starts before the app and ends after it took over.
    { language: 'fr' as const, path: '/login?lng=fr', landing: /\/dashboard\/home\/$/, press: true },
    // A route guard's sign-in (?redirect=): the app renders it afresh, replacing the pre-rendered form that was
    // filled and submitted; what was typed and the held submit carry over.
    {
      language: 'en' as const,
      path: '/login?redirect=%2Fdashboard%2Fwallets%2F',
      landing: /\/dashboard\/wallets\//,
      press: false,
    },
  ]) {
    const context = await browser.newContext({ baseURL, locale: run.language === 'fr' ? 'fr-FR' : 'en-US' });
    await visitFrom(context);
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(run.path, { waitUntil: 'commit' });
    await field(page, text(run.language, 'auth:fields.email')).fill(DEMO_CUSTOMER.email);
    await field(page, text(run.language, 'auth:fields.password')).fill(DEMO_CUSTOMER.password);
    const submit = button(page, text(run.language, 'auth:login.submit'));
    if (run.press) {
      const box = await submit.boundingBox();
      if (!box) {
        throw new Error('the submit button has no box');
      }
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      release();
      await expect(page.locator('form[data-app-ready]')).toHaveCount(1, { timeout: 30_000 });
      await page.mouse.up();
    } else {
      await submit.click();
      await expect(page.locator('form[data-submit-pending]')).toHaveCount(1);
      release();
    }
    await expect(page).toHaveURL(run.landing, { timeout: 20_000 });
    await context.close();
  }
});
