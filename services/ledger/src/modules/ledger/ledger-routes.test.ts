import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LEDGER_BATCH_MAX, type StaffAccessRecord } from '@tessera/contracts';
import { loadConfig, undocumentedRoutes } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ledgerService } from '../../service.ts';
import { identityStandIn } from '../../test-support/identity-stand-in.ts';
import { newId } from '../../test-support/ledger-fixture.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

describeEachDatabase('ledger HTTP routes', ({ createDatabase }) => {
  let app: FastifyInstance;
  let tokens: Record<'admin' | 'support' | 'customer' | 'owner' | 'stranger', string>;
  let audit: StaffAccessRecord[];

  beforeAll(async () => {
    const issuer = await createTestTokenIssuer();
    const identity = identityStandIn();
    audit = identity.audit;
    ({ app } = await buildServiceTestApp({
      services: [identity.service, ledgerService],
      config,
      database: await createDatabase(),
      auth: issuer.verifier,
      closeDatabase: true,
    }));
    tokens = {
      admin: await issuer.sign('staff-admin', { groups: ['admin'] }),
      support: await issuer.sign('staff-support', { groups: ['support_agent'] }),
      customer: await issuer.sign('customer-1'),
      owner: await issuer.sign('business-owner'),
      stranger: await issuer.sign('someone-else'),
    };
    return () => app.close();
  });

  const call = async (
    who: keyof typeof tokens | 'anonymous',
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    reason?: string,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/ledger${url}`,
      headers: {
        ...(who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }),
        ...(reason === undefined ? {} : { 'x-staff-reason': reason }),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };

  const newTenantId = () => `biz-${randomUUID().slice(0, 8)}`;
  // Each test that works inside a business tenant opens its own, with the ledgers it needs, so no test depends on
  // another having created the tenant or a ledger first.
  const openTenant = async (...codes: string[]) => {
    const tenantId = newTenantId();
    expect(
      (await call('admin', 'POST', '/tenants', { id: tenantId, ownerUserId: 'business-owner' })).status,
    ).toBe(201);
    for (const code of codes) {
      expect((await call('owner', 'POST', `/tenants/${tenantId}/ledgers`, { code })).status).toBe(200);
    }
    return tenantId;
  };

  it('documents every route (summary and response) in its OpenAPI document', async () => {
    expect(undocumentedRoutes(app).filter((route) => route.service === 'ledger')).toEqual([]);
    const document = await app.inject({ method: 'GET', url: '/api/ledger/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json<{ paths: object }>().paths)).toContain(
      '/api/ledger' + '/tenants/{tenantId}/transfers',
    );
  });

  it("guards the bank's ledgers (issue #16): admins only, with a case reference, every read and write audited", async () => {
    expect((await call('anonymous', 'GET', '/tenants/tessera/ledgers/EUR')).body.error.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await call('customer', 'GET', '/tenants/tessera/ledgers/EUR', undefined, 'CASE-1')).status).toBe(
      403,
    );
    // Support agents use customer lookup (audited there), not the bank's ledgers.
    const support = await call('support', 'GET', '/tenants/tessera/ledgers/EUR', undefined, 'CASE-1042');
    expect(support.status).toBe(403);
    expect(support.body.error.code).toBe('FORBIDDEN');
    const before = audit.length;
    for (const reason of [undefined, '', 'x', 'has spaces in it', 'a'.repeat(41)]) {
      const refused = await call('admin', 'GET', '/tenants/tessera/ledgers/EUR', undefined, reason);
      expect(refused.status, String(reason)).toBe(400);
      expect(refused.body.error.code).toBe('STAFF_REASON_REQUIRED');
      expect(refused.body).not.toHaveProperty('code');
    }
    expect(audit.length).toBe(before);

    const read = await call('admin', 'GET', '/tenants/tessera/ledgers/EUR', undefined, 'CASE-1042');
    expect(read.body).toMatchObject({ code: 'EUR', scale: 2 });
    expect(audit.slice(before)).toEqual([
      {
        action: 'ledger.read',
        reason: 'CASE-1042',
        actorId: 'staff-admin',
        actorGroups: ['admin'],
        detail: { method: 'GET', route: '/api/ledger/tenants/:tenantId/ledgers/:code', tenantId: 'tessera' },
      },
    ]);

    const account = { id: newId(), ledger: 'EUR', ownerId: 'tessera', type: 'bank_omnibus' };
    expect((await call('support', 'POST', '/tenants/tessera/accounts', account, 'CASE-1042')).status).toBe(
      403,
    );
    const unreferenced = await call('admin', 'POST', '/tenants/tessera/accounts', account);
    expect(unreferenced.body.error.code).toBe('STAFF_REASON_REQUIRED');
    expect((await call('admin', 'POST', '/tenants/tessera/accounts', account, 'OPS#7')).status).toBe(201);
    expect((await call('admin', 'POST', '/tenants/tessera/accounts', account, 'OPS#7')).status).toBe(200);
    const written = audit.slice(before + 1);
    expect(written).toHaveLength(2);
    for (const entry of written) {
      expect(entry).toMatchObject({
        action: 'ledger.write',
        reason: 'OPS#7',
        actorId: 'staff-admin',
        detail: { method: 'POST', route: '/api/ledger/tenants/:tenantId/accounts' },
      });
      // No body is recorded.
      expect(JSON.stringify(entry)).not.toContain(account.id);
    }
  });

  it("business tenants are not audited as the bank's: the owner reads without a reference", async () => {
    const tenantId = await openTenant('EUR');
    const before = audit.length;
    expect((await call('owner', 'GET', `/tenants/${tenantId}/ledgers/EUR`)).status).toBe(200);
    expect(audit.length).toBe(before);
  });

  it('serves a business tenant to its owner only; others get LEDGER_TENANT_NOT_FOUND', async () => {
    const tenantId = newTenantId();
    expect(
      (await call('owner', 'POST', '/tenants', { id: tenantId, ownerUserId: 'business-owner' })).status,
    ).toBe(403);
    expect(
      (await call('admin', 'POST', '/tenants', { id: tenantId, ownerUserId: 'business-owner' })).status,
    ).toBe(201);
    expect(
      (await call('owner', 'POST', `/tenants/${tenantId}/ledgers`, { code: 'EUR' })).body.headSequence,
    ).toBe('0');
    const stranger = await call('stranger', 'GET', `/tenants/${tenantId}/ledgers/EUR`);
    expect(stranger).toEqual({
      status: 404,
      body: { error: expect.objectContaining({ code: 'LEDGER_TENANT_NOT_FOUND' }) },
    });
    expect((await call('stranger', 'GET', '/tenants/no-such-tenant/ledgers/EUR')).body.error.code).toBe(
      'LEDGER_TENANT_NOT_FOUND',
    );
  });

  it('records transfers: 201 then 200 with the first result, 409 for another body, named 4xx for bad input', async () => {
    const tenantId = await openTenant('EUR');
    const [bank, wallet] = [newId(), newId()];
    for (const [id, type] of [
      [bank, 'bank_omnibus'],
      [wallet, 'customer_wallet'],
    ] as const) {
      const created = await call('owner', 'POST', `/tenants/${tenantId}/accounts`, {
        id,
        ledger: 'EUR',
        ownerId: 'c1',
        type,
      });
      expect(created.status).toBe(201);
    }
    const body = {
      id: newId(),
      ledger: 'EUR',
      debitAccountId: bank,
      creditAccountId: wallet,
      amount: '12.30',
      code: 1,
    };
    const first = await call('owner', 'POST', `/tenants/${tenantId}/transfers`, body);
    expect(first).toMatchObject({ status: 201, body: { amount: '12.30', sequence: '1' } });
    expect(await call('owner', 'POST', `/tenants/${tenantId}/transfers`, body)).toEqual({
      status: 200,
      body: first.body,
    });
    const conflict = await call('owner', 'POST', `/tenants/${tenantId}/transfers`, {
      ...body,
      amount: '1.00',
    });
    expect([conflict.status, conflict.body.error.code]).toEqual([
      409,
      'LEDGER_TRANSFER_EXISTS_WITH_DIFFERENT_FIELDS',
    ]);
    const decimals = await call('owner', 'POST', `/tenants/${tenantId}/transfers`, {
      ...body,
      id: newId(),
      amount: '1.001',
    });
    expect(decimals).toMatchObject({
      status: 400,
      body: {
        error: { code: 'LEDGER_AMOUNT_INVALID', details: { reason: 'MONEY_TOO_MANY_DECIMALS', scaleMax: 2 } },
      },
    });
    const number = await call('owner', 'POST', `/tenants/${tenantId}/transfers`, {
      ...body,
      id: newId(),
      amount: 5,
    });
    expect([number.status, number.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const overdraft = {
      ...body,
      id: newId(),
      debitAccountId: wallet,
      creditAccountId: bank,
      amount: '12.31',
    };
    const refused = await call('owner', 'POST', `/tenants/${tenantId}/transfers`, overdraft);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'LEDGER_INSUFFICIENT_FUNDS']);
    const balance = await call('owner', 'GET', `/tenants/${tenantId}/accounts/${wallet}/balance`);
    expect(balance.body).toMatchObject({ available: '12.30', posted: '12.30' });
    const past = await call(
      'owner',
      'GET',
      `/tenants/${tenantId}/accounts/${wallet}/balance?at=2000-01-01T00:00:00Z`,
    );
    expect(past.body.available).toBe('0.00');
    const history = await call('owner', 'GET', `/tenants/${tenantId}/accounts/${wallet}/history?limit=10`);
    expect(history.body.items.map((item: { id: string }) => item.id)).toEqual([body.id]);
    expect((await call('stranger', 'GET', `/tenants/${tenantId}/transfers/${body.id}`)).status).toBe(404);
  });

  it('takes a batch of 8,189 transfers in one call (over the 1 MiB default body limit) and verifies', async () => {
    const tenantId = await openTenant();
    const [issuer, holder] = [newId(), newId()];
    await call('owner', 'POST', `/tenants/${tenantId}/ledgers`, { code: 'USD' });
    const accounts = [issuer, holder].map((id) => ({ id, ledger: 'USD', ownerId: 'c2', type: 'suspense' }));
    expect((await call('owner', 'POST', `/tenants/${tenantId}/accounts/batch`, { accounts })).status).toBe(
      200,
    );
    const transfers = Array.from({ length: LEDGER_BATCH_MAX }, (_, index) => ({
      id: newId(),
      ledger: 'USD',
      debitAccountId: index % 2 === 0 ? issuer : holder,
      creditAccountId: index % 2 === 0 ? holder : issuer,
      amount: '0.01',
      code: 1,
      metadata: { reference: `batch-line-${index}` },
    }));
    const payload = { transfers };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1024 * 1024);
    const response = await call('owner', 'POST', `/tenants/${tenantId}/transfers/batch`, payload);
    expect(response.status).toBe(200);
    expect(
      response.body.results.filter((result: { status: string }) => result.status === 'created'),
    ).toHaveLength(LEDGER_BATCH_MAX);
    const tooMany = await call('owner', 'POST', `/tenants/${tenantId}/transfers/batch`, {
      transfers: [...transfers, transfers[0]],
    });
    expect(tooMany.body.error.code).toBe('VALIDATION_FAILED');
    const verification = await call('support', 'GET', `/tenants/${tenantId}/ledgers/USD/verification`);
    expect(verification.status).toBe(404);
    const verified = await call('owner', 'GET', `/tenants/${tenantId}/ledgers/USD/verification`);
    expect(verified.body).toMatchObject({
      ok: true,
      transfersChecked: LEDGER_BATCH_MAX,
      headSequence: String(LEDGER_BATCH_MAX),
    });
    const chain = await call(
      'owner',
      'GET',
      `/tenants/${tenantId}/ledgers/USD/transfers?afterSequence=8188&limit=5`,
    );
    expect(chain.body).toMatchObject({
      items: [{ sequence: '8189', hash: verified.body.headHash }],
      nextCursor: null,
    });
  });

  it('freezes through the API and answers unknown accounts with LEDGER_ACCOUNT_NOT_FOUND', async () => {
    const tenantId = await openTenant('EUR', 'USD');
    const id = newId();
    await call('owner', 'POST', `/tenants/${tenantId}/accounts`, {
      id,
      ledger: 'EUR',
      ownerId: 'c3',
      type: 'customer_wallet',
    });
    expect((await call('owner', 'POST', `/tenants/${tenantId}/accounts/${id}/freeze`)).body.status).toBe(
      'frozen',
    );
    expect((await call('owner', 'POST', `/tenants/${tenantId}/accounts/${id}/close`)).body.status).toBe(
      'closed',
    );
    const listed = await call('owner', 'GET', `/tenants/${tenantId}/accounts?ownerId=c3&limit=10`);
    expect(listed.body).toMatchObject({ items: [{ id, status: 'closed' }], nextCursor: null });
    const ledgers = await call('owner', 'GET', `/tenants/${tenantId}/ledgers`);
    expect(ledgers.body.items.map((item: { code: string }) => item.code)).toEqual(['EUR', 'USD']);
    const missing = await call('owner', 'GET', `/tenants/${tenantId}/accounts/${newId()}`);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'LEDGER_ACCOUNT_NOT_FOUND']);
    expect((await call('owner', 'GET', `/tenants/${tenantId}/accounts/not-a-uuid`)).status).toBe(404);
  });

  // Defect 9 of issue #13: the batch routes read (and parsed) up to 16 MiB before checking who was calling.
  it('batch routes read 16 MiB before authenticating (defect 9): a refused caller is answered before the body', async () => {
    const tenantId = await openTenant('EUR');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const cases = [
      ['anonymous', `/tenants/${tenantId}/transfers/batch`, 401],
      ['stranger', `/tenants/${tenantId}/accounts/batch`, 404],
      ['customer', '/tenants/tessera/transfers/batch', 403],
    ] as const;
    for (const [who, url, status] of cases) {
      const answered = await new Promise<number | 'no answer while the body was pending'>(
        (resolve, reject) => {
          const pending = httpRequest({
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: `/api/ledger${url}`,
            headers: {
              'content-type': 'application/json',
              // Announces almost 16 MiB and sends 1 KiB: a server that waits for the body never answers.
              'content-length': String(16 * 1024 * 1024 - 1),
              ...(who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }),
            },
          });
          const timer = setTimeout(() => {
            pending.destroy();
            resolve('no answer while the body was pending');
          }, 3_000);
          pending.on('response', (response) => {
            clearTimeout(timer);
            response.resume();
            pending.destroy();
            resolve(response.statusCode ?? 0);
          });
          pending.on('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
          pending.write(`{"transfers":[${'{"id":"x"},'.repeat(90)}`);
        },
      );
      expect(answered, `${who} ${url}`).toBe(status);
    }
  });
});
