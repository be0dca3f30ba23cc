import { expect, test, type Page } from '@playwright/test';
import { consoleText, DEMO_STAFF, signInDemoStaff, supportAgent } from './console-support-staff.ts';
import { expectAccessible, type Language } from './identity-support.ts';

/**
 * Support tools of the staff console (issue #16), in English and French: a support agent (sam.support in English,
 * lea.support in French) finds the demo customer ana.demo by e-mail and by IBAN after giving a case reference, and
 * sees her wallets; ada.admin finds those reads in the audit log and runs the ledger check, which passes; kim.kyc has
 * no customer lookup. axe on every page. Both languages sign ada.admin and kim.kyc in: each sign-in's code is of a
 * step reserved for it (reserveTotpStep).
 */

const ANA = { email: 'ana.demo@tessera.test', name: 'Ana Demo' };

const s = (language: Language, key: string, values: Record<string, string> = {}) =>
  consoleText(language, key, values, 'support');
const c = (language: Language, key: string) => consoleText(language, key);

const nav = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: c(language, 'nav.label') });

/** Searches the lookup page with a reference and a query; the results table is then shown. */
async function search(page: Page, language: Language, reference: string, query: string): Promise<void> {
  const form = page.getByRole('search');
  await form.getByLabel(s(language, 'reference.label')).fill(reference);
  await form.getByLabel(s(language, 'lookup.query')).fill(query);
  await form.getByRole('button', { name: s(language, 'lookup.search'), exact: true }).click();
}

for (const language of ['en', 'fr'] as const) {
  test(`console support tools (${language}): a support agent looks the demo customer up, reads are audited, an admin runs the ledger check, a KYC reviewer has no lookup`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const reference = `CASE-${language.toUpperCase()}-${Date.now().toString(36)}`;

    // The support agent: the reference first, then ana.demo by e-mail.
    const samContext = await browser.newContext();
    const sam = await samContext.newPage();
    await signInDemoStaff(sam, language, supportAgent(language));
    await nav(sam, language)
      .getByRole('link', { name: c(language, 'nav.customers') })
      .click();
    await expect(sam.getByRole('heading', { name: s(language, 'lookup.title'), level: 1 })).toBeVisible();
    await expectAccessible(sam);
    // No reference, no search.
    await search(sam, language, '', ANA.email);
    await expect(sam.getByText(s(language, 'reference.invalid'))).toBeVisible();
    await search(sam, language, reference, ANA.email.toUpperCase());
    const found = sam.getByRole('table', { name: s(language, 'lookup.results') });
    await expect(found.getByRole('rowheader', { name: ANA.name })).toBeVisible();
    await expectAccessible(sam);

    // Her page: profile, KYC level, wallets with balances and IBANs, activity.
    await found.getByRole('link', { name: ANA.name }).click();
    await expect(sam.getByRole('heading', { name: ANA.name, level: 1 })).toBeVisible();
    await expect(sam.getByText(s(language, 'customer.lead', { reference }))).toBeVisible();
    await expect(sam.getByText(s(language, 'customer.kycLevelValue', { level: '2' }))).toBeVisible();
    const wallets = sam.getByRole('table', { name: s(language, 'customer.walletsCaption') });
    await expect(wallets.getByRole('row')).not.toHaveCount(1);
    await expect(wallets.getByRole('rowheader', { name: 'Euros' })).toBeVisible();
    const euros = wallets.getByRole('row').filter({ has: sam.getByRole('rowheader', { name: 'Euros' }) });
    const iban = ((await euros.locator('code').first().textContent()) ?? '').trim();
    expect(iban).toMatch(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/);
    await expect(sam.getByRole('table', { name: s(language, 'customer.activityCaption') })).toBeVisible();
    await expectAccessible(sam);

    // By IBAN, typed with spaces and in lower case.
    await sam.getByRole('link', { name: s(language, 'customer.back') }).click();
    await search(
      sam,
      language,
      reference,
      iban
        .toLowerCase()
        .replace(/(.{4})/g, '$1 ')
        .trim(),
    );
    const byIban = sam.getByRole('table', { name: s(language, 'lookup.ibanResults') });
    await expect(byIban.getByRole('rowheader', { name: iban })).toBeVisible();
    await byIban.getByRole('link', { name: s(language, 'lookup.openCustomer', { name: iban }) }).click();
    await expect(sam.getByRole('heading', { name: ANA.name, level: 1 })).toBeVisible();
    // Read-only: no ledger explorer for a support agent.
    await expect(nav(sam, language).getByRole('link', { name: c(language, 'nav.ledger') })).toHaveCount(0);
    await samContext.close();

    // ada.admin: the reads are in the audit log with the reference; the ledger check passes.
    const adaContext = await browser.newContext();
    const ada = await adaContext.newPage();
    await signInDemoStaff(ada, language, DEMO_STAFF.ada);
    await nav(ada, language)
      .getByRole('link', { name: c(language, 'nav.audit') })
      .click();
    const entries = ada.getByRole('row').filter({ hasText: reference });
    await expect(entries.filter({ hasText: 'customer.view' }).first()).toContainText(ANA.email);
    await expect(entries.filter({ hasText: 'customer.wallets' }).first()).toContainText(
      supportAgent(language).email,
    );
    await expect(entries.filter({ hasText: 'customer.search' })).not.toHaveCount(0);
    await nav(ada, language)
      .getByRole('link', { name: c(language, 'nav.ledger') })
      .click();
    await expect(ada.getByRole('heading', { name: s(language, 'ledger.title'), level: 1 })).toBeVisible();
    // The bank's ledgers are read only with a case or ticket reference (issue #16): the page asks for it first.
    const ledgerReference = `OPS-${language.toUpperCase()}-${Date.now().toString(36)}`;
    await expect(
      ada.getByRole('heading', { name: s(language, 'ledger.referenceTitle'), level: 2 }),
    ).toBeVisible();
    await expectAccessible(ada);
    await ada.getByLabel(s(language, 'reference.label')).fill(ledgerReference);
    await ada.getByRole('button', { name: s(language, 'ledger.referenceSubmit') }).click();
    await expect(
      ada.getByText(s(language, 'ledger.referenceLead', { reference: ledgerReference })),
    ).toBeVisible();
    await expect(ada).toHaveURL(new RegExp(`[?&]ref=${ledgerReference}`));
    await expectAccessible(ada);
    await ada.getByRole('button', { name: s(language, 'ledger.checkOf', { code: 'EUR' }) }).click();
    await expect(ada.getByText(s(language, 'ledger.resultPassed'))).toBeVisible({ timeout: 30_000 });
    const eurRow = ada
      .getByRole('row')
      .filter({ has: ada.getByRole('rowheader', { name: 'EUR', exact: true }) });
    await expect(eurRow).toContainText(s(language, 'ledger.passed'));
    await expect(
      ada.getByRole('table', { name: s(language, 'ledger.accountsCaption', { code: 'EUR' }) }),
    ).toBeVisible();
    await expectAccessible(ada);
    // The ledger reads and the check are in the audit log with the reference.
    await nav(ada, language)
      .getByRole('link', { name: c(language, 'nav.audit') })
      .click();
    // The audit page keeps what it read on the first visit; a reload reads the log again.
    await ada.reload();
    const ledgerEntries = ada.getByRole('row').filter({ hasText: ledgerReference });
    await expect(ledgerEntries.filter({ hasText: 'ledger.read' }).first()).toContainText(
      'ada.admin@tessera.test',
    );
    await expect(ledgerEntries.filter({ hasText: 'ledger.check' })).not.toHaveCount(0);
    await adaContext.close();

    // kim.kyc: no customer lookup in the navigation, and the page refuses without reading anything.
    const kimContext = await browser.newContext();
    const kim = await kimContext.newPage();
    await signInDemoStaff(kim, language, DEMO_STAFF.kim);
    await expect(nav(kim, language).getByRole('link', { name: c(language, 'nav.home') })).toBeVisible();
    await expect(nav(kim, language).getByRole('link', { name: c(language, 'nav.customers') })).toHaveCount(0);
    const staffReads: string[] = [];
    kim.on('request', (request) => {
      if (request.url().includes('/staff/customers') || request.url().includes('/staff/wallets')) {
        staffReads.push(request.url());
      }
    });
    await kim.goto(`/console/customers?lng=${language}&ref=${reference}&q=ana`);
    await expect(kim.getByText(s(language, 'notAllowed.lead'))).toBeVisible();
    await expectAccessible(kim);
    expect(staffReads).toEqual([]);
    await kimContext.close();
  });
}
