/**
 * Live assist journeys (issue #18): a customer in the web app and a support agent in the console, each in a browser
 * context of their own, with Chromium's fake camera and microphone. The customer's popups are found by the texts
 * the tracker shows (packages/tracker/src/assist/texts.ts), the agent's controls by the console's names
 * (apps/console/public/lang/{en,fr}/assist.json).
 */
import { randomInt } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { ASSIST_TEXTS } from '../../packages/tracker/src/assist/texts.ts';
import { consoleText, signInDemoStaff, supportAgent } from './console-support-staff.ts';
import { accessTokenOf, type Language } from './identity-support.ts';
import { watchCspViolations } from './support.ts';
import { expectTrackerState, preferLanguage } from './tracking-support.ts';

/**
 * Chromium's fake media: a generated camera picture and microphone tone, allowed without a prompt. Added to the
 * project's launch arguments (playwright.config.ts), which a `launchOptions` of a spec would otherwise replace.
 */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  // On loopback the peers find each other by their host candidates; mDNS names would hide them.
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/**
 * A Chromium of the journey's own, launched as the project's (playwright.config.ts) plus the fake media flags, and
 * closed after the test. Both people's contexts live in it.
 */
export async function fakeMediaBrowser(): Promise<Browser> {
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...FAKE_MEDIA_ARGS],
  });
  return browser;
}

/** A new context of `browser` as the project's own: its base address and locale. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  const { baseURL, locale } = test.info().project.use;
  return browser.newContext({ baseURL, locale });
}

/** A text the customer sees from live assist, in a language. */
export function customerText(language: Language, key: keyof (typeof ASSIST_TEXTS)['en']): string {
  return ASSIST_TEXTS[language][key];
}

/** A text of the console's live-assist screens, in a language. */
export function agentText(language: Language, key: string, values: Record<string, string> = {}): string {
  return consoleText(language, key, values, 'assist');
}

/**
 * Records every RTCPeerConnection the page makes on `window.__assistPeers`, so a journey can read its
 * connectionState and getStats() with page.evaluate. Call before the first navigation.
 */
export async function watchPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    (window as unknown as { __assistPeers: RTCPeerConnection[] }).__assistPeers = seen;
    class Watched extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        seen.push(this);
      }
    }
    window.RTCPeerConnection = Watched;
  });
}

/** The state and received media bytes of the page's latest peer connection, or null when it has none. */
export function peerOf(page: Page): Promise<{ state: string; bytesReceived: number } | null> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __assistPeers?: RTCPeerConnection[] }).__assistPeers ?? [];
    const peer = peers.at(-1);
    if (!peer) {
      return null;
    }
    let bytesReceived = 0;
    (await peer.getStats()).forEach((report: { type: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp') {
        bytesReceived += report.bytesReceived ?? 0;
      }
    });
    return { state: peer.connectionState, bytesReceived };
  });
}

/** Waits until the page's latest peer connection is connected and has received media (states, never time). */
export async function expectConnectedWithMedia(page: Page): Promise<void> {
  await expect
    .poll(async () => (await peerOf(page))?.state, {
      timeout: 30_000,
      message: 'the peer connection connects',
    })
    .toBe('connected');
  await expect
    .poll(async () => (await peerOf(page))?.bytesReceived ?? 0, {
      timeout: 30_000,
      message: 'media arrives over the peer connection',
    })
    .toBeGreaterThan(0);
}

/** The customer's side: a page whose tracker runs (so live assist can reach it), in `language`. */
export async function customerPage(page: Page, language: Language): Promise<void> {
  await preferLanguage(page, language);
  await watchPeerConnections(page);
}

/** Waits until the customer's page has its tracker active (assist starts after it). */
export async function expectAssistReady(page: Page): Promise<void> {
  await expectTrackerState(page, 'active');
}

/**
 * The support agent, in a browser context of their own: the language's demo agent (supportAgent) signed in to the
 * console in `language`, on the live view of the session of the customer signed in on `customer` (found in the live
 * sessions list). `csp` collects what the agent's page reports about the Content Security Policy.
 */
export async function agentJoins(
  browser: Browser,
  language: Language,
  customer: Page,
): Promise<{ agent: Page; context: BrowserContext; csp: string[] }> {
  const who = await customerIdentity(customer);
  const context = await newContext(browser);
  const agent = await context.newPage();
  const csp = await watchCspViolations(agent);
  await preferLanguage(agent, language);
  await watchPeerConnections(agent);
  await signInDemoStaff(agent, language, supportAgent(language));
  const reference = `CASE-18-${language.toUpperCase()}-${randomInt(1000, 9999)}`;
  await agent.goto(`/console/assist?ref=${reference}`);
  const t = (key: string, values: Record<string, string> = {}) => agentText(language, key, values);
  // The list names a customer by e-mail when it has one, else by id.
  const join = agent.getByRole('link', {
    name: new RegExp(
      `^${escape(t('list.join', { who: '@@' })).replace('@@', `(${who.map(escape).join('|')})`)}$`,
    ),
  });
  // The customer's tab joins the assist room once its tracker runs: refresh the list until it is there.
  await expect(async () => {
    await agent.getByRole('button', { name: t('list.refresh'), exact: true }).click();
    await expect(join.first()).toBeVisible({ timeout: 2_000 });
  })
    .toPass({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      console.log(await agent.locator('main').ariaSnapshot());
      throw error;
    });
  await join.first().click();
  await expect(agent.getByRole('status').filter({ hasText: t('live.watching') })).toBeVisible({
    timeout: 30_000,
  });
  return { agent, context, csp };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The e-mail address and id of the customer signed in on `page`. */
async function customerIdentity(page: Page): Promise<string[]> {
  const me = await page.request.get('/api/user-management/me', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(me.status()).toBe(200);
  const { userId, email } = (await me.json()) as { userId: string; email?: string };
  return email ? [email, userId] : [userId];
}

/** A button of the agent's live view by its exact name. */
export function agentButton(agent: Page, language: Language, key: string): ReturnType<Page['getByRole']> {
  return agent.getByRole('button', { name: agentText(language, key), exact: true });
}

/** A status region of the agent's live view (call, remote control, recording) by its name. */
export function agentStatus(agent: Page, language: Language, key: string): ReturnType<Page['getByRole']> {
  return agent.getByRole('status', { name: agentText(language, key) });
}

/** A confirmation popup on the customer's page, by its text. */
export function popup(page: Page, text: string): ReturnType<Page['getByRole']> {
  return page.getByRole('dialog').filter({ hasText: text });
}
