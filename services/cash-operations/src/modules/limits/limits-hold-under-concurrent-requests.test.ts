/**
 * Regression: the 30-day KYC limits were checked, then consumed by a later write, with no lock between: two
 * requests sent together (different Idempotency-Keys) both saw the whole remaining limit and both went through,
 * so a customer could withdraw or send more than their level allows. Each pair below fits the balance but not the
 * limit: exactly one of the two may pass, and the used figure never goes above the limit.
 */
import { type Beneficiary, DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;

describeEachDatabase('30-day limits under concurrent requests', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let anaStepUp: string;
  let anaEur: Wallet;

  async function limitOf(operation: string): Promise<{ limit: string; used: string }> {
    const response = await t.call('GET', '/api/cash-operations/limits', { token: anaToken });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().limits.find((limit: { operation: string }) => limit.operation === operation);
  }

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(ana);
    anaStepUp = await t.token(ana, { stepUp: true });
    const wallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })
    ).json().items;
    anaEur = wallets.find((wallet) => wallet.asset === 'EUR')!;
    // EUR 12,500.00 seeded + 10,000.00 = 22,500.00: enough for two withdrawals of 10,500.00, not for the limit.
    const credit = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      body: { iban: anaEur.iban, amount: '10000.00', debtorName: 'Ana Demo' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await t.available(anaEur.id)).toBe('22500.00');
  }, 120_000);

  it('lets only one of two simultaneous withdrawals through when together they pass the limit', async () => {
    expect(await limitOf('withdrawal')).toMatchObject({ limit: '20000.00', used: '0.00' });
    const added = await t.call('POST', '/api/cash-operations/beneficiaries', {
      token: anaToken,
      body: { kind: 'iban', name: 'Ana Savings Elsewhere', iban: 'FR7630006000011234567890189' },
      key: 'beneficiary-1',
    });
    expect(added.statusCode, added.body).toBe(201);
    const beneficiary: Beneficiary = added.json();
    const body = { walletId: anaEur.id, beneficiaryId: beneficiary.id, amount: '10500.00' };
    const answers = await Promise.all(
      ['withdraw-a', 'withdraw-b'].map((key) =>
        t.call('POST', '/api/cash-operations/withdrawals', { token: anaStepUp, body, key }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(refused.json().error.code).toBe('CASH_LIMIT_EXCEEDED');
    expect(await limitOf('withdrawal')).toMatchObject({ used: '10500.00' });
    expect(await t.available(anaEur.id)).toBe('12000.00');
    // The refused one left nothing behind: one withdrawal in the list.
    const listed = await t.call('GET', '/api/cash-operations/withdrawals', { token: anaToken });
    expect(listed.json().items).toHaveLength(1);
  });

  it('lets only one of two simultaneous customer transfers through when together they pass the limit', async () => {
    expect(await limitOf('customerTransfer')).toMatchObject({ limit: '10000.00', used: '0.00' });
    const body = { fromWalletId: anaEur.id, recipientEmail: 'leo.fresh@tessera.test', amount: '6000.00' };
    const answers = await Promise.all(
      ['send-a', 'send-b'].map((key) =>
        t.call('POST', '/api/cash-operations/transfers/customer', { token: anaStepUp, body, key }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(refused.json().error.code).toBe('CASH_LIMIT_EXCEEDED');
    expect(await limitOf('customerTransfer')).toMatchObject({ used: '6000.00' });
    expect(await t.available(anaEur.id)).toBe('6000.00');
  });

  it('still lets a request that fits the limit through once the race is over', async () => {
    const answer = await t.call('POST', '/api/cash-operations/transfers/customer', {
      token: anaStepUp,
      body: { fromWalletId: anaEur.id, recipientEmail: 'leo.fresh@tessera.test', amount: '4000.00' },
      key: 'send-c',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await limitOf('customerTransfer')).toMatchObject({ used: '10000.00', remaining: '0.00' });
    expect((await t.verifyAll()).every((check) => check.ok)).toBe(true);
  });
});
