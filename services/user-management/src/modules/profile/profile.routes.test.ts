/**
 * The account profile routes (docs/api.md, "Account profile"): a customer reads and changes only their own
 * personal information, picture and preferences; hostile input is a 4xx that changes nothing; the picture is
 * re-encoded (square WebP, no metadata) and served to its owner and to audited staff only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFilesystemObjectStore, loadConfig, undocumentedRoutes } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { userManagementService } from '../../service.ts';
import { configureKycForTest } from '../kyc/kyc.plugin.ts';
import { identityStandIn, type Issuer } from '../kyc/kyc-test-support.ts';
import { configureProfileForTest } from './profile.plugin.ts';

const VALID = {
  givenName: 'Ana',
  familyName: 'Lopez',
  birthDate: '1990-04-12',
  address: { line1: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' },
};

/** A real JPEG with EXIF metadata (a camera model and a comment), 800 x 600. */
async function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Model-X', ImageDescription: 'home address here' } })
    .toBuffer();
}

describeEachDatabase('user management: account profile', ({ createDatabase }) => {
  let app: FastifyInstance;
  let issuer: Issuer;
  let identity: ReturnType<typeof identityStandIn>;

  beforeAll(async () => {
    issuer = await createTestTokenIssuer();
    identity = identityStandIn();
    const store = createFilesystemObjectStore(mkdtempSync(join(tmpdir(), 'profile-test-objects-')));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    ({ app } = await buildServiceTestApp({
      services: [identity.service, userManagementService],
      mount: [userManagementService.name],
      database: await createDatabase(),
      auth: issuer.verifier,
      config,
      beforeMount: (services) => {
        const context = services.contextOf(userManagementService.name);
        configureKycForTest(context, { store });
        configureProfileForTest(context, { store });
      },
    }));
    await app.ready();
    return () => app.close();
  });

  const headers = async (userId: string | null, groups: string[] = []) =>
    userId ? { authorization: `Bearer ${await issuer.sign(userId, { groups })}` } : {};

  const call = async (
    userId: string | null,
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/user-management${url}`,
      headers: await headers(userId),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  const upload = async (userId: string, bytes: Buffer, contentType = 'image/jpeg') =>
    app.inject({
      method: 'PUT',
      url: '/api/user-management/me/picture',
      headers: { ...(await headers(userId)), 'content-type': contentType },
      payload: bytes,
    });

  it('documents every route of the module', () => {
    const mine = undocumentedRoutes(app).filter((route) => route.service === 'user-management');
    expect(mine).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    expect((await call(null, 'GET', '/me/personal-information')).status).toBe(401);
    expect((await call(null, 'GET', '/me/preferences')).status).toBe(401);
    expect((await call(null, 'GET', '/me/picture')).status).toBe(401);
  });

  it('starts empty, saves the whole set, and shows it to its owner only', async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    expect((await call(ana, 'GET', '/me/personal-information')).body).toEqual({
      givenName: null,
      familyName: null,
      birthDate: null,
      address: null,
      picture: null,
    });
    const saved = await call(ana, 'PUT', '/me/personal-information', {
      ...VALID,
      givenName: '  Ana  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...VALID, picture: null });
    expect((await call(ana, 'GET', '/me/personal-information')).body).toMatchObject(VALID);
    // Leo sees his own (empty) profile; no route takes another customer's id.
    expect((await call(leo, 'GET', '/me/personal-information')).body).toMatchObject({ givenName: null });
  });

  it.each([
    ['a NUL in a name', { ...VALID, givenName: 'An\u0000a' }],
    ['a lone surrogate', { ...VALID, familyName: 'Lo\uD800pez' }],
    ['a huge name', { ...VALID, givenName: 'a'.repeat(5000) }],
    ['a number for a name', { ...VALID, givenName: 42 }],
    ['a date that does not exist', { ...VALID, birthDate: '1990-02-30' }],
    ['a minor', { ...VALID, birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }],
    ['a date before 1900', { ...VALID, birthDate: '1850-01-01' }],
    ['a country that is no code', { ...VALID, address: { ...VALID.address, country: 'France' } }],
    ['an unknown field', { ...VALID, kycLevel: 3 }],
    ['an array', [VALID]],
  ])('refuses %s with a 4xx and changes nothing', async (_label, body) => {
    const ana = randomUUID();
    await call(ana, 'PUT', '/me/personal-information', VALID);
    const refused = await call(ana, 'PUT', '/me/personal-information', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect((await call(ana, 'GET', '/me/personal-information')).body).toMatchObject(VALID);
  });

  it('stores a picture as a 256 x 256 WebP without the metadata sent, for its owner', async () => {
    const ana = randomUUID();
    const sent = await jpegWithMetadata();
    expect(sent.includes(Buffer.from('SecretCam'))).toBe(true);
    const stored = await upload(ana, sent, 'application/octet-stream');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ picture: { contentType: 'image/webp' } });
    const read = await app.inject({
      method: 'GET',
      url: '/api/user-management/me/picture',
      headers: await headers(ana),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    const meta = await sharp(read.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(read.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('refuses a picture by its bytes, not its name or type, and keeps the one before', async () => {
    const ana = randomUUID();
    expect((await upload(ana, await jpegWithMetadata())).statusCode).toBe(200);
    const before = (await call(ana, 'GET', '/me/personal-information')).body['picture'];
    const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1');
    const html = Buffer.from('<svg onload="alert(1)"></svg>');
    for (const [bytes, code] of [
      [gif, 'PROFILE_PICTURE_TYPE_UNSUPPORTED'],
      [html, 'PROFILE_PICTURE_TYPE_UNSUPPORTED'],
      [Buffer.alloc(0), 'PROFILE_PICTURE_TYPE_UNSUPPORTED'],
      // Starts as a JPEG, is none.
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]),
        'PROFILE_PICTURE_UNREADABLE',
      ],
    ] as const) {
      const refused = await upload(ana, bytes, 'image/jpeg');
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json()).toMatchObject({ error: { code } });
    }
    const huge = await upload(ana, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'PROFILE_PICTURE_TOO_LARGE' } });
    expect((await call(ana, 'GET', '/me/personal-information')).body['picture']).toEqual(before);
  });

  it("never gives one customer another's picture; removes it on request", async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    await upload(ana, await jpegWithMetadata());
    const leoReads = await call(leo, 'GET', '/me/picture');
    expect(leoReads.status).toBe(404);
    expect(leoReads.body).toMatchObject({ error: { code: 'PROFILE_PICTURE_NOT_FOUND' } });
    // A customer is no staff member: the staff route refuses before reading.
    const asCustomer = await app.inject({
      method: 'GET',
      url: `/api/user-management/staff/customers/${ana}/picture`,
      headers: { ...(await headers(leo)), 'x-staff-reason': 'CASE-1' },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await call(ana, 'DELETE', '/me/picture')).body).toMatchObject({ picture: null });
    expect((await call(ana, 'GET', '/me/picture')).status).toBe(404);
  });

  it('serves a picture to a support agent with a case reference, and audits it first', async () => {
    const ana = randomUUID();
    await upload(ana, await jpegWithMetadata());
    const agent = randomUUID();
    const url = `/api/user-management/staff/customers/${ana}/picture`;
    const noReason = await app.inject({
      method: 'GET',
      url,
      headers: await headers(agent, ['support_agent']),
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { code: 'STAFF_REASON_REQUIRED' } });
    const reviewer = await app.inject({
      method: 'GET',
      url,
      headers: { ...(await headers(agent, ['kyc_reviewer'])), 'x-staff-reason': 'CASE-1042' },
    });
    expect(reviewer.statusCode).toBe(403);
    const before = identity.audit.length;
    const read = await app.inject({
      method: 'GET',
      url,
      headers: { ...(await headers(agent, ['support_agent'])), 'x-staff-reason': 'CASE-1042' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(identity.audit.slice(before)).toMatchObject([
      { action: 'customer.picture', subjectId: ana, reason: 'CASE-1042', actorId: agent },
    ]);
  });

  it('keeps preferences per customer: defaults unsaved, then the saved set; refuses unknown values', async () => {
    const ana = randomUUID();
    const leo = randomUUID();
    expect((await call(ana, 'GET', '/me/preferences')).body).toEqual({
      language: 'en',
      theme: 'system',
      saved: false,
    });
    expect((await call(ana, 'PUT', '/me/preferences', { language: 'fr', theme: 'dark' })).body).toEqual({
      language: 'fr',
      theme: 'dark',
      saved: true,
    });
    for (const body of [
      { language: 'de', theme: 'dark' },
      { language: 'fr', theme: 'pink' },
      { language: 'fr\u0000', theme: 'dark' },
      { language: 'fr' },
      'fr',
    ]) {
      const refused = await call(ana, 'PUT', '/me/preferences', body);
      // A bare string is sent as text/plain: 415 before validation; the others are VALIDATION_FAILED.
      expect([400, 415]).toContain(refused.status);
    }
    expect((await call(ana, 'GET', '/me/preferences')).body).toMatchObject({ language: 'fr', theme: 'dark' });
    expect((await call(leo, 'GET', '/me/preferences')).body).toMatchObject({ saved: false });
  });
});
