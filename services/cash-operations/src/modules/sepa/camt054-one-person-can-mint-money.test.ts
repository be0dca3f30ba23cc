/**
 * Regression (issue #13, defect 6, "One person can mint money in production"): any support agent could credit any
 * customer by uploading a camt.054 file, booked at once, and nobody recorded who did it. Now only an admin may
 * upload; the upload books nothing; a second, different admin approves before the credits are booked (once, however
 * often it is approved); and upload, approval and booking are in the append-only audit log.
 */
import { readFile } from 'node:fs/promises';
import {
  CAMT054_PENDING_IMPORTS_MAX,
  type Camt054Import,
  DEMO_USER_IDS,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { cashTable } from '../accounts/tables.ts';
import { auditOf } from '../rails/audit-log.ts';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const mia = DEMO_USER_IDS.delegate;
const ADMIN_ADA = '7e5a0d0e-0099-4000-8000-0000000000b1';
const ADMIN_BEN = '7e5a0d0e-0099-4000-8000-0000000000b2';
const ADMIN_CLEO = '7e5a0d0e-0099-4000-8000-0000000000b3';
const SUPPORT_SAM = '7e5a0d0e-0099-4000-8000-0000000000b4';
const fixture = new URL('../../../fixtures/camt054-sample.xml', import.meta.url);
const IMPORTS = '/api/cash-operations/sepa/camt054/imports';
const xmlHeaders = { 'content-type': 'application/xml' };

describeEachDatabase('camt.054 imports: one person can mint money in production', ({ createDatabase }) => {
  let t: RailsTestApp;
  const tokens: Record<string, string> = {};
  let anaEur: Wallet;
  let miaEur: Wallet;
  let fileNumber = 0;

  /** The sample file with its two known IBANs pointing at Ana's and Mia's wallets, its references made unique. */
  async function sampleFile(): Promise<string> {
    fileNumber += 1;
    return (await readFile(fixture, 'utf8'))
      .replaceAll('LU080997000000000001', anaEur.iban!)
      .replaceAll('LU780997000000000002', miaEur.iban!)
      .replaceAll('E2E-', `E2E-${fileNumber}-`)
      .replaceAll('BANKREF-', `BANKREF-${fileNumber}-`);
  }
  const upload = (who: string, payload: string) =>
    t.call('POST', '/api/cash-operations/sepa/camt054', {
      token: tokens[who]!,
      payload,
      headers: xmlHeaders,
    });
  const approve = (who: string, id: string) =>
    t.call('POST', `${IMPORTS}/${id}/approve`, { token: tokens[who]! });
  const suspense = async () =>
    (await t.ledger.getAccount('tessera', bankAccountId('EUR', 'suspense'))).balance.creditsPosted;
  const money = async () => [await t.available(anaEur.id), await t.available(miaEur.id), await suspense()];

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    tokens['ana'] = await t.token(ana);
    tokens['mia'] = await t.token(mia);
    tokens['ada'] = await t.token(ADMIN_ADA, { groups: ['admin'] });
    tokens['ben'] = await t.token(ADMIN_BEN, { groups: ['admin'] });
    tokens['cleo'] = await t.token(ADMIN_CLEO, { groups: ['admin'] });
    tokens['sam'] = await t.token(SUPPORT_SAM, { groups: ['support_agent'] });
    const walletsOf = async (who: string): Promise<Wallet[]> =>
      (await t.call('GET', '/api/cash-operations/wallets', { token: tokens[who]! })).json().items;
    anaEur = (await walletsOf('ana')).find((wallet) => wallet.asset === 'EUR')!;
    miaEur = (await walletsOf('mia')).find((wallet) => wallet.asset === 'EUR')!;
    return () => t.app.close();
  }, 120_000);

  it('refuses a support agent and a customer: nothing stored, nothing booked', async () => {
    const before = await money();
    const xml = await sampleFile();
    for (const who of ['sam', 'ana']) {
      const refused = await upload(who, xml);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect((await t.call('GET', IMPORTS, { token: tokens[who]! })).statusCode).toBe(403);
    }
    expect((await t.call('GET', IMPORTS, { token: tokens['ada']! })).json().items).toEqual([]);
    expect(await money()).toEqual(before);
  });

  it('books nothing on upload: a pending import with its preview, and the uploader cannot approve it', async () => {
    const before = await money();
    const uploaded = await upload('ada', await sampleFile());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const pending: Camt054Import = uploaded.json();
    expect(pending).toMatchObject({
      status: 'pending',
      entries: 6,
      creditCount: 4,
      creditTotal: '437.50',
      currency: 'EUR',
      skipped: 2,
      uploadedBy: { userId: ADMIN_ADA },
      decidedBy: null,
      result: null,
    });
    expect(pending.credits!.map((credit) => [credit.amount, credit.expectedOutcome])).toEqual([
      ['250.00', 'credited'],
      ['75.50', 'credited'],
      ['100.00', 'suspense'],
      ['12.00', 'credited'],
    ]);
    expect(Date.parse(pending.expiresAt) - Date.parse(pending.uploadedAt)).toBe(24 * 60 * 60 * 1000);

    const self = await approve('ada', pending.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('CASH_CAMT054_SAME_ADMIN');
    const bySupport = await approve('sam', pending.id);
    expect(bySupport.json().error.code).toBe('FORBIDDEN');
    expect(await money()).toEqual(before);
    expect((await t.call('GET', `${IMPORTS}/${pending.id}`, { token: tokens['ben']! })).json().status).toBe(
      'pending',
    );
  });

  it('books once when a second admin approves, even approved twice at once and again later; all audited', async () => {
    const [anaBefore, miaBefore, suspenseBefore] = await money();
    const pending: Camt054Import = (await upload('ada', await sampleFile())).json();
    const [first, second] = await Promise.all([approve('ben', pending.id), approve('cleo', pending.id)]);
    const again = await approve('ben', pending.id);
    for (const answer of [first, second, again]) {
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const booked: Camt054Import = again.json();
    expect(booked).toMatchObject({ status: 'booked', uploadedBy: { userId: ADMIN_ADA } });
    expect([ADMIN_BEN, ADMIN_CLEO]).toContain(booked.decidedBy!.userId);
    expect(booked.result).toMatchObject({ entries: 6, credited: 3, suspense: 1, duplicates: 0, skipped: 2 });
    expect(await t.available(anaEur.id)).toBe(plus(anaBefore!, 26200n));
    expect(await t.available(miaEur.id)).toBe(plus(miaBefore!, 7550n));
    expect(await suspense()).toBe(plus(suspenseBefore!, 10000n));
    // Mia sees her credit in her own activity, with the payer and remittance of the file.
    const miaActivity = (
      await t.call('GET', `/api/cash-operations/wallets/${miaEur.id}/activity`, { token: tokens['mia']! })
    ).json();
    expect(miaActivity.items[0]).toMatchObject({
      kind: 'sepa_deposit',
      status: 'posted',
      amount: '75.50',
      counterparty: 'Acme Payroll',
      description: 'RF18539007547034',
    });

    const audit = await auditOf(t.rails.rails.db, 'camt054_import', pending.id);
    expect(audit.map((entry) => [entry.action, entry.actor.userId])).toEqual([
      ['camt054.upload', ADMIN_ADA],
      ['camt054.approve', booked.decidedBy!.userId],
      ['camt054.book', booked.decidedBy!.userId],
    ]);
    for (const entry of audit) {
      expect(entry.details).toMatchObject({ importId: pending.id, creditCount: 4, creditTotal: '437.50' });
    }
    // Append-only: the database itself refuses to rewrite or remove an entry.
    await expect(
      sql`update ${cashTable('audit_log')} set actor_user_id = 'someone else'`.execute(t.rails.rails.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from ${cashTable('audit_log')}`.execute(t.rails.rails.db)).rejects.toThrow(
      /append-only/,
    );
    expect(await auditOf(t.rails.rails.db, 'camt054_import', pending.id)).toEqual(audit);
  });

  it('books nothing for a rejected or an expired import', async () => {
    const before = await money();
    const rejected: Camt054Import = (await upload('ada', await sampleFile())).json();
    const no = await t.call('POST', `${IMPORTS}/${rejected.id}/reject`, {
      token: tokens['ada']!,
      body: { reason: 'Wrong file: this is yesterday’s.' },
    });
    expect(no.json()).toMatchObject({ status: 'rejected', rejectReason: 'Wrong file: this is yesterday’s.' });
    expect((await approve('ben', rejected.id)).json().error).toMatchObject({
      code: 'CASH_CAMT054_IMPORT_NOT_PENDING',
      details: { status: 'rejected' },
    });

    const stale: Camt054Import = (await upload('ada', await sampleFile())).json();
    await t.rails.rails.db
      .updateTable('camt054_imports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', stale.id)
      .execute();
    const late = await approve('ben', stale.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CASH_CAMT054_IMPORT_EXPIRED');
    expect(
      (await t.call('GET', `${IMPORTS}?status=expired`, { token: tokens['ben']! })).json().items,
    ).toEqual([expect.objectContaining({ id: stale.id, status: 'expired' })]);
    expect((await approve('ben', '7e5a0d0e-0099-4000-8000-00000000ffff')).statusCode).toBe(404);
    expect((await approve('ben', 'not-an-id')).statusCode).toBe(404);
    expect(await money()).toEqual(before);
  });

  it('refuses an unreadable file, entity declarations, a bad amount and control characters, storing nothing', async () => {
    const listed = async () => (await t.call('GET', IMPORTS, { token: tokens['ada']! })).json().items.length;
    const before = await listed();
    const sample = await sampleFile();
    const cases: Array<[string, string]> = [
      ['<not-xml', 'not_xml'],
      ['<Document><Other/></Document>', 'not_camt054'],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>', 'doctype_not_allowed'],
      [sample.replaceAll('<Amt Ccy="EUR">12.00</Amt>', '<Amt Ccy="EUR">12.001</Amt>'), 'entry_invalid'],
      [sample.replace('Pocket money November', 'Pocket\u0000money'), 'entry_invalid'],
      [sample.replace('Ana Demo Parents', 'x'.repeat(141)), 'entry_invalid'],
    ];
    for (const [payload, problem] of cases) {
      const response = await upload('ada', payload);
      expect(response.statusCode, payload.slice(0, 40)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'CASH_CAMT054_INVALID', details: { problem } });
    }
    expect(await listed()).toBe(before);
  });

  it('previews a re-upload of a booked file as duplicates, and approving it moves nothing', async () => {
    const xml = await sampleFile();
    const firstImport: Camt054Import = (await upload('ada', xml)).json();
    expect((await approve('ben', firstImport.id)).json().status).toBe('booked');
    const before = await money();
    const repeat: Camt054Import = (await upload('ada', xml)).json();
    expect(repeat.credits!.every((credit) => credit.expectedOutcome === 'duplicate')).toBe(true);
    const booked: Camt054Import = (await approve('ben', repeat.id)).json();
    expect(booked.result).toMatchObject({ credited: 0, suspense: 0, duplicates: 4 });
    expect(await money()).toEqual(before);
  });

  it('keeps at most 20 imports waiting for approval; rejecting one makes room', async () => {
    const pending = async (): Promise<Camt054Import[]> =>
      (await t.call('GET', `${IMPORTS}?status=pending`, { token: tokens['ada']! })).json().items;
    for (let waiting = (await pending()).length; waiting < CAMT054_PENDING_IMPORTS_MAX; waiting += 1) {
      expect((await upload('ada', await sampleFile())).statusCode).toBe(201);
    }
    const refused = await upload('ada', await sampleFile());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'CASH_CAMT054_TOO_MANY_PENDING',
      details: { max: CAMT054_PENDING_IMPORTS_MAX },
    });
    const [newest] = await pending();
    await t.call('POST', `${IMPORTS}/${newest!.id}/reject`, { token: tokens['ben']!, body: {} });
    expect((await upload('ada', await sampleFile())).statusCode).toBe(201);
  });
});

/** `balance` (decimal text, 2 decimals) plus `minor` cents, as decimal text. */
function plus(balance: string, minor: bigint): string {
  const total = BigInt(balance.replace('.', '')) + minor;
  const digits = total.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
