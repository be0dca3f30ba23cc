/**
 * Regression (seen once in CI on PostgreSQL, in limits-hold-under-concurrent-requests.test.ts): two transfers sent at
 * the same moment to a customer without a wallet of that asset both open it (ensureCurrentWallet). The wallet's row
 * was written before its ledger account, so the second request could find the row while the first was still creating
 * the account, and send its ledger transfer to an account that did not exist yet: a 500, and the money not sent.
 *
 * Here the ledger holds the next account creation until a ledger transfer arrives (or two seconds pass), which is the
 * interleaving that failed, every time. Both transfers must land in the recipient's one new wallet.
 */
import { DEMO_USER_IDS, type LedgerApi, type Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brokenCashInvariants } from '../recovery/cash-invariants.ts';
import { buildFaultTestApp, type FaultTestApp, TENANT } from '../recovery/fault-test-app.ts';
import type { FaultyLedger } from '../recovery/faulty-ledger.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;
const LEO = DEMO_USER_IDS.freshCustomer;

/**
 * A ledger client whose next account creation, once armed, waits until some request sends a ledger transfer, which
 * it lets through first (or two seconds, so a test of correct code never hangs); everything else passes straight
 * through.
 */
function slowNextAccount(): FaultyLedger & { armNext(): void } {
  let release: () => void = () => undefined;
  const control = {
    armed: false,
    fired: 0,
    armNext: () => {
      control.armed = true;
    },
    // The fault plans of faulty-ledger.ts do not apply here.
    arm: () => undefined,
    disarm: () => {
      control.armed = false;
    },
    wrap: (ledger: LedgerApi): LedgerApi =>
      new Proxy(ledger, {
        get(target, property, receiver) {
          if (property === 'createAccount') {
            return async (...args: Parameters<LedgerApi['createAccount']>) => {
              if (control.armed) {
                control.armed = false;
                control.fired += 1;
                await new Promise<void>((resolve) => {
                  release = resolve;
                  setTimeout(resolve, 2_000);
                });
              }
              return target.createAccount(...args);
            };
          }
          if (property === 'createTransfers') {
            return async (...args: Parameters<LedgerApi['createTransfers']>) => {
              try {
                return await target.createTransfers(...args);
              } finally {
                release();
              }
            };
          }
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
  };
  return control;
}

describeEachDatabase('opening a wallet under concurrent transfers', ({ createDatabase }) => {
  const ledger = slowNextAccount();
  let database: Database;
  let t: FaultTestApp;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildFaultTestApp(database, ledger, () => new Date());
  }, 120_000);

  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('two transfers to a customer without a wallet of that asset both land in one new wallet', async () => {
    const ana = await t.token(ANA);
    const anaStepUp = await t.token(ANA, { stepUp: true });
    const leo = await t.token(LEO);
    const wallets = async (token: string): Promise<Wallet[]> =>
      (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
    const anaEur = (await wallets(ana)).find((wallet) => wallet.asset === 'EUR')!;
    expect((await wallets(leo)).filter((wallet) => wallet.asset === 'EUR')).toEqual([]);

    ledger.armNext();
    const answers = await Promise.all(
      [
        ['25.00', 'open-a'],
        ['40.00', 'open-b'],
      ].map(([amount, key]) =>
        t.call('POST', '/api/cash-operations/transfers/customer', {
          token: anaStepUp,
          key,
          body: { fromWalletId: anaEur.id, recipientEmail: 'leo.fresh@tessera.test', amount },
        }),
      ),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([201, 201]);
    expect(ledger.fired).toBe(1);

    const leoEur = (await wallets(leo)).filter((wallet) => wallet.asset === 'EUR');
    expect(leoEur).toHaveLength(1);
    expect(leoEur[0]!.balance.available).toBe('65.00');
    expect((await t.ledger.getAccount(TENANT, leoEur[0]!.id)).balance.posted).toBe('65.00');
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });
});
