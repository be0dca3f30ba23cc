import {
  BANK_TENANT_ID,
  CASH_OPERATIONS_CLIENT,
  DEMO_USER_IDS,
  LEDGER_CLIENT,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildCashTestApp, type CashTestApp } from './modules/accounts/cash-test-app.ts';

describeEachDatabase('cash operations in-process client', ({ createDatabase }) => {
  let harness: CashTestApp;

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase());
    return () => harness.app.close();
  }, 120_000);

  it('gives the ledger account of the customer’s current wallet, the one the wallet list shows', async () => {
    const cash = harness.client(CASH_OPERATIONS_CLIENT);
    const ana = DEMO_USER_IDS.verifiedCustomer;
    const usd = await cash.currentWallet(ana, 'USD');
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/cash-operations/wallets',
      headers: { authorization: `Bearer ${await harness.issuer.sign(ana)}` },
    });
    const listed = (response.json() as { items: Wallet[] }).items.find(
      (wallet) => wallet.asset === 'USD' && wallet.kind === 'current',
    );
    expect(usd).toEqual({ walletId: listed!.id, accountId: listed!.id, asset: 'USD' });
    const account = await harness.client(LEDGER_CLIENT).getAccount(BANK_TENANT_ID, usd!.accountId);
    expect(account).toMatchObject({ ownerId: ana });
  });

  it('opens a current wallet only when asked, and answers null for unknown assets and ids', async () => {
    const cash = harness.client(CASH_OPERATIONS_CLIENT);
    const leo = DEMO_USER_IDS.freshCustomer;
    await expect(cash.currentWallet(leo, 'GBP')).resolves.toBeNull();
    const opened = await cash.currentWallet(leo, 'GBP', { create: true });
    expect(opened).toMatchObject({ asset: 'GBP' });
    await expect(cash.currentWallet(leo, 'GBP', { create: true })).resolves.toEqual(opened);
    await expect(cash.currentWallet(leo, 'DOGE', { create: true })).resolves.toBeNull();
    await expect(cash.currentWallet('not-a-user', 'EUR', { create: true })).resolves.toBeNull();
  });
});
