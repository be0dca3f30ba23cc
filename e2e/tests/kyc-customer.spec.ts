/**
 * A fresh customer verifies their identity (issue #16): signs up, verifies the phone (level 1), then walks the
 * flow on /dashboard/KYC/: details, address, a passport, its photo (a file refused for its type first), the
 * machine-readable zone (a typed O for a 0 gets the advice naming line 2's document-number check digit, then a
 * valid Dutch zone built with ICAO 9303 check digits: the specimen state UTO is refused by `mrz`), a selfie from
 * Chromium's fake camera, the questions, the review and submit. The page then says "Submitted", and user
 * management holds the application as submitted with the three files. Leaving mid-way and coming back resumes at
 * the first step still missing. English on a laptop, French on a phone; axe on the steps; no horizontal scroll.
 * The reviewer's side (approval in the console, limits rising live) is the console's journey.
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
  uniquePhone,
  visitFrom,
  type Language,
} from './identity-support.ts';
import { fill } from './wallets-support.ts';

// Chromium's fake camera (a generated test pattern) and its permission prompt answered yes.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

const VIEWPORTS = {
  en: { width: 1366, height: 900 },
  fr: { width: 390, height: 844 },
} as const;

function k(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return fill(text(language, `kyc:${key}`), values);
}

/** ICAO 9303 part 3, 4.9: weights 7, 3, 1; `<` counts 0, A counts 10. */
function checkDigit(value: string): string {
  const weights = [7, 3, 1];
  let total = 0;
  [...value].forEach((character, index) => {
    const digit =
      character === '<' ? 0 : /\d/.test(character) ? Number(character) : character.charCodeAt(0) - 55;
    total += digit * (weights[index % 3] ?? 0);
  });
  return String(total % 10);
}

/** A Dutch passport's zone (TD3) for the declared person, with correct check digits. */
function passportZone(number: string): [string, string] {
  const line1 = 'P<NLDDE<BRUIJN<<WILLEKE<LISELOTTE'.padEnd(44, '<');
  const birth = '650310';
  const expiry = '320309';
  const personal = ''.padEnd(14, '<');
  const body =
    `${number}${checkDigit(number)}NLD${birth}${checkDigit(birth)}F` +
    `${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

/** A 1×1 PNG: a real image by its first bytes, which is all the browser and the server check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

/** Picks an option of a design-system select by its exact name ("Netherlands", not "Caribbean Netherlands"). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function applicationOf(page: Page) {
  const answer = await page.request.get('/api/user-management/kyc/application', {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    status: string;
    targetLevel: number;
    files: { slot: string }[];
    missing: string[];
    document: { type: string; number?: string; mrz?: { valid: boolean } } | null;
  };
}

/** The step heading, which takes the focus when the step opens. */
async function expectStep(page: Page, language: Language, step: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 2, name: k(language, `steps.${step}.title`) });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

async function saveAndContinue(page: Page, language: Language): Promise<void> {
  await button(page, k(language, 'flow.continue')).click();
}

/** Level 1 the way a customer gets it: the phone code from the SMS outbox (dev mailbox). */
async function verifyPhone(page: Page, language: Language, phone: string): Promise<void> {
  await open(page, language, '/dashboard/KYC/');
  const sentAfter = justBefore();
  await button(page, text(language, 'onboarding:steps.phone.send')).click();
  await field(page, text(language, 'onboarding:steps.phone.code')).fill(
    await readLatestCode(page.request, phone, { sentAfter }),
  );
  await button(page, text(language, 'onboarding:steps.phone.confirm')).click();
  await expect(page.getByText(text(language, 'onboarding:steps.phone.verified'))).toBeVisible();
}

for (const language of LANGUAGES) {
  test(`a fresh customer verifies their identity with a passport and a camera selfie (${language})`, async ({
    page,
    context,
  }) => {
    // Sign-up hashes the password with argon2id by design (docs/adr/0002), the flow has eight steps and axe runs
    // on several of them: a generous bound, not a speed requirement.
    test.setTimeout(300_000);
    await visitFrom(context);
    await page.setViewportSize(VIEWPORTS[language]);
    const phone = uniquePhone();
    await register(page, language, uniqueEmail(`kyc-${language}`), { phone });
    await verifyPhone(page, language, phone);

    // The verification step, not started, then started.
    const steps = page.getByRole('list', { name: text(language, 'onboarding:steps.title') });
    await expect(steps.getByText(k(language, 'status.not_started.name'), { exact: true })).toBeVisible();
    await expectAccessible(page);
    await button(page, k(language, 'status.not_started.action')).click();

    // 1. Details, checked in the browser first (a minor is refused).
    await expect(page).toHaveURL(/\/dashboard\/KYC\/\?step=personal$/);
    await expect(page.getByText(k(language, 'flow.stepOf', { number: 1, count: 8 }))).toBeVisible();
    await field(page, k(language, 'fields.firstName')).fill('Willeke Liselotte');
    await field(page, k(language, 'fields.lastName')).fill('de Bruijn');
    await field(page, k(language, 'fields.birthDate')).fill('2015-03-10');
    const netherlands = new Intl.DisplayNames([language], { type: 'region' }).of('NL') ?? 'NL';
    await choose(page, k(language, 'fields.nationality'), netherlands);
    await saveAndContinue(page, language);
    await expect(page.getByText(text(language, 'errors:api.KYC_UNDERAGE'))).toBeVisible();
    await field(page, k(language, 'fields.birthDate')).fill('1965-03-10');
    await expectAccessible(page);
    await saveAndContinue(page, language);

    // 2. Address: the country of residence follows the nationality.
    await expectStep(page, language, 'address');
    await field(page, k(language, 'fields.line1')).fill('Keizersgracht 123');
    await field(page, k(language, 'fields.postalCode')).fill('1015 CJ');
    await field(page, k(language, 'fields.city')).fill('Amsterdam');
    await expect(page.getByRole('combobox', { name: k(language, 'fields.country') })).toHaveText(netherlands);
    await saveAndContinue(page, language);

    // 3. Document.
    await expectStep(page, language, 'document');
    await choose(page, k(language, 'fields.documentType'), k(language, 'documentTypes.passport'));
    await saveAndContinue(page, language);

    // Leaving and coming back resumes at the first step still missing.
    await expectStep(page, language, 'photos');
    await open(page, language, '/dashboard/KYC/');
    await expect(steps.getByText(k(language, 'status.in_progress.name'), { exact: true })).toBeVisible();
    await page.getByRole('link', { name: k(language, 'status.in_progress.action') }).click();
    await expect(page).toHaveURL(/\?step=photos$/);

    // 4. Photos: a PDF is refused before upload; a PNG is sent.
    const photo = page.getByLabel(k(language, 'photos.passportPage'), { exact: true });
    await photo.setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expect(page.getByText(text(language, 'errors:api.KYC_DOCUMENT_TYPE_UNSUPPORTED'))).toBeVisible();
    await photo.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(k(language, 'photos.none'))).toHaveCount(0);
    await expect
      .poll(async () => (await applicationOf(page)).files.map((file) => file.slot))
      .toEqual(['front']);
    await saveAndContinue(page, language);

    // 5. The machine-readable zone: an O typed for a 0, then the right lines.
    await expectStep(page, language, 'mrz');
    const zone = passportZone('SPECI2014');
    const mrz = page.getByLabel(k(language, 'mrz.label_other', { count: 2, length: 44 }));
    await mrz.fill(`${zone[0]}\n${zone[1].replace('SPECI2014', 'SPECI2O14')}`);
    await expect(
      page.getByText(k(language, 'mrz.advice.checkDigit.documentNumber', { line: 2 })),
    ).toBeVisible();
    await saveAndContinue(page, language);
    await expect(page.getByText(k(language, 'mrz.fixFirst'))).toBeVisible();
    await expect(mrz).toBeFocused();
    await mrz.fill(zone.join('\n'));
    await expect(page.getByText(k(language, 'mrz.valid'))).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await saveAndContinue(page, language);

    // 6. Selfie from the fake camera.
    await expectStep(page, language, 'selfie');
    await button(page, k(language, 'selfie.start')).click();
    await expect(page.getByLabel(k(language, 'selfie.preview'))).toBeVisible();
    await button(page, k(language, 'selfie.capture')).click();
    await expect(page.getByRole('img', { name: k(language, 'selfie.taken') })).toBeVisible();
    await button(page, k(language, 'selfie.use')).click();
    await expect(page.getByText(k(language, 'selfie.sent'))).toBeVisible();
    await saveAndContinue(page, language);

    // 7. Questions.
    await expectStep(page, language, 'questions');
    await choose(page, k(language, 'questions.purpose'), k(language, 'questions.purposeOptions.investing'));
    await choose(
      page,
      k(language, 'questions.yearlyVolumeBand'),
      k(language, 'questions.yearlyVolumeBandOptions.under_10000'),
    );
    await choose(
      page,
      k(language, 'questions.sourceOfIncome'),
      k(language, 'questions.sourceOfIncomeOptions.salary'),
    );
    await page.getByRole('radio', { name: k(language, 'questions.no'), exact: true }).check();
    await saveAndContinue(page, language);

    // 8. Review and submit.
    await expectStep(page, language, 'review');
    await expect(page.getByText('SPECI2014')).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await button(page, k(language, 'review.submit')).click();

    // Submitted: the page says so, and the server holds it.
    await expect(page).toHaveURL(/\/dashboard\/KYC\/$/);
    await expect(steps.getByText(k(language, 'status.submitted.name'), { exact: true })).toBeVisible();
    await expect(page.getByText(k(language, 'status.submitted.text'))).toBeVisible();
    const application = await applicationOf(page);
    expect(application.status).toBe('submitted');
    expect(application.targetLevel).toBe(2);
    expect(application.missing).toEqual([]);
    expect(application.files.map((file) => file.slot).sort()).toEqual(['front', 'selfie']);
    expect(application.document).toMatchObject({
      type: 'passport',
      number: 'SPECI2014',
      mrz: { valid: true },
    });
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Home's prompt says where the verification stands and leads to it.
    await open(page, language, '/dashboard/home/');
    const status = text(language, 'onboarding:prompt.status').replace(
      '{{status}}',
      k(language, 'status.submitted.name'),
    );
    await expect(page.getByText(status)).toBeVisible();
  });
}
