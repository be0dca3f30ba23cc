/**
 * The ledger check as the ledger explorer runs it (docs/api.md, "Ledger"): an admin runs it on a ledger, it passes
 * on a sound ledger and the run is recorded with when it ran and who ran it; the latest run per ledger reads back;
 * a broken chain makes the next run fail; support agents, customers and anonymous callers are refused.
 */
import { randomUUID } from 'node:crypto';
import type { StaffAccessRecord } from '@tessera/contracts';
import { loadConfig, type Database } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ledgerService } from '../../service.ts';
import { identityStandIn } from '../../test-support/identity-stand-in.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

describeEachDatabase('ledger check runs', ({ createDatabase }) => {
  let app: FastifyInstance;
  let database: Database;
  let tokens: Record<'admin' | 'support' | 'customer', string>;
  let audit: StaffAccessRecord[];

  beforeAll(async () => {
    const issuer = await createTestTokenIssuer();
    database = await createDatabase();
    const identity = identityStandIn();
    audit = identity.audit;
    ({ app } = await buildServiceTestApp({
      services: [identity.service, ledgerService],
      config,
      database,
      auth: issuer.verifier,
      closeDatabase: true,
    }));
    tokens = {
      admin: await issuer.sign('staff-admin', { groups: ['admin'] }),
      support: await issuer.sign('staff-support', { groups: ['support_agent'] }),
      customer: await issuer.sign('customer-1'),
    };
    return () => app.close();
  });

  const call = async (
    who: keyof typeof tokens | 'anonymous',
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    reason: string | null = 'CASE-1042',
  ) => {
    const response = await app.inject({
      method,
      url: `/api/ledger${url}`,
      headers: {
        ...(who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }),
        ...(reason === null ? {} : { 'x-staff-reason': reason }),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('runs the check on a sound ledger (passes), records when and by whom, and gives the latest run per ledger', async () => {
    const tenantId = `biz-${randomUUID().slice(0, 8)}`;
    expect((await call('admin', 'POST', '/tenants', { id: tenantId, ownerUserId: 'owner-1' })).status).toBe(
      201,
    );
    expect((await call('admin', 'POST', `/tenants/${tenantId}/ledgers`, { code: 'EUR' })).status).toBe(200);
    const [a, b] = [randomUUID(), randomUUID()];
    for (const [id, type] of [
      [a, 'bank_omnibus'],
      [b, 'customer_wallet'],
    ]) {
      const opened = await call('admin', 'POST', `/tenants/${tenantId}/accounts`, {
        id,
        ledger: 'EUR',
        ownerId: 'owner-1',
        type,
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    }
    for (const amount of ['10.00', '2.50']) {
      const moved = await call('admin', 'POST', `/tenants/${tenantId}/transfers`, {
        id: randomUUID(),
        ledger: 'EUR',
        debitAccountId: a,
        creditAccountId: b,
        amount,
        code: 1,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    }
    expect((await call('admin', 'GET', `/tenants/${tenantId}/verification-runs`)).body).toEqual({
      items: [],
    });

    const before = Date.now();
    const run = await call('admin', 'POST', `/tenants/${tenantId}/ledgers/EUR/verification-runs`);
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(run.body).toMatchObject({
      tenantId,
      ledger: 'EUR',
      ranBy: 'staff-admin',
      ok: true,
      result: {
        ok: true,
        transfersChecked: 2,
        accountsChecked: 2,
        totals: { debitsPosted: '12.50', creditsPosted: '12.50' },
        problems: [],
      },
    });
    expect(Date.parse(run.body.ranAt)).toBeGreaterThanOrEqual(before - 1000);

    // A broken chain: the next run fails, and the latest run is that one.
    await sql`update ledger.transfers set amount = amount + 1
      where ledger_id = (select id from ledger.ledgers where tenant_id = ${tenantId} and code = 'EUR')
      and sequence = 1`.execute(database.db);
    const broken = await call('admin', 'POST', `/tenants/${tenantId}/ledgers/EUR/verification-runs`);
    expect(broken.body.ok).toBe(false);
    expect(broken.body.result.problems.map((problem: { kind: string }) => problem.kind)).toContain(
      'hash_mismatch',
    );
    const latest = await call('admin', 'GET', `/tenants/${tenantId}/verification-runs`);
    expect(latest.body.items).toEqual([broken.body]);
  });

  it('refuses support agents and customers (403) and anonymous callers (401) before the parameters; unknown ledgers are 404', async () => {
    for (const [method, url] of [
      ['POST', '/tenants/tessera/ledgers/EUR/verification-runs'],
      ['GET', '/tenants/tessera/verification-runs'],
      ['POST', '/tenants/tessera/ledgers/not-a-ledger-code-at-all/verification-runs'],
    ] as const) {
      for (const who of ['support', 'customer'] as const) {
        const refused = await call(who, method, url);
        expect(refused.status, `${who} ${method} ${url}`).toBe(403);
        expect(refused.body.error.code).toBe('FORBIDDEN');
      }
      expect((await call('anonymous', method, url)).status).toBe(401);
    }
    const unknown = await call('admin', 'POST', '/tenants/tessera/ledgers/ZZZ/verification-runs');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LEDGER_LEDGER_NOT_FOUND');
    const hostile = await call('admin', 'POST', '/tenants/tessera/ledgers/E%00R/verification-runs');
    expect(hostile.status).toBe(400);
    expect((await call('admin', 'GET', '/tenants/no-such-tenant/verification-runs')).body.error.code).toBe(
      'LEDGER_TENANT_NOT_FOUND',
    );
  });

  it('needs a case reference from admins (STAFF_REASON_REQUIRED, nothing run) and audits each call as ledger.check', async () => {
    const before = audit.length;
    for (const [method, url] of [
      ['POST', '/tenants/tessera/ledgers/EUR/verification-runs'],
      ['GET', '/tenants/tessera/verification-runs'],
    ] as const) {
      for (const reason of [null, 'no', 'CASE 1042']) {
        const refused = await call('admin', method, url, undefined, reason);
        expect(refused.status, `${method} ${url} ${String(reason)}`).toBe(400);
        expect(refused.body.error.code).toBe('STAFF_REASON_REQUIRED');
      }
    }
    expect(audit.length).toBe(before);
    const runs = async () =>
      (
        await sql<{ count: string }>`select count(*)::text as count from ledger.verification_runs
          where tenant_id = 'tessera'`.execute(database.db)
      ).rows[0]!.count;
    const runsBefore = await runs();
    const run = await call(
      'admin',
      'POST',
      '/tenants/tessera/ledgers/EUR/verification-runs',
      undefined,
      'OPS-9',
    );
    expect(run.status).toBe(201);
    expect(await runs()).toBe(String(Number(runsBefore) + 1));
    expect(
      (await call('admin', 'GET', '/tenants/tessera/verification-runs', undefined, 'OPS-9')).status,
    ).toBe(200);
    expect(audit.slice(before)).toEqual([
      {
        action: 'ledger.check',
        reason: 'OPS-9',
        actorId: 'staff-admin',
        actorGroups: ['admin'],
        detail: {
          method: 'POST',
          route: '/api/ledger/tenants/:tenantId/ledgers/:code/verification-runs',
          tenantId: 'tessera',
        },
      },
      {
        action: 'ledger.check',
        reason: 'OPS-9',
        actorId: 'staff-admin',
        actorGroups: ['admin'],
        detail: {
          method: 'GET',
          route: '/api/ledger/tenants/:tenantId/verification-runs',
          tenantId: 'tessera',
        },
      },
    ]);
  });
});
