/**
 * A customer's session recorded on the real app and replayed in the console (issue #17), in English and French: a
 * new customer signs in, creates a wallet (typing its name), receives money, opens the wallets list and types into
 * its form; a support agent finds the session by customer and opens it with a case reference. The player shows the
 * customer's pages, and the typed value and the balance only as asterisks.
 */
import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { consoleText, signInDemoStaff, supportAgent } from './console-support-staff.ts';
import { accessTokenOf, LANGUAGES } from './identity-support.ts';
import { expectTrackerState, preferLanguage, watchIngest } from './tracking-support.ts';
import {
  balance,
  createWallet,
  field,
  freshCustomer,
  money,
  open,
  openFunding,
  simulateSepaCredit,
  w,
} from './wallets-support.ts';

/** Waits until two batches more have been accepted, the second made after the first (see tracking-canary). */
async function sent(page: Page, accepted: () => number): Promise<void> {
  const before = accepted();
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before);
  await page.mouse.move(20, 20);
  await page.mouse.move(120, 80);
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before + 1);
}

for (const language of LANGUAGES) {
  test(`a support agent replays a customer's session, inputs and balances masked (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await preferLanguage(page, language);
    const ingest = await watchIngest(page.context());
    await freshCustomer(page, language);
    const me = await page.request.get('/api/user-management/me', {
      headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    });
    const { userId } = (await me.json()) as { userId: string };

    // The customer's session: a wallet created (its name typed), money received, the wallets list, a typed value.
    const walletId = await createWallet(page, language, 'EUR', `Replay ${language}`);
    await openFunding(page, language, walletId, 'sepa');
    await simulateSepaCredit(page, language, '321.45');
    const shown = money(language, 321.45, 'EUR');
    await expect(balance(page, w(language, 'balance.available'))).toHaveText(shown, { timeout: 15_000 });
    await sent(page, ingest.accepted);
    await open(page, language, '/dashboard/wallets/');
    await expect(page.getByRole('heading', { level: 1, name: w(language, 'page.title') })).toBeVisible();
    await expect(page.getByText(shown).first()).toBeVisible();
    await expectTrackerState(page, 'active');
    const typed = `Secret plan ${randomInt(100_000, 999_999)}`;
    const form = page.getByRole('form', { name: w(language, 'create.title') });
    await field(form, w(language, 'create.name')).pressSequentially(typed);
    // The tracker records an input's last value, when it changes (leaving the field).
    await page.keyboard.press('Tab');
    await sent(page, ingest.accepted);

    // The support agent, in a browser of their own.
    const staff = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const agent = await staff.newPage();
    await preferLanguage(agent, language);
    await signInDemoStaff(agent, language, supportAgent(language));
    const reference = `CASE-17-${language.toUpperCase()}-${randomInt(1000, 9999)}`;
    await agent.goto(`/console/sessions/?ref=${reference}&customer=${userId}`);
    const r = (key: string, values: Record<string, string> = {}) =>
      consoleText(language, key, values, 'replay');
    const links = agent.getByRole('link', { name: new RegExp(r('list.open', { who: '.*', when: '.*' })) });
    await expect(links.first()).toBeVisible({ timeout: 30_000 });
    // The newest session is the signed-in one (the anonymous one of the sign-in page came before it).
    await links.first().click();
    await expect(agent.getByRole('heading', { level: 1 })).toBeVisible();
    const timeline = agent.getByRole('slider', { name: r('player.timeline') });
    await expect(timeline).toBeVisible({ timeout: 30_000 });
    // To the end of the session: the wallets page with the typed value.
    await timeline.focus();
    await timeline.press('End');
    const frame = agent.frameLocator('.replay-player iframe');
    await expect(frame.getByRole('heading', { level: 1, name: w(language, 'page.title') })).toBeVisible({
      timeout: 30_000,
    });
    // The typed value, in the wallet name field: asterisks only.
    const label = w(language, 'create.name').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(frame.getByLabel(new RegExp(`^${label}\\*?$`))).toHaveValue(/^\*+$/);
    const html = await frame.locator('body').innerHTML();
    expect(html).not.toContain(typed);
    // The balance: never its figures, whatever the format.
    for (const figure of ['321.45', '321,45', shown]) {
      expect(html).not.toContain(figure);
    }
    expect(html).toMatch(/\*{3,}/);
    await staff.close();
  });
}
