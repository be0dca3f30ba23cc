/**
 * The staff console's journeys (issue #16): its texts read from its translation files, and staff members made for
 * one journey (invited through the staff API by the demo admin, then signing in with their own password and an
 * authenticator set up in the console), so parallel journeys never share a second factor.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, totp, uniqueEmail, type Language } from './identity-support.ts';

const CONSOLE_LANG = join(import.meta.dirname, '..', '..', 'apps', 'console', 'public', 'lang');
const files = new Map<string, Record<string, unknown>>();

/** The console's text for a key (`signIn.title`, or `kyc:queue.title` in another namespace). */
export function ct(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(':') ? key.split(':', 2) : ['console', key];
  const file = `${language}/${namespace}`;
  if (!files.has(file)) {
    files.set(file, JSON.parse(readFileSync(join(CONSOLE_LANG, language, `${namespace}.json`), 'utf8')));
  }
  const value = (path ?? '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files.get(file));
  if (typeof value !== 'string') {
    throw new Error(`no ${language} console text for ${key}`);
  }
  return value.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The password invited staff members choose at their first sign-in. */
export const STAFF_PASSWORD = 'Console-Pass-2026!';

/** The temporary password the identity service e-mailed to `recipient` (the dev mailbox). */
export async function temporaryPassword(page: Page, recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const html = await (await page.request.get('/dev/mailbox')).text();
    const message = html
      .split('<li class="message">')
      .slice(1)
      .find((item) => item.includes(`<dd>${recipient}</dd>`));
    const found = message
      ? // Greedy up to the sentence's own ';': a password may hold '&', escaped in the page as '&amp;'.
        (/temporary password (\S+);/.exec(message) ?? /mot de passe temporaire (\S+) ;/.exec(message))
      : null;
    if (found?.[1]) {
      return found[1]
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"');
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no temporary password for ${recipient}`);
}

/** Signs in on the console as an invitee: temporary password, own password, TOTP set-up. Returns the secret. */
export async function firstSignIn(
  page: Page,
  language: Language,
  email: string,
  temporary: string,
): Promise<string> {
  await page.goto(`/console/login?lng=${language}`);
  await expect(page.getByRole('heading', { name: ct(language, 'signIn.title') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(ct(language, 'signIn.email')).fill(email);
  await page.getByLabel(ct(language, 'signIn.password'), { exact: false }).first().fill(temporary);
  await page.getByRole('button', { name: ct(language, 'signIn.submit'), exact: true }).click();
  await page.getByLabel(ct(language, 'signIn.newPassword')).fill(STAFF_PASSWORD);
  await expectAccessible(page);
  await page.getByRole('button', { name: ct(language, 'signIn.savePassword'), exact: true }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole('img', { name: ct(language, 'signIn.qrAlt') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(ct(language, 'signIn.code')).fill(totp(secret));
  await page.getByRole('button', { name: ct(language, 'signIn.verify'), exact: true }).click();
  await expect(page).toHaveURL(/\/console\/home/);
  return secret;
}

/**
 * A staff member of `groups` for one journey, invited by the demo admin (`adminToken`, from adminAccessToken) and
 * signed in on `page`'s console.
 */
export async function newStaffMember(
  page: Page,
  language: Language,
  groups: readonly string[],
  prefix: string,
  adminToken: string,
): Promise<{ email: string }> {
  const email = uniqueEmail(prefix);
  const invited = await page.request.post('/api/identity/staff', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, groups, locale: language },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await firstSignIn(page, language, email, await temporaryPassword(page, email));
  return { email };
}
