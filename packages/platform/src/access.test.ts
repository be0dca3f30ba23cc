/**
 * The one place principals are resolved (access.ts): delegates acting for an owner with `x-act-as`, API keys with
 * scopes, an allow-list and an expiry, and what a scope of routes lets each do. A toy service offers an in-memory
 * AccessResolver through the composition root, as user-management does in the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAddressAllowed } from './access.ts';
import type { AccessResolver, AccessUseRecord, ApiKeyGrant } from './auth.ts';
import type { Database } from './database/types.ts';
import { principalOf, requireSignIn } from './routes.ts';
import { defineService } from './service.ts';
import { type ServiceApp, buildServiceApp } from './service-app.ts';
import { createTestDatabase, createTestTokenIssuer, serviceTestConfig } from './testing.ts';

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER_OWNER = '22222222-2222-4222-8222-222222222222';
const VIEWER = '33333333-3333-4333-8333-333333333333';
const TRADER = '44444444-4444-4444-8444-444444444444';

const delegations = new Map<string, string>([
  [`${VIEWER}>${OWNER}`, 'viewer'],
  [`${TRADER}>${OWNER}`, 'trader'],
]);
const keys = new Map<string, ApiKeyGrant>([
  [
    'tsk_read_s3cret',
    { keyId: 'read', ownerUserId: OWNER, scopes: ['read'], allowedIps: [], status: 'active' },
  ],
  [
    'tsk_net_s3cret',
    { keyId: 'net', ownerUserId: OWNER, scopes: ['read'], allowedIps: ['203.0.113.0/24'], status: 'active' },
  ],
  [
    'tsk_old_s3cret',
    { keyId: 'old', ownerUserId: OWNER, scopes: ['read'], allowedIps: [], status: 'expired' },
  ],
  [
    'tsk_gone_s3cret',
    { keyId: 'gone', ownerUserId: OWNER, scopes: ['read'], allowedIps: [], status: 'revoked' },
  ],
]);
const keyUses: Array<{ keyId: string } & AccessUseRecord> = [];
const delegateActions: Array<Parameters<AccessResolver['recordDelegateAction']>[0]> = [];

const resolver: AccessResolver = {
  resolveApiKey: async (presented) => keys.get(presented) ?? null,
  resolveDelegation: async (delegate, owner) => delegations.get(`${delegate}>${owner}`) ?? null,
  recordApiKeyUse: async (keyId, use) => {
    keyUses.push({ keyId, ...use });
  },
  recordDelegateAction: async (record) => {
    delegateActions.push(record);
  },
};

const toyService = defineService({
  name: 'toy',
  schema: 'toy',
  prefix: '/api/toy',
  migrations: {},
  offersAccessResolver: true,
  createClient: async () => resolver,
  plugin: async (app, { context }) => {
    await app.register(async (scope) => {
      requireSignIn(scope, context.auth, { reads: true, writes: 'trade', apiKeys: true });
      scope.get('/orders', async (request) => ({ userId: principalOf(request).userId }));
      scope.post('/orders', async (request) => ({ placedFor: principalOf(request).userId }));
    });
    await app.register(async (scope) => {
      requireSignIn(scope, context.auth, { reads: true, writes: 'transfer' });
      scope.post('/transfers', async (request) => ({ movedFor: principalOf(request).userId }));
    });
    await app.register(async (scope) => {
      requireSignIn(scope, context.auth);
      scope.get('/password', async (request) => ({ userId: principalOf(request).userId }));
    });
  },
});

describe('principal resolution: delegates and API keys', () => {
  let database: Database;
  let built: ServiceApp;
  let issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await createTestTokenIssuer();
    built = await buildServiceApp({
      services: [toyService],
      config: serviceTestConfig,
      database,
      auth: issuer.verifier,
    });
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    remoteAddress = '198.51.100.7',
  ) => built.app.inject({ method, url: `/api/toy${url}`, headers, remoteAddress });
  const as = async (userId: string, actAs?: string) => ({
    authorization: `Bearer ${await issuer.sign(userId)}`,
    ...(actAs ? { 'x-act-as': actAs } : {}),
  });

  it('leaves the owner in person as they were', async () => {
    const response = await call('POST', '/transfers', await as(OWNER));
    expect(response.json()).toEqual({ movedFor: OWNER });
  });

  it("lets a viewer read the owner's data, as the owner, and refuses them a trade", async () => {
    const read = await call('GET', '/orders', await as(VIEWER, OWNER));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ userId: OWNER });
    const trade = await call('POST', '/orders', await as(VIEWER, OWNER));
    expect(trade.statusCode).toBe(403);
    expect(trade.json().error).toMatchObject({
      code: 'DELEGATE_NOT_PERMITTED',
      details: { role: 'viewer', required: 'trade' },
    });
  });

  it('lets a trader trade but not move money, and audits both with both identities', async () => {
    delegateActions.length = 0;
    const trade = await call('POST', '/orders', await as(TRADER, OWNER));
    expect(trade.json()).toEqual({ placedFor: OWNER });
    const move = await call('POST', '/transfers', await as(TRADER, OWNER));
    expect(move.statusCode).toBe(403);
    expect(move.json().error.code).toBe('DELEGATE_NOT_PERMITTED');
    expect(delegateActions).toEqual([
      expect.objectContaining({
        ownerUserId: OWNER,
        delegateUserId: TRADER,
        role: 'trader',
        method: 'POST',
        path: '/api/toy/orders',
        statusCode: 200,
      }),
      expect.objectContaining({ path: '/api/toy/transfers', statusCode: 403 }),
    ]);
  });

  it('refuses a delegate of one owner on another owner, and on owner-only routes', async () => {
    const cross = await call('GET', '/orders', await as(VIEWER, OTHER_OWNER));
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('DELEGATION_NOT_ACTIVE');
    const settings = await call('GET', '/password', await as(TRADER, OWNER));
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.code).toBe('DELEGATE_NOT_PERMITTED');
    const garbage = await call('GET', '/orders', await as(VIEWER, 'not-a-uuid'));
    expect(garbage.json().error.code).toBe('DELEGATION_NOT_ACTIVE');
  });

  it('refuses a revoked delegate at the very next request', async () => {
    delegations.set(`${VIEWER}>${OTHER_OWNER}`, 'viewer');
    expect((await call('GET', '/orders', await as(VIEWER, OTHER_OWNER))).statusCode).toBe(200);
    delegations.delete(`${VIEWER}>${OTHER_OWNER}`);
    const after = await call('GET', '/orders', await as(VIEWER, OTHER_OWNER));
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('DELEGATION_NOT_ACTIVE');
  });

  it('accepts a key as a bearer token or x-api-key within its scope, and logs every use', async () => {
    keyUses.length = 0;
    const bearer = await call('GET', '/orders', { authorization: 'Bearer tsk_read_s3cret' });
    expect(bearer.json()).toEqual({ userId: OWNER });
    expect(bearer.headers['cache-control']).toBe('no-store');
    const header = await call('GET', '/orders', { 'x-api-key': 'tsk_read_s3cret' });
    expect(header.statusCode).toBe(200);
    expect(header.headers['cache-control']).toBe('no-store');
    const trade = await call('POST', '/orders', { 'x-api-key': 'tsk_read_s3cret' });
    expect(trade.statusCode).toBe(403);
    expect(trade.json().error).toMatchObject({
      code: 'API_KEY_SCOPE_MISSING',
      details: { required: 'trade' },
    });
    expect(keyUses.map((use) => [use.keyId, use.method, use.path, use.statusCode, use.ip])).toEqual([
      ['read', 'GET', '/api/toy/orders', 200, '198.51.100.7'],
      ['read', 'GET', '/api/toy/orders', 200, '198.51.100.7'],
      ['read', 'POST', '/api/toy/orders', 403, '198.51.100.7'],
    ]);
  });

  it('refuses a key where keys are not accepted, outside its allow-list, expired, revoked or unknown', async () => {
    const owner = await call('GET', '/password', { 'x-api-key': 'tsk_read_s3cret' });
    expect(owner.json().error.code).toBe('API_KEY_SCOPE_MISSING');
    const outside = await call('GET', '/orders', { 'x-api-key': 'tsk_net_s3cret' }, '198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe('API_KEY_IP_NOT_ALLOWED');
    const inside = await call('GET', '/orders', { 'x-api-key': 'tsk_net_s3cret' }, '203.0.113.9');
    expect(inside.statusCode).toBe(200);
    for (const [key, code] of [
      ['tsk_old_s3cret', 'API_KEY_EXPIRED'],
      ['tsk_gone_s3cret', 'API_KEY_REVOKED'],
      ['tsk_read_wrong', 'API_KEY_INVALID'],
      ['not-a-key', 'API_KEY_INVALID'],
    ] as const) {
      const refused = await call('GET', '/orders', { 'x-api-key': key });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe(code);
    }
  });
});

describe('IP allow-lists', () => {
  it('matches IPv4 and IPv6 CIDR blocks, mapped IPv4 addresses and single addresses', () => {
    expect(isAddressAllowed([], '192.0.2.1')).toBe(true);
    expect(isAddressAllowed(['192.0.2.0/24'], '192.0.2.200')).toBe(true);
    expect(isAddressAllowed(['192.0.2.0/24'], '192.0.3.1')).toBe(false);
    expect(isAddressAllowed(['192.0.2.0/24'], '::ffff:192.0.2.5')).toBe(true);
    expect(isAddressAllowed(['2001:db8::/32'], '2001:db8:1::1')).toBe(true);
    expect(isAddressAllowed(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(isAddressAllowed(['203.0.113.7'], '203.0.113.7')).toBe(true);
    expect(isAddressAllowed(['203.0.113.7'], '203.0.113.8')).toBe(false);
    expect(isAddressAllowed(['192.0.2.0/24'], 'garbage')).toBe(false);
  });
});
