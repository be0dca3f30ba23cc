/**
 * Closing an account with the real ledger and cash operations: refused with the wrong password, with money in a
 * wallet (the wallet named), with an open order (counted), with a position or fund or token units held (each named)
 * and with an active plan (named); closed when nothing is left: the identity service is asked to disable the
 * customer, the picture is gone, another customer is untouched; hostile bodies are 4xx. The race: money that lands
 * while the customer is being disabled (a real SEPA credit) or a position that appears then is seen by the second
 * look, and the customer ends enabled again with the same refusal.
 * Identity, trading and investments are stand-ins here that keep what they were asked; identity's own disabling and
 * enabling are tested in services/identity (directory-close.test.ts), trading's positionsHeld in services/trading
 * (trading-positions-held-for-account-close.test.ts), investments' unitsHeld and activePlans in services/investments
 * (modules/account-close.test.ts).
 */
import {
  type HoldingBlockingClose,
  type IdentityDirectoryApi,
  type InvestmentsApi,
  type PlanBlockingClose,
  type TradingApi,
  USER_MANAGEMENT_CLIENT,
  type Wallet,
} from '@tessera/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFilesystemObjectStore, defineService, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import { defineCashOperationsService, processorSimulatorService } from '@tessera/service-cash-operations';
import { ledgerService } from '@tessera/service-ledger';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userManagementService } from '../../service.ts';
import type { UserManagementService } from '../customers/customers.service.ts';
import { configureProfileForTest } from '../profile/profile.plugin.ts';

async function startCloseApp(database: Parameters<typeof buildServiceTestApp>[0]['database']) {
  const issuer = await createTestTokenIssuer();
  const passwords = new Map<string, string>();
  /** Sign-in state as the identity stand-in keeps it: absent means enabled. */
  const enabled = new Map<string, boolean>();
  const disabled: string[] = [];
  const reenabled: string[] = [];
  /** What happens while a customer is being disabled (the race: money arriving, a position filled). */
  const whileDisabling = new Map<string, () => Promise<void>>();
  const openOrders = new Map<string, number>();
  const positions = new Map<string, HoldingBlockingClose[]>();
  const units = new Map<string, HoldingBlockingClose[]>();
  const plans = new Map<string, PlanBlockingClose[]>();
  /** Customers whose positions cannot be read (trading failing). */
  const unreadable = new Set<string>();
  const directory: IdentityDirectoryApi = {
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: () => Promise.resolve(null),
    verifyCustomerPassword: (userId, password) =>
      Promise.resolve(enabled.get(userId) !== false && passwords.get(userId) === password),
    disableCustomer: async (userId) => {
      disabled.push(userId);
      const wasEnabled = enabled.get(userId) !== false;
      enabled.set(userId, false);
      await whileDisabling.get(userId)?.();
      return wasEnabled ? { userId, disabledAt: new Date().toISOString() } : null;
    },
    enableCustomer: (disabling) => {
      reenabled.push(disabling.userId);
      enabled.set(disabling.userId, true);
      return Promise.resolve(true);
    },
  };
  const identity = defineService({
    name: 'identity',
    schema: 'identity_close_stub',
    prefix: '/api/identity-close-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
  const trading = defineService({
    name: 'trading',
    schema: 'trading_close_stub',
    prefix: '/api/trading-close-stub',
    migrations: {},
    createClient: async (): Promise<TradingApi> => ({
      openOrderCount: (userId) => Promise.resolve(openOrders.get(userId) ?? 0),
      positionsHeld: (userId) =>
        unreadable.has(userId)
          ? Promise.reject(new Error('trading is down'))
          : Promise.resolve(positions.get(userId) ?? []),
    }),
    async plugin() {},
  });
  const refused = () => Promise.reject(new Error('not used by closing'));
  const investments = defineService({
    name: 'investments',
    schema: 'investments_close_stub',
    prefix: '/api/investments-close-stub',
    migrations: {},
    createClient: async (): Promise<InvestmentsApi> => ({
      invest: refused,
      redeem: refused,
      unitsLedgerOf: refused,
      holdings: refused,
      unitsHeld: (userId) => Promise.resolve(units.get(userId) ?? []),
      activePlans: (userId) => Promise.resolve(plans.get(userId) ?? []),
    }),
    async plugin() {},
  });
  const cash = defineCashOperationsService();
  const services: ServiceDefinition[] = [
    identity,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cash,
    trading,
    investments,
  ];
  const { app, composed } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [userManagementService.name, processorSimulatorService.name, cash.name],
    beforeMount: (built) =>
      configureProfileForTest(built.contextOf(userManagementService.name), {
        store: createFilesystemObjectStore(mkdtempSync(join(tmpdir(), 'close-test-objects-'))),
      }),
  });
  await app.ready();
  const customers = composed.clients.get(USER_MANAGEMENT_CLIENT) as UserManagementService;
  const call = (token: string, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': `k-${Math.random().toString(36).slice(2)}`,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const customer = async (password: string) => {
    const userId = crypto.randomUUID();
    passwords.set(userId, password);
    await customers.grantKycLevel(userId, 2, 'approved', 'test');
    const token = await issuer.sign(userId);
    const created = await call(token, 'POST', '/api/cash-operations/wallets', { asset: 'EUR' });
    expect([200, 201], created.body).toContain(created.statusCode);
    const wallets: Wallet[] = (await call(token, 'GET', '/api/cash-operations/wallets')).json().items;
    const eur = wallets.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')!;
    return { userId, token, eur };
  };
  return {
    app,
    call,
    customer,
    enabled,
    disabled,
    reenabled,
    whileDisabling,
    openOrders,
    positions,
    units,
    plans,
    unreadable,
  };
}

describeEachDatabase('closing an account', ({ createDatabase }) => {
  let t: Awaited<ReturnType<typeof startCloseApp>>;

  beforeAll(async () => {
    t = await startCloseApp(await createDatabase());
  }, 180_000);
  afterAll(async () => t.app.close());

  const close = (token: string, body: unknown) =>
    t.call(token, 'POST', '/api/user-management/me/close', body);

  it('refuses hostile bodies and a wrong password with 4xx, and closes nothing', async () => {
    const ana = await t.customer('ana-password-1');
    for (const body of [
      {},
      { password: '' },
      { password: 42 },
      { password: 'x'.repeat(257) },
      { password: 'ana-password-1', userId: crypto.randomUUID() },
      [],
    ]) {
      const response = await close(ana.token, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const wrong = await close(ana.token, { password: 'not-her-password' });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(wrong.json().error.code).toBe('ACCOUNT_CLOSE_PASSWORD_INCORRECT');
    expect(t.disabled).not.toContain(ana.userId);
  });

  it('refuses while a wallet holds money, naming the wallet, then while an order is open, counting them', async () => {
    const leo = await t.customer('leo-password-1');
    const credit = await t.call(leo.token, 'POST', '/api/cash-operations/dev/sepa/incoming', {
      iban: leo.eur.iban,
      amount: '12.50',
      debtorName: 'Grandma',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const withBalance = await close(leo.token, { password: 'leo-password-1' });
    expect(withBalance.statusCode, withBalance.body).toBe(409);
    expect(withBalance.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
      details: { wallets: [{ walletId: leo.eur.id, asset: 'EUR', posted: '12.50', pending: false }] },
    });

    const mia = await t.customer('mia-password-1');
    t.openOrders.set(mia.userId, 2);
    const withOrders = await close(mia.token, { password: 'mia-password-1' });
    expect(withOrders.statusCode, withOrders.body).toBe(409);
    expect(withOrders.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_OPEN_ORDERS',
      details: { openOrders: 2 },
    });
    expect(t.disabled).not.toContain(leo.userId);
    expect(t.disabled).not.toContain(mia.userId);
  });

  it('closes an empty account: identity disables that customer only, and the picture is deleted', async () => {
    const zoe = await t.customer('zoe-password-1');
    const other = await t.customer('other-password-1');
    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/user-management/me/picture',
      headers: { authorization: `Bearer ${zoe.token}`, 'content-type': 'image/png' },
      payload: image,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await t.call(zoe.token, 'GET', '/api/user-management/me/picture')).statusCode).toBe(200);
    const closed = await close(zoe.token, { password: 'zoe-password-1' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true });
    expect(t.disabled.filter((id) => id === zoe.userId || id === other.userId)).toEqual([zoe.userId]);
    expect(t.enabled.get(zoe.userId)).toBe(false);
    expect(t.reenabled).not.toContain(zoe.userId);
    const picture = await t.call(zoe.token, 'GET', '/api/user-management/me/picture');
    expect(picture.statusCode).toBe(404);
    const stillThere = await t.call(other.token, 'GET', '/api/user-management/me/personal-information');
    expect(stillThere.statusCode, stillThere.body).toBe(200);
  });

  it('refuses while a position, fund units or token units are held, naming each, and disables no one', async () => {
    const kim = await t.customer('kim-password-1');
    const apple: HoldingBlockingClose = {
      kind: 'position',
      id: 'AAPL.CBOE',
      name: 'Apple Inc.',
      symbol: 'AAPL',
      quantity: '3',
    };
    t.positions.set(kim.userId, [apple]);
    const withPosition = await close(kim.token, { password: 'kim-password-1' });
    expect(withPosition.statusCode, withPosition.body).toBe(409);
    expect(withPosition.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
      details: { holdings: [apple] },
    });

    const fund: HoldingBlockingClose = {
      kind: 'fund',
      id: crypto.randomUUID(),
      name: 'Europe Leaders',
      symbol: null,
      quantity: '1.250000',
    };
    const token: HoldingBlockingClose = {
      kind: 'token',
      id: crypto.randomUUID(),
      name: 'Acme Art Share',
      symbol: 'ACME',
      quantity: '0.000001',
    };
    t.positions.delete(kim.userId);
    t.units.set(kim.userId, [fund, token]);
    const withUnits = await close(kim.token, { password: 'kim-password-1' });
    expect(withUnits.statusCode, withUnits.body).toBe(409);
    expect(withUnits.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
      details: { holdings: [fund, token] },
    });

    // Both at once: the positions first, then the units, in one refusal.
    t.positions.set(kim.userId, [apple]);
    const withBoth = await close(kim.token, { password: 'kim-password-1' });
    expect(withBoth.json().error.details.holdings).toEqual([apple, fund, token]);
    expect(t.disabled).not.toContain(kim.userId);
  });

  it('refuses while an automated plan is active, naming it, before anything else that blocks', async () => {
    const eva = await t.customer('eva-password-1');
    const plan: PlanBlockingClose = { planId: crypto.randomUUID(), name: 'Europe Leaders' };
    t.plans.set(eva.userId, [plan]);
    t.openOrders.set(eva.userId, 1);
    t.positions.set(eva.userId, [
      { kind: 'position', id: 'BTC-EUR', name: 'Bitcoin', symbol: 'BTC', quantity: '0.5' },
    ]);
    const refused = await close(eva.token, { password: 'eva-password-1' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_ACTIVE_PLANS',
      details: { plans: [plan] },
    });

    // Settled in the order the refusals name things: the orders next, then the holdings.
    t.plans.delete(eva.userId);
    expect((await close(eva.token, { password: 'eva-password-1' })).json().error.code).toBe(
      'ACCOUNT_CLOSE_OPEN_ORDERS',
    );
    t.openOrders.delete(eva.userId);
    expect((await close(eva.token, { password: 'eva-password-1' })).json().error.code).toBe(
      'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
    );
    t.positions.delete(eva.userId);
    expect(t.disabled).not.toContain(eva.userId);
    const closed = await close(eva.token, { password: 'eva-password-1' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(t.enabled.get(eva.userId)).toBe(false);
  });

  it('the race: money that lands while the customer is disabled is seen again, the customer is enabled again and refused', async () => {
    const ian = await t.customer('ian-password-1');
    const image = await sharp({
      create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 90, b: 20 } },
    })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/user-management/me/picture',
      headers: { authorization: `Bearer ${ian.token}`, 'content-type': 'image/png' },
      payload: image,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // A real SEPA credit booked by cash operations after the first look, while identity disables the customer.
    t.whileDisabling.set(ian.userId, async () => {
      const credit = await t.call(ian.token, 'POST', '/api/cash-operations/dev/sepa/incoming', {
        iban: ian.eur.iban,
        amount: '3.20',
        debtorName: 'A late friend',
      });
      expect(credit.statusCode, credit.body).toBe(201);
    });
    const refused = await close(ian.token, { password: 'ian-password-1' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
      details: { wallets: [{ walletId: ian.eur.id, asset: 'EUR', posted: '3.20' }] },
    });
    expect(t.disabled).toContain(ian.userId);
    expect(t.reenabled).toContain(ian.userId);
    expect(t.enabled.get(ian.userId)).toBe(true);
    // A refused closing keeps the profile picture.
    expect((await t.call(ian.token, 'GET', '/api/user-management/me/picture')).statusCode).toBe(200);
  });

  it('the race: a position filled while the customer is disabled is seen again, and the customer is enabled again', async () => {
    const uma = await t.customer('uma-password-1');
    const filled: HoldingBlockingClose = {
      kind: 'position',
      id: 'MSFT.CBOE',
      name: 'Microsoft',
      symbol: 'MSFT',
      quantity: '1',
    };
    t.whileDisabling.set(uma.userId, async () => {
      t.positions.set(uma.userId, [filled]);
    });
    const refused = await close(uma.token, { password: 'uma-password-1' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY',
      details: { holdings: [filled] },
    });
    expect(t.enabled.get(uma.userId)).toBe(true);

    // Sold meanwhile: the next closing goes through.
    t.positions.delete(uma.userId);
    t.whileDisabling.delete(uma.userId);
    expect((await close(uma.token, { password: 'uma-password-1' })).statusCode).toBe(200);
    expect(t.enabled.get(uma.userId)).toBe(false);
  });

  it('a check that fails after disabling enables the customer again and answers 503', async () => {
    const sam = await t.customer('sam-password-1');
    t.whileDisabling.set(sam.userId, async () => {
      t.unreadable.add(sam.userId);
    });
    const failed = await close(sam.token, { password: 'sam-password-1' });
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().error.code).toBe('ACCOUNT_CLOSE_UNAVAILABLE');
    expect(failed.body).not.toContain('trading is down');
    expect(t.enabled.get(sam.userId)).toBe(true);
  });

  it("another customer's holdings and plans never block the closing nor appear in a refusal", async () => {
    const rich = await t.customer('rich-password-1');
    const poor = await t.customer('poor-password-1');
    t.plans.set(rich.userId, [{ planId: crypto.randomUUID(), name: 'World Tech' }]);
    t.openOrders.set(rich.userId, 4);
    t.positions.set(rich.userId, [
      { kind: 'position', id: 'NVDA.CBOE', name: 'NVIDIA', symbol: 'NVDA', quantity: '7' },
    ]);
    t.units.set(rich.userId, [
      { kind: 'token', id: crypto.randomUUID(), name: 'Rich Token', symbol: 'RICH', quantity: '9.000000' },
    ]);
    const refused = await close(rich.token, { password: 'rich-password-1' });
    expect(refused.json().error.code).toBe('ACCOUNT_CLOSE_ACTIVE_PLANS');
    // The other customer, with a hostile body first: still 400, and nothing of rich's leaks into the answers.
    const hostile = await close(poor.token, { password: 'poor-password-1', userId: rich.userId });
    expect(hostile.statusCode, hostile.body).toBe(400);
    const closed = await close(poor.token, { password: 'poor-password-1' });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const body of [hostile.body, closed.body]) {
      for (const secret of ['World Tech', 'NVDA', 'RICH', rich.userId]) {
        expect(body).not.toContain(secret);
      }
    }
    expect(t.enabled.get(poor.userId)).toBe(false);
    expect(t.disabled).not.toContain(rich.userId);
  });
});
