/**
 * Live assist (issue #18), the 30-second time-outs of spec section 4, in English and French, on the customer page's
 * test clock (Playwright's page.clock; nothing waits 30 real seconds): an incoming call left unanswered ends by itself,
 * and a remote-control request left unanswered expires and leaves the agent without control. Just before 30 seconds
 * both are still asking.
 */
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from './identity-support.ts';
import { freshCustomer } from './wallets-support.ts';
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

/**
 * Resolves at the next heartbeat (engine.io's ping, frame '2') the customer's assist socket receives. The socket
 * drops a connection that hears no ping for pingInterval + pingTimeout of the page's clock; moving that clock 30 s
 * right after a ping stays inside that margin, wherever in the ping cycle the journey happens to be.
 */
function heartbeats(page: Page): () => Promise<void> {
  let waiting: (() => void)[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws-assist/socket')) {
      return;
    }
    socket.on('framereceived', (frame) => {
      if (frame.payload === '2') {
        const resolved = waiting;
        waiting = [];
        resolved.forEach((resolve) => resolve());
      }
    });
  });
  return () => new Promise((resolve) => waiting.push(resolve));
}

for (const language of LANGUAGES) {
  test(`an unanswered call and an unanswered control request end after 30 seconds (${language})`, async () => {
    test.setTimeout(240_000);
    const browser = await fakeMediaBrowser();
    try {
      const customer = await (await newContext(browser)).newPage();
      const nextHeartbeat = heartbeats(customer);
      // The clock runs on from now; the journey moves it forward where the customer does not answer.
      await customer.clock.install();
      await customerPage(customer, language);
      await freshCustomer(customer, language);
      await expectAssistReady(customer);
      const { agent } = await agentJoins(browser, language, customer);
      const c = (key: Parameters<typeof customerText>[1]) => customerText(language, key);
      const a = (key: string) => agentText(language, key);

      // The customer's clock stops from here: only the journey moves it (the 30 s are counted from the request).
      await nextHeartbeat();
      await customer.clock.pauseAt((await customer.evaluate(() => Date.now())) + 1_000);
      await agentButton(agent, language, 'call.start').click();
      const incoming = popup(customer, c('incomingCall'));
      await expect(incoming).toBeVisible({ timeout: 30_000 });
      await customer.clock.fastForward(29_000);
      await expect(incoming).toBeVisible();
      await expect(agentStatus(agent, language, 'call.label')).toContainText(a('call.requesting'));
      await customer.clock.fastForward(1_500);
      await expect(incoming).toBeHidden();
      await expect(agentStatus(agent, language, 'call.label')).not.toContainText(a('call.requesting'), {
        timeout: 30_000,
      });
      await expect(customer.getByRole('button', { name: c('endCall') })).toBeHidden();
      await customer.clock.resume();

      // A fresh page (and clock) for the second time-out: the socket's own timers never see a minute pass at once.
      await customer.reload();
      await expectAssistReady(customer);
      await expect(agent.getByRole('status').filter({ hasText: a('live.watching') })).toBeVisible({
        timeout: 30_000,
      });
      await nextHeartbeat();
      await customer.clock.pauseAt((await customer.evaluate(() => Date.now())) + 1_000);
      await agentButton(agent, language, 'control.request').click();
      const request = popup(customer, c('controlRequest'));
      await expect(request).toBeVisible({ timeout: 30_000 });
      await customer.clock.fastForward(29_000);
      await expect(request).toBeVisible();
      await expect(agentStatus(agent, language, 'control.label')).toContainText(a('control.requesting'));
      await customer.clock.fastForward(1_500);
      await expect(request).toBeHidden();
      await expect(agentStatus(agent, language, 'control.label')).not.toContainText(a('control.requesting'), {
        timeout: 30_000,
      });
      await expect(agentButton(agent, language, 'control.request')).toBeVisible();
    } finally {
      await browser.close();
    }
  });
}
