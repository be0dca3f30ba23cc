import { type CashLimits, DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const mia = DEMO_USER_IDS.delegate;

// GET /limits as the web app shows it ("Your limits"): the level, and per 30-day limit what is used and left.
describeEachDatabase('limits shown to the customer', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let miaToken: string;
  let anaEur: Wallet;

  const limits = async (token: string): Promise<CashLimits> => {
    const response = await t.call('GET', '/api/cash-operations/limits', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const deposit = (figures: CashLimits) => figures.limits.find((limit) => limit.operation === 'deposit')!;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(ana);
    miaToken = await t.token(mia);
    anaEur = (
      (await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })).json().items as Wallet[]
    ).find((wallet) => wallet.asset === 'EUR')!;
  }, 120_000);

  it("gives each level's limits with used and remaining, and a deposit lowers only its own customer's", async () => {
    const before = await limits(anaToken);
    expect(before.kycLevel).toBe(2);
    expect(before.limits.map((limit) => [limit.operation, limit.limit, limit.singleMax])).toEqual([
      ['deposit', '50000.00', '15000.00'],
      ['withdrawal', '20000.00', null],
      ['customerTransfer', '10000.00', null],
    ]);
    const miaBefore = await limits(miaToken);
    // Level 1: small deposits, no withdrawals or transfers to others (limit null, nothing left).
    expect(miaBefore.kycLevel).toBe(1);
    expect(miaBefore.limits.map((limit) => [limit.operation, limit.limit, limit.remaining])).toEqual([
      ['deposit', '1000.00', deposit(miaBefore).remaining],
      ['withdrawal', null, '0.00'],
      ['customerTransfer', null, '0.00'],
    ]);

    const credited = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: 'limits-1',
      body: { iban: anaEur.iban!, amount: '250.00', debtorName: 'Grandma' },
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const after = await limits(anaToken);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(deposit(after).used) - cents(deposit(before).used)).toBe(25_000n);
    expect(cents(deposit(before).remaining) - cents(deposit(after).remaining)).toBe(25_000n);
    expect(after.limits.filter((limit) => limit.operation !== 'deposit')).toEqual(
      before.limits.filter((limit) => limit.operation !== 'deposit'),
    );
    expect(await limits(miaToken)).toEqual(miaBefore);
    expect((await t.call('GET', '/api/cash-operations/limits', {})).statusCode).toBe(401);
  });
});
