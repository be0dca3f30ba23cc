import { type ActivityItem, type CashLimits, DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';
import { CRYPTO_CONFIRMATIONS_REQUIRED } from '../rails/rails.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const mia = DEMO_USER_IDS.delegate;

// Issue #15: the demo's deposits used none of the 30-day deposit limit, and its bitcoin deposits said 6
// confirmations in the activity while settings said 2.
describeEachDatabase('the demo seed', ({ createDatabase }) => {
  let t: RailsTestApp;

  const depositLimit = async (userId: string) => {
    const response = await t.call('GET', '/api/cash-operations/limits', { token: await t.token(userId) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as CashLimits).limits.find((limit) => limit.operation === 'deposit')!;
  };

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
  }, 120_000);

  it("counts seeded deposits against the customer's 30-day deposit limit, at their EUR value", async () => {
    // mia.delegate was seeded one SEPA credit of EUR 150.00 (level 1: 1,000.00 in 30 days).
    expect(await depositLimit(mia)).toMatchObject({ limit: '1000.00', used: '150.00', remaining: '850.00' });
    // ana.demo: EUR 12,500.00, USD 2,000.00 and BTC 0.25 at the simulated rates (their EUR value moves a little).
    const anaDeposits = await depositLimit(ana);
    const used = BigInt(anaDeposits.used.replace('.', ''));
    // 0.25 BTC at 88,000 EUR (SIMULATED_EUR_VALUES), give or take the simulator's 1 % drift.
    expect(used).toBeGreaterThan(12_500_00n + 1_800_00n + 21_500_00n);
    expect(used).toBeLessThan(12_500_00n + 1_900_00n + 22_500_00n);
  });

  it('says the confirmations the network requires, as settings do', async () => {
    const token = await t.token(ana);
    const networks = (await t.call('GET', '/api/cash-operations/crypto/networks', { token })).json();
    const bitcoin = networks.items.find((network: { chain: string }) => network.chain === 'bitcoin');
    expect(bitcoin.confirmationsRequired).toBe(CRYPTO_CONFIRMATIONS_REQUIRED.bitcoin);
    const wallets: Wallet[] = (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
    const btc = wallets.find((wallet) => wallet.asset === 'BTC')!;
    const items: ActivityItem[] = (
      await t.call('GET', `/api/cash-operations/wallets/${btc.id}/activity`, { token })
    ).json().items;
    const deposits = items.filter((item) => item.kind === 'crypto_deposit');
    expect(deposits).toHaveLength(2);
    for (const item of deposits) {
      expect(item.details).toMatchObject({ confirmations: bitcoin.confirmationsRequired });
    }
  });
});
