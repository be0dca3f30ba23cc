import { randomUUID } from 'node:crypto';
import { type IdentityDirectoryApi, USER_MANAGEMENT_CLIENT, type UserContact } from '@tessera/contracts';
import { defineService, loadConfig, undocumentedRoutes, type Database } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { userManagementService } from '../../service.ts';
import type { UserManagementService } from './customers.service.ts';

type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

/** The identity directory as user management sees it: contacts whose verification the test sets. */
function directoryWith(contacts: Map<string, Partial<UserContact>>): IdentityDirectoryApi {
  return {
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: (userId) => {
      const contact = contacts.get(userId);
      return Promise.resolve(
        contact
          ? {
              userId,
              email: 'x@example.test',
              displayName: 'X',
              locale: 'en',
              emailVerified: false,
              phoneVerified: false,
              ...contact,
            }
          : null,
      );
    },
  };
}

/**
 * Stands in for the identity service: offers its directory (IDENTITY_CLIENT) in process, serves nothing. User
 * management finds it through the composition root as it finds the real one.
 */
function identityDirectoryService(contacts: Map<string, Partial<UserContact>>) {
  return defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directoryWith(contacts),
    async plugin() {},
  });
}

async function start(
  database: Database,
  env: { NODE_ENV?: 'test' | 'production'; TESSERA_MODE?: 'demo' | 'production' },
  issuer: Issuer,
  contacts = new Map(),
) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
  const { app, composed } = await buildServiceTestApp({
    services: [identityDirectoryService(contacts), userManagementService],
    mount: [userManagementService.name],
    database,
    auth: issuer.verifier,
    config,
  });
  const customers = composed.clients.get(USER_MANAGEMENT_CLIENT) as UserManagementService;
  return { app, customers };
}

describeEachDatabase('user management: profile and KYC level', ({ createDatabase }) => {
  let app: FastifyInstance;
  let issuer: Issuer;
  let customers: Awaited<ReturnType<typeof start>>['customers'];
  const contacts = new Map<string, Partial<UserContact>>();

  beforeAll(async () => {
    issuer = await createTestTokenIssuer();
    ({ app, customers } = await start(await createDatabase(), { NODE_ENV: 'test' }, issuer, contacts));
    return () => app.close();
  });

  const call = async (
    userId: string | null,
    method: 'GET' | 'PATCH' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: userId ? { authorization: `Bearer ${await issuer.sign(userId)}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it('documents every route (summary and response) in its OpenAPI document', async () => {
    expect(undocumentedRoutes(app).filter((route) => route.service === 'user-management')).toEqual([]);
    const document = await app.inject({ method: 'GET', url: '/api/user-management/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json<{ paths: object }>().paths)).toContain('/api/user-management' + '/me');
  });

  it('shows a customer never seen before at level 0 in EUR, with what level 0 allows', async () => {
    const me = await call(randomUUID(), 'GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      kycLevel: 0,
      kycStatus: 'not_started',
      referenceCurrency: 'EUR',
      nextLevel: 1,
      limits: { trading: false, depositPer30Days: null },
    });
  });

  it('gives level 1 once identity says both the e-mail and the phone are verified', async () => {
    const userId = randomUUID();
    contacts.set(userId, { emailVerified: true, phoneVerified: false });
    expect((await customers.getCustomer(userId)).kycLevel).toBe(0);
    contacts.set(userId, { emailVerified: true, phoneVerified: true });
    expect((await customers.getCustomer(userId)).kycLevel).toBe(1);
  });

  it('changes only the caller’s own reference currency, and refuses an unknown one without changing it', async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    expect((await call(ana, 'PATCH', '/me', { referenceCurrency: 'CHF' })).body).toMatchObject({
      userId: ana,
      referenceCurrency: 'CHF',
    });
    const refused = await call(ana, 'PATCH', '/me', { referenceCurrency: 'BTC' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const smuggled = await call(ana, 'PATCH', '/me', { referenceCurrency: 'USD', userId: leo });
    expect(smuggled.status).toBe(400);
    expect((await call(ana, 'GET', '/me')).body['referenceCurrency']).toBe('CHF');
    expect((await call(leo, 'GET', '/me')).body['referenceCurrency']).toBe('EUR');
  });

  it('keeps each customer’s trading preferences, defaults first, and refuses a bad set without changing it', async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    expect((await call(ana, 'GET', '/me/trading-preferences')).body).toEqual({
      defaultOrderType: 'limit',
      timeInForce: 'DAY',
      quantityMode: 'quantity',
      confirmOrders: true,
      defaultProduct: 'AAPL_cboe',
    });
    const saved = {
      defaultOrderType: 'market',
      timeInForce: 'GTC',
      quantityMode: 'amount',
      confirmOrders: false,
      defaultProduct: 'MSFT_nasdaq',
    };
    const stored = await call(ana, 'PUT', '/me/trading-preferences', saved);
    expect(stored.status).toBe(200);
    for (const bad of [
      { ...saved, defaultProduct: 'not a product' },
      { ...saved, timeInForce: 'GTD' },
      { ...saved, defaultOrderType: 'iceberg' },
      { ...saved, confirmOrders: 'yes' },
    ]) {
      const refused = await call(ana, 'PUT', '/me/trading-preferences', bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await call(ana, 'GET', '/me/trading-preferences')).body).toMatchObject({
      defaultOrderType: 'market',
      defaultProduct: 'MSFT_nasdaq',
    });
    expect((await call(leo, 'GET', '/me/trading-preferences')).body).toMatchObject({
      defaultOrderType: 'limit',
    });
  });
});

describeEachDatabase('user management: no customer sets their own KYC level', ({ createDatabase }) => {
  // The demo shortcut POST /dev/kyc-level is gone (issue #16): a reviewer's decision grants a level (modules/kyc).
  for (const env of [{ NODE_ENV: 'production' as const }, { TESSERA_MODE: 'demo' as const }, {}]) {
    it(`has no route to set one’s own level (${JSON.stringify(env)}), from this machine either`, async () => {
      const issuer = await createTestTokenIssuer();
      const userId = randomUUID();
      const { app, customers } = await start(await createDatabase(), env, issuer);
      for (const url of ['/api/user-management/dev/kyc-level', '/api/user-management/operator/kyc-level']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${await issuer.sign(userId)}` },
          payload: { level: 3, userId },
        });
        expect(response.statusCode, url).toBe(404);
      }
      expect((await customers.getCustomer(userId)).kycLevel).toBe(0);
      await app.close();
    });
  }
});
