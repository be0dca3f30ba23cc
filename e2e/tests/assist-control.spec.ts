/**
 * Live assist (issue #18), remote control, in English and French: the customer grants control; the agent clicks the
 * wallet page's Transfer button and types the amount into the transfer form (the customer's page shows both); the
 * agent's click on "Confirm the transfer" is refused (the console says why) and moves no money; a script's click on
 * it is ignored too (the button's own second line); the customer's own click makes the transfer, exactly once.
 */
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { accessTokenOf, LANGUAGES } from './identity-support.ts';
import {
  balance,
  button,
  createWallet,
  field,
  fill,
  freshCustomer,
  money,
  open,
  openFunding,
  simulateSepaCredit,
  w,
} from './wallets-support.ts';
import {
  agentButton,
  agentJoins,
  agentStatus,
  agentText,
  customerPage,
  customerText,
  expectAssistReady,
  fakeMediaBrowser,
  newContext,
  popup,
} from './assist-support.ts';

/** The customer's page as the agent sees it: the live mirror in the console (rrweb's replayer iframe). */
function mirror(agent: Page): FrameLocator {
  return agent.frameLocator('.replayer-wrapper iframe');
}

/**
 * Clicks, as the agent, at the centre of an element of the mirror: the console's control layer above the mirror
 * turns the click into one at that place of the customer's page.
 */
async function agentClicks(agent: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible({ timeout: 30_000 });
  const box = await element.boundingBox();
  expect(box, 'the element has a place in the mirror').not.toBeNull();
  if (box) {
    await agent.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
}

/** The customer's EUR wallets' available balances by name, read from the API. */
async function availableByName(page: Page): Promise<Record<string, string>> {
  const answer = await page.request.get('/api/cash-operations/wallets', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(answer.status()).toBe(200);
  const { items } = (await answer.json()) as { items: { name: string; balance: { available: string } }[] };
  return Object.fromEntries(items.map((wallet) => [wallet.name, wallet.balance.available]));
}

for (const language of LANGUAGES) {
  test(`remote control: the agent prepares a transfer, cannot confirm it, and the customer's own click does (${language})`, async () => {
    test.setTimeout(240_000);
    const browser = await fakeMediaBrowser();
    try {
      const customer = await (await newContext(browser)).newPage();
      await customerPage(customer, language);
      await freshCustomer(customer, language);
      const main = `Main ${language}`;
      const spare = `Spare ${language}`;
      const mainId = await createWallet(customer, language, 'EUR', main);
      // A savings vault in euros too (a customer has one current wallet per currency), through the API.
      const vault = await customer.request.post('/api/cash-operations/wallets', {
        headers: {
          authorization: `Bearer ${await accessTokenOf(customer)}`,
          'idempotency-key': crypto.randomUUID(),
        },
        data: { asset: 'EUR', kind: 'savings', name: spare },
      });
      expect(vault.status(), await vault.text()).toBe(201);
      await openFunding(customer, language, mainId, 'sepa');
      await simulateSepaCredit(customer, language, '200');
      await open(customer, language, `/dashboard/wallets/${mainId}/`);
      await expect(balance(customer, w(language, 'balance.available'))).toHaveText(
        money(language, 200, 'EUR'),
        {
          timeout: 15_000,
        },
      );
      await expectAssistReady(customer);

      const { agent } = await agentJoins(browser, language, customer);
      const c = (key: Parameters<typeof customerText>[1]) => customerText(language, key);
      const a = (key: string) => agentText(language, key);

      // Control: asked on the customer's page, granted.
      await agentButton(agent, language, 'control.request').click();
      const request = popup(customer, c('controlRequest'));
      await expect(request).toBeVisible({ timeout: 30_000 });
      await request.getByRole('button', { name: c('grantControl') }).click();
      await expect(agentStatus(agent, language, 'control.label')).toHaveText(a('control.enabled'), {
        timeout: 30_000,
      });

      // The agent clicks a button of the customer's page (Transfer opens the transfer dialog there)...
      await agentClicks(agent, mirror(agent).getByRole('button', { name: w(language, 'actions.transfer') }));
      const dialog = customer.getByRole('dialog', { name: w(language, 'transfer.title') });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      // ...and types the amount into its field.
      const amountLabel = fill(w(language, 'transfer.amount'), { asset: 'EUR' });
      await agentClicks(agent, field(mirror(agent).locator('body'), amountLabel));
      await expect(field(dialog, amountLabel)).toBeFocused({ timeout: 30_000 });
      await agent.keyboard.type('25');
      await expect(field(dialog, amountLabel)).toHaveValue('25', { timeout: 30_000 });

      // The agent's click on the money confirmation is refused, and said so in the console.
      const confirm = button(dialog, w(language, 'transfer.confirm'));
      await expect(confirm).toHaveAttribute('data-assist', 'confirm');
      await agentClicks(agent, mirror(agent).getByRole('button', { name: w(language, 'transfer.confirm') }));
      await expect(agent.getByRole('alert').filter({ hasText: a('refused.money') })).toBeVisible({
        timeout: 30_000,
      });
      // A script's click (what remote control dispatches) is ignored by the button itself as well.
      await confirm.evaluate((element) =>
        element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })),
      );
      await expect(confirm).toBeVisible();
      await expect(dialog.getByRole('status')).toBeHidden();
      expect(await availableByName(customer)).toEqual({ [main]: '200.00', [spare]: '0.00' });

      // The customer's own click moves the money, once: 25 euros, not 50 or 75.
      await confirm.click();
      await expect(dialog.getByRole('status')).toContainText(money(language, 25, 'EUR'), { timeout: 30_000 });
      await expect
        .poll(() => availableByName(customer), { timeout: 15_000 })
        .toEqual({ [main]: '175.00', [spare]: '25.00' });

      // The agent gives control back.
      await agentButton(agent, language, 'control.release').click();
      await expect(agentStatus(agent, language, 'control.label')).toContainText(a('control.released'), {
        timeout: 30_000,
      });
    } finally {
      await browser.close();
    }
  });
}
