/**
 * KYC review in the staff console (issue #16), in English and French. A fresh customer (level 1 through the phone
 * code) sends a level-2 application with a Dutch passport through user management's API and keeps
 * /dashboard/KYC/ open in a browser of their own. A KYC reviewer, invited for the journey, finds the case in the
 * queue, gives a ticket reference to open it, sees the declared data match the machine-readable zone and the
 * photos read privately (object URLs), asks for more information: the customer's page shows the message without a
 * reload. The customer sends a new photo and submits again; the reviewer approves, and the customer's page shows
 * level 2 and what it now allows, still without a reload. A support agent has no KYC section, sees that the
 * review is not theirs, and the API refuses them a case and a decision. The demo admin's audit log holds the
 * reviewer's reads and decisions with the reference. axe on every console page of the review.
 */
import { expect, test, type Page } from '@playwright/test';
import { ct, newStaffMember } from './console-support.ts';
import {
  accessTokenOf,
  adminAccessToken,
  createCustomer,
  expectAccessible,
  LANGUAGES,
  open,
  signIn,
  text,
  uniqueEmail,
  uniquePhone,
  visitFrom,
  type Language,
} from './identity-support.ts';
import {
  customerKyc,
  PNG,
  resubmit,
  staffKyc,
  submitLevel2Application,
  submitLevel3Application,
  verifyPhoneByProtocol,
} from './kyc-support.ts';
import { fill } from './wallets-support.ts';

const VIEWPORTS = {
  en: { width: 1366, height: 900 },
  fr: { width: 390, height: 844 },
} as const;

/** The customer's KYC page text (apps/web's kyc and onboarding namespaces). */
function web(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return fill(text(language, key), values);
}

/** Opens the case of `email` from the queue and gives `reference`; returns the case id. */
async function openCase(
  page: Page,
  language: Language,
  email: string,
  reference: string,
  status = 'submitted',
): Promise<string> {
  const nav = page.getByRole('navigation', { name: ct(language, 'nav.label') });
  await nav.getByRole('link', { name: ct(language, 'nav.kyc') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ct(language, 'kyc:queue.title') })).toBeVisible();
  await page.getByLabel(ct(language, 'kyc:queue.search')).fill(email);
  await page.getByRole('button', { name: ct(language, 'kyc:queue.apply') }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ct(language, `kyc:status.${status}`));
  await expectAccessible(page);
  await row.getByRole('link', { name: ct(language, 'kyc:queue.open') }).click();

  // Nothing of the case is read before the reference: the page asks for it, and refuses a malformed one.
  await expect(page.getByRole('heading', { name: ct(language, 'kyc:reference.title') })).toBeVisible();
  await expectAccessible(page);
  const field = page.getByRole('textbox', { name: ct(language, 'kyc:reference.label') });
  await field.fill('no spaces please');
  await page.getByRole('button', { name: ct(language, 'kyc:reference.submit') }).click();
  await expect(page.getByText(ct(language, 'kyc:reference.invalid'))).toBeVisible();
  await field.fill(reference);
  await page.getByRole('button', { name: ct(language, 'kyc:reference.submit') }).click();
  await expect(page.getByText(ct(language, 'kyc:reference.current', { reference }))).toBeVisible();
  return /\/console\/kyc\/([^/?]+)/.exec(page.url())?.[1] ?? '';
}

/** Decides the open case through its dialog, with `reason` (empty: none). */
async function decide(page: Page, language: Language, decision: string, reason: string): Promise<void> {
  await page.getByRole('button', { name: ct(language, `kyc:decision.${decision}`), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ct(language, `kyc:decide.${decision}Title`) });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  if (decision !== 'approve') {
    // The reason is required to reject or ask for more information.
    await dialog.getByRole('button', { name: ct(language, `kyc:decide.confirm_${decision}`) }).click();
    await expect(dialog.getByText(ct(language, 'kyc:decide.reasonRequired'))).toBeVisible();
  }
  if (reason) {
    await dialog.getByLabel(ct(language, 'kyc:decide.reason')).fill(reason);
  }
  await dialog.getByRole('button', { name: ct(language, `kyc:decide.confirm_${decision}`) }).click();
  await expect(dialog).toBeHidden();
}

const HOLDER = {
  firstName: 'Willeke Liselotte',
  lastName: 'de Bruijn',
  birthDate: '1965-03-10',
  expiryDate: '2032-03-09',
  number: 'SPECI2026',
};

/** A fresh customer at level 1, signed in on `page`, whose level-2 application is submitted. */
async function applicant(page: Page, language: Language, prefix: string): Promise<string> {
  await visitFrom(page.context());
  const email = uniqueEmail(prefix);
  const phone = uniquePhone();
  await createCustomer(page, email, { phone });
  await signIn(page, language, email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/, { timeout: 20_000 });
  await verifyPhoneByProtocol(page, phone);
  await submitLevel2Application(page, HOLDER);
  return email;
}

for (const language of LANGUAGES) {
  test(`console KYC review (${language}): more information, then approval, live on the customer's page; a support agent cannot decide; the reads are audited`, async ({
    browser,
    page,
  }) => {
    // Three sign-ups and sign-ins (argon2id by design, docs/adr/0002) and two staff set-ups with TOTP.
    test.setTimeout(300_000);

    // The customer: level 1, an application sent, the KYC page open in a browser of their own.
    const customerContext = await browser.newContext({ viewport: VIEWPORTS[language] });
    const customer = await customerContext.newPage();
    const email = await applicant(customer, language, `kyc-review-${language}`);
    await open(customer, language, '/dashboard/KYC/');
    await expect(customer.getByText(web(language, 'kyc:status.submitted.text')).first()).toBeVisible();
    // A mark that a reload would wipe: what follows must arrive live.
    await customer.evaluate(() => {
      (window as unknown as { kycJourneyMark: number }).kycJourneyMark = 1;
    });

    // The reviewer finds the case, opens it with a reference, and looks.
    await visitFrom(page.context());
    await page.setViewportSize(VIEWPORTS[language]);
    // The demo admin invites the journey's staff and reads the audit log at the end (one sign-in).
    const adminToken = await adminAccessToken(page);
    await newStaffMember(page, language, ['kyc_reviewer'], `kyc-reviewer-${language}`, adminToken);
    const reference = `CASE-${Date.now().toString(36).toUpperCase()}`;
    const caseId = await openCase(page, language, email, reference);
    expect(caseId).not.toBe('');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: ct(language, 'kyc:case.title', { name: 'Willeke Liselotte de Bruijn' }),
      }),
    ).toBeVisible();
    const zone = page.getByRole('table', { name: ct(language, 'kyc:mrz.tableCaption') });
    await expect(zone.getByRole('row')).toHaveCount(8);
    await expect(zone.getByText(ct(language, 'kyc:mrz.match'), { exact: true })).toHaveCount(7);
    await expect(page.getByText(ct(language, 'kyc:mrz.valid', { format: 'TD3' }))).toBeVisible();
    for (const slot of ['front', 'selfie']) {
      const image = page.getByRole('img', { name: ct(language, `kyc:documents.${slot}`) });
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    }
    await expect(page.getByRole('table', { name: ct(language, 'kyc:risk.tableCaption') })).toBeVisible();
    await expectAccessible(page);

    // Start the review, then ask for more information: the customer reads the message, live.
    await page.getByRole('button', { name: ct(language, 'kyc:case.claim') }).click();
    await expect(page.getByText(ct(language, 'kyc:status.under_review')).first()).toBeVisible();
    const message =
      language === 'fr'
        ? 'La photo du passeport est floue : envoyez-en une plus nette.'
        : 'The passport photo is blurred: please send a sharper one.';
    await decide(page, language, 'request_info', message);
    await expect(page.getByText(ct(language, 'kyc:decide.done_request_info'), { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: ct(language, 'kyc:history.tableCaption') })).toContainText(
      message,
    );
    await expect(customer.getByText(web(language, 'kyc:status.more_info_requested.text'))).toBeVisible();
    await expect(customer.getByText(message)).toBeVisible();

    // The customer sends a sharper photo and submits again; the reviewer approves.
    const photo = await customerKyc(customer, 'PUT', '/kyc/application/files/front', PNG, 'image/png');
    expect(photo.status).toBe(200);
    await resubmit(customer);
    await page.getByRole('link', { name: ct(language, 'kyc:case.back') }).click();
    expect(await openCase(page, language, email, reference)).toBe(caseId);
    await decide(page, language, 'approve', '');
    await expect(page.getByText(ct(language, 'kyc:decide.done_approve'), { exact: true })).toBeVisible();
    await expect(page.getByText(ct(language, 'kyc:status.approved')).first()).toBeVisible();
    await expect(
      page.getByText(ct(language, 'kyc:case.closed', { status: ct(language, 'kyc:status.approved') })),
    ).toBeVisible();

    // The customer's page shows level 2 and what it allows now (withdrawals, trading), with no reload.
    const label = web(language, 'onboarding:levels.label', {
      level: 2,
      name: web(language, 'onboarding:levels.2.name'),
    });
    await expect(customer.getByText(web(language, 'kyc:status.approved.text', { label }))).toBeVisible();
    await expect(customer.getByText(web(language, 'onboarding:allows.trading')).first()).toBeVisible();
    expect(
      await customer.evaluate(() => (window as unknown as { kycJourneyMark?: number }).kycJourneyMark),
    ).toBe(1);
    await customerContext.close();

    // A support agent: no KYC section, a page that says so, and the API refuses them the case and a decision.
    const agentContext = await browser.newContext({ viewport: VIEWPORTS[language] });
    const agent = await agentContext.newPage();
    await visitFrom(agentContext);
    await newStaffMember(agent, language, ['support_agent'], `kyc-agent-${language}`, adminToken);
    const agentNav = agent.getByRole('navigation', { name: ct(language, 'nav.label') });
    await expect(agentNav.getByRole('link', { name: ct(language, 'nav.kyc') })).toHaveCount(0);
    await agent.goto(`/console/kyc/${caseId}?lng=${language}`);
    await expect(agent.getByText(ct(language, 'kyc:notReviewer.lead'))).toBeVisible();
    await expectAccessible(agent);
    const agentToken = await accessTokenOf(agent);
    const staffKyc = `/api/user-management/staff/kyc/cases/${caseId}`;
    const headers = { authorization: `Bearer ${agentToken}`, 'x-staff-reason': reference };
    const read = await agent.request.get(staffKyc, { headers });
    expect(read.status()).toBe(403);
    const decided = await agent.request.post(`${staffKyc}/decision`, {
      headers,
      data: { decision: 'reject', reason: 'A support agent may not decide.' },
    });
    expect(decided.status()).toBe(403);
    expect(((await decided.json()) as { error: { code: string } }).error.code).toBe('KYC_REVIEWER_REQUIRED');
    await agentContext.close();

    // The demo admin's audit log: the reviewer's reads and decisions, each with the reference given.
    for (const action of ['kyc.view', 'kyc.document', 'kyc.claim', 'kyc.request_info', 'kyc.approve']) {
      const log = await page.request.get(`/api/identity/audit-log?action=${action}&limit=100`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(log.status()).toBe(200);
      const { entries } = (await log.json()) as { entries: { reason: string }[] };
      expect(
        entries.some((entry) => entry.reason === reference),
        action,
      ).toBe(true);
    }
  });
}

test('console KYC review (fr, phone): level 3 needs a second, different reviewer', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const language = 'fr';
  await page.setViewportSize(VIEWPORTS.fr);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const email = await applicant(customer, language, 'kyc-four-eyes');

  // Level 2 first (the first reviewer decides through the API: the console's path is the journey above).
  await visitFrom(page.context());
  const adminToken = await adminAccessToken(page);
  const first = await newStaffMember(page, language, ['kyc_reviewer'], 'kyc-first', adminToken);
  const firstToken = await accessTokenOf(page);
  const queue = await staffKyc(page, firstToken, 'GET', `/cases?q=${encodeURIComponent(email)}`);
  const level2 = (queue.body['items'] as { id: string }[])[0]?.id ?? '';
  expect(
    (await staffKyc(page, firstToken, 'POST', `/cases/${level2}/decision`, { decision: 'approve' })).status,
  ).toBe(200);
  await submitLevel3Application(customer);

  // The first approval: recorded, the case waits for someone else, and the same reviewer cannot give the second.
  const reference = `ZD#${Date.now().toString(36)}`;
  const caseId = await openCase(page, language, email, reference);
  await decide(page, language, 'approve', '');
  await expect(page.getByText(ct(language, 'kyc:decide.done_approveFirst'), { exact: true })).toBeVisible();
  await expect(page.getByText(ct(language, 'kyc:fourEyes.waiting', { reviewer: first.email }))).toBeVisible();
  await expect(page.getByText(ct(language, 'kyc:fourEyes.self'))).toBeVisible();
  await expect(
    page.getByRole('button', { name: ct(language, 'kyc:decision.approve'), exact: true }),
  ).toBeDisabled();
  await expectAccessible(page);
  const again = await staffKyc(page, firstToken, 'POST', `/cases/${caseId}/decision`, {
    decision: 'approve',
  });
  expect(again.status).toBe(409);
  expect((again.body['error'] as { code: string }).code).toBe('KYC_SECOND_REVIEWER_REQUIRED');

  // A second reviewer sees who approved first, approves, and the customer is at level 3.
  const secondContext = await browser.newContext({ viewport: VIEWPORTS.fr });
  const second = await secondContext.newPage();
  await visitFrom(secondContext);
  await newStaffMember(second, language, ['kyc_reviewer'], 'kyc-second', adminToken);
  expect(await openCase(second, language, email, reference, 'under_review')).toBe(caseId);
  await expect(
    second.getByText(ct(language, 'kyc:fourEyes.waiting', { reviewer: first.email })),
  ).toBeVisible();
  await decide(second, language, 'approve', '');
  await expect(second.getByText(ct(language, 'kyc:decide.done_approve'), { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await customerKyc(customer, 'GET', '/kyc/application')).body['level'])
    .toBe(3);
  await secondContext.close();
  await customerContext.close();
});
