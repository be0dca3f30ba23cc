import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The languages every identity journey runs in. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The password journeys sign up with (it meets the policy of spec section 5). */
export const PASSWORD = 'Journey-Pass-2026!';

const LANG_DIR = join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'lang');
const loaded = new Map<string, unknown>();

/**
 * The text the web app shows for `namespace:key.path` in a language, read from the app's own translation files,
 * so a journey finds elements by what a person reads on screen without copying every string. A key missing in a
 * language fails the journey.
 */
export function text(language: Language, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  const file = `${language}/${namespace}`;
  if (!loaded.has(file)) {
    loaded.set(file, JSON.parse(readFileSync(join(LANG_DIR, `${file}.json`), 'utf8')));
  }
  const value = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], loaded.get(file));
  if (typeof value !== 'string') {
    throw new Error(`no ${language} text for ${key}`);
  }
  return value;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A form field by its visible label (which carries a '*' marker when required). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));
}

/** A button by its exact visible name. */
export function button(scope: Page | Locator, name: string) {
  return scope.getByRole('button', { name, exact: true });
}

/** Fails on any serious or critical WCAG 2.2 AA violation axe finds on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Opens a page of the web app in a language (the language detector reads `lng` and remembers it). */
export async function open(page: Page, language: Language, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
}

/**
 * Signs up through /register, reads the code from the mailbox, and confirms: the app then signs in by itself
 * (auto sign-in) and lands on the dashboard home.
 */
export async function register(
  page: Page,
  language: Language,
  email: string,
  options: { phone?: string } = {},
): Promise<void> {
  await open(page, language, '/register');
  await field(page, text(language, 'auth:fields.email')).fill(email);
  await field(page, text(language, 'auth:fields.phone')).fill(options.phone ?? '+33612345678');
  await field(page, text(language, 'auth:fields.password')).fill(PASSWORD);
  await field(page, text(language, 'auth:fields.confirmPassword')).fill(PASSWORD);
  await button(page, text(language, 'auth:register.submit')).click();
  const code = field(page, text(language, 'auth:fields.code'));
  await expect(code).toBeVisible();
  await code.fill(await readLatestCode(page.request, email));
  await button(page, text(language, 'auth:register.confirm')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
}

/** Fills and submits the /login form (the page must be open). */
export async function submitSignIn(page: Page, language: Language, email: string, password: string) {
  // The app has taken the pre-rendered form over (prerendered-form.ts). A submit made before that is held and made
  // again by the app: identity.spec.ts tests that path on its own, and the press the app takes the form over during
  // (the cause of the early submit lost about once a CI run: the hosted-login choice the app added moved the centred
  // form between the press and the release; app.css, .app-auth). Here the journeys still wait, to sign in one way.
  await expect(page.locator('form[data-app-ready]').first()).toBeAttached({ timeout: 30_000 });
  await field(page, text(language, 'auth:fields.email')).fill(email);
  await field(page, text(language, 'auth:fields.password')).fill(password);
  await button(page, text(language, 'auth:login.submit')).click();
}

/** Opens /login in a language and signs in with e-mail and password. */
export async function signIn(page: Page, language: Language, email: string, password = PASSWORD) {
  await open(page, language, '/login');
  await submitSignIn(page, language, email, password);
}

/** Signs out from the settings page, as a person would, and waits for /login. */
export async function signOut(page: Page, language: Language): Promise<void> {
  await open(page, language, '/dashboard/settings/?content=logout');
  await button(page, text(language, 'common:actions.signOut')).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The access token Amplify keeps in its cookie for the signed-in user. */
export async function accessTokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((entry) => entry.name.endsWith('.accessToken'));
  if (!cookie) {
    throw new Error('no access token cookie');
  }
  return decodeURIComponent(cookie.value);
}

const addresses = new WeakMap<BrowserContext, string>();

/**
 * Makes every request of this browser come from its own client address (the e2e server trusts X-Forwarded-For,
 * as behind a load balancer): the identity service throttles sign-ups and codes per address (20 an hour), and
 * the journeys are many people, not one household signing up twenty times.
 */
export async function visitFrom(context: BrowserContext): Promise<void> {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  const address = `198.18.${byte()}.${byte()}`;
  addresses.set(context, address);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
}

/** The client id of the web app (the identity service's default user-pool client). */
export const CLIENT_ID = 'tessera-web';

/** Calls an operation of the identity service's Cognito JSON protocol, as the AWS SDK would. */
export async function callIdentity(
  page: Page,
  operation: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const address = addresses.get(page.context());
  const response = await page.request.post('/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    data: JSON.stringify(body),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function expectOk(
  page: Page,
  operation: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = await callIdentity(page, operation, body);
  expect(answer.status, `${operation}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** Verifies the phone number of the user of `accessToken` through the protocol, with the SMS code. */
export async function verifyPhoneAttribute(page: Page, accessToken: string, phone: string): Promise<void> {
  const sentAfter = justBefore();
  const sent = await callIdentity(page, 'GetUserAttributeVerificationCode', {
    AccessToken: accessToken,
    AttributeName: 'phone_number',
  });
  expect(sent.status).toBe(200);
  const code = await readLatestCode(page.request, phone, { sentAfter });
  const verified = await callIdentity(page, 'VerifyUserAttribute', {
    AccessToken: accessToken,
    AttributeName: 'phone_number',
    Code: code,
  });
  expect(verified.status).toBe(200);
}

/** A fresh phone number for one journey (SMS codes are read from the mailbox by recipient). */
export function uniquePhone(): string {
  return `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** A French number as the app shows it (issue #15): `+33 6 12 34 56 78`, with no-break spaces. */
export function shownPhone(phone: string): string {
  return phone.replace(
    /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/,
    '+33\u00a0$1\u00a0$2\u00a0$3\u00a0$4\u00a0$5',
  );
}

/**
 * Signs up and confirms a customer through the protocol (SignUp, the code from the mailbox, ConfirmSignUp), for
 * journeys about what comes after sign-up; the register journey does it through the pages.
 */
export async function createCustomer(
  page: Page,
  email: string,
  options: { phone?: string } = {},
): Promise<void> {
  const sentAfter = justBefore();
  await expectOk(page, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'phone_number', Value: options.phone ?? uniquePhone() },
    ],
  });
  const code = await readLatestCode(page.request, email, { sentAfter });
  await expectOk(page, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
}

/** Tokens of a new session of `email` through the protocol (no MFA), for calls a journey makes on the side. */
export async function protocolSignIn(page: Page, email: string, password = PASSWORD): Promise<string> {
  const answer = await expectOk(page, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const result = answer['AuthenticationResult'] as { AccessToken: string } | undefined;
  if (!result) {
    throw new Error(`sign-in of ${email} asked for ${String(answer['ChallengeName'])}`);
  }
  return result.AccessToken;
}

/**
 * Turns on the authenticator app for the user of `accessToken` and returns its secret. The set-up proves the code
 * of the previous 30-second step (within the service's drift window), so the current step's code is still unused
 * for the sign-in that follows (the service refuses a step twice).
 */
export async function enableTotp(page: Page, accessToken: string): Promise<string> {
  const { SecretCode } = (await expectOk(page, 'AssociateSoftwareToken', { AccessToken: accessToken })) as {
    SecretCode: string;
  };
  await expectOk(page, 'VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: totp(SecretCode, Date.now() - 30_000),
  });
  await expectOk(page, 'SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return SecretCode;
}

/** The demo admin (services/identity seed): staff must use MFA, so the first sign-in sets up TOTP. */
const DEMO_ADMIN = { email: 'ada.admin@tessera.test', password: 'Ada-Admin-2026!' };

/**
 * An access token of the demo admin. Its first sign-in in a run answers MFA_SETUP and keeps the authenticator
 * secret in the run's data folder, so later sign-ins (any worker) answer SOFTWARE_TOKEN_MFA with it. Journeys in
 * parallel sign the admin in too: each code is of a step reserved for it (reserveTotpStep), and a refused one is
 * tried again with a later step.
 */
export async function adminAccessToken(page: Page): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const token = await adminSignIn(page);
    if (token !== null || attempt === 4) {
      expect(token, 'the demo admin signs in with a code of an unused step').not.toBeNull();
      return token ?? '';
    }
  }
}

/** One sign-in of the demo admin; null when its code's step was already used. */
async function adminSignIn(page: Page): Promise<string | null> {
  const secretFile = join(process.env.E2E_DATA_DIR ?? '.', 'e2e-admin-totp-secret');
  const started = await expectOk(page, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: DEMO_ADMIN.email, PASSWORD: DEMO_ADMIN.password },
  });
  const username = (started['ChallengeParameters'] as Record<string, string>)['USERNAME'];
  let answer: Record<string, unknown>;
  if (started['ChallengeName'] === 'MFA_SETUP') {
    const associated = (await expectOk(page, 'AssociateSoftwareToken', { Session: started['Session'] })) as {
      SecretCode: string;
      Session: string;
    };
    writeFileSync(secretFile, associated.SecretCode);
    const verified = await expectOk(page, 'VerifySoftwareToken', {
      Session: associated.Session,
      UserCode: totp(associated.SecretCode, Date.now() - 30_000),
    });
    answer = await expectOk(page, 'RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'MFA_SETUP',
      Session: verified['Session'],
      ChallengeResponses: { USERNAME: username },
    });
  } else {
    expect(started['ChallengeName']).toBe('SOFTWARE_TOKEN_MFA');
    const secret = readFileSync(secretFile, 'utf8');
    // A step no other sign-in of this run has used or will use.
    const step = await reserveTotpStep(DEMO_ADMIN.email);
    const responded = await callIdentity(page, 'RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started['Session'],
      ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totp(secret, step * 30_000) },
    });
    if (responded.status === 400 && responded.body['__type'] === 'CodeMismatchException') {
      return null;
    }
    expect(responded.status, `RespondToAuthChallenge: ${JSON.stringify(responded.body)}`).toBe(200);
    answer = responded.body;
  }
  return (answer['AuthenticationResult'] as { AccessToken: string }).AccessToken;
}

/** An ISO time a moment ago: codes sent after it are the ones the next step asked for. */
export function justBefore(): string {
  return new Date(Date.now() - 1000).toISOString();
}

/**
 * Reads the newest code sent to `recipient` from the development mailbox (/dev/mailbox), as a person signing up
 * without a mail server would. `sentAfter` (an ISO time) skips codes sent before a request, so a journey never
 * types an older code that happens to be in the mailbox already.
 */
export async function readLatestCode(
  request: APIRequestContext,
  recipient: string,
  options: { sentAfter?: string } = {},
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const html = await (await request.get('/dev/mailbox')).text();
    const messages = html.split('<li class="message">').slice(1);
    const found = messages
      .filter((message) => message.includes(`<dd>${recipient}</dd>`))
      .map((message) => ({
        at: /datetime="([^"]+)"/.exec(message)?.[1] ?? '',
        code: /\b(\d{6})\b/.exec(message.replace(/<time[^>]*>.*?<\/time>/, ''))?.[1],
      }))
      .filter((message) => message.code && (!options.sentAfter || message.at > options.sentAfter))
      .sort((a, b) => b.at.localeCompare(a.at));
    if (found[0]?.code) {
      return found[0].code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${recipient} in the mailbox`);
}

/** RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits) from a base32 secret, as an authenticator app computes it. */
export function totp(secretBase32: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const hmac = createHmac('sha1', bytes).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** The current 30-second TOTP step. */
export function totpStep(atMs = Date.now()): number {
  return Math.floor(atMs / 30_000);
}

/**
 * The 30-second step whose code a sign-in of the shared staff account `account` may send now, waiting for one when
 * needed. The service accepts one step of drift either side and never the same step twice (RFC 6238 section 5.2),
 * so two journeys signing the same member in at once must not pick the same step: the steps handed out are kept in
 * the run's data folder, under a lock every worker honours. The step given is the previous one while 15 seconds of
 * the current step are left, else the current one or the next, so its code stays valid for at least 15 seconds.
 */
export async function reserveTotpStep(account: string): Promise<number> {
  const folder = process.env.E2E_DATA_DIR ?? tmpdir();
  const name = account.replace(/[^a-z0-9.-]/gi, '_');
  const lock = join(folder, `e2e-totp-lock-${name}`);
  const ledger = join(folder, `e2e-totp-step-${name}`);
  for (;;) {
    await takeLock(lock);
    let step: number;
    try {
      const last = existsSync(ledger) ? Number(readFileSync(ledger, 'utf8')) : -1;
      const now = Date.now();
      const current = totpStep(now);
      const earliest = now - current * 30_000 < 15_000 ? current - 1 : current;
      step = Math.max(earliest, last + 1);
      if (step <= current + 1) {
        writeFileSync(ledger, String(step));
        return step;
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    // Every usable step is taken: the next one becomes usable when the current step ends.
    await sleep(Math.max(50, (step - 1) * 30_000 + 200 - Date.now()));
  }
}

/** Takes a lock shared by the workers (a folder: creating one is atomic); one left by a dead worker expires. */
async function takeLock(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      try {
        if (Date.now() - statSync(lock).mtimeMs > 5_000) {
          rmSync(lock, { recursive: true, force: true });
        }
      } catch {
        // Released meanwhile.
      }
      await sleep(25);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A fresh e-mail address for one journey. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}
