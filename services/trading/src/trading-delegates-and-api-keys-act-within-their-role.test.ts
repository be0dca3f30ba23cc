// Delegates and API keys across services (docs/adr/0018): the principal is resolved once in the platform, and each
// service holds it to what its routes declare. A viewer reads the owner's orders but trading refuses their order; a
// trader places one (as the owner, audited with both identities) but cash operations refuses their transfer; a
// delegate of one customer reads nothing of another's; a revoked delegate is refused at the next request. A read key
// reads the owner's wallets and orders and nothing else; a trade key trades; neither moves money.
import { randomUUID } from 'node:crypto';
import type { Order, Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { createApiKeysService } from '@tessera/service-user-management';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const limitBuy = {
  productId: BTC_EUR,
  side: 'buy',
  type: 'limit',
  quantity: '0.001',
  limitPrice: '50000.00',
  timeInForce: 'GTC',
};

describeEachDatabase(
  'trading and cash operations: delegates and API keys act within their role',
  ({ createDatabase }) => {
    let fixture: TradingFixture;
    let database: Database;
    let ana: { userId: string; token: string };
    let bob: { userId: string; token: string };
    const viewer = randomUUID();
    const trader = randomUUID();

    const delegateTo = async (ownerUserId: string, delegateUserId: string, role: string) => {
      await sql`
      insert into user_management.delegations
        (id, owner_user_id, invitee_email, delegate_user_id, role, status, accepted_at)
      values (${randomUUID()}, ${ownerUserId}, ${`${delegateUserId}@example.test`}, ${delegateUserId}, ${role},
        'active', now())`.execute(database.db);
    };

    beforeAll(async () => {
      database = await createDatabase();
      fixture = await startTradingFixture(database);
      await fixture.runtime.onReference({
        productId: BTC_EUR as never,
        price: '60000',
        sequence: 1,
        timeMs: 1,
      });
      ana = await fixture.customer(2, { EUR: '10000.00' });
      bob = await fixture.customer(2, { EUR: '10000.00' });
      await delegateTo(ana.userId, viewer, 'viewer');
      await delegateTo(ana.userId, trader, 'trader');
      return () => fixture.app.close();
    });

    const as = async (delegateUserId: string, ownerUserId: string) => ({
      authorization: `Bearer ${await fixture.issuer.sign(delegateUserId, { amr: ['pwd', 'mfa'] })}`,
      'x-act-as': ownerUserId,
    });
    const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      fixture.app.inject({
        method,
        url,
        headers: { 'idempotency-key': randomUUID(), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });

    it('lets a viewer read the owner’s orders and wallets, and refuses their order', async () => {
      const placedByAna = await send(
        'POST',
        '/api/trading/orders',
        { authorization: `Bearer ${ana.token}` },
        {
          clientOrderId: 'ana-1',
          ...limitBuy,
        },
      );
      expect(placedByAna.statusCode).toBe(201);
      const orders = await send('GET', '/api/trading/orders', await as(viewer, ana.userId));
      expect(orders.statusCode).toBe(200);
      expect(JSON.stringify(orders.json())).toContain(placedByAna.json<Order>().id);
      const wallets = await send('GET', '/api/cash-operations/wallets', await as(viewer, ana.userId));
      expect(wallets.statusCode).toBe(200);
      const refused = await send('POST', '/api/trading/orders', await as(viewer, ana.userId), {
        clientOrderId: 'viewer-1',
        ...limitBuy,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('DELEGATE_NOT_PERMITTED');
    });

    it('lets a trader trade as the owner, audited with both identities, but not move money', async () => {
      const placed = await send('POST', '/api/trading/orders', await as(trader, ana.userId), {
        clientOrderId: 'trader-1',
        ...limitBuy,
      });
      expect(placed.statusCode).toBe(201);
      const ownerView = await send('GET', `/api/trading/orders/${placed.json<Order>().id}`, {
        authorization: `Bearer ${ana.token}`,
      });
      expect(ownerView.statusCode).toBe(200);

      const wallets = (
        await send('GET', '/api/cash-operations/wallets', { authorization: `Bearer ${ana.token}` })
      ).json<{ items: Wallet[] }>().items;
      const eur = wallets.find((wallet) => wallet.asset === 'EUR')!;
      const moved = await send('POST', '/api/cash-operations/transfers', await as(trader, ana.userId), {
        fromWalletId: eur.id,
        toWalletId: eur.id,
        amount: '1.00',
      });
      expect(moved.statusCode).toBe(403);
      expect(moved.json().error.code).toBe('DELEGATE_NOT_PERMITTED');

      const { rows } = await sql<{
        delegate_user_id: string;
        method: string;
        path: string;
        status_code: number;
      }>`
      select delegate_user_id, method, path, status_code from user_management.delegate_audit
      where owner_user_id = ${ana.userId} order by id`.execute(database.db);
      // The viewer's refused order (the test before) is an action too, audited with its status.
      expect(rows).toEqual([
        { delegate_user_id: viewer, method: 'POST', path: '/api/trading/orders', status_code: 403 },
        { delegate_user_id: trader, method: 'POST', path: '/api/trading/orders', status_code: 201 },
        {
          delegate_user_id: trader,
          method: 'POST',
          path: '/api/cash-operations/transfers',
          status_code: 403,
        },
      ]);
    });

    it('keeps a delegate of one customer out of another’s, and a revoked one out at once', async () => {
      for (const url of ['/api/trading/orders', '/api/cash-operations/wallets']) {
        const cross = await send('GET', url, await as(trader, bob.userId));
        expect(cross.statusCode).toBe(403);
        expect(cross.json().error.code).toBe('DELEGATION_NOT_ACTIVE');
      }
      await sql`update user_management.delegations set status = 'revoked', ended_at = now()
      where delegate_user_id = ${viewer}`.execute(database.db);
      const after = await send('GET', '/api/trading/orders', await as(viewer, ana.userId));
      expect(after.statusCode).toBe(403);
      expect(after.json().error.code).toBe('DELEGATION_NOT_ACTIVE');
    });

    it('lets a read key read wallets and orders only, a trade key trade, and neither move money', async () => {
      const keys = createApiKeysService(database.db.withSchema('user_management'));
      const reader = await keys.create(ana.userId, {
        name: 'r',
        scopes: ['read'],
        allowedIps: [],
        expiresInDays: 1,
      });
      const tradeKey = await keys.create(ana.userId, {
        name: 't',
        scopes: ['trade'],
        allowedIps: [],
        expiresInDays: 1,
      });
      const withKey = (secret: string) => ({ authorization: `Bearer ${secret}` });
      const wallets = await send('GET', '/api/cash-operations/wallets', withKey(reader.secret));
      expect(wallets.statusCode).toBe(200);
      expect(wallets.json<{ items: Wallet[] }>().items.map((wallet) => wallet.asset)).toContain('EUR');
      expect((await send('GET', '/api/trading/orders', { 'x-api-key': reader.secret })).statusCode).toBe(200);
      // Not on the public API: refused whatever the scope.
      const activity = await send('GET', '/api/cash-operations/limits', withKey(reader.secret));
      expect(activity.statusCode).toBe(403);
      expect(activity.json().error.code).toBe('API_KEY_SCOPE_MISSING');
      const order = await send('POST', '/api/trading/orders', withKey(reader.secret), {
        clientOrderId: 'key-read-1',
        ...limitBuy,
      });
      expect(order.json().error.code).toBe('API_KEY_SCOPE_MISSING');
      const traded = await send('POST', '/api/trading/orders', withKey(tradeKey.secret), {
        clientOrderId: 'key-trade-1',
        ...limitBuy,
      });
      expect(traded.statusCode).toBe(201);
      expect((await send('GET', '/api/trading/orders', withKey(tradeKey.secret))).statusCode).toBe(403);
      const eur = wallets.json<{ items: Wallet[] }>().items.find((wallet) => wallet.asset === 'EUR')!;
      const moved = await send('POST', '/api/cash-operations/transfers', withKey(tradeKey.secret), {
        fromWalletId: eur.id,
        toWalletId: eur.id,
        amount: '1.00',
      });
      expect(moved.json().error.code).toBe('API_KEY_SCOPE_MISSING');
      const usage = await keys.usage(ana.userId, reader.key.id);
      expect(usage.map((use) => [use.method, use.path, use.statusCode])).toEqual([
        ['POST', '/api/trading/orders', 403],
        ['GET', '/api/cash-operations/limits', 403],
        ['GET', '/api/trading/orders', 200],
        ['GET', '/api/cash-operations/wallets', 200],
      ]);
    });
  },
);
