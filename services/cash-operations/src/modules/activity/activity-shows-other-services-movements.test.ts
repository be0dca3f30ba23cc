import {
  type ActivityItem,
  BANK_TENANT_ID,
  CASH_OPERATIONS_CLIENT,
  DEMO_USER_IDS,
  LEDGER_CLIENT,
  uuidv7,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { buildCashTestApp, type CashTestApp } from '../accounts/cash-test-app.ts';

describeEachDatabase('wallet activity of movements other services make', ({ createDatabase }) => {
  let harness: CashTestApp;

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase());
    return () => harness.app.close();
  }, 120_000);

  it('shows a trade’s reservation as pending, then posted for what was really paid, and a released one as voided', async () => {
    const ana = DEMO_USER_IDS.verifiedCustomer;
    const ledger = harness.client(LEDGER_CLIENT);
    const wallet = await harness.client(CASH_OPERATIONS_CLIENT).currentWallet(ana, 'EUR');
    const token = await harness.issuer.sign(ana);
    const activity = async (): Promise<ActivityItem[]> =>
      (
        (
          await harness.app.inject({
            method: 'GET',
            url: `/api/cash-operations/wallets/${wallet!.walletId}/activity?kind=trade`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as { items: ActivityItem[] }
      ).items;
    // As the trading service does: a pending reservation at the order's worst price, posted in part on the fill.
    const trade = { kind: 'trade', description: 'AAPL_cboe' };
    const reservation = uuidv7();
    await ledger.createTransfer(BANK_TENANT_ID, {
      id: reservation,
      ledger: 'EUR',
      debitAccountId: wallet!.accountId,
      creditAccountId: bankAccountId('EUR', 'suspense'),
      amount: '930.56',
      code: 1,
      flags: { pending: true },
      metadata: trade,
    });
    expect(await activity()).toMatchObject([
      {
        id: reservation,
        kind: 'trade',
        status: 'pending',
        amount: '-930.56',
        description: null,
        details: { type: 'trade', product: 'AAPL_cboe' },
      },
    ]);
    await ledger.createTransfer(BANK_TENANT_ID, {
      id: uuidv7(),
      ledger: 'EUR',
      pendingId: reservation,
      amount: '886.69',
      flags: { postPendingTransfer: true },
      metadata: trade,
    });
    const released = uuidv7();
    await ledger.createTransfer(BANK_TENANT_ID, {
      id: released,
      ledger: 'EUR',
      debitAccountId: wallet!.accountId,
      creditAccountId: bankAccountId('EUR', 'suspense'),
      amount: '10.00',
      code: 1,
      flags: { pending: true },
      metadata: trade,
    });
    await ledger.createTransfer(BANK_TENANT_ID, {
      id: uuidv7(),
      ledger: 'EUR',
      pendingId: released,
      flags: { voidPendingTransfer: true },
      metadata: trade,
    });
    const items = await activity();
    expect(items.find((item) => item.id === reservation)).toMatchObject({
      status: 'posted',
      amount: '-886.69',
    });
    expect(items.find((item) => item.id === released)).toMatchObject({ status: 'voided', amount: '-10.00' });
  });
});
