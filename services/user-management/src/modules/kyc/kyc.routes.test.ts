import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KYC_DOCUMENT_MAX_BYTES, type KycServerMessage } from '@tessera/contracts';
import { type CustomerSocketEvent, undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MANAGEMENT_CUSTOMER_TOPIC } from './kyc-notifier.ts';
import { createKycRetentionWorker } from './kyc-retention.ts';
import {
  COMPLETE_LEVEL_2,
  JPEG_BYTES,
  passportMrz,
  PNG_BYTES,
  startKycApp,
  WEBP_BYTES,
} from './kyc-test-support.ts';

type Started = Awaited<ReturnType<typeof startKycApp>>;
type Answer = {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
  raw: Buffer;
};

function helpers(started: Started) {
  const { app, issuer } = started;
  const call = async (
    token: string | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: Record<string, unknown> = {};
    try {
      parsed = response.json();
    } catch {
      parsed = {};
    }
    return { status: response.statusCode, body: parsed, headers: response.headers, raw: response.rawPayload };
  };
  const customer = async () => {
    const userId = randomUUID();
    started.identity.addContact(userId, `${userId.slice(0, 8)}@example.test`);
    return { userId, token: await issuer.sign(userId) };
  };
  const staff = async (groups: string[]) => {
    const userId = randomUUID();
    started.identity.addContact(userId, `${groups[0]}-${userId.slice(0, 4)}@tessera.test`);
    return { userId, token: await issuer.sign(userId, { groups }) };
  };
  const upload = (token: string, slot: string, bytes: Buffer, contentType: string) =>
    app
      .inject({
        method: 'PUT',
        url: `/api/user-management/kyc/application/files/${slot}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload: bytes,
      })
      .then((response) => ({
        status: response.statusCode,
        body: response.json() as Record<string, unknown>,
      }));
  /** A customer with a submitted level-2 passport application. */
  const submitted = async (overrides: Record<string, unknown> = {}) => {
    const who = await customer();
    expect(
      (await call(who.token, 'PUT', '/kyc/application', { ...COMPLETE_LEVEL_2, ...overrides })).status,
    ).toBe(200);
    expect((await upload(who.token, 'front', PNG_BYTES, 'image/png')).status).toBe(200);
    expect((await upload(who.token, 'selfie', JPEG_BYTES, 'image/jpeg')).status).toBe(200);
    const sent = await call(who.token, 'POST', '/kyc/application/submit');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return { ...who, caseId: sent.body['id'] as string };
  };
  return { call, customer, staff, upload, submitted };
}

describeEachDatabase('KYC: the customer application and the review', ({ createDatabase }) => {
  let started: Started;
  let h: ReturnType<typeof helpers>;
  const messages: Array<CustomerSocketEvent<KycServerMessage>> = [];

  beforeAll(async () => {
    started = await startKycApp(await createDatabase());
    h = helpers(started);
    started.events.subscribe(USER_MANAGEMENT_CUSTOMER_TOPIC, (event) => {
      messages.push(event as CustomerSocketEvent<KycServerMessage>);
    });
    return () => started.app.close();
  });

  it('documents every KYC route (summary and response)', () => {
    expect(undocumentedRoutes(started.app).filter((route) => route.service === 'user-management')).toEqual(
      [],
    );
  });

  it('takes a level-2 application from not started to approved, and the level rises with a live update', async () => {
    const ana = await h.customer();
    const empty = await h.call(ana.token, 'GET', '/kyc/application');
    expect(empty.body).toMatchObject({ id: null, status: 'not_started', targetLevel: 2, files: [] });
    expect(empty.body['missing']).toContain('personal');

    const saved = await h.call(ana.token, 'PUT', '/kyc/application', COMPLETE_LEVEL_2);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'in_progress',
      missing: ['file.front', 'file.selfie'],
      document: { type: 'passport', mrz: { valid: true, format: 'TD3', mismatches: [] } },
    });
    const front = await h.upload(ana.token, 'front', PNG_BYTES, 'image/png');
    expect(front).toMatchObject({
      status: 200,
      body: { slot: 'front', contentType: 'image/png', size: PNG_BYTES.length },
    });
    expect((await h.upload(ana.token, 'selfie', WEBP_BYTES, 'image/webp')).status).toBe(200);
    const sent = await h.call(ana.token, 'POST', '/kyc/application/submit');
    expect(sent.body).toMatchObject({ status: 'submitted', missing: [] });
    const caseId = sent.body['id'] as string;
    // Submitted: nothing can change until a reviewer decides.
    const locked = await h.call(ana.token, 'PUT', '/kyc/application', { address: COMPLETE_LEVEL_2.address });
    expect(locked.body).toMatchObject({ error: { code: 'KYC_APPLICATION_LOCKED' } });

    const reviewer = await h.staff(['kyc_reviewer']);
    const queue = await h.call(reviewer.token, 'GET', '/staff/kyc/cases');
    const row = (queue.body['items'] as Array<Record<string, unknown>>).find((item) => item['id'] === caseId);
    expect(row).toMatchObject({ userId: ana.userId, customerName: 'Anna Maria Eriksson', riskBand: 'low' });
    const view = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${caseId}`);
    expect(view.body).toMatchObject({
      mrzCheck: { valid: true, fields: { lastName: 'ERIKSSON', birthDate: '1974-08-12' } },
      risk: { band: 'low' },
      approvalsNeeded: 1,
    });
    const image = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${caseId}/files/front`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.raw.equals(PNG_BYTES)).toBe(true);
    expect((await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${caseId}/claim`)).body).toMatchObject({
      application: { status: 'under_review' },
      assignedTo: reviewer.userId,
    });
    const approved = await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'approve',
    });
    expect(approved.body).toMatchObject({
      application: { status: 'approved', level: 2 },
      approvalsNeeded: 0,
    });
    expect(await started.customers.getCustomer(ana.userId)).toMatchObject({
      kycLevel: 2,
      kycStatus: 'approved',
    });
    const heard = messages.filter((event) => event.userId === ana.userId).map((event) => event.message);
    expect(heard).toContainEqual({ type: 'kyc.updated', status: 'submitted', level: 1 });
    expect(heard).toContainEqual({ type: 'kyc.updated', status: 'approved', level: 2 });
    // The decision also goes by e-mail (identity's outbox), and only the decision.
    await expect
      .poll(() => started.identity.emails.filter((email) => email.userId === ana.userId))
      .toEqual([{ userId: ana.userId, notice: 'kycApproved' }]);
    // Every staff read and action is in the audit log, with the case as the reference.
    const audited = started.identity.audit.filter((record) => record.actorId === reviewer.userId);
    expect(audited.map((record) => record.action)).toEqual([
      'kyc.queue',
      'kyc.view',
      'kyc.document',
      'kyc.claim',
      'kyc.approve',
    ]);
    expect(audited.slice(1).every((record) => record.reason === `kyc:${caseId}`)).toBe(true);
    expect(audited.slice(1).every((record) => record.subjectId === ana.userId)).toBe(true);
  });

  it('lists what is missing on submit, and checks the document zone again on the server', async () => {
    const leo = await h.customer();
    const incomplete = await h.call(leo.token, 'POST', '/kyc/application/submit');
    expect(incomplete).toMatchObject({
      status: 422,
      body: { error: { code: 'KYC_APPLICATION_INCOMPLETE' } },
    });
    await h.call(leo.token, 'PUT', '/kyc/application', { personal: COMPLETE_LEVEL_2.personal });
    const partial = await h.call(leo.token, 'POST', '/kyc/application/submit');
    expect((partial.body['error'] as { details: { missing: string[] } }).details.missing).toEqual([
      'address',
      'document',
      'file.front',
      'file.back',
      'file.selfie',
      'dueDiligence',
    ]);
    await h.call(leo.token, 'PUT', '/kyc/application', COMPLETE_LEVEL_2);
    await h.upload(leo.token, 'front', PNG_BYTES, 'image/png');
    await h.upload(leo.token, 'selfie', PNG_BYTES, 'image/png');
    // A zone whose birth date (with a correct check digit) is not the declared one.
    const otherBirth = { ...COMPLETE_LEVEL_2.document, mrzLines: passportMrz({ birth: '750812' }) };
    await h.call(leo.token, 'PUT', '/kyc/application', { document: otherBirth });
    const mismatch = await h.call(leo.token, 'POST', '/kyc/application/submit');
    expect(mismatch.body).toMatchObject({
      error: { code: 'KYC_MRZ_MISMATCH', details: { fields: ['birthDate'] } },
    });
    // A zone with a wrong check digit.
    const [line1, line2] = passportMrz({});
    const broken = `${line2.slice(0, 9)}${(Number(line2[9]) + 1) % 10}${line2.slice(10)}`;
    await h.call(leo.token, 'PUT', '/kyc/application', {
      document: { ...COMPLETE_LEVEL_2.document, mrzLines: [line1, broken] },
    });
    const invalid = await h.call(leo.token, 'POST', '/kyc/application/submit');
    expect(invalid).toMatchObject({ status: 422, body: { error: { code: 'KYC_MRZ_INVALID' } } });
    await h.call(leo.token, 'PUT', '/kyc/application', { document: COMPLETE_LEVEL_2.document });
    expect((await h.call(leo.token, 'POST', '/kyc/application/submit')).status).toBe(200);
  });

  it('refuses an under-age customer and an expired document', async () => {
    const young = await h.customer();
    const underage = await h.call(young.token, 'PUT', '/kyc/application', {
      personal: { ...COMPLETE_LEVEL_2.personal, birthDate: '2010-01-01' },
    });
    expect(underage).toMatchObject({ status: 422, body: { error: { code: 'KYC_UNDERAGE' } } });
    const expired = await h.call(young.token, 'PUT', '/kyc/application', {
      document: { ...COMPLETE_LEVEL_2.document, expiryDate: '2020-01-01' },
    });
    expect(expired).toMatchObject({ status: 422, body: { error: { code: 'KYC_DOCUMENT_EXPIRED' } } });
  });

  it('checks an image by its first bytes and its size, never by its name or header alone', async () => {
    const mia = await h.customer();
    const text = await h.upload(mia.token, 'front', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(text).toMatchObject({ status: 415, body: { error: { code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED' } } });
    const disguised = await h.upload(mia.token, 'front', JPEG_BYTES, 'image/png');
    expect(disguised.body).toMatchObject({ error: { code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED' } });
    const pdf = await h.upload(mia.token, 'front', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(pdf.body).toMatchObject({ error: { code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED' } });
    const huge = await h.upload(
      mia.token,
      'front',
      Buffer.concat([PNG_BYTES, Buffer.alloc(KYC_DOCUMENT_MAX_BYTES)]),
      'image/png',
    );
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'KYC_DOCUMENT_TOO_LARGE' } } });
    const slot = await h.upload(mia.token, 'passport-page', PNG_BYTES, 'image/png');
    expect(slot).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect((await h.call(mia.token, 'GET', '/kyc/application')).body['files']).toEqual([]);
  });

  it('refuses hostile text and unknown fields in every part', async () => {
    const zoe = await h.customer();
    for (const body of [
      { personal: { ...COMPLETE_LEVEL_2.personal, firstName: 'Zoe\u0000' } },
      { personal: { ...COMPLETE_LEVEL_2.personal, lastName: 'Ab\uD800' } },
      { address: { ...COMPLETE_LEVEL_2.address, city: 'x'.repeat(101) } },
      { address: { ...COMPLETE_LEVEL_2.address, country: 'FRA' } },
      { document: { ...COMPLETE_LEVEL_2.document, mrzLines: ['P<NLD', 'short'] } },
      { dueDiligence: { ...COMPLETE_LEVEL_2.dueDiligence, politicallyExposed: 'no' } },
      { personal: COMPLETE_LEVEL_2.personal, userId: randomUUID() },
      { targetLevel: 1 },
      {},
      [],
    ]) {
      const refused = await h.call(zoe.token, 'PUT', '/kyc/application', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await h.call(zoe.token, 'GET', '/kyc/application?as=someone-else')).status).toBe(400);
    const text = await h.call(zoe.token, 'PUT', '/kyc/application', 'text');
    expect(text).toMatchObject({ status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } } });
    expect((await h.call(zoe.token, 'GET', '/kyc/application')).body['status']).toBe('not_started');
  });

  it('never shows a customer another customer’s application, and gives customers and support agents no staff route', async () => {
    const { caseId, userId } = await h.submitted();
    const other = await h.customer();
    expect((await h.call(other.token, 'GET', '/kyc/application')).body).toMatchObject({
      id: null,
      status: 'not_started',
    });
    const support = await h.staff(['support_agent']);
    for (const token of [other.token, support.token]) {
      for (const [method, url, body] of [
        ['GET', '/staff/kyc/cases', undefined],
        ['GET', `/staff/kyc/cases/${caseId}`, undefined],
        ['GET', `/staff/kyc/cases/${caseId}/files/front`, undefined],
        ['POST', `/staff/kyc/cases/${caseId}/claim`, undefined],
        ['POST', `/staff/kyc/cases/${caseId}/decision`, { decision: 'approve' }],
      ] as const) {
        const refused = await h.call(token, method, url, body);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body).toMatchObject({ error: { code: 'KYC_REVIEWER_REQUIRED' } });
      }
    }
    // Level 1 from the verified e-mail and phone; nothing the refused calls did changed it.
    expect(await started.customers.getCustomer(userId)).toMatchObject({
      kycLevel: 1,
      kycStatus: 'submitted',
    });
    expect(started.identity.audit.some((record) => record.actorId === support.userId)).toBe(false);
    expect((await h.call(null, 'GET', '/kyc/application')).status).toBe(401);
  });

  it('answers unknown cases and malformed ids and references with their codes', async () => {
    const reviewer = await h.staff(['admin']);
    expect((await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${randomUUID()}`)).body).toMatchObject({
      error: { code: 'KYC_CASE_NOT_FOUND' },
    });
    expect((await h.call(reviewer.token, 'GET', '/staff/kyc/cases/not-a-uuid')).status).toBe(404);
    const { caseId } = await h.submitted();
    const badReason = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${caseId}`, undefined, {
      'x-staff-reason': 'a b',
    });
    expect(badReason.body).toMatchObject({ error: { code: 'STAFF_REASON_REQUIRED' } });
    const noReason = await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'reject',
    });
    expect(noReason).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect((await h.call(reviewer.token, 'GET', '/staff/kyc/cases?sort=sideways')).status).toBe(400);
    expect((await h.call(reviewer.token, 'GET', '/staff/kyc/cases?limit=100000')).status).toBe(400);
    const withTicket = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${caseId}`, undefined, {
      'x-staff-reason': 'ZD#58213',
    });
    expect(withTicket.status).toBe(200);
    expect(started.identity.audit.at(-1)).toMatchObject({ action: 'kyc.view', reason: 'ZD#58213' });
  });

  it('asks for more information with a reason the customer sees, then takes the resubmission', async () => {
    const { caseId, token, userId } = await h.submitted();
    const reviewer = await h.staff(['kyc_reviewer']);
    const asked = await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'request_info',
      reason: 'The selfie is blurred: take it again in daylight.',
    });
    expect(asked.body).toMatchObject({ application: { status: 'more_info_requested' } });
    await expect
      .poll(() => started.identity.emails.filter((email) => email.userId === userId))
      .toEqual([{ userId, notice: 'kycMoreInfoRequested' }]);
    expect((await h.call(token, 'GET', '/kyc/application')).body).toMatchObject({
      id: caseId,
      status: 'more_info_requested',
      decisionReason: 'The selfie is blurred: take it again in daylight.',
    });
    expect((await h.upload(token, 'selfie', PNG_BYTES, 'image/png')).status).toBe(200);
    expect((await h.call(token, 'GET', '/kyc/application')).body).toMatchObject({ status: 'in_progress' });
    expect((await h.call(token, 'POST', '/kyc/application/submit')).body).toMatchObject({
      id: caseId,
      status: 'submitted',
      decisionReason: null,
    });
    expect(messages.filter((event) => event.userId === userId).map((event) => event.message.type)).toContain(
      'kyc.updated',
    );
  });

  it('needs two different reviewers to approve level 3 (four eyes)', async () => {
    const kim = await h.customer();
    await started.customers.grantKycLevel(kim.userId, 2, 'approved', 'test');
    const level3 = {
      ...COMPLETE_LEVEL_2,
      targetLevel: 3,
      dueDiligence: { ...COMPLETE_LEVEL_2.dueDiligence, yearlyVolumeBand: '250000_to_1000000' },
    };
    await h.call(kim.token, 'PUT', '/kyc/application', level3);
    await h.upload(kim.token, 'front', PNG_BYTES, 'image/png');
    await h.upload(kim.token, 'selfie', PNG_BYTES, 'image/png');
    const missing = await h.call(kim.token, 'POST', '/kyc/application/submit');
    expect(missing.body).toMatchObject({
      error: { code: 'KYC_APPLICATION_INCOMPLETE', details: { missing: ['dueDiligence.sourceOfFunds'] } },
    });
    await h.call(kim.token, 'PUT', '/kyc/application', {
      dueDiligence: {
        ...level3.dueDiligence,
        sourceOfFunds: { origin: 'sale_of_property', description: 'Sold a flat in Utrecht in 2025.' },
      },
    });
    const caseId = (await h.call(kim.token, 'POST', '/kyc/application/submit')).body['id'] as string;
    const first = await h.staff(['kyc_reviewer']);
    const second = await h.staff(['admin']);
    const one = await h.call(first.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'approve',
    });
    expect(one.body).toMatchObject({ application: { status: 'under_review', level: 2 }, approvalsNeeded: 1 });
    const again = await h.call(first.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'approve',
    });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'KYC_SECOND_REVIEWER_REQUIRED' } } });
    expect((await started.customers.getCustomer(kim.userId)).kycLevel).toBe(2);
    const two = await h.call(second.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'approve',
    });
    expect(two.body).toMatchObject({ application: { status: 'approved', level: 3 }, approvalsNeeded: 0 });
    expect((await started.customers.getCustomer(kim.userId)).kycLevel).toBe(3);
    const decided = await h.call(second.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'reject',
      reason: 'late',
    });
    expect(decided.body).toMatchObject({ error: { code: 'KYC_CASE_NOT_OPEN' } });
  });

  it('refuses level 3 before level 2, and starts a new attempt after a rejection', async () => {
    const sam = await h.customer();
    const early = await h.call(sam.token, 'PUT', '/kyc/application', { targetLevel: 3 });
    expect(early).toMatchObject({ status: 409, body: { error: { code: 'KYC_TARGET_LEVEL_INVALID' } } });
    const { caseId, token } = await h.submitted();
    const reviewer = await h.staff(['kyc_reviewer']);
    await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${caseId}/decision`, {
      decision: 'reject',
      reason: 'The document is not readable.',
    });
    const rejected = await h.call(token, 'GET', '/kyc/application');
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decisionReason: 'The document is not readable.',
    });
    const retry = await h.call(token, 'PUT', '/kyc/application', { address: COMPLETE_LEVEL_2.address });
    expect(retry.body).toMatchObject({
      status: 'in_progress',
      personal: COMPLETE_LEVEL_2.personal,
      files: [],
    });
    expect(retry.body['id']).not.toBe(caseId);
  });

  it('scores risk from the documented rules', async () => {
    const { caseId } = await h.submitted({
      address: { ...COMPLETE_LEVEL_2.address, country: 'AE' },
      dueDiligence: {
        ...COMPLETE_LEVEL_2.dueDiligence,
        politicallyExposed: true,
        yearlyVolumeBand: 'over_1000000',
      },
    });
    const reviewer = await h.staff(['kyc_reviewer']);
    const view = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${caseId}`);
    // Outside the EEA, CH and UK (30) + politically exposed (30) + over a million a year (25).
    expect(view.body['risk']).toMatchObject({ score: 85, band: 'critical' });
    expect((view.body['risk'] as { rules: Array<{ id: string }> }).rules.map((rule) => rule.id)).toEqual([
      'country.outside_home_area',
      'pep.declared',
      'volume.over_1000000',
    ]);
  });
});

describeEachDatabase('KYC: document retention', ({ createDatabase }) => {
  it('deletes a decided application’s images after the retention period, rejected ones sooner', async () => {
    const started = await startKycApp(await createDatabase(), {
      settings: { documentRetentionDays: 30, rejectedDocumentRetentionDays: 7 },
    });
    const h = helpers(started);
    const reviewer = await h.staff(['kyc_reviewer']);
    const approved = await h.submitted();
    const rejected = await h.submitted();
    await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${approved.caseId}/decision`, {
      decision: 'approve',
    });
    await h.call(reviewer.token, 'POST', `/staff/kyc/cases/${rejected.caseId}/decision`, {
      decision: 'reject',
      reason: 'Not the same person.',
    });
    const worker = createKycRetentionWorker({
      db: started.context.db,
      kyc: started.kyc(),
      now: started.clock.now,
    });
    const objectsOf = (userId: string) =>
      existsSync(join(started.storeDir, 'kyc', userId))
        ? readdirSync(join(started.storeDir, 'kyc', userId), { recursive: true }).filter(
            (name) => !String(name).includes('~') && String(name).includes('/'),
          )
        : [];
    expect(await worker.drain()).toBe(0);
    expect(objectsOf(rejected.userId)).toHaveLength(2);
    started.clock.advanceDays(8);
    expect(await worker.drain()).toBe(1);
    expect(objectsOf(rejected.userId)).toHaveLength(0);
    expect(objectsOf(approved.userId)).toHaveLength(2);
    started.clock.advanceDays(23);
    expect(await worker.drain()).toBe(1);
    expect(objectsOf(approved.userId)).toHaveLength(0);
    // The reviewer now finds no image, and the customer's level stays.
    const gone = await h.call(reviewer.token, 'GET', `/staff/kyc/cases/${approved.caseId}/files/front`);
    expect(gone.body).toMatchObject({ error: { code: 'KYC_FILE_NOT_FOUND' } });
    expect((await started.customers.getCustomer(approved.userId)).kycLevel).toBe(2);
    await started.app.close();
  });
});

describe('KYC: the test operator route', () => {
  it('does not exist without KYC_TEST_OPERATOR_TOKEN, and needs the token when it does', async () => {
    const { createTestDatabase } = await import('@tessera/platform/testing');
    const token = 'e2e-operator-token-0123456789abcdef';
    const without = await startKycApp(await createTestDatabase());
    const userId = randomUUID();
    const post = (started: Started, headers: Record<string, string>) =>
      started.app.inject({
        method: 'POST',
        url: '/api/user-management/operator/kyc-level',
        headers,
        payload: { userId, level: 2 },
      });
    expect((await post(without, { 'x-operator-token': token })).statusCode).toBe(404);
    await without.app.close();
    const withToken = await startKycApp(await createTestDatabase(), {
      settings: { testOperatorToken: token },
    });
    const customerToken = await withToken.issuer.sign(userId);
    expect((await post(withToken, { authorization: `Bearer ${customerToken}` })).statusCode).toBe(403);
    expect((await post(withToken, { 'x-operator-token': `${token}x` })).statusCode).toBe(403);
    const granted = await post(withToken, { 'x-operator-token': token });
    expect(granted.json()).toEqual({ userId, kycLevel: 2, kycStatus: 'approved' });
    await withToken.app.close();
  });

  it('keeps a server in production mode from starting with the token', async () => {
    const { createTestDatabase } = await import('@tessera/platform/testing');
    await expect(
      startKycApp(await createTestDatabase(), {
        env: { TESSERA_MODE: 'production' },
        settings: { testOperatorToken: 'e2e-operator-token-0123456789abcdef' },
      }),
    ).rejects.toThrow(/KYC_TEST_OPERATOR_TOKEN is for test servers only/);
  });
});
