import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminAccessToken, reserveTotpStep, totp, type Language } from './identity-support.ts';

/**
 * Signing the demo staff (sam.support, kim.kyc, ada.admin...) in to the console in the journeys. A demo staff
 * member's first sign-in of a run sets up their authenticator (MFA_SETUP); the secret is kept in the run's data folder
 * (ada.admin's in the file identity-support.ts's adminAccessToken keeps), so later sign-ins answer with a code. A code
 * is never replayed: a refused one (its 30-second step used by another sign-in) is retried at the next step. A member
 * enrolled by another journey without a kept secret has their second factor reset through the admin API first.
 */

export const DEMO_STAFF = {
  sam: { email: 'sam.support@tessera.test', password: 'Sam-Support-2026!' },
  lea: { email: 'lea.support@tessera.test', password: 'Lea-Support-2026!' },
  kim: { email: 'kim.kyc@tessera.test', password: 'Kim-Review-2026!' },
  ada: { email: 'ada.admin@tessera.test', password: 'Ada-Admin-2026!' },
  uma: { email: 'uma.research@tessera.test', password: 'Uma-Research-2026!' },
} as const;

type Staff = (typeof DEMO_STAFF)[keyof typeof DEMO_STAFF];

/**
 * The demo support agent of a language's journeys: sam.support in English, lea.support in French. A member's codes
 * allow a few sign-ins a minute (a step is never used twice), and the journeys of both languages run at once.
 */
export function supportAgent(language: Language): Staff {
  return language === 'en' ? DEMO_STAFF.sam : DEMO_STAFF.lea;
}

function secretFile(staff: Staff): string {
  const folder = process.env.E2E_DATA_DIR ?? '.';
  return staff.email === DEMO_STAFF.ada.email
    ? join(folder, 'e2e-admin-totp-secret')
    : join(folder, `e2e-staff-totp-${staff.email.split('@')[0]}`);
}

/** The console's text for a key of a namespace, read from its translation files. */
export function consoleText(
  language: Language,
  key: string,
  values: Record<string, string> = {},
  namespace = 'console',
): string {
  const file = join(
    import.meta.dirname,
    '..',
    '..',
    'apps',
    'console',
    'public',
    'lang',
    language,
    `${namespace}.json`,
  );
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') {
    throw new Error(`no ${language} ${namespace} text for ${key}`);
  }
  return value.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
}

async function resetSecondFactor(page: Page, staff: Staff): Promise<void> {
  const token = await adminAccessToken(page);
  const members = await page.request.get('/api/identity/staff', {
    headers: { authorization: `Bearer ${token}` },
  });
  const member = (await members.json()).members.find((item: { email: string }) => item.email === staff.email);
  const reset = await page.request.post(`/api/identity/staff/${member.id}/reset-mfa`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reset.status()).toBe(200);
}

/** One sign-in attempt; true when the console's home opened. */
async function attempt(
  page: Page,
  language: Language,
  staff: Staff,
): Promise<'done' | 'refused' | 'unknown-secret'> {
  const t = (key: string) => consoleText(language, key);
  await page.goto(`/console/login?lng=${language}`);
  await page.getByLabel(t('signIn.email')).fill(staff.email);
  await page.getByLabel(t('signIn.password')).first().fill(staff.password);
  await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
  const code = page.getByLabel(t('signIn.code'));
  await expect(code).toBeVisible();
  let secret: string;
  if (await page.getByTestId('totp-secret').isVisible()) {
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    writeFileSync(secretFile(staff), secret);
  } else if (existsSync(secretFile(staff))) {
    secret = readFileSync(secretFile(staff), 'utf8').trim();
  } else {
    return 'unknown-secret';
  }
  // A step no other sign-in of this member in the run has used or will use.
  await code.fill(totp(secret, (await reserveTotpStep(staff.email)) * 30_000));
  await page.getByRole('button', { name: t('signIn.verify'), exact: true }).click();
  const home = page.waitForURL(/\/console\/home/).then(() => 'done' as const);
  const refused = page
    .getByRole('alert')
    .waitFor()
    .then(() => 'refused' as const);
  return Promise.race([home, refused]);
}

/** Signs a demo staff member in to the console (see above); the page ends on the console's home. */
export async function signInDemoStaff(page: Page, language: Language, staff: Staff): Promise<void> {
  for (let tries = 0; tries < 4; tries += 1) {
    const outcome = await attempt(page, language, staff);
    if (outcome === 'done') {
      return;
    }
    if (outcome === 'unknown-secret') {
      await resetSecondFactor(page, staff);
    }
    // Refused ('refused'): the next attempt reserves a later step.
  }
  throw new Error(`${staff.email} could not sign in to the console`);
}
