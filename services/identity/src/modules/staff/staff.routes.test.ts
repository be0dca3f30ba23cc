/**
 * Staff management and the staff audit log (docs/api.md, "Staff"): admins only (a support agent's token gets 403
 * on every route), invitations go through the outbox, group changes, disable/enable, second-factor reset, and the
 * audit log that refuses UPDATE and DELETE.
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDENTITY_SCHEMA } from '../../database.ts';
import { type IdentityHarness, staffSignedIn, startIdentity, uniqueEmail } from '../../testing/harness.ts';

describeEachDatabase('staff management and audit log', ({ createDatabase }) => {
  let identity: IdentityHarness;
  let adminToken: string;
  let adminId: string;
  let agentToken: string;
  let agentId: string;

  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${identity.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
    ({ id: adminId, token: adminToken } = await staffSignedIn(identity, 'admin'));
    ({ id: agentId, token: agentToken } = await staffSignedIn(identity, 'support_agent'));
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('refuses a support agent (403 FORBIDDEN) and an anonymous caller (401) on every admin route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/identity/staff'],
      ['POST', '/api/identity/staff', { email: uniqueEmail('x'), groups: ['admin'] }],
      ['PUT', `/api/identity/staff/${agentId}/groups`, { groups: ['admin'] }],
      ['POST', `/api/identity/staff/${adminId}/disable`],
      ['POST', `/api/identity/staff/${adminId}/enable`],
      ['POST', `/api/identity/staff/${adminId}/reset-mfa`],
      ['GET', '/api/identity/audit-log'],
    ];
    for (const [method, path, body] of routes) {
      const refused = await api(agentToken, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
      const anonymous = await fetch(`${identity.baseUrl}${path}`, { method });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const groups = await identity.db
      .selectFrom('users')
      .select('groups')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(groups.groups).toEqual(['support_agent']);
  });

  it('invites with groups (temporary password e-mailed through the outbox), changes groups, disables, enables, resets MFA, and logs each', async () => {
    const email = uniqueEmail('invitee');
    const invited = await api(adminToken, 'POST', '/api/identity/staff', {
      email,
      groups: ['kyc_reviewer'],
      locale: 'fr',
    });
    expect(invited.status).toBe(201);
    const member = (await invited.json()) as { id: string; groups: string[]; status: string };
    expect(member).toMatchObject({ groups: ['kyc_reviewer'], status: 'FORCE_CHANGE_PASSWORD' });
    const mail = await identity.latestMessage(email);
    expect(mail?.channel).toBe('email');

    const again = await api(adminToken, 'POST', '/api/identity/staff', {
      email: email.toUpperCase(),
      groups: ['admin'],
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('STAFF_EMAIL_TAKEN');
    const badGroup = await api(adminToken, 'POST', '/api/identity/staff', {
      email: uniqueEmail('y'),
      groups: ['root'],
    });
    expect(badGroup.status).toBe(400);

    const changed = await api(adminToken, 'PUT', `/api/identity/staff/${member.id}/groups`, {
      groups: ['kyc_reviewer', 'support_agent'],
    });
    expect(((await changed.json()) as { groups: string[] }).groups).toEqual([
      'kyc_reviewer',
      'support_agent',
    ]);
    expect(
      (
        (await (await api(adminToken, 'POST', `/api/identity/staff/${member.id}/disable`)).json()) as {
          enabled: boolean;
        }
      ).enabled,
    ).toBe(false);
    expect(
      (
        (await (await api(adminToken, 'POST', `/api/identity/staff/${member.id}/enable`)).json()) as {
          enabled: boolean;
        }
      ).enabled,
    ).toBe(true);

    // The reset forgets the authenticator: the agent's next sign-in sets one up again (MFA_SETUP).
    const reset = await api(adminToken, 'POST', `/api/identity/staff/${agentId}/reset-mfa`);
    expect(((await reset.json()) as { mfaEnabled: boolean }).mfaEnabled).toBe(false);
    const agent = await identity.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(agent.totp_secret).toBeNull();
    expect(agent.totp_enabled).toBe(false);

    expect((await api(adminToken, 'POST', `/api/identity/staff/${adminId}/disable`)).status).toBe(409);
    expect(
      (await api(adminToken, 'PUT', `/api/identity/staff/${adminId}/groups`, { groups: ['support_agent'] }))
        .status,
    ).toBe(409);
    expect((await api(adminToken, 'POST', `/api/identity/staff/${crypto.randomUUID()}/disable`)).status).toBe(
      404,
    );

    const listed = await api(adminToken, 'GET', `/api/identity/audit-log?subjectId=${member.id}`);
    expect(listed.status, await listed.clone().text()).toBe(200);
    const log = (await listed.json()) as {
      entries: {
        action: string;
        actorId: string;
        actorEmail: string;
        subjectEmail: string;
        reason: string;
      }[];
    };
    expect(log.entries.map((entry) => entry.action)).toEqual([
      'staff.enable',
      'staff.disable',
      'staff.groups',
      'staff.invite',
    ]);
    expect(log.entries[0]).toMatchObject({
      actorId: adminId,
      subjectEmail: email,
      reason: 'staff administration',
    });
    const page = (await (await api(adminToken, 'GET', '/api/identity/audit-log?limit=2')).json()) as {
      entries: unknown[];
      nextCursor: string | null;
    };
    expect(page.entries).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    expect((await api(adminToken, 'GET', '/api/identity/audit-log?limit=1000')).status).toBe(400);
  });

  it('the audit log is append-only: no route changes it, and the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await api(adminToken, method, '/api/identity/audit-log', {});
      expect(response.status).toBe(404);
    }
    const before = await identity.db.selectFrom('staff_audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(
      identity.db.updateTable('staff_audit_log').set({ reason: 'rewritten' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(identity.db.deleteFrom('staff_audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(
      sql`truncate ${sql.table(`${IDENTITY_SCHEMA}.staff_audit_log`)}`.execute(identity.db),
    ).rejects.toThrow(/append-only/);
    const after = await identity.db.selectFrom('staff_audit_log').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
