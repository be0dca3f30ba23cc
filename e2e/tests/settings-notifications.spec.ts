import { expect, test } from '@playwright/test';
import {
  field as idField,
  LANGUAGES,
  PASSWORD,
  readLatestCode,
  uniqueEmail,
  visitFrom,
} from './identity-support.ts';
import {
  button,
  choose,
  createWallet,
  field,
  freshCustomer,
  open,
  openFunding,
  simulateSepaCredit,
  text,
  type Language,
} from './wallets-support.ts';

// Notifications and referrals (issue #20, part 3), in English and French: a balance rule set in settings, money
// moved, and the bell shows it live; the sponsor code and link; a sign-up through the link appears in the
// sponsor's referrals.
test.describe.configure({ timeout: 120_000 });

const n = (language: Language, key: string) => text(language, `account-notifications:${key}`);

for (const language of LANGUAGES) {
  test(`a balance rule fires and the bell shows it live (${language})`, async ({ page }) => {
    await freshCustomer(page, language);
    const walletId = await createWallet(page, language, 'EUR', `Rules ${language}`);

    await open(page, language, '/dashboard/settings/?content=notifications');
    const rules = page.getByRole('form', { name: n(language, 'rules.add') });
    await choose(page, n(language, 'rules.direction'), n(language, 'rules.above'));
    await field(rules, n(language, 'rules.threshold')).fill('100');
    await button(rules, n(language, 'rules.add')).click();
    await expect(rules.getByText(n(language, 'rules.added'))).toBeVisible();
    await expect(
      page.getByRole('list', { name: n(language, 'rules.title') }).getByRole('listitem'),
    ).toHaveCount(1);

    // The bell says nothing unread yet; money arrives; without a reload the bell counts it.
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(n(language, 'bell.label'));
    await openFunding(page, language, walletId, 'sepa');
    await simulateSepaCredit(page, language, '250');
    await expect(page.getByTestId('notification-count')).toHaveText('2', { timeout: 20_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: n(language, 'bell.title') });
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(panel).toContainText(language === 'fr' ? 'au-dessus de 100,00' : 'above €100.00');
    await button(panel, n(language, 'bell.markAllRead')).click();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
  });

  test(`the sponsor code is shared by link, and a sign-up through it appears in the referrals (${language})`, async ({
    page,
    browser,
  }) => {
    await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=shareSponsorCode');
    const code = (await page.getByTestId('sponsor-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    await expect(page.getByText(`/register?referral=${code}`)).toBeVisible();
    await expect(page.getByRole('img', { name: n(language, 'share.qr') })).toBeVisible();

    // A newcomer follows the link and signs up through the pages.
    const context = await browser.newContext();
    const newcomer = await context.newPage();
    await visitFrom(context);
    const email = uniqueEmail(`referral-${language}`);
    await open(newcomer, language, `/register?referral=${code}`);
    // The page keeps the code as soon as it shows (register-page.tsx); the form is filled once it is interactive.
    await newcomer.waitForLoadState('networkidle');
    await expect.poll(() => newcomer.evaluate(() => localStorage.getItem('referral'))).toBe(code);
    await idField(newcomer, text(language, 'auth:fields.email')).fill(email);
    await expect(idField(newcomer, text(language, 'auth:fields.email'))).toHaveValue(email);
    await idField(newcomer, text(language, 'auth:fields.phone')).fill('+33612345678');
    await idField(newcomer, text(language, 'auth:fields.password')).fill(PASSWORD);
    await idField(newcomer, text(language, 'auth:fields.confirmPassword')).fill(PASSWORD);
    await button(newcomer, text(language, 'auth:register.submit')).click();
    const codeField = idField(newcomer, text(language, 'auth:fields.code'));
    await expect(codeField).toBeVisible();
    await codeField.fill(await readLatestCode(newcomer.request, email));
    await button(newcomer, text(language, 'auth:register.confirm')).click();
    await expect(newcomer).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
    await open(newcomer, language, '/dashboard/settings/?content=changeSponsor');
    await expect(newcomer.getByTestId('current-sponsor')).toBeVisible();
    await context.close();

    // The sponsor sees them, masked, at the first step.
    await open(page, language, '/dashboard/settings/?content=manageReferrals');
    const list = page.getByRole('list', { name: n(language, 'referrals.listLabel') });
    const masked = `${email.slice(0, 1)}•••@${email.split('@')[1]}`;
    await expect(list.getByText(masked)).toBeVisible({ timeout: 20_000 });
    await expect(list).not.toContainText(email);
    await expect(list).toContainText(
      `${n(language, 'referrals.steps.signedUp')}: ${n(language, 'referrals.done')}`,
    );
  });
}

for (const language of LANGUAGES) {
  test(`a customer without a sponsor sets one once, never their own code (${language})`, async ({
    page,
    browser,
  }) => {
    // The sponsor-to-be, with a code of their own.
    const sponsorContext = await browser.newContext();
    const sponsor = await sponsorContext.newPage();
    await freshCustomer(sponsor, language);
    await open(sponsor, language, '/dashboard/settings/?content=shareSponsorCode');
    const sponsorCode = (await sponsor.getByTestId('sponsor-code').textContent())?.trim() ?? '';
    expect(sponsorCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    await sponsorContext.close();

    // A customer who signed up without a link.
    await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=shareSponsorCode');
    const ownCode = (await page.getByTestId('sponsor-code').textContent())?.trim() ?? '';
    await open(page, language, '/dashboard/settings/?content=changeSponsor');
    await expect(page.getByTestId('current-sponsor')).toHaveText(n(language, 'sponsor.none'));
    const form = page.getByRole('form', { name: n(language, 'sponsor.formLabel') });
    const codeField = field(form, n(language, 'sponsor.code'));

    // Their own code is refused, with its reason, and nothing is set.
    await codeField.fill(ownCode);
    await button(form, n(language, 'sponsor.set')).click();
    await expect(form.getByText(text(language, 'errors:api.REFERRAL_CODE_OWN'))).toBeVisible();
    await expect(page.getByTestId('current-sponsor')).toHaveText(n(language, 'sponsor.none'));

    // The other customer's code is taken.
    await codeField.fill(sponsorCode);
    await button(form, n(language, 'sponsor.set')).click();
    await expect(page.getByText(n(language, 'sponsor.saved'))).toBeVisible();
    await expect(page.getByTestId('current-sponsor')).not.toHaveText(n(language, 'sponsor.none'));
  });
}
