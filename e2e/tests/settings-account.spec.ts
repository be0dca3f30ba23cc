import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  accessTokenOf,
  callIdentity,
  expectAccessible,
  justBefore,
  LANGUAGES,
  readLatestCode,
  signIn,
  uniquePhone,
  visitFrom,
} from './identity-support.ts';
import { button, choose, field, freshCustomer, open, text, type Language } from './wallets-support.ts';

// The customer's account (issue #20, part 1), in English and French, each journey with a customer of its own:
// personal information with the picture and the phone number, the language and theme saved with the account and
// applied on another device at sign-in, the help centre and sign-out sections.
test.describe.configure({ timeout: 120_000 });

const a = (language: Language, key: string) => text(language, `account:${key}`);

/** A real photo-sized PNG (the server decodes it, so filler bytes would not do). */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

async function preferencesOf(page: Page): Promise<unknown> {
  const answer = await page.request.get('/api/user-management/me/preferences', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  return answer.json();
}

for (const language of LANGUAGES) {
  test(`personal information, picture and phone are saved and shown (${language})`, async ({ page }) => {
    await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=personalInformation');
    const details = page.getByRole('form', { name: a(language, 'details.title') });
    await expect(details).toBeVisible();

    // A birth date less than 18 years ago is refused in the form, before anything is sent.
    await field(details, a(language, 'details.givenName')).fill('Zoé');
    await field(details, a(language, 'details.familyName')).fill('Martin');
    await field(details, a(language, 'details.birthDate')).fill(`${new Date().getFullYear() - 5}-01-01`);
    await field(details, a(language, 'details.line1')).fill('12 rue de la Paix');
    await field(details, a(language, 'details.postalCode')).fill('75002');
    await field(details, a(language, 'details.city')).fill('Paris');
    await choose(page, a(language, 'details.country'), 'France');
    await button(details, a(language, 'details.save')).click();
    await expect(details.getByText(a(language, 'details.birthDateInvalid'))).toBeVisible();

    await field(details, a(language, 'details.birthDate')).fill('1990-04-12');
    await button(details, a(language, 'details.save')).click();
    await expect(details.getByText(a(language, 'details.saved'))).toBeVisible();
    await page.reload();
    await expect(field(details, a(language, 'details.givenName'))).toHaveValue('Zoé');
    await expect(field(details, a(language, 'details.birthDate'))).toHaveValue('1990-04-12');
    await expect(page.getByRole('combobox', { name: a(language, 'details.country') })).toContainText(
      'France',
    );

    // A file that is no image is refused by its bytes, whatever its name says.
    const chooser = page.getByLabel(a(language, 'picture.choose'));
    await chooser.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg></svg>'),
    });
    await expect(page.getByText(text(language, 'errors:api.PROFILE_PICTURE_TYPE_UNSUPPORTED'))).toBeVisible();
    // A photo is taken, and shows in the account menu of the top bar.
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await expect(page.getByText(a(language, 'picture.saved'))).toBeVisible();
    const menu = page.getByRole('button', { name: text(language, 'common:account.menu') });
    await expect(menu.locator('img')).toBeVisible();
    await expect(page.getByRole('img', { name: a(language, 'picture.current') })).toBeVisible();
    await expectAccessible(page);

    // A new phone number, verified with the code sent to it.
    const phone = uniquePhone();
    await button(page, a(language, 'phone.change')).click();
    await field(page, a(language, 'phone.number')).fill(phone);
    const sentAfter = justBefore();
    await button(page, a(language, 'phone.sendToNumber')).click();
    await field(page, a(language, 'phone.code')).fill(
      await readLatestCode(page.request, phone, { sentAfter }),
    );
    await button(page, a(language, 'phone.confirm')).click();
    await expect(page.getByText(a(language, 'phone.verified'))).toBeVisible();
    await expect(page.getByText(a(language, 'phone.isVerified'), { exact: true })).toBeVisible();

    // Removing the picture removes it from the menu too.
    await button(page, a(language, 'picture.remove')).click();
    await expect(page.getByText(a(language, 'picture.removed'))).toBeVisible();
    await expect(menu.locator('img')).toHaveCount(0);
  });

  test(`the language and theme follow the customer to another device, and to the e-mails (${language})`, async ({
    page,
    browser,
  }) => {
    const other: Language = language === 'en' ? 'fr' : 'en';
    const { email } = await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=languages');
    await expect(page.getByText(a(language, 'preferences.languagesSaved'))).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('radio', { name: text(language, `common:language.${other}`) })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(other, 'dashboard:settings.title') }),
    ).toBeVisible();
    await open(page, other, '/dashboard/settings/?content=appearance');
    await page
      .getByRole('main')
      .getByRole('radio', { name: text(other, 'common:theme.dark') })
      .click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => preferencesOf(page)).toEqual({ language: other, theme: 'dark', saved: true });
    // The identity service writes the customer's e-mails in their `locale`.
    await expect
      .poll(async () => {
        const user = await callIdentity(page, 'GetUser', { AccessToken: await accessTokenOf(page) });
        const attributes = user.body['UserAttributes'] as { Name: string; Value: string }[];
        return attributes.find((attribute) => attribute.Name === 'locale')?.Value;
      })
      .toBe(other);

    // Another device, still in the first language and the system theme: the sign-in applies the saved ones.
    const context = await browser.newContext();
    await visitFrom(context);
    const device = await context.newPage();
    await signIn(device, language, email);
    await expect(device).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
    await expect(device.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(device.locator('html')).toHaveAttribute('lang', other);
    await expect.poll(() => device.evaluate(() => localStorage.getItem('lng'))).toBe(other);
    await context.close();
  });

  test(`the help centre and sign-out sections work (${language})`, async ({ page }) => {
    await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=helpCenter');
    await page.getByRole('link', { name: text(language, 'dashboard:settings.openHelp') }).click();
    await expect(page).toHaveURL(/\/help\/$/);
    await open(page, language, '/dashboard/settings/?content=logout');
    await button(page.getByRole('main'), text(language, 'common:actions.signOut')).click();
    await expect(page).toHaveURL(/\/login$/);
  });
}
