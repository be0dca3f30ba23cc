/**
 * Customer lookup in cash operations (docs/api.md, "Customer lookup"): a support agent reads the demo customer's
 * wallets (balances from the ledger, IBANs), KYC level, limits and activity, and finds her by IBAN; each read is
 * in the identity service's staff audit log with its case reference. A KYC reviewer, a UX researcher and a
 * customer are refused before anything is read; no reference, no read.
 */
import { DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const agentId = '0190a0b0-0000-7000-8000-00000000a9e1';

describeEachDatabase('customer lookup in cash operations', ({ createDatabase }) => {
  let t: RailsTestApp;
  let database: Database;
  let agent: string;
  let anaWallets: Wallet[];

  const auditRows = async (action: string) =>
    (
      await sql<{
        actor_id: string;
        subject_id: string | null;
        reason: string;
        detail: Record<string, unknown>;
      }>`
        select actor_id, subject_id, reason, detail from identity.staff_audit_log
        where action = ${action} order by id`.execute(database.db)
    ).rows;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildRailsTestApp(database);
    agent = await t.token(agentId, { groups: ['support_agent'] });
    const anaToken = await t.token(ana);
    anaWallets = (await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })).json().items;
  }, 120_000);

  it("gives a support agent the customer's wallets, balances, IBANs, level, limits and activity, audited with the reference", async () => {
    const read = await t.call('GET', `/api/cash-operations/staff/customers/${ana}`, {
      token: agent,
      headers: { 'x-staff-reason': 'CASE-1042' },
    });
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json<{
      kycLevel: number;
      wallets: Wallet[];
      limits: { kycLevel: number };
      recentActivity: unknown[];
    }>();
    expect(body.kycLevel).toBe(2);
    expect(body.limits.kycLevel).toBe(2);
    // The same wallets and balances the customer sees.
    expect(body.wallets.map((wallet) => [wallet.id, wallet.iban, wallet.balance])).toEqual(
      anaWallets.map((wallet) => [wallet.id, wallet.iban, wallet.balance]),
    );
    expect(body.wallets.some((wallet) => wallet.iban !== null)).toBe(true);
    expect(body.recentActivity.length).toBeGreaterThan(0);
    expect(await auditRows('customer.wallets')).toEqual([
      { actor_id: agentId, subject_id: ana, reason: 'CASE-1042', detail: {} },
    ]);
  });

  it('finds the customer of an IBAN typed with spaces and lower case; an unknown IBAN finds nobody', async () => {
    const eur = anaWallets.find((wallet) => wallet.iban)!;
    const typed = eur.iban!.toLowerCase().replace(/(.{4})/g, '$1 ');
    const found = await t.call(
      'GET',
      `/api/cash-operations/staff/wallets?iban=${encodeURIComponent(typed)}`,
      {
        token: agent,
        headers: { 'x-staff-reason': 'ZD#58213' },
      },
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      items: [{ userId: ana, walletId: eur.id, asset: eur.asset, name: eur.name, iban: eur.iban }],
    });
    const none = await t.call('GET', '/api/cash-operations/staff/wallets?iban=FR7630006000011234567890189', {
      token: agent,
      headers: { 'x-staff-reason': 'ZD#58213' },
    });
    expect(none.json()).toEqual({ items: [] });
    expect((await auditRows('customer.search')).map((row) => [row.reason, row.detail])).toEqual([
      ['ZD#58213', { iban: eur.iban }],
      ['ZD#58213', { iban: 'FR7630006000011234567890189' }],
    ]);
  });

  it('refuses other groups and customers first (403 FORBIDDEN), and a read without a valid reference (STAFF_REASON_REQUIRED), recording nothing', async () => {
    const before = (await auditRows('customer.wallets')).length;
    const tokens = [
      await t.token(agentId, { groups: ['kyc_reviewer'] }),
      await t.token(agentId, { groups: ['ux_researcher'] }),
      await t.token(ana),
    ];
    for (const url of [
      `/api/cash-operations/staff/customers/${ana}`,
      '/api/cash-operations/staff/customers/not-a-uuid',
      '/api/cash-operations/staff/wallets?iban=FR7630006000011234567890189',
    ]) {
      for (const token of tokens) {
        const refused = await t.call('GET', url, { token, headers: { 'x-staff-reason': 'CASE-1042' } });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
      expect((await t.call('GET', url)).statusCode).toBe(401);
    }
    for (const headers of [{}, { 'x-staff-reason': '' }, { 'x-staff-reason': 'no spaces please' }] as Record<
      string,
      string
    >[]) {
      const refused = await t.call('GET', `/api/cash-operations/staff/customers/${ana}`, {
        token: agent,
        headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('STAFF_REASON_REQUIRED');
    }
    for (const url of [
      '/api/cash-operations/staff/customers/not-a-uuid',
      '/api/cash-operations/staff/wallets?iban=FR76%00',
      '/api/cash-operations/staff/wallets?iban=FR',
      `/api/cash-operations/staff/wallets?iban=${'F'.repeat(43)}`,
      '/api/cash-operations/staff/wallets',
    ]) {
      const refused = await t.call('GET', url, { token: agent, headers: { 'x-staff-reason': 'CASE-1042' } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await auditRows('customer.wallets')).length).toBe(before);
  });
});
