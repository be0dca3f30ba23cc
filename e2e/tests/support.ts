import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, request } from '@playwright/test';

/** The demo customer the identity service seeds (services/identity). */
export const DEMO_CUSTOMER = { email: 'ana.demo@tessera.test', password: 'Ana-Demo-2026!' };

/**
 * What the web app stored after auth.setup.ts signed the demo customer in through the real sign-in page: the
 * names and attributes of Amplify's cookies. Never a journey's session itself (see {@link demoSession}).
 */
export const SESSION_TEMPLATE = join(import.meta.dirname, '..', '.auth', 'customer.json');

/** A browser's saved state, as `browser.newContext({ storageState })` takes it. */
export type StorageState = Exclude<Parameters<BrowserContext['setStorageState']>[0], string>;

/** The cookies Amplify keeps a session in, by the last part of their names. */
const TOKEN_COOKIES = ['accessToken', 'idToken', 'refreshToken'] as const;
/** The template's remembered device belongs to its own session: a journey's session starts without one. */
const DEVICE_COOKIES = ['deviceKey', 'deviceGroupKey', 'randomPasswordKey'];

/**
 * A storage state holding a new session of the demo customer, its own: signed in through the identity service's
 * protocol (InitiateAuth, as the sign-in page does) and laid out as the web app stores it (the template).
 *
 * Why not one saved state for every journey: its refresh token rotates the first time a journey refreshes the
 * access token, and the next journey presenting the old one (after the reuse grace) revokes the session for all
 * of them. A long run then found the sign-in form instead of the dashboard in 26 journeys (issue #13, defect 8).
 */
export async function demoSession(baseURL: string | undefined, user = DEMO_CUSTOMER): Promise<StorageState> {
  const template = JSON.parse(readFileSync(SESSION_TEMPLATE, 'utf8')) as StorageState;
  const api = await request.newContext({ baseURL });
  try {
    const response = await api.post('/identity', {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      data: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'tessera-web',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    });
    expect(response.status(), await response.text()).toBe(200);
    const { AuthenticationResult: tokens } = (await response.json()) as {
      AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string };
    };
    const values = {
      accessToken: tokens.AccessToken,
      idToken: tokens.IdToken,
      refreshToken: tokens.RefreshToken,
    };
    const cookies = (template.cookies ?? [])
      .filter((cookie) => !DEVICE_COOKIES.some((name) => cookie.name.endsWith(`.${name}`)))
      .map((cookie) => {
        const token = TOKEN_COOKIES.find((name) => cookie.name.endsWith(`.${name}`));
        if (token) {
          return { ...cookie, value: values[token] };
        }
        return cookie.name.endsWith('.clockDrift') ? { ...cookie, value: '0' } : cookie;
      });
    expect(
      TOKEN_COOKIES.every((name) => cookies.some((cookie) => cookie.name.endsWith(`.${name}`))),
      'the template holds the cookies of a signed-in session',
    ).toBe(true);
    return { ...template, cookies };
  } finally {
    await api.dispose();
  }
}

/**
 * `test.use(OWN_SESSION)`: every journey of the block starts signed in as the demo customer, each with a session
 * of its own ({@link demoSession}).
 */
export const OWN_SESSION = {
  storageState: async (
    { baseURL }: { baseURL: string | undefined },
    use: (state: StorageState) => Promise<void>,
  ) => use(await demoSession(baseURL)),
};

/** Signs the demo customer in through the real sign-in page. */
export async function signIn(page: Page, user = DEMO_CUSTOMER): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^E-mail address\*?$/).fill(user.email);
  await page.getByLabel(/^Password\*?$/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
}

/** Every public route of spec section 2 with the heading it must show in English. */
export const PUBLIC_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /one clear account/i },
  { path: '/pricing/', heading: /^Clear pricing, shown before every operation$/ },
  { path: '/trading/', heading: /^Trade stocks, ETFs and crypto from one account$/ },
  { path: '/automated-investments/', heading: /^Invest on a schedule, without thinking about it$/ },
  { path: '/tokenized-assets-management/', heading: /^Tokenized assets, with compliance built in$/ },
  { path: '/universal-ledger-system/', heading: /^The ledger behind Tessera, as an API for your business$/ },
  { path: '/help/', heading: /^Help centre$/ },
  { path: '/help/search/?q=withdrawal', heading: /^Search the help centre$/ },
  { path: '/help/category/1/getting-started/', heading: /^Getting started$/ },
  {
    path: '/help/article/1/getting-started/101/how-to-open-a-tessera-account/',
    heading: /^How to open a Tessera account$/,
  },
  { path: '/app/download/', heading: /phone or desktop/i },
  { path: '/register', heading: /Open your Tessera account/ },
  { path: '/login', heading: /Sign in to Tessera/ },
  { path: '/forgotPassword', heading: /Reset your password/ },
];

/** Every protected route of spec section 2 with the heading it must show to a signed-in customer. */
export const PROTECTED_ROUTES: { path: string; heading: RegExp }[] = [
  { path: '/assistant/', heading: /^Assistant$/ },
  { path: '/dashboard/trading/detached/?component=CHART&product=AAPL_cboe', heading: /Chart — AAPL · Cboe/ },
  { path: '/dashboard/home/', heading: /Your overview/ },
  { path: '/dashboard/settings/', heading: /^Settings$/ },
  { path: '/dashboard/trading/', heading: /^Trading$/ },
  { path: '/dashboard/wallets/', heading: /^Wallets$/ },
  // w-1 is nobody's wallet: the wallet view and the fund page say so.
  { path: '/dashboard/wallets/w-1/', heading: /^Wallet not found$/ },
  { path: '/dashboard/wallets/w-1/fund/', heading: /^Wallet not found$/ },
  { path: '/dashboard/market/', heading: /^Market$/ },
  { path: '/dashboard/funds/', heading: /^Funds$/ },
  { path: '/dashboard/funds/add/', heading: /Create a fund/ },
  { path: '/dashboard/funds/f-1/update/', heading: /Edit a fund/ },
  { path: '/dashboard/funds/f-1/find/', heading: /Fund details/ },
  { path: '/dashboard/KYC/', heading: /Identity verification/ },
  { path: '/dashboard/invest/f-1/', heading: /^Invest$/ },
];

/**
 * Collects what the browser reports about the Content Security Policy from now on: console messages naming it and
 * every `securitypolicyviolation` event (directive and blocked URI). Call before the first navigation.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      seen.push(message.text());
    }
  });
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  return seen;
}
