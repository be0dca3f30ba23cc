/**
 * Live assist (issue #18), a call and a recording, in English and French: a support agent joins a customer's page
 * from the console and calls; the customer answers, and both sides' peer connections connect and receive media
 * (getStats); the agent asks to record, the customer allows it, the page shows the red dashed border, and the saved
 * recording is listed on the session in the console; the agent ends the call, calls again, and the customer rejects.
 * Neither page reports a Content Security Policy violation on the way (calls, media, the assist socket).
 */
import { expect, test } from '@playwright/test';
import { LANGUAGES } from './identity-support.ts';
import { watchCspViolations } from './support.ts';
import { freshCustomer } from './wallets-support.ts';
import {
  agentButton,
  agentJoins,
  agentStatus,
  agentText,
  customerPage,
  customerText,
  expectAssistReady,
  expectConnectedWithMedia,
  fakeMediaBrowser,
  newContext,
  popup,
} from './assist-support.ts';

for (const language of LANGUAGES) {
  test(`a call answered and connected, recorded with consent, ended, and a call rejected (${language})`, async () => {
    test.setTimeout(240_000);
    const browser = await fakeMediaBrowser();
    try {
      const customer = await (await newContext(browser)).newPage();
      const customerCsp = await watchCspViolations(customer);
      await customerPage(customer, language);
      await freshCustomer(customer, language);
      await expectAssistReady(customer);
      const { agent, csp: agentCsp } = await agentJoins(browser, language, customer);
      const c = (key: Parameters<typeof customerText>[1]) => customerText(language, key);
      const a = (key: string) => agentText(language, key);

      // The call: the customer is asked, answers, and both peers connect with media flowing both ways.
      await agentButton(agent, language, 'call.start').click();
      const incoming = popup(customer, c('incomingCall'));
      await expect(incoming).toBeVisible({ timeout: 30_000 });
      await incoming.getByRole('button', { name: c('answer') }).click();
      await expect(incoming).toBeHidden();
      await expect(agentStatus(agent, language, 'call.label')).toContainText(a('call.active'), {
        timeout: 30_000,
      });
      await expectConnectedWithMedia(customer);
      await expectConnectedWithMedia(agent);
      await expect(customer.getByRole('button', { name: c('endCall') })).toBeVisible();

      // Recording: asked, allowed, the border shows, and the saved recording is listed on the session.
      await agentButton(agent, language, 'recording.request').click();
      const recording = popup(customer, c('recordingRequest'));
      await expect(recording).toBeVisible({ timeout: 30_000 });
      await expect(recording).toContainText(c('recordingTitle'));
      await recording.getByRole('button', { name: c('allowRecording') }).click();
      // The red dashed border (the tracker's overlay, in an open shadow root), with its text for screen readers.
      const border = customer.locator('.recording').filter({ hasText: c('recording') });
      await expect(border).toBeVisible({ timeout: 30_000 });
      expect(
        await border.evaluate((element) => {
          const style = getComputedStyle(element);
          return [style.borderTopStyle, style.borderTopColor];
        }),
      ).toEqual(['dashed', 'rgb(255, 0, 0)']);
      await expect(agentStatus(agent, language, 'recording.label')).toHaveText(a('recording.on'), {
        timeout: 30_000,
      });
      await agentButton(agent, language, 'recording.stop').click();
      await expect(agentStatus(agent, language, 'recording.label')).toContainText(a('recording.saved'), {
        timeout: 60_000,
      });
      await expect(border).toBeHidden();
      const recordings = agent.getByRole('region', { name: a('recording.list') });
      await expect(recordings.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });

      // The agent ends the call: the customer's call window closes.
      await agentButton(agent, language, 'call.end').click();
      await expect(agentStatus(agent, language, 'call.label')).toContainText(a('call.ended'));
      await expect(customer.getByRole('button', { name: c('endCall') })).toBeHidden();

      // A second call, rejected.
      await agentButton(agent, language, 'call.start').click();
      const again = popup(customer, c('incomingCall'));
      await expect(again).toBeVisible({ timeout: 30_000 });
      await again.getByRole('button', { name: c('reject') }).click();
      await expect(again).toBeHidden();
      await expect(agentStatus(agent, language, 'call.label')).toContainText(a('call.declined'), {
        timeout: 30_000,
      });
      await expect(customer.getByRole('button', { name: c('endCall') })).toBeHidden();

      expect(customerCsp).toEqual([]);
      expect(agentCsp).toEqual([]);
    } finally {
      await browser.close();
    }
  });
}
