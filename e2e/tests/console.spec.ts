import { expect, test } from '@playwright/test';
import { ct, firstSignIn, temporaryPassword } from './console-support.ts';
import { adminAccessToken, expectAccessible, uniqueEmail } from './identity-support.ts';

/**
 * The staff console (issue #16), in English and French: an admin invited through the API signs in to the console
 * (password, then setting up TOTP), invites a support agent, who chooses a password and sets up TOTP; the admin
 * changes the agent's groups; the agent sees no admin navigation and is refused the admin page. axe on each page.
 */

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
      ct(language, 'nav.customers'),
      ct(language, 'nav.sessions'),
      ct(language, 'nav.liveSessions'),
      ct(language, 'nav.agentStats'),
      ct(language, 'nav.kyc'),
      ct(language, 'nav.studio'),
      ct(language, 'nav.ledger'),
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
    // Support agent and KYC reviewer: the KYC review, no admin section.
    await expect(agentNav.getByRole('link')).toHaveText([
      ct(language, 'nav.home'),
      ct(language, 'nav.customers'),
      ct(language, 'nav.sessions'),
      ct(language, 'nav.liveSessions'),
      ct(language, 'nav.agentStats'),
      ct(language, 'nav.kyc'),
    ]);
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
