/**
 * A fresh customer gets started (issue #15): signs up through /register, is led from home to /dashboard/KYC/,
 * verifies the phone number with the code the SMS outbox (dev mailbox) shows, reaches level 1 by the server's rule
 * (user management reads the identity service's verified e-mail and phone; nothing is set by the client), and
 * opens a first wallet. The page shows the level, what it allows with the policy's amounts (read back from
 * GET /api/user-management/me), and offers identity verification (level 2) once the phone is verified.
 * English on a laptop, French on a phone; axe on the onboarding pages and no horizontal scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accessTokenOf,
  button,
  expectAccessible,
  field,
  justBefore,
  LANGUAGES,
  open,
  readLatestCode,
  register,
  text,
  uniqueEmail,
  shownPhone,
  uniquePhone,
  visitFrom,
  type Language,
} from './identity-support.ts';
import { choose, fill, w } from './wallets-support.ts';

const VIEWPORTS = {
  en: { width: 1366, height: 900 },
  fr: { width: 390, height: 844 },
} as const;

function o(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return fill(text(language, `onboarding:${key}`), values);
}

function levelLabel(language: Language, level: number): string {
  return o(language, 'levels.label', { level, name: o(language, `levels.${level}.name`) });
}

/** A whole euro amount as the page writes a limit: no decimals when there are none ("€1,000", "1 000 €"). */
function euros(language: Language, amount: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 0,
  }).format(Number(amount));
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

async function profileOf(page: Page) {
  const answer = await page.request.get('/api/user-management/me', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    kycLevel: number;
    limits: { depositPer30Days: string | null; depositSingleMax: string | null };
  };
}

for (const language of LANGUAGES) {
  test(`a fresh customer signs up, verifies the phone and opens a first wallet (${language})`, async ({
    page,
    context,
  }) => {
    // Sign-up and sign-in hash passwords with argon2id by design (docs/adr/0002).
    test.slow();
    await visitFrom(context);
    await page.setViewportSize(VIEWPORTS[language]);
    const email = uniqueEmail(`onboarding-${language}`);
    const phone = uniquePhone();
    await register(page, language, email, { phone });

    // Home leads a level-0 customer to the phone step.
    const prompt = page.getByRole('region', { name: o(language, 'prompt.title') });
    await expect(prompt).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await prompt.getByRole('link', { name: o(language, 'prompt.verifyPhone') }).click();
    await expect(page).toHaveURL(/\/dashboard\/KYC\/$/);

    // The page: level 0, what it allows, the next step, and identity verification waiting for level 1.
    await expect(
      page.getByRole('heading', { name: o(language, 'current.title', { label: levelLabel(language, 0) }) }),
    ).toBeVisible();
    await expect(page.getByText(o(language, 'current.next0'))).toBeVisible();
    await expect(page.getByText(text(language, 'kyc:status.needsLevel1'))).toBeVisible();
    await expect(page.getByText(o(language, 'steps.wallet.locked'))).toBeVisible();
    expect((await profileOf(page)).kycLevel).toBe(0);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The phone step: a code by text message, read from the outbox.
    const steps = page.getByRole('list', { name: o(language, 'steps.title') });
    await expect(
      steps.getByText(o(language, 'steps.phone.todo', { phone: shownPhone(phone) })),
    ).toBeVisible();
    const sentAfter = justBefore();
    await button(page, o(language, 'steps.phone.send')).click();
    const code = field(page, o(language, 'steps.phone.code'));
    await expect(code).toBeVisible();
    await code.fill('000000');
    await button(page, o(language, 'steps.phone.confirm')).click();
    await expect(page.getByText(text(language, 'auth:errors.codeMismatch'))).toBeVisible();
    await code.fill(await readLatestCode(page.request, phone, { sentAfter }));
    await button(page, o(language, 'steps.phone.confirm')).click();
    await expect(page.getByText(o(language, 'steps.phone.verified'))).toBeVisible();
    await expect(
      steps.getByText(o(language, 'steps.phone.done', { phone: shownPhone(phone) })),
    ).toBeVisible();

    // Level 1 by the server's rule, with the policy's deposit limits on screen.
    await expect(
      page.getByRole('heading', { name: o(language, 'current.title', { label: levelLabel(language, 1) }) }),
    ).toBeVisible();
    const profile = await profileOf(page);
    expect(profile.kycLevel).toBe(1);
    const current = page.getByRole('region', {
      name: o(language, 'current.title', { label: levelLabel(language, 1) }),
    });
    await expect(
      current.getByText(
        o(language, 'allows.deposits', {
          perPeriod: euros(language, profile.limits.depositPer30Days ?? ''),
          single: euros(language, profile.limits.depositSingleMax ?? ''),
        }),
      ),
    ).toBeVisible();
    await expect(page.getByText(o(language, 'current.next1'))).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The first wallet.
    await steps.getByRole('link', { name: o(language, 'steps.wallet.open') }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallets\/\?action=new$/);
    const form = page.getByRole('form', { name: w(language, 'create.title') });
    await choose(page, w(language, 'create.asset'), w(language, 'assets.EUR'));
    const name = language === 'fr' ? 'Mon premier portefeuille' : 'My first wallet';
    await field(page, w(language, 'create.name')).fill(name);
    await button(form, w(language, 'create.submit')).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Done: the page counts the wallet, home gives the level instead of the steps.
    await open(page, language, '/dashboard/KYC/');
    await expect(page.getByText(o(language, 'steps.wallet.done_one', { count: 1 }))).toBeVisible();
    await open(page, language, '/dashboard/home/');
    await expect(
      page.getByText(o(language, 'prompt.levelTitle', { label: levelLabel(language, 1) })),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: o(language, 'prompt.title') })).toHaveCount(0);
    await expectAccessible(page);
  });
}
