import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminAccessToken, expectAccessible, totp, uniqueEmail, type Language } from './identity-support.ts';

/**
 * The staff console (issue #16), in English and French: an admin invited through the API signs in to the console
 * (password, then setting up TOTP), invites a support agent, who chooses a password and sets up TOTP; the admin
 * changes the agent's groups; the agent sees no admin navigation and is refused the admin page. axe on each page.
 */

const CONSOLE_LANG = join(import.meta.dirname, '..', '..', 'apps', 'console', 'public', 'lang');
const files = new Map<Language, Record<string, unknown>>();

/** The console's text for a key (`signIn.title`), read from its translation files. */
function ct(language: Language, key: string, values: Record<string, string> = {}): string {
  if (!files.has(language)) {
    files.set(language, JSON.parse(readFileSync(join(CONSOLE_LANG, language, 'console.json'), 'utf8')));
  }
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files.get(language),
    );
  if (typeof value !== 'string') {
    throw new Error(`no ${language} console text for ${key}`);
  }
  return value.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
}

const PASSWORD = 'Console-Pass-2026!';

/** The temporary password the identity service e-mailed to `recipient` (the dev mailbox). */
async function temporaryPassword(page: Page, recipient: string): Promise<string> {
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
async function firstSignIn(
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
  await page.getByLabel(ct(language, 'signIn.newPassword')).fill(PASSWORD);
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

for (const language of ['en', 'fr'] as const) {
  test(`console (${language}): an admin signs in with TOTP, invites a staff member, changes their groups; a support agent sees no admin section`, async ({
    browser,
    page,
  }) => {
    test.slow();
    // A fresh admin, invited through the staff API by the demo admin (so no authenticator enrolled elsewhere).
    const adminEmail = uniqueEmail(`console-admin-${language}`);
    const token = await adminAccessToken(page);
    const invited = await page.request.post('/api/identity/staff', {
      headers: { authorization: `Bearer ${token}` },
      data: { email: adminEmail, groups: ['admin'], locale: language },
    });
    expect(invited.status()).toBe(201);
    await firstSignIn(page, language, adminEmail, await temporaryPassword(page, adminEmail));

    const nav = page.getByRole('navigation', { name: ct(language, 'nav.label') });
    await expect(nav.getByRole('link')).toHaveText([
      ct(language, 'nav.home'),
      ct(language, 'nav.staff'),
      ct(language, 'nav.audit'),
    ]);
    await expectAccessible(page);

    // Invite a support agent.
    await nav.getByRole('link', { name: ct(language, 'nav.staff') }).click();
    await expect(page.getByRole('heading', { name: ct(language, 'staff.title'), level: 1 })).toBeVisible();
    await expectAccessible(page);
    const agentEmail = uniqueEmail(`console-agent-${language}`);
    const invite = page.locator('form', {
      has: page.getByRole('button', { name: ct(language, 'staff.invite') }),
    });
    await invite.getByLabel(ct(language, 'staff.email')).fill(agentEmail);
    await invite.getByRole('button', { name: ct(language, 'staff.invite'), exact: true }).click();
    await expect(page.getByRole('rowheader', { name: agentEmail })).toBeVisible();

    // Give them the KYC reviewer group too.
    await page
      .getByRole('button', { name: ct(language, 'staff.changeGroupsOf', { email: agentEmail }) })
      .click();
    const editor = page.getByRole('group', { name: ct(language, 'staff.groupsOf', { email: agentEmail }) });
    await editor.getByRole('checkbox', { name: ct(language, 'groups.kyc_reviewer') }).check();
    await editor.getByRole('button', { name: ct(language, 'staff.saveGroups') }).click();
    const agentRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: agentEmail }) });
    await expect(agentRow).toContainText(ct(language, 'groups.kyc_reviewer'));
    await expect(agentRow).toContainText(ct(language, 'groups.support_agent'));

    // The audit log shows what the admin did.
    await nav.getByRole('link', { name: ct(language, 'nav.audit') }).click();
    await expect(page.getByRole('heading', { name: ct(language, 'audit.title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: agentEmail }).first()).toContainText('staff.groups');
    await expectAccessible(page);

    // The agent signs in (own password, TOTP set-up): no admin section, and the admin page is refused.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await firstSignIn(agent, language, agentEmail, await temporaryPassword(agent, agentEmail));
    const agentNav = agent.getByRole('navigation', { name: ct(language, 'nav.label') });
    await expect(agentNav.getByRole('link')).toHaveText([ct(language, 'nav.home')]);
    await expectAccessible(agent);
    await agent.goto(`/console/staff?lng=${language}`);
    await expect(agent.getByText(ct(language, 'guard.adminOnly'))).toBeVisible();
    await expect(agent).toHaveURL(/\/console\/home/);
    await agentContext.close();
  });
}

test('console: a customer who signs in is signed out and told the console is for staff (fr, 390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/console/login?lng=fr');
  await page.getByLabel(ct('fr', 'signIn.email')).fill('leo.fresh@tessera.test');
  await page.getByLabel(ct('fr', 'signIn.password')).first().fill('Leo-Fresh-2026!');
  await page.getByRole('button', { name: ct('fr', 'signIn.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(ct('fr', 'signIn.errors.notStaff'));
  await expectAccessible(page);
  await page.goto('/console/home');
  await expect(page).toHaveURL(/\/console\/login/);
});
