/**
 * Delegates and API keys in user-management (docs/adr/0018): invitation by e-mail, acceptance by the verified
 * invitee only, revoke and leave, the audit log with both identities, and API keys (step-up to create, the secret
 * shown once and stored hashed, scopes, allow-list, expiry, usage log). The service's own profile route stands in
 * for "any service" here; trading and cash operations have their own tests of the same resolution.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type IdentityDirectoryApi, type UserContact } from '@tessera/contracts';
import { type Database, defineService, loadConfig } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { userManagementService } from '../service.ts';

type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

/** The e-mails the stand-in identity was asked to send: [userId, notice, value]. */
const emailed: Array<[string, string, string | undefined]> = [];

function identityStub(contacts: Map<string, UserContact>) {
  const directory: IdentityDirectoryApi = {
    lookupCustomerByEmail: (email) => {
      const found = [...contacts.values()].find((contact) => contact.email === email);
      return Promise.resolve(found ? { userId: found.userId, displayName: found.displayName } : null);
    },
    getContact: (userId) => Promise.resolve(contacts.get(userId) ?? null),
    emailCustomer: (userId, notice, value) => {
      emailed.push([userId, notice, value]);
      return Promise.resolve();
    },
  };
  return defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
}

describeEachDatabase('user management: delegates and API keys', ({ createDatabase }) => {
  let app: FastifyInstance;
  let issuer: Issuer;
  let database: Database;
  const contacts = new Map<string, UserContact>();
  const person = (name: string, emailVerified = true) => {
    const userId = randomUUID();
    const email = `${name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}.${userId.slice(0, 8)}@example.test`;
    contacts.set(userId, {
      userId,
      email,
      displayName: name,
      locale: 'en',
      emailVerified,
      phoneVerified: true,
    });
    return { userId, email };
  };

  beforeAll(async () => {
    issuer = await createTestTokenIssuer();
    database = await createDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    ({ app } = await buildServiceTestApp({
      services: [identityStub(contacts), userManagementService],
      mount: [userManagementService.name],
      database,
      auth: issuer.verifier,
      config,
    }));
    return () => app.close();
  });

  const call = async (
    userId: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    options: { body?: unknown; actAs?: string; stepUp?: boolean } = {},
  ) => {
    const token = await issuer.sign(userId, options.stepUp ? { amr: ['pwd', 'mfa'] } : {});
    const response = await app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.actAs ? { 'x-act-as': options.actAs } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return {
      status: response.statusCode,
      // Answers of several shapes, read field by field: the assertions check them.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      body: (response.body ? response.json() : null) as Record<string, any>,
    };
  };

  /** Invites `delegate` to `owner`'s account with `role` and has them accept; returns the delegation id. */
  const delegate = async (
    owner: { userId: string },
    invitee: { userId: string; email: string },
    role: string,
  ) => {
    const invited = await call(owner.userId, 'POST', '/delegates', { body: { email: invitee.email, role } });
    expect(invited.status).toBe(201);
    const id = invited.body['id'] as string;
    expect((await call(invitee.userId, 'POST', `/delegates/${id}/accept`)).status).toBe(204);
    return id;
  };

  it('e-mails an invitee who is a customer, naming who invites them; an unknown address gets the same answer', async () => {
    const ana = person('Ana');
    const mia = person('Mia');
    const invited = await call(ana.userId, 'POST', '/delegates', {
      body: { email: mia.email, role: 'trader' },
    });
    expect(invited.status).toBe(201);
    expect(emailed).toContainEqual([mia.userId, 'delegateInvited', 'Ana']);
    const before = emailed.length;
    const stranger = await call(ana.userId, 'POST', '/delegates', {
      body: { email: 'nobody.here@example.test', role: 'viewer' },
    });
    expect(stranger.status).toBe(201);
    expect(emailed.length).toBe(before);
  });

  it('invites by e-mail, shows the invitation to the invitee only, and lets only them accept', async () => {
    const ana = person('Ana');
    const mia = person('Mia');
    const eve = person('Eve');
    const invited = await call(ana.userId, 'POST', '/delegates', {
      body: { email: `  ${mia.email.toUpperCase()} `, role: 'viewer' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: mia.email,
      role: 'viewer',
      status: 'pending',
      displayName: null,
    });
    const id = invited.body['id'] as string;

    const again = await call(ana.userId, 'POST', '/delegates', { body: { email: mia.email, role: 'full' } });
    expect(again.body['error']).toMatchObject({ code: 'DELEGATE_ALREADY_INVITED' });
    const self = await call(ana.userId, 'POST', '/delegates', { body: { email: ana.email, role: 'full' } });
    expect(self.body['error']).toMatchObject({ code: 'DELEGATE_SELF' });
    const badRole = await call(ana.userId, 'POST', '/delegates', {
      body: { email: eve.email, role: 'owner' },
    });
    expect(badRole.status).toBe(400);

    const miaView = await call(mia.userId, 'GET', '/delegates');
    expect(miaView.body['accounts']).toEqual([
      expect.objectContaining({
        id,
        ownerUserId: ana.userId,
        ownerName: 'Ana',
        role: 'viewer',
        status: 'pending',
      }),
    ]);
    expect((await call(eve.userId, 'GET', '/delegates')).body['accounts']).toEqual([]);
    expect((await call(eve.userId, 'POST', `/delegates/${id}/accept`)).body['error']).toMatchObject({
      code: 'DELEGATION_NOT_FOUND',
    });

    // Before accepting, Mia cannot act for Ana.
    expect((await call(mia.userId, 'GET', '/me', { actAs: ana.userId })).body['error']).toMatchObject({
      code: 'DELEGATION_NOT_ACTIVE',
    });
    expect((await call(mia.userId, 'POST', `/delegates/${id}/accept`)).status).toBe(204);
    const asAna = await call(mia.userId, 'GET', '/me', { actAs: ana.userId });
    expect(asAna.status).toBe(200);
    expect(asAna.body['userId']).toBe(ana.userId);
    const granted = await call(ana.userId, 'GET', '/delegates');
    expect(granted.body['granted']).toEqual([
      expect.objectContaining({ id, status: 'active', displayName: 'Mia', role: 'viewer' }),
    ]);
  });

  it('refuses acceptance by an invitee whose e-mail is not verified', async () => {
    const ana = person('Ana');
    const unverified = person('Noé', false);
    const invited = await call(ana.userId, 'POST', '/delegates', {
      body: { email: unverified.email, role: 'viewer' },
    });
    const accept = await call(unverified.userId, 'POST', `/delegates/${invited.body['id']}/accept`);
    expect(accept.status).toBe(403);
    expect(accept.body['error']).toMatchObject({ code: 'DELEGATE_EMAIL_UNVERIFIED' });
  });

  it('keeps a delegate of one customer out of another, and out of settings that are never delegable', async () => {
    const ana = person('Ana');
    const bob = person('Bob');
    const mia = person('Mia');
    await delegate(ana, mia, 'full');
    expect((await call(mia.userId, 'GET', '/me', { actAs: bob.userId })).body['error']).toMatchObject({
      code: 'DELEGATION_NOT_ACTIVE',
    });
    for (const [method, url, body] of [
      ['GET', '/delegates', undefined],
      ['POST', '/delegates', { email: 'x@example.test', role: 'full' }],
      ['GET', '/api-keys', undefined],
      ['PATCH', '/me', { referenceCurrency: 'USD' }],
    ] as const) {
      const refused = await call(mia.userId, method, url, { actAs: ana.userId, body, stepUp: true });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body['error']).toMatchObject({ code: 'DELEGATE_NOT_PERMITTED' });
    }
    expect((await call(ana.userId, 'GET', '/me')).body['referenceCurrency']).toBe('EUR');
  });

  it('refuses a revoked delegate at once, lets a delegate leave, and audits with both identities', async () => {
    const ana = person('Ana');
    const mia = person('Mia');
    const leo = person('Léo');
    const miaId = await delegate(ana, mia, 'trader');
    const leoId = await delegate(ana, leo, 'viewer');
    // A refused write is an action too: audited with its status.
    await call(leo.userId, 'PATCH', '/me', { actAs: ana.userId, body: { referenceCurrency: 'USD' } });
    const audit = await call(ana.userId, 'GET', '/delegates/audit');
    expect(audit.body['entries']).toEqual([
      expect.objectContaining({
        delegateUserId: leo.userId,
        delegateName: 'Léo',
        role: 'viewer',
        method: 'PATCH',
        path: '/api/user-management/me',
        statusCode: 403,
      }),
    ]);
    // Only the owner reads their audit log; Bob's is empty.
    expect((await call(person('Bob').userId, 'GET', '/delegates/audit')).body['entries']).toEqual([]);

    expect((await call(mia.userId, 'DELETE', `/delegates/${miaId}`)).body['error']).toMatchObject({
      code: 'DELEGATION_NOT_FOUND',
    });
    expect((await call(ana.userId, 'DELETE', `/delegates/${miaId}`)).status).toBe(204);
    expect((await call(mia.userId, 'GET', '/me', { actAs: ana.userId })).body['error']).toMatchObject({
      code: 'DELEGATION_NOT_ACTIVE',
    });
    expect((await call(leo.userId, 'POST', `/delegates/${leoId}/leave`)).status).toBe(204);
    expect((await call(leo.userId, 'GET', '/me', { actAs: ana.userId })).status).toBe(403);
    expect((await call(ana.userId, 'GET', '/delegates')).body['granted']).toEqual([]);
    // Revoked and left: Ana may invite them again.
    expect(
      (await call(ana.userId, 'POST', '/delegates', { body: { email: mia.email, role: 'viewer' } })).status,
    ).toBe(201);
  });

  it('creates a key only after a step-up, shows the secret once and keeps only its hash', async () => {
    const ana = person('Ana');
    const body = { name: 'Bot', scopes: ['read'], allowedIps: [], expiresInDays: 30 };
    const withoutStepUp = await call(ana.userId, 'POST', '/api-keys', { body });
    expect(withoutStepUp.status).toBe(403);
    expect(withoutStepUp.body['error']).toMatchObject({ code: 'CASH_STEP_UP_REQUIRED' });
    const created = await call(ana.userId, 'POST', '/api-keys', { body, stepUp: true });
    expect(created.status).toBe(201);
    const secret = created.body['secret'] as string;
    expect(secret).toMatch(/^tsk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const id = created.body['key']['id'] as string;
    const listed = await call(ana.userId, 'GET', '/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(21));
    expect(listed.body['keys']).toEqual([
      expect.objectContaining({ id, prefix: `tsk_${id}`, status: 'active' }),
    ]);
    const { rows } = await sql<{ secret_sha256: string }>`
      select secret_sha256 from user_management.api_keys where id = ${id}`.execute(database.db);
    const rawSecret = secret.slice(`tsk_${id}_`.length);
    expect(rows[0]?.secret_sha256).toBe(createHash('sha256').update(rawSecret).digest('hex'));
    expect(rows[0]?.secret_sha256).not.toContain(rawSecret);
  });

  it('refuses bad allow-list entries with the entry named, and another customer’s key ids', async () => {
    const ana = person('Ana');
    const bob = person('Bob');
    const refused = await call(ana.userId, 'POST', '/api-keys', {
      body: {
        name: 'Bot',
        scopes: ['read'],
        allowedIps: ['10.0.0.0/8', '10.0.0.0/33', 'example.com'],
        expiresInDays: 30,
      },
      stepUp: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body['error']['details']['issues'].map((issue: { path: string }) => issue.path)).toEqual([
      'allowedIps.1',
      'allowedIps.2',
    ]);
    const created = await call(ana.userId, 'POST', '/api-keys', {
      body: { name: 'Bot', scopes: ['read'], allowedIps: ['2001:DB8::/32', '192.0.2.7'], expiresInDays: 30 },
      stepUp: true,
    });
    expect(created.body['key']['allowedIps']).toEqual(['2001:db8::/32', '192.0.2.7/32']);
    const id = created.body['key']['id'];
    expect((await call(bob.userId, 'DELETE', `/api-keys/${id}`)).status).toBe(404);
    expect((await call(bob.userId, 'GET', `/api-keys/${id}/usage`)).status).toBe(404);
  });

  it('lets a key read within its scope and allow-list, logs each use, and refuses it once revoked or expired', async () => {
    const ana = person('Ana');
    const created = await call(ana.userId, 'POST', '/api-keys', {
      body: { name: 'Reader', scopes: ['read'], allowedIps: ['203.0.113.0/24'], expiresInDays: 1 },
      stepUp: true,
    });
    const secret = created.body['secret'] as string;
    const id = created.body['key']['id'] as string;
    const useKey = (url: string, remoteAddress: string, method: 'GET' | 'PATCH' = 'GET') =>
      app.inject({
        method,
        url: `/api/user-management${url}`,
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress,
        ...(method === 'PATCH' ? { payload: { referenceCurrency: 'USD' } } : {}),
      });
    // The profile is readable by delegates but not on the public API: keys are refused there.
    const notPublic = await useKey('/me', '203.0.113.5');
    expect(notPublic.statusCode).toBe(403);
    expect(notPublic.json().error.code).toBe('API_KEY_SCOPE_MISSING');
    const outside = await useKey('/me', '198.51.100.1');
    expect(outside.json().error.code).toBe('API_KEY_IP_NOT_ALLOWED');
    const usage = await call(ana.userId, 'GET', `/api-keys/${id}/usage`);
    expect(usage.body['entries']).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/user-management/me',
        statusCode: 403,
        ip: '198.51.100.1',
      }),
      expect.objectContaining({ statusCode: 403, ip: '203.0.113.5' }),
    ]);
    // Managing keys is never open to a key.
    expect((await useKey('/api-keys', '203.0.113.5')).statusCode).toBe(403);

    await sql`update user_management.api_keys set expires_at = now() - interval '1 second' where id = ${id}`.execute(
      database.db,
    );
    const expired = await useKey('/me', '203.0.113.5');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('API_KEY_EXPIRED');
    expect((await call(ana.userId, 'DELETE', `/api-keys/${id}`)).status).toBe(204);
    const revoked = await useKey('/me', '203.0.113.5');
    expect(revoked.json().error.code).toBe('API_KEY_REVOKED');
    expect((await call(ana.userId, 'GET', '/api-keys')).body['keys'][0]).toMatchObject({ status: 'revoked' });
  });
});
