/**
 * Issue #13, defect 1 ("Trading reservations cross customers"), the sweep: holds left in the ledger with no open
 * order behind them (as the defect left them: no order, `timeoutSeconds` 0) are voided, and a live order's hold is
 * not; an order whose hold the ledger already released (expired or voided) still expires, and its release does
 * not stop the product's later settlements.
 */
import { BANK_TENANT_ID, type Order, uuidv7 } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId, venueAccountIds } from './modules/accounts/trading-accounts.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

describeEachDatabase('trading: the sweep voids orphan holds (issue #13)', ({ createDatabase }) => {
  let fixture: TradingFixture;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    return () => fixture.app.close();
  });

  const place = (token: string, payload: object) =>
    fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const restingBuy = (clientOrderId: string, extra: object = {}) => ({
    clientOrderId,
    productId: BTC_EUR,
    side: 'buy',
    type: 'limit',
    quantity: '0.0040',
    limitPrice: '50000.00',
    timeInForce: 'GTC',
    ...extra,
  });

  it('voids a hold no order stands behind, as the defect left them, and keeps a live order’s hold', async () => {
    const customer = await fixture.customer(2, { EUR: '1000.00' });
    const live = await place(customer.token, restingBuy('live'));
    expect(live.statusCode).toBe(201);
    const wallet = (await fixture.cash.currentWallet(customer.userId, 'EUR'))!.accountId;
    const spec = fixture.runtime.core.specs.get(BTC_EUR);
    // An orphan as the defect left it: an order's hold whose order was deleted, without a timeout.
    const orphanId = uuidv7();
    await fixture.ledger.createTransfer(BANK_TENANT_ID, {
      id: orphanId,
      ledger: 'EUR',
      debitAccountId: wallet,
      creditAccountId: venueAccountIds(spec).settlement,
      amount: '300.00',
      code: 5001,
      flags: { pending: true },
      timeoutSeconds: 0,
      metadata: { kind: 'trade', description: BTC_EUR, orderId: uuidv7(), purpose: 'order_reservation' },
    });
    const frozen = (await fixture.ledger.getAccount(BANK_TENANT_ID, wallet)).balance;
    expect(frozen.available).toBe('499.00');

    const report = await fixture.runtime.orders.sweep();
    expect(report.orphansVoided).toBe(1);
    expect((await fixture.ledger.getTransfer(BANK_TENANT_ID, orphanId)).pendingStatus).toBe('voided');
    const balance = (await fixture.ledger.getAccount(BANK_TENANT_ID, wallet)).balance;
    expect(balance.available).toBe('799.00');
    const holds = await fixture.ledger.listPendingTransfers(BANK_TENANT_ID, wallet);
    expect(holds.map(({ transfer }) => transfer.metadata['orderId'])).toEqual([live.json<Order>().id]);
    expect((await fixture.runtime.orders.sweep()).orphansVoided).toBe(0);
  });

  it('an order whose hold the ledger already released expires, and later settlements of the product go on', async () => {
    const customer = await fixture.customer(2, { EUR: '1000.00' });
    const expiresAt = new Date(fixture.clock.nowMs + 60_000).toISOString();
    const placed = await place(customer.token, restingBuy('gtd', { timeInForce: 'GTD', expiresAt }));
    expect(placed.statusCode).toBe(201);
    const wallet = (await fixture.cash.currentWallet(customer.userId, 'EUR'))!.accountId;
    const [hold] = await fixture.ledger.listPendingTransfers(BANK_TENANT_ID, wallet);
    // What the ledger's own expiry does when trading was stopped past the grace: the hold is voided without it.
    await fixture.ledger.createTransfer(BANK_TENANT_ID, {
      id: uuidv7(),
      ledger: 'EUR',
      pendingId: hold!.transfer.id,
      flags: { voidPendingTransfer: true },
    });
    fixture.clock.nowMs += 61_000;
    expect(await fixture.runtime.orders.expireDue()).toBe(1);
    const order = (
      await fixture.app.inject({
        method: 'GET',
        url: `/api/trading/orders/${placed.json<Order>().id}`,
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json<Order>();
    expect([order.status, order.reserved]).toEqual(['expired', '0.00']);

    const buyer = await fixture.customer(2, { EUR: '1000.00' });
    const bought = await place(buyer.token, {
      clientOrderId: 'after',
      productId: BTC_EUR,
      side: 'buy',
      type: 'market',
      quantity: '0.0010',
      timeInForce: 'IOC',
    });
    expect(bought.json<Order>().status).toBe('filled');
    const units = await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(buyer.userId, BTC_EUR));
    expect(units.balance.posted).toBe('0.00100000');
  });
});
