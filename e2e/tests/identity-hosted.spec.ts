import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER } from './support.ts';
import { button, field, LANGUAGES, open, text } from './identity-support.ts';

// The hosted login is served over TLS with a certificate generated for localhost (e2e/playwright.config.ts): the
// browser accepts it as a person would after trusting it once.
test.use({ ignoreHTTPSErrors: true });

// Each journey crosses two origins and signs in and out: three times the usual time.
test.beforeEach(() => {
  test.slow();
});

/** What the identity service's own sign-in page says (services/identity, hosted-login.pages.ts). */
const HOSTED_PAGE = {
  en: { title: 'Sign in to Tessera', email: 'E-mail address', password: 'Password', submit: 'Sign in' },
  fr: {
    title: 'Connexion à Tessera',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
  },
} as const;

const tlsPort = process.env.E2E_TLS_PORT;

for (const language of LANGUAGES) {
  // The English run asks for a page (it travels in the OAuth state); the French run lands on the dashboard home.
  const target = language === 'en' ? '/dashboard/market/' : undefined;

  test(`hosted login with PKCE: the app's single sign-on, our own page, the code exchange, signed in (${language})`, async ({
    page,
  }) => {
    await open(page, language, target ? `/login?redirect=${encodeURIComponent(target)}` : '/login');
    await button(page, text(language, 'auth:login.hosted')).click();

    // The identity service's own sign-in page, over https, in the app's language, asked with state and PKCE.
    await expect(page).toHaveURL(new RegExp(`^https://localhost:${tlsPort}/oauth2/authorize\\?`));
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('lang')).toBe(language);
    const hosted = HOSTED_PAGE[language];
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hosted.title);

    await field(page, hosted.email).fill(DEMO_CUSTOMER.email);
    await field(page, hosted.password).fill(DEMO_CUSTOMER.password);
    const exchange = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(`:${tlsPort}/oauth2/token`),
    );
    await button(page, hosted.submit).click();

    // Back at the site root with the code; Amplify exchanges it with the PKCE verifier it kept.
    const form = new URLSearchParams((await exchange).postData() ?? '');
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBeTruthy();
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(form.get('redirect_uri')).toBe(new URL('/', page.url()).toString());

    await expect(page).toHaveURL(new RegExp(`${(target ?? '/dashboard/home/').replaceAll('/', '\\/')}$`), {
      timeout: 20_000,
    });
    await expect(page.getByText(DEMO_CUSTOMER.email)).toBeVisible();
    // The session is real: /login forwards a signed-in person to the dashboard.
    await open(page, language, '/login');
    await expect(page).toHaveURL(/\/dashboard\/home\/$/);

    // Signing out passes through the hosted logout, which returns to the site root (spec section 4).
    await open(page, language, '/dashboard/settings/?content=logout');
    const logout = page.waitForRequest((request) => request.url().includes(`:${tlsPort}/logout?`));
    await button(page, text(language, 'common:actions.signOut')).click();
    const logoutUrl = new URL((await logout).url());
    expect(logoutUrl.searchParams.get('logout_uri')).toBe(new URL('/', page.url()).toString());
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(login)?$/);
    await open(page, language, '/dashboard/home/');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
}

test('a return from the hosted login whose state was not sent by this browser is refused with the spec message', async ({
  page,
}) => {
  await open(page, 'en', '/login');
  await button(page, text('en', 'auth:login.hosted')).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
  // Someone else's callback (a forged or replayed link): code and state that this browser never asked for.
  await page.goto('/?code=forged-authorization-code&state=state-this-browser-never-sent');
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveText(text('en', 'errors:auth.oauthState'));
});
