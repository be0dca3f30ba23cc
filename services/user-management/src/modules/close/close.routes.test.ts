/**
 * Closing an account with the real ledger and cash operations: refused with the wrong password, with money in a
 * wallet (the wallet named) and with an open order (counted); closed when empty: the identity service is asked to
 * disable the customer, the picture is gone, another customer is untouched; hostile bodies are 4xx.
 * Identity and trading are stand-ins here that keep what they were asked; identity's own disabling is tested in
 * services/identity (directory.test.ts).
 */
import {
  type IdentityDirectoryApi,
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
  const disabled: string[] = [];
  const openOrders = new Map<string, number>();
  const directory: IdentityDirectoryApi = {
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: () => Promise.resolve(null),
    verifyCustomerPassword: (userId, password) => Promise.resolve(passwords.get(userId) === password),
    disableCustomer: (userId) => {
      disabled.push(userId);
      return Promise.resolve();
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
  return { app, call, customer, disabled, openOrders };
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
    expect(t.disabled).toEqual([zoe.userId]);
    const picture = await t.call(zoe.token, 'GET', '/api/user-management/me/picture');
    expect(picture.statusCode).toBe(404);
    const stillThere = await t.call(other.token, 'GET', '/api/user-management/me/personal-information');
    expect(stillThere.statusCode, stillThere.body).toBe(200);
  });
});
