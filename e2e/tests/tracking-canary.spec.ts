/**
 * The canary journey (issue #17): a customer types a test IBAN, a test card number and a test e-mail address into
 * real inputs of the app and sees them displayed (a saved beneficiary, the help centre's search), the tracker
 * records and sends the session to the real ingest, and then everything the ingest stored of it is read back: every
 * event of every session since the journey began (through the staff API, decompressed) and every file the ingest
 * wrote in the object store folder. A canary found anywhere fails the journey, and so does finding nothing recorded.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf, adminAccessToken, LANGUAGES, text } from './identity-support.ts';
import {
  canaries,
  findCanaries,
  isLuhnValid,
  isValidIban,
  preferLanguage,
  expectTrackerState,
  watchIngest,
} from './tracking-support.ts';
import { button, field, freshCustomer, open, w } from './wallets-support.ts';

const REASON = { 'x-staff-reason': 'CANARY-17' };

/**
 * Waits until what the page shows now has been sent to the ingest: two batches accepted from now, the second one
 * made after the first (a moved pointer gives it something to carry), so it was sealed after this page was shown.
 * The worker sends at least every 10 s; a page left sooner may lose its last events, so journeys wait here.
 */
async function sent(page: Page, accepted: () => number): Promise<void> {
  const before = accepted();
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before);
  await page.mouse.move(20, 20);
  await page.mouse.move(120, 80);
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before + 1);
}

/** Every file under `folder` whose path names the ingest (its object store folder), recursively. */
function ingestFiles(folder: string, inside = false): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    const mine = inside || entry === 'ingest';
    if (statSync(path).isDirectory()) {
      files.push(...ingestFiles(path, mine));
    } else if (mine) {
      files.push(path);
    }
  }
  return files;
}

for (const language of LANGUAGES) {
  test(`IBAN, card number and e-mail typed and shown in the app never reach the ingest’s storage (${language})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const canary = canaries();
    expect(isValidIban(canary.iban)).toBe(true);
    expect(isLuhnValid(canary.card)).toBe(true);
    await preferLanguage(page, language);
    const ingest = await watchIngest(page.context());
    const { email } = await freshCustomer(page, language);
    const values = [canary.iban, canary.card, canary.email, email];

    // The IBAN: typed into the beneficiary form, then shown in the list of saved beneficiaries.
    await open(page, language, '/dashboard/settings/?content=withdrawal');
    await expectTrackerState(page, 'active');
    const add = page.getByRole('form', { name: w(language, 'settings.withdrawal.addTitle') });
    await field(add, w(language, 'settings.withdrawal.name')).fill('Canary Holder');
    await field(add, w(language, 'details.iban')).fill(canary.iban);
    await button(add, w(language, 'settings.withdrawal.add')).click();
    const saved = page.getByRole('list', { name: w(language, 'settings.withdrawal.beneficiaries') });
    await expect(saved).toContainText(canary.iban.replace(/(.{4})/g, '$1 ').trim());
    await sent(page, ingest.accepted);

    // The card number and the e-mail: typed into the help centre's search, each shown back as the query.
    for (const query of [canary.card, canary.email]) {
      await open(page, language, '/help/search/');
      await page.getByRole('searchbox', { name: text(language, 'help:search.label') }).fill(query);
      await page.getByRole('searchbox', { name: text(language, 'help:search.label') }).press('Enter');
      await expect(page.getByText(query, { exact: false }).first()).toBeVisible();
      await expectTrackerState(page, 'active');
      await sent(page, ingest.accepted);
    }

    // Read back everything the ingest stored since the journey began, as a support admin would.
    const token = await adminAccessToken(page);
    const headers = { authorization: `Bearer ${token}`, ...REASON };
    const me = await page.request.get('/api/user-management/me', {
      headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    });
    const { userId } = (await me.json()) as { userId: string };
    const sessions: { sessionID: string; customerId: string | null }[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const listed = await page.request.get('/api/ingest/staff/sessions', {
        headers,
        params: { from: startedAt, limit: 100, ...(cursor ? { cursor } : {}) },
      });
      expect(listed.status(), await listed.text()).toBe(200);
      const body = (await listed.json()) as { items: typeof sessions; nextCursor: string | null };
      sessions.push(...body.items);
      cursor = body.nextCursor;
    }
    expect(
      sessions.some((session) => session.customerId === userId),
      'the customer’s session was recorded',
    ).toBe(true);
    // `customerEmail` is not the ingest's: the staff API looks it up in the identity service for the agent.
    const withoutEmail = (body: string) =>
      JSON.stringify(
        JSON.parse(body, (key, value: unknown) => (key === 'customerEmail' ? undefined : value)),
      );
    let stored = withoutEmail(JSON.stringify(sessions));
    let eventCount = 0;
    for (const session of sessions) {
      const detail = await page.request.get(`/api/ingest/staff/sessions/${session.sessionID}`, { headers });
      expect(detail.status()).toBe(200);
      stored += withoutEmail(await detail.text());
      const events = await page.request.get(`/api/ingest/staff/sessions/${session.sessionID}/events`, {
        headers,
      });
      expect(events.status()).toBe(200);
      const body = await events.text();
      eventCount += ((JSON.parse(body) as { events: unknown[] }).events ?? []).length;
      stored += body;
    }
    expect(eventCount, 'events were stored').toBeGreaterThan(0);
    // The pages the canaries were shown on were recorded (so finding no canary means they were masked).
    expect(stored).toContain('/dashboard/settings/');
    expect(stored).toContain('/help/search/');
    // The saved beneficiary's IBAN was recorded as asterisks, group for group.
    expect(stored).toContain(
      canary.iban
        .replace(/(.{4})/g, '$1 ')
        .trim()
        .replace(/\S/g, '*'),
    );
    expect(findCanaries(stored, values), 'canaries in the stored sessions').toEqual([]);

    // Nor in any file the ingest wrote (the object store folder under the server's data folder).
    const dataDir = process.env.E2E_DATA_DIR ?? '';
    for (const file of ingestFiles(dataDir)) {
      expect(findCanaries(readFileSync(file).toString('latin1'), values), file).toEqual([]);
    }
  });
}
