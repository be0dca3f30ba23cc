/**
 * The assistant (/assistant/), in English and French, as the demo customer: a how-to question answered with the
 * help article it cites; the balance, with the same figures the wallets page shows; a request for a person, with
 * what was passed on shown to the customer. In English, a support agent then signs in to the console and finds the
 * request in Live sessions ("Asked for help"), and the conversation on the session once opened.
 */
import { randomInt } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { agentText, customerPage, expectAssistReady, newContext } from './assist-support.ts';
import { DEMO_STAFF, signInDemoStaff } from './console-support-staff.ts';
import {
  accessTokenOf,
  button,
  field,
  LANGUAGES,
  type Language,
  open,
  signIn,
  text,
} from './identity-support.ts';
import { DEMO_CUSTOMER } from './support.ts';

const QUESTIONS = {
  en: { howTo: 'How do I withdraw money?', article: 'How to withdraw money', person: 'live agent' },
  fr: {
    howTo: 'Comment effectuer un retrait ?',
    article: 'Comment effectuer un retrait',
    person: 'parler à un conseiller',
  },
} as const;

/** Sends a message as a customer would: types it in the labelled field and presses Send. */
async function ask(page: Page, language: Language, question: string): Promise<void> {
  await field(page, text(language, 'assistant:input.label')).fill(question);
  await button(page, text(language, 'assistant:send')).click();
}

/** The signed-in customer's user id (the console's live list names customers by id). */
async function userIdOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/user-management/me', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { userId: string }).userId;
}

for (const language of LANGUAGES) {
  test(`the assistant cites an article, reads the balance as the wallets page shows it, and hands over to a person (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const q = QUESTIONS[language];
    const customer = await (await newContext(browser)).newPage();
    await customerPage(customer, language);
    await signIn(customer, language, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expect(customer).toHaveURL(/\/dashboard\/home\/$/);
    // Signing in applies the demo customer's saved language (English), which then comes before the address's `lng`
    // (spec section 1). Once it is applied (a page opened before that would apply it again), this device's own choice
    // (what the language switcher stores) keeps the journey's language without changing the saved one, which journeys
    // running at the same time rely on.
    const preferences = await customer.request.get('/api/user-management/me/preferences', {
      headers: { authorization: `Bearer ${await accessTokenOf(customer)}` },
    });
    expect(preferences.status()).toBe(200);
    const saved = ((await preferences.json()) as { language: string }).language;
    await customer.waitForFunction(() => sessionStorage.getItem('tessera.justSignedIn') === null);
    await expect(customer.locator('html')).toHaveAttribute('lang', saved);
    await expect.poll(() => customer.evaluate(() => localStorage.getItem('lng'))).toBe(saved);
    await customer.evaluate((chosen) => localStorage.setItem('lng', chosen), language);

    // The figures of the wallets page, as it shows them.
    await open(customer, language, '/dashboard/wallets/');
    // In the page's language (its figures are formatted in it).
    await expect(
      customer.getByRole('heading', { level: 1, name: text(language, 'wallets:page.title'), exact: true }),
    ).toBeVisible();
    const available = customer.locator('.cash-wallet__balances > div:first-child dd');
    await expect(available.first()).toBeVisible();
    const figures = (await available.allInnerTexts()).map((figure) => figure.trim());
    expect(figures.length).toBeGreaterThan(0);

    await open(customer, language, '/assistant/');
    await expect(
      customer.getByRole('heading', { level: 1, name: text(language, 'assistant:title') }),
    ).toBeVisible();
    const log = customer.getByRole('log');
    await expect(log).toHaveAttribute('aria-live', 'polite');

    // A how-to question: the answer cites the help article.
    await ask(customer, language, q.howTo);
    await expect(log.getByRole('link', { name: q.article, exact: true })).toBeVisible();
    await expect(log.getByRole('link', { name: q.article, exact: true })).toHaveAttribute(
      'href',
      new RegExp(`/help/article/4/[^/]+/401/[^/]+/${language === 'fr' ? '\\?lng=fr' : ''}$`),
    );

    // The balance: each wallet's available figure, exactly as the wallets page shows it, with where it was read.
    await customer.getByRole('button', { name: text(language, 'assistant:start.balances') }).click();
    const facts = log.getByRole('definition');
    await expect(facts.first()).toBeVisible();
    for (const figure of figures) {
      await expect(log.getByText(figure, { exact: true }).first()).toBeVisible();
    }
    await expect(log.getByText(text(language, 'assistant:readFrom').split('{{')[0]!).first()).toBeVisible();

    // A person: the request goes to live assist with the conversation, and the page shows what was passed on.
    await expectAssistReady(customer);
    await ask(customer, language, q.person);
    await expect(log.getByText(text(language, 'assistant:handover.title'))).toBeVisible();
    const passedOn = log
      .getByRole('group')
      .filter({ hasText: text(language, 'assistant:handover.passedOn') });
    await expect(passedOn.getByRole('listitem')).toHaveCount(5);
    await expect(passedOn.getByRole('listitem').last()).toContainText(q.person);

    if (language === 'en') {
      await supportSeesTheRequest(browser, await userIdOf(customer), q.person);
    }
  });
}

/** sam.support signs in to the console and finds the request in Live sessions, then its conversation. */
async function supportSeesTheRequest(browser: Browser, userId: string, lastLine: string): Promise<void> {
  const agent = await (await newContext(browser)).newPage();
  await signInDemoStaff(agent, 'en', DEMO_STAFF.sam);
  await agent.goto(`/console/assist?ref=CASE-ASSISTANT-${randomInt(1000, 9999)}`);
  const t = (key: string, values: Record<string, string> = {}) => agentText('en', key, values);
  const row = agent
    .getByRole('row')
    .filter({ hasText: userId })
    .filter({ hasText: t('help.badge') });
  // The list reads itself again; Refresh until the customer's tab with the request is there.
  await expect(async () => {
    await agent.getByRole('button', { name: t('list.refresh'), exact: true }).click();
    await expect(row.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.first()).toContainText(t('help.topic', { topic: t('help.intents.balances') }));
  await row
    .first()
    .getByRole('link', { name: t('list.join', { who: userId }) })
    .click();
  await expect(agent.getByRole('heading', { level: 2, name: t('help.title') })).toBeVisible({
    timeout: 30_000,
  });
  await expect(agent.getByRole('list', { name: t('help.transcript') })).toContainText(lastLine);
}
