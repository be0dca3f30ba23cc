/**
 * Notifications with the real ledger and cash operations: a deposit heard from cash operations becomes a
 * notification of its customer only (listed, pushed live, e-mailed per the channels); a balance rule fires once per
 * crossing and re-arms when the balance crosses back; hostile inputs get documented 4xx codes.
 */
import {
  BANK_TENANT_ID,
  CASH_OPERATIONS_CLIENT,
  type NotificationList,
  INVESTMENTS_PLAN_TOPIC,
  TRADING_TOPICS,
} from '@tessera/contracts';
import { USER_MANAGEMENT_CUSTOMER_TOPIC } from '../kyc/kyc-notifier.ts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nameBasedUuid } from '../referrals/referrals.service.ts';
import { listen, startAccountApp } from './account-test-support.ts';

describeEachDatabase('notifications', ({ createDatabase }) => {
  let t: Awaited<ReturnType<typeof startAccountApp>>;
  const sinkId = nameBasedUuid('notifications-test-sink');

  beforeAll(async () => {
    t = await startAccountApp(await createDatabase());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.ledger.createAccount(BANK_TENANT_ID, {
      id: sinkId,
      ledger: 'EUR',
      ownerId: 'tessera',
      type: 'suspense',
    });
  }, 180_000);
  afterAll(async () => t.app.close());

  const list = async (token: string): Promise<NotificationList> => {
    const response = await t.call(token, 'GET', '/api/user-management/notifications');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** Money leaves a wallet as another service moves it: a ledger transfer, then cash operations' notice. */
  const spend = async (userId: string, walletId: string, amount: string) => {
    await t.ledger.createTransfer(BANK_TENANT_ID, {
      id: crypto.randomUUID(),
      ledger: 'EUR',
      debitAccountId: walletId,
      creditAccountId: sinkId,
      amount,
      code: 999,
    });
    await t.composed.clients.get(CASH_OPERATIONS_CLIENT).notifyWalletChanged(userId, walletId);
  };

  it('tells a deposit to its customer only: listed, pushed live, and never readable by another', async () => {
    const ana = await t.customer('ana@example.com', 'Ana');
    const leo = await t.customer('leo@example.com', 'Leo');
    const anaSocket = await listen(t.app, ana.token);
    const leoSocket = await listen(t.app, leo.token);

    await t.sepaIn(ana.token, ana.eur.iban!, '42.00');

    await expect
      .poll(async () => (await list(ana.token)).items.map((item) => [item.type, item.params.amount]))
      .toEqual([['deposit.settled', '42.00']]);
    const mine = await list(ana.token);
    expect(mine.unreadCount).toBe(1);
    await expect
      .poll(() => anaSocket.received.filter((message) => message.type === 'notification.created').length)
      .toBe(1);
    expect(leoSocket.received.filter((message) => message.type === 'notification.created')).toEqual([]);
    expect((await list(leo.token)).items).toEqual([]);

    const id = mine.items[0]!.id;
    const stolen = await t.call(leo.token, 'POST', `/api/user-management/notifications/${id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await list(ana.token)).unreadCount).toBe(1);

    const read = await t.call(ana.token, 'POST', `/api/user-management/notifications/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await list(ana.token)).unreadCount).toBe(0);
    // deposit.settled is not e-mailed by default.
    expect(t.identity.emails.filter((email) => email.userId === ana.userId)).toEqual([]);
    anaSocket.socket.close();
    leoSocket.socket.close();
  });

  it('fires a balance rule once per crossing, re-arms when the balance is back, and follows the channels', async () => {
    const ana = await t.customer('ana2@example.com', 'Ana');
    await t.sepaIn(ana.token, ana.eur.iban!, '200.00');
    const created = await t.call(ana.token, 'POST', '/api/user-management/notifications/balance-rules', {
      walletId: ana.eur.id,
      direction: 'below',
      threshold: '100',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ asset: 'EUR', threshold: '100.00', armed: true });
    const rules = () => list(ana.token).then((page) => page.items.filter((i) => i.type === 'balance.rule'));

    await spend(ana.userId, ana.eur.id, '150.00');
    await expect.poll(async () => (await rules()).length).toBe(1);
    expect((await rules())[0]!.params).toMatchObject({
      direction: 'below',
      threshold: '100.00',
      amount: '50.00',
      asset: 'EUR',
    });
    expect(t.identity.emails.filter((email) => email.userId === ana.userId)).toEqual([
      { userId: ana.userId, notice: 'notificationBalanceBelow', value: '100.00 EUR' },
    ]);

    // Still below: no second notification, whatever the number of changes.
    await spend(ana.userId, ana.eur.id, '10.00');
    await spend(ana.userId, ana.eur.id, '1.00');
    expect((await rules()).length).toBe(1);

    // Back above re-arms; the e-mail channel turned off is respected at the next crossing.
    const preferences = (
      await t.call(ana.token, 'GET', '/api/user-management/notifications/preferences')
    ).json();
    preferences.channels['balance.rule'].email = false;
    const saved = await t.call(
      ana.token,
      'PUT',
      '/api/user-management/notifications/preferences',
      preferences,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await t.sepaIn(ana.token, ana.eur.iban!, '100.00');
    await expect
      .poll(async () => {
        const [rule] = (
          await t.call(ana.token, 'GET', '/api/user-management/notifications/balance-rules')
        ).json().items;
        return rule.armed;
      })
      .toBe(true);
    await spend(ana.userId, ana.eur.id, '50.00');
    await expect.poll(async () => (await rules()).length).toBe(2);
    expect(t.identity.emails.filter((email) => email.userId === ana.userId)).toHaveLength(1);

    // In-app off: nothing listed (nor pushed) at the next crossing.
    preferences.channels['balance.rule'].inApp = false;
    await t.call(ana.token, 'PUT', '/api/user-management/notifications/preferences', preferences);
    await t.sepaIn(ana.token, ana.eur.iban!, '100.00');
    await spend(ana.userId, ana.eur.id, '100.00');
    expect((await rules()).length).toBe(2);
  });

  it('tells a filled order and a verification decision once, however often the event is heard', async () => {
    const ana = await t.customer('ana4@example.com', 'Ana');
    const events = t.composed.contextOf('user-management').events;
    const order = {
      id: crypto.randomUUID(),
      productId: 'AAPL_cboe',
      side: 'buy',
      status: 'filled',
      filledQuantity: '2',
    };
    const working = { ...order, id: crypto.randomUUID(), status: 'working' };
    for (let heard = 0; heard < 2; heard += 1) {
      await events.publish(TRADING_TOPICS.order, { userId: ana.userId, order });
      await events.publish(TRADING_TOPICS.order, { userId: ana.userId, order: working });
      await events.publish(USER_MANAGEMENT_CUSTOMER_TOPIC, {
        userId: ana.userId,
        message: { type: 'kyc.updated', status: 'approved', level: 2 },
      });
    }
    await expect
      .poll(async () =>
        (await list(ana.token)).items
          .map((item) => [item.type, item.params])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      )
      .toEqual([
        ['kyc.decision', { status: 'approved', level: 2 }],
        ['order.filled', { productId: 'AAPL_cboe', side: 'buy', quantity: '2' }],
      ]);
  });

  it("tells a plan's skipped run once, however often the event is heard, and nothing for a run that went through", async () => {
    const ana = await t.customer('ana5@example.com', 'Ana');
    const events = t.composed.contextOf('user-management').events;
    const run = {
      userId: ana.userId,
      planId: crypto.randomUUID(),
      dueDate: '2026-11-27',
      status: 'skipped',
      amount: '50.00',
      currency: 'EUR',
      reason: 'INVESTMENTS_INSUFFICIENT_FUNDS',
    };
    for (let heard = 0; heard < 2; heard += 1) {
      await events.publish(INVESTMENTS_PLAN_TOPIC, run);
      await events.publish(INVESTMENTS_PLAN_TOPIC, { ...run, dueDate: '2026-12-27', status: 'done' });
    }
    await expect
      .poll(async () => (await list(ana.token)).items.map((item) => [item.type, item.params]))
      .toEqual([
        ['plan.skipped', { amount: '50.00', asset: 'EUR', planId: run.planId, dueDate: '2026-11-27' }],
      ]);
  });

  it("refuses hostile rules with documented codes, and another customer's wallet as if it did not exist", async () => {
    const ana = await t.customer('ana3@example.com');
    const leo = await t.customer('leo3@example.com');
    const post = (token: string, body: unknown) =>
      t.call(token, 'POST', '/api/user-management/notifications/balance-rules', body);
    const codeOf = async (token: string, body: unknown) => {
      const response = await post(token, body);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json().error.code as string;
    };
    const base = { walletId: ana.eur.id, direction: 'below', threshold: '10' };
    expect(await codeOf(leo.token, base)).toBe('BALANCE_RULE_WALLET_NOT_FOUND');
    expect(await codeOf(ana.token, { ...base, walletId: 'not-a-wallet' })).toBe(
      'BALANCE_RULE_WALLET_NOT_FOUND',
    );
    expect(await codeOf(ana.token, { ...base, walletId: crypto.randomUUID() })).toBe(
      'BALANCE_RULE_WALLET_NOT_FOUND',
    );
    for (const threshold of [
      '-5',
      '10.001',
      '1e3',
      'abc',
      '',
      ' ',
      '0x10',
      'NaN',
      '99999999999999999999999999999999999999999',
    ]) {
      expect(await codeOf(ana.token, { ...base, threshold })).toBe('BALANCE_RULE_THRESHOLD_INVALID');
    }
    expect(await codeOf(ana.token, { ...base, threshold: 10 })).toBe('VALIDATION_FAILED');
    expect(await codeOf(ana.token, { ...base, direction: 'sideways' })).toBe('VALIDATION_FAILED');
    expect(await codeOf(ana.token, { ...base, extra: true })).toBe('VALIDATION_FAILED');

    const created = await post(ana.token, base);
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = created.json().id;
    const leoDelete = await t.call(
      leo.token,
      'DELETE',
      `/api/user-management/notifications/balance-rules/${ruleId}`,
    );
    expect(leoDelete.statusCode).toBe(404);
    expect(leoDelete.json().error.code).toBe('BALANCE_RULE_NOT_FOUND');
    const bad = await t.call(ana.token, 'GET', '/api/user-management/notifications?before=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('NOTIFICATION_CURSOR_INVALID');
    const big = await t.call(ana.token, 'GET', '/api/user-management/notifications?limit=100000');
    expect(big.statusCode).toBe(400);
    expect((await t.call(null, 'GET', '/api/user-management/notifications')).statusCode).toBe(401);
    const anaDelete = await t.call(
      ana.token,
      'DELETE',
      `/api/user-management/notifications/balance-rules/${ruleId}`,
    );
    expect(anaDelete.statusCode).toBe(204);
  });
});
