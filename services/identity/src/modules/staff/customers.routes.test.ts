/**
 * Customer lookup (docs/api.md, "Customer lookup"): support agents and admins find customers by e-mail or name and
 * read a profile; a KYC reviewer, a UX researcher and a customer are refused (403) before anything is read; a
 * missing or malformed case reference is STAFF_REASON_REQUIRED and records nothing; every read is in the audit log
 * with its reference; staff members are never found.
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, staffSignedIn, startIdentity, strongPassword } from '../../testing/harness.ts';

describeEachDatabase('customer lookup for support agents', ({ createDatabase }) => {
  let identity: IdentityHarness;
  let agent: { id: string; token: string };
  let admin: { id: string; token: string };
  let customerId: string;
  const suffix = Date.now().toString(36);
  const customerEmail = `zoe.lookup.${suffix}@example.test`;

  const get = (token: string | null, path: string, reason?: string) =>
    fetch(`${identity.baseUrl}${path}`, {
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(reason === undefined ? {} : { 'x-staff-reason': reason }),
      },
    });
  const codeOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string } }).error.code;
  const auditCount = async () =>
    Number(
      (
        await identity.db
          .selectFrom('staff_audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
    agent = await staffSignedIn(identity, 'support_agent');
    admin = await staffSignedIn(identity, 'admin');
    customerId = await identity.signUpConfirmed(customerEmail, strongPassword(), {
      given_name: 'Zoé',
      family_name: `Lookup${suffix}`,
    });
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('refuses a KYC reviewer, a UX researcher, a customer (403 FORBIDDEN) and anyone signed out (401), recording nothing', async () => {
    const before = await auditCount();
    const reviewer = await staffSignedIn(identity, 'kyc_reviewer');
    const researcher = await staffSignedIn(identity, 'ux_researcher');
    const customerPassword = strongPassword();
    const otherEmail = `other.${suffix}@example.test`;
    await identity.signUpConfirmed(otherEmail, customerPassword);
    const customerToken = (await identity.passwordAuth(otherEmail, customerPassword)).AuthenticationResult!
      .AccessToken!;
    for (const path of [
      `/api/identity/staff/customers?q=${encodeURIComponent(customerEmail)}`,
      `/api/identity/staff/customers/${customerId}`,
      // Refused before the parameters are looked at.
      '/api/identity/staff/customers/not-a-uuid',
    ]) {
      for (const token of [reviewer.token, researcher.token, customerToken]) {
        const refused = await get(token, path, 'CASE-1042');
        expect(refused.status, path).toBe(403);
        expect(await codeOf(refused)).toBe('FORBIDDEN');
      }
      expect((await get(null, path, 'CASE-1042')).status).toBe(401);
    }
    expect(await auditCount()).toBe(before);
  });

  it('asks for a case or ticket reference in the documented format, and records nothing without one', async () => {
    const before = await auditCount();
    for (const reason of [undefined, '', '  ', 'ab', 'has spaces 12', 'x'.repeat(41), '-CASE-1', 'CASE<1>']) {
      const refused = await get(agent.token, `/api/identity/staff/customers/${customerId}`, reason);
      expect(refused.status, String(reason)).toBe(400);
      expect(await codeOf(refused)).toBe('STAFF_REASON_REQUIRED');
    }
    expect(await auditCount()).toBe(before);
  });

  it('finds a customer by e-mail, by name (accents and case kept apart from wildcards), never a staff member', async () => {
    const byEmail = await get(
      agent.token,
      `/api/identity/staff/customers?q=${encodeURIComponent(customerEmail.toUpperCase())}`,
      'CASE-1042',
    );
    expect(byEmail.status).toBe(200);
    const found = ((await byEmail.json()) as { items: { id: string; name: string | null }[] }).items;
    expect(found).toEqual([expect.objectContaining({ id: customerId, name: `Zoé Lookup${suffix}` })]);

    const byName = await get(
      admin.token,
      `/api/identity/staff/customers?q=${encodeURIComponent(`zoé lookup${suffix}`)}`,
      'ZD#58213',
    );
    expect(((await byName.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
      customerId,
    ]);
    // '%' and '_' are text, not wildcards.
    const wildcard = await get(agent.token, '/api/identity/staff/customers?q=%25%25', 'CASE-1042');
    expect(((await wildcard.json()) as { items: unknown[] }).items).toEqual([]);
    // Staff are not customers.
    const staff = await get(agent.token, '/api/identity/staff/customers?q=support_agent', 'CASE-1042');
    expect(((await staff.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("reads a customer's profile, audited as customer.view with the reference; a staff id or unknown id is STAFF_CUSTOMER_NOT_FOUND", async () => {
    const read = await get(agent.token, `/api/identity/staff/customers/${customerId}`, 'CASE-1042');
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      id: customerId,
      email: customerEmail,
      givenName: 'Zoé',
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
    });
    const entry = await identity.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('action', '=', 'customer.view')
      .where('subject_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: agent.id, reason: 'CASE-1042' });
    const search = await identity.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('action', '=', 'customer.search')
      .where('actor_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(search.reason).toBe('ZD#58213');

    for (const id of [admin.id, crypto.randomUUID()]) {
      const missing = await get(agent.token, `/api/identity/staff/customers/${id}`, 'CASE-1042');
      expect(missing.status).toBe(404);
      expect(await codeOf(missing)).toBe('STAFF_CUSTOMER_NOT_FOUND');
    }
  });

  it('refuses hostile search text (NUL, a bidi override, too short, too long, unknown fields) with VALIDATION_FAILED', async () => {
    for (const query of ['q=a%00b', 'q=ab%E2%80%AEcd', 'q=a', `q=${'x'.repeat(101)}`, 'q=ana&extra=1', '']) {
      const refused = await get(agent.token, `/api/identity/staff/customers?${query}`, 'CASE-1042');
      expect(refused.status, query).toBe(400);
      expect(await codeOf(refused)).toBe('VALIDATION_FAILED');
    }
  });
});
