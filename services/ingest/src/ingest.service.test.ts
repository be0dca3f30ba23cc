/**
 * The ingest end to end over HTTP (docs/adr/0017-session-tracking.md): starting sessions (anonymous, or for a
 * customer whose access token says so), batches (auth, idempotent retries, gzip, the decompressed limit), the PII
 * tripwire's quarantine, hostile inputs answered with documented 4xx, canvas snapshots, the staff replay API
 * (groups, case reference, audit) and the retention purge.
 */
import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { StaffSessionDetail, StaffSessionsPage } from '@tessera/contracts';
import { serviceMetricsRegistry } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import type { Database } from '@tessera/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildIngestTestApp,
  CUSTOMER_EMAIL,
  CUSTOMER_ID,
  type IngestTestApp,
} from './test-support/ingest-test-app.ts';

const T0 = 1_760_000_000_000;

function pageEvents(pageIndex: number, at: number, extra: unknown[] = []) {
  return [
    { type: 4, data: { href: 'https://bank.test/home', width: 1366, height: 768 }, timestamp: at },
    {
      type: 2,
      data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { top: 0, left: 0 } },
      timestamp: at + 1,
    },
    {
      type: 5,
      data: {
        tag: 'tessera.page',
        payload: {
          href: `https://bank.test/page-${pageIndex}?q=secret`,
          title: `Page ${pageIndex}`,
          pageIndex,
        },
      },
      timestamp: at + 2,
    },
    ...extra,
  ];
}

const errorEvent = (at: number) => ({
  type: 5,
  data: { tag: 'tessera.error', payload: { message: 'TypeError: x is undefined' } },
  timestamp: at,
});

async function quarantinedCount(kind: string): Promise<number> {
  const metric = await serviceMetricsRegistry.getSingleMetric('ingest_quarantined_batches_total')?.get();
  return metric?.values.find((value) => value.labels['kind'] === kind)?.value ?? 0;
}

describeEachDatabase('ingest', ({ createDatabase }) => {
  let t: IngestTestApp;
  let database: Database;
  const rows = async <Row>(query: ReturnType<typeof sql<Row>>) => (await query.execute(database.db)).rows;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildIngestTestApp(database);
    t.clock.now = new Date(T0);
    return () => t.app.close();
  }, 120_000);

  describe('start', () => {
    it('starts an anonymous session with the spec fields, a bearer token stored hashed, no geo-IP', async () => {
      const started = await t.start();
      expect(Object.keys(started).sort()).toEqual(
        [
          'token',
          'userUUID',
          'projectID',
          'beaconSizeLimit',
          'compressionThreshold',
          'delay',
          'sessionID',
          'startTimestamp',
          'userBrowser',
          'userCity',
          'userCountry',
          'userDevice',
          'userOS',
          'userState',
          'canvasEnabled',
          'canvasQuality',
          'canvasFPS',
          'assistOnly',
          'features',
        ].sort(),
      );
      expect(started).toMatchObject({
        projectID: 'tessera-web',
        beaconSizeLimit: 200000,
        compressionThreshold: 24000,
        delay: 0,
        userBrowser: 'Chrome 131',
        userOS: 'Windows 10',
        userDevice: 'desktop',
        userCity: '',
        userCountry: '',
        userState: '',
        canvasEnabled: false,
        features: { 'feature-flags': false, 'usability-test': true },
      });
      const [row] = await rows(sql<{ token_hash: string; customer_id: string | null; first_page: string }>`
        select token_hash, customer_id, first_page from ingest.session where id = ${started.sessionID}`);
      expect(row!.token_hash).not.toContain(started.token);
      expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.customer_id).toBeNull();
      // The query of the address is not kept.
      expect(row!.first_page).toBe('https://bank.test/home');
    });

    it("refuses a userID without a customer token, or with another customer's, and accepts the matching one", async () => {
      const lone = await t.app.inject({
        method: 'POST',
        url: '/v1/web/start',
        payload: {
          trackerVersion: '15.1.1',
          projectKey: 'tessera-web',
          timestamp: T0,
          userID: CUSTOMER_ID,
          width: 1,
          height: 1,
          href: '',
        },
      });
      expect(lone.statusCode).toBe(400);
      expect(lone.json().error.code).toBe('TRACKER_USER_MISMATCH');
      const other = await t.token('someone-else');
      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/v1/web/start',
        headers: { authorization: `Bearer ${other}` },
        payload: {
          trackerVersion: '15.1.1',
          projectKey: 'tessera-web',
          timestamp: T0,
          userID: CUSTOMER_ID,
          width: 1,
          height: 1,
          href: '',
        },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.code).toBe('TRACKER_USER_MISMATCH');
      const forged = await t.app.inject({
        method: 'POST',
        url: '/v1/web/start',
        headers: { authorization: 'Bearer not.a.jwt' },
        payload: {
          trackerVersion: '15.1.1',
          projectKey: 'tessera-web',
          timestamp: T0,
          userID: CUSTOMER_ID,
          width: 1,
          height: 1,
          href: '',
        },
      });
      expect(forged.json().error.code).toBe('TRACKER_USER_MISMATCH');

      const started = await t.start({ userID: CUSTOMER_ID }, await t.token(CUSTOMER_ID));
      const [row] = await rows(sql<{ customer_id: string }>`
        select customer_id from ingest.session where id = ${started.sessionID}`);
      expect(row!.customer_id).toBe(CUSTOMER_ID);
    });

    it('resumes the session of a live token of the same user, and starts a new one for another user', async () => {
      const first = await t.start();
      const resumed = await t.start({ token: first.token });
      expect(resumed.sessionID).toBe(first.sessionID);
      expect(resumed.userUUID).toBe(first.userUUID);
      const signedIn = await t.start({ token: first.token, userID: CUSTOMER_ID }, await t.token(CUSTOMER_ID));
      expect(signedIn.sessionID).not.toBe(first.sessionID);
    });

    it("after sign-out, the customer's old session token writes nothing more and resumes nothing", async () => {
      const customer = await t.start({ userID: CUSTOMER_ID }, await t.token(CUSTOMER_ID));
      expect((await t.send(customer, { page: 0, n: 0, events: pageEvents(0, T0 + 1000) })).statusCode).toBe(
        200,
      );
      // Sign-out: the tab starts anonymously, giving the old token.
      const anonymous = await t.start({ token: customer.token });
      expect(anonymous.sessionID).not.toBe(customer.sessionID);
      // A copy of the old token (another tab, an attacker) can neither write into the customer's session...
      const late = await t.send(customer, { page: 0, n: 1, events: pageEvents(0, T0 + 2000) });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('TRACKER_TOKEN_INVALID');
      // ...nor resume it, even signed in as the same customer.
      const again = await t.start({ token: customer.token, userID: CUSTOMER_ID }, await t.token(CUSTOMER_ID));
      expect(again.sessionID).not.toBe(customer.sessionID);
    });

    it('refuses an unknown project, an old tracker and malformed bodies with documented codes', async () => {
      const post = (payload: unknown) =>
        t.app.inject({ method: 'POST', url: '/ingest/v1/web/start', payload: payload as object });
      const base = {
        trackerVersion: '15.1.1',
        projectKey: 'tessera-web',
        timestamp: T0,
        width: 1,
        height: 1,
        href: '',
      };
      expect((await post({ ...base, projectKey: 'other' })).json().error.code).toBe(
        'TRACKER_PROJECT_UNKNOWN',
      );
      expect((await post({ ...base, trackerVersion: '14.0.9' })).json().error.code).toBe(
        'TRACKER_VERSION_UNSUPPORTED',
      );
      expect((await post({ ...base, trackerVersion: '14.0.10' })).statusCode).toBe(200);
      expect((await post({ ...base, href: 'x'.repeat(100001) })).json().error.code).toBe('VALIDATION_FAILED');
      expect((await post({ ...base, width: -1 })).statusCode).toBe(400);
      expect((await post({ ...base, timezone: 'Europe/\u0000Paris' })).statusCode).toBe(400);
      expect((await post([])).statusCode).toBe(400);
    });
  });

  describe('batches', () => {
    it('refuses a missing, unknown or expired token with 401 TRACKER_TOKEN_INVALID', async () => {
      const started = await t.start();
      const none = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=0_0',
        payload: Buffer.from('{}'),
      });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('TRACKER_TOKEN_INVALID');
      const unknown = await t.send({ ...started, token: `tst_${'A'.repeat(43)}` }, { events: [] });
      expect(unknown.statusCode).toBe(401);
      t.clock.now = new Date(T0 + 31 * 60 * 1000);
      try {
        const expired = await t.send(started, { events: pageEvents(0, T0) });
        expect(expired.statusCode).toBe(401);
        expect(expired.json().error.code).toBe('TRACKER_TOKEN_INVALID');
      } finally {
        t.clock.now = new Date(T0);
      }
    });

    it('stores a batch once when it is retried, gzip or not, at /ingest and at the root, and derives the metadata', async () => {
      const started = await t.start();
      const first = await t.send(started, { page: 0, n: 0, events: pageEvents(0, T0 + 1000) });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ ok: true });
      const retry = await t.send(
        started,
        { page: 0, n: 0, events: pageEvents(0, T0 + 1000) },
        { gzip: true, prefix: '' },
      );
      expect(retry.json()).toEqual({ ok: true });
      const second = await t.send(
        started,
        { page: 1, n: 0, events: pageEvents(1, T0 + 60_000, [errorEvent(T0 + 61_000)]) },
        { gzip: true },
      );
      expect(second.statusCode, second.body).toBe(200);
      const batches = await rows(sql<{ page: number; n: number }>`
        select page, n from ingest.batch where session_id = ${started.sessionID} order by page, n`);
      expect(batches).toEqual([
        { page: 0, n: 0 },
        { page: 1, n: 0 },
      ]);
      const [session] = await rows(sql<{ page_count: number; error_count: number; event_count: number }>`
        select page_count, error_count, event_count from ingest.session where id = ${started.sessionID}`);
      expect(session).toEqual({ page_count: 2, error_count: 1, event_count: 7 });
    });

    it('keeps nothing of a doNotRecord (or assistOnly) session: batches and snapshots answered, never stored', async () => {
      for (const choice of [{ doNotRecord: true }, { assistOnly: true }]) {
        const started = await t.start(choice);
        expect(started.assistOnly).toBe(true);
        const sent = await t.send(started, { page: 0, n: 0, events: pageEvents(0, T0 + 1000) });
        expect(sent.statusCode, sent.body).toBe(200);
        expect(sent.json()).toEqual({ ok: true, recorded: false });
        const boundary = 'tessera-boundary';
        const image = await t.app.inject({
          method: 'POST',
          url: '/ingest/v1/web/images',
          headers: {
            authorization: `Bearer ${started.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="snapshot"; filename="1.webp"\r\nContent-Type: image/webp\r\n\r\n`,
            ),
            Buffer.from('RIFF'),
            Buffer.from([0, 0, 0, 0]),
            Buffer.from('WEBPVP8 '),
            Buffer.alloc(32),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        });
        expect(image.statusCode, image.body).toBe(200);
        expect(image.json()).toEqual({ ok: true, stored: [] });
        const [kept] = await rows(sql<{ batches: number; images: number; pages: number }>`
          select (select count(*)::int from ingest.batch where session_id = ${started.sessionID}) as batches,
                 (select count(*)::int from ingest.image where session_id = ${started.sessionID}) as images,
                 (select count(*)::int from ingest.page where session_id = ${started.sessionID}) as pages`);
        expect(kept).toEqual({ batches: 0, images: 0, pages: 0 });
        // A recorded start does not resume the assist-only session, even with its token.
        const recorded = await t.start({ token: started.token });
        expect(recorded.sessionID).not.toBe(started.sessionID);
        expect(recorded.assistOnly).toBe(false);
      }
    });

    it('refuses a batch for another session or page with TRACKER_BATCH_MISMATCH', async () => {
      const a = await t.start();
      const b = await t.start();
      const wrongSession = await t.send({ token: a.token, sessionID: b.sessionID }, { events: [] });
      expect(wrongSession.json().error.code).toBe('TRACKER_BATCH_MISMATCH');
      const wrongPage = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=3_0',
        headers: { authorization: `Bearer ${a.token}` },
        payload: Buffer.from(
          JSON.stringify({ v: 1, sessionID: a.sessionID, tabId: 'a1b2c3d4e5f6', page: 0, n: 0, events: [] }),
        ),
      });
      expect(wrongPage.json().error.code).toBe('TRACKER_BATCH_MISMATCH');
    });

    it('refuses a gzip bomb with 413 without inflating it, and corrupt or unknown encodings with 400', async () => {
      const started = await t.start();
      // 50 MB of zeros inflate from about 50 KB: far over the decompressed limit of 10000000 bytes.
      const bomb = gzipSync(Buffer.alloc(50_000_000));
      expect(bomb.length).toBeLessThan(1_000_000);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=0_0',
        headers: {
          authorization: `Bearer ${started.token}`,
          'content-encoding': 'gzip',
          'content-type': 'application/octet-stream',
        },
        payload: bomb,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error.code).toBe('TRACKER_BATCH_TOO_LARGE');
      const corrupt = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=0_0',
        headers: { authorization: `Bearer ${started.token}`, 'content-encoding': 'gzip' },
        payload: Buffer.concat([bomb.subarray(0, 100), Buffer.from('garbage')]),
      });
      expect(corrupt.statusCode).toBe(400);
      expect(corrupt.json().error.code).toBe('TRACKER_BATCH_ENCODING');
      const brotli = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=0_0',
        headers: { authorization: `Bearer ${started.token}`, 'content-encoding': 'br' },
        payload: Buffer.from('xx'),
      });
      expect(brotli.json().error.code).toBe('TRACKER_BATCH_ENCODING');
      const huge = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i?batch=0_0',
        headers: { authorization: `Bearer ${started.token}` },
        payload: Buffer.alloc(1_000_001, 0x20),
      });
      expect(huge.statusCode).toBe(413);
    });

    it('answers hostile bodies and queries with documented 4xx, never a 500', async () => {
      const started = await t.start();
      const post = (url: string, payload: Buffer | string) =>
        t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${started.token}` }, payload });
      const cases: [string, Buffer | string, string][] = [
        ['/ingest/v1/web/i?batch=0_0', 'not json', 'TRACKER_BATCH_INVALID'],
        ['/ingest/v1/web/i?batch=0_0', Buffer.from([0xff, 0xfe, 0x00]), 'TRACKER_BATCH_INVALID'],
        ['/ingest/v1/web/i?batch=0_0', '[]', 'TRACKER_BATCH_INVALID'],
        [
          '/ingest/v1/web/i?batch=0_0',
          JSON.stringify({
            v: 2,
            sessionID: started.sessionID,
            tabId: 'a1b2c3d4e5f6',
            page: 0,
            n: 0,
            events: [],
          }),
          'TRACKER_BATCH_INVALID',
        ],
        [
          '/ingest/v1/web/i?batch=0_0',
          JSON.stringify({ v: 1, sessionID: started.sessionID, tabId: 'XYZ', page: 0, n: 0, events: [] }),
          'TRACKER_BATCH_INVALID',
        ],
        [
          '/ingest/v1/web/i?batch=0_0',
          JSON.stringify({
            v: 1,
            sessionID: started.sessionID,
            tabId: 'a1b2c3d4e5f6',
            page: 0,
            n: 0,
            events: [{ type: 99, data: {}, timestamp: 1 }],
          }),
          'TRACKER_BATCH_INVALID',
        ],
        [
          '/ingest/v1/web/i?batch=0_0',
          JSON.stringify({
            v: 1,
            sessionID: started.sessionID,
            tabId: 'a1b2c3d4e5f6',
            page: 0,
            n: 0,
            events: [
              {
                type: 5,
                data: { tag: 'tessera.page', payload: { href: '\u0000\ud800', title: 42, pageIndex: -5 } },
                timestamp: 1732672000000.25,
              },
            ],
          }),
          '',
        ],
        [
          '/ingest/v1/web/i?batch=0_1',
          JSON.stringify({
            v: 1,
            sessionID: started.sessionID,
            tabId: 'a1b2c3d4e5f6',
            page: 0,
            n: 1,
            events: [{ type: 3, data: {}, timestamp: 1e300 }],
          }),
          'TRACKER_BATCH_INVALID',
        ],
        ['/ingest/v1/web/i?batch=x', '{}', 'VALIDATION_FAILED'],
        ['/ingest/v1/web/i?batch=1_2_3', '{}', 'VALIDATION_FAILED'],
        ['/ingest/v1/web/i', '{}', 'VALIDATION_FAILED'],
      ];
      for (const [url, payload, code] of cases) {
        const response = await post(url, payload);
        if (code === '') {
          expect(response.statusCode, response.body).toBe(200);
        } else {
          expect(
            response.statusCode,
            `${url} ${String(payload).slice(0, 80)}: ${response.body}`,
          ).toBeLessThan(500);
          expect(response.json().error.code).toBe(code);
        }
      }
    });
  });

  describe('PII tripwire', () => {
    it.each([
      ['iban', 'Virement vers FR76 3000 6000 0112 3456 7890 189'],
      ['card', 'Card 4111 1111 1111 1111'],
      ['email', `Contact ${CUSTOMER_EMAIL}`],
    ])('quarantines a batch holding a valid %s: not stored, counted, no value kept', async (kind, text) => {
      const started = await t.start();
      const before = await quarantinedCount(kind);
      const events = pageEvents(0, T0, [
        {
          type: 3,
          data: { source: 0, adds: [{ parentId: 1, node: { type: 3, id: 9, textContent: text } }] },
          timestamp: T0 + 5,
        },
      ]);
      const response = await t.send(started, { events });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, quarantined: true });
      // A retry is quarantined again, counted once.
      await t.send(started, { events });
      expect(await quarantinedCount(kind)).toBe(before + 1);
      expect(await rows(sql`select 1 from ingest.batch where session_id = ${started.sessionID}`)).toEqual([]);
      const quarantine = await rows(sql<{ page: number; n: number; kinds: Record<string, number> }>`
        select page, n, kinds from ingest.quarantine where session_id = ${started.sessionID}`);
      expect(quarantine).toEqual([{ page: 0, n: 0, kinds: { [kind]: 1 } }]);
      // Nothing of the value anywhere in the schema.
      const dump = JSON.stringify(
        await rows(
          sql`select s.*, q.kinds from ingest.session s left join ingest.quarantine q on q.session_id = s.id where s.id = ${started.sessionID}`,
        ),
      );
      expect(dump).not.toContain(text.slice(-10));
    });

    it('does not quarantine a masked batch, timestamps or node ids', async () => {
      const started = await t.start();
      const events = pageEvents(0, T0, [
        {
          type: 3,
          data: {
            source: 0,
            adds: [
              {
                parentId: 4111111111111111,
                node: { type: 3, id: 5555555555554444, textContent: '**** **** **** ****' },
              },
            ],
          },
          timestamp: 4111111111111,
        },
      ]);
      expect((await t.send(started, { events })).json()).toEqual({ ok: true });
    });
  });

  describe('tags, conditions, feature flags, images', () => {
    it('answers the empty defaults with the session token, and 401 without', async () => {
      const started = await t.start();
      const auth = { authorization: `Bearer ${started.token}` };
      expect(
        (await t.app.inject({ method: 'GET', url: '/ingest/v1/web/tags', headers: auth })).json(),
      ).toEqual({ tags: [] });
      expect((await t.app.inject({ method: 'GET', url: '/v1/web/tags' })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({ method: 'GET', url: '/ingest/v1/web/conditions/tessera-web', headers: auth })
        ).json(),
      ).toEqual({ conditions: [] });
      expect(
        (await t.app.inject({ method: 'GET', url: '/ingest/v1/web/conditions/other', headers: auth })).json()
          .error.code,
      ).toBe('TRACKER_PROJECT_UNKNOWN');
      const flags = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/feature-flags',
        headers: auth,
        payload: {
          projectID: 'tessera-web',
          userID: null,
          metadata: {},
          referrer: '',
          os: 'Windows 10',
          device: 'desktop',
          country: '',
          state: '',
          city: '',
          browser: 'Chrome 131',
          persistFlags: [],
        },
      });
      expect(flags.json()).toEqual({ flags: [] });
    });

    it('stores a WebP snapshot under the session and refuses other files', async () => {
      const started = await t.start();
      const webp = Buffer.concat([
        Buffer.from('RIFF'),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from('WEBPVP8 '),
        Buffer.alloc(32),
      ]);
      const form = (name: string, filename: string, bytes: Buffer) => {
        const boundary = 'tessera-boundary';
        return {
          headers: {
            authorization: `Bearer ${started.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/webp\r\n\r\n`,
            ),
            bytes,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        };
      };
      const stored = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        ...form('snapshot', '1700000000_12.webp', webp),
      });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toEqual({ ok: true, stored: ['1700000000_12.webp'] });
      expect(readdirSync(`${t.storeRoot}/ingest/sessions/${started.sessionID}/images`)).toContain(
        '1700000000_12.webp',
      );
      const text = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        ...form('snapshot', 'a.webp', Buffer.from('hello')),
      });
      expect(text.json().error.code).toBe('TRACKER_IMAGE_INVALID');
      const traversal = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        ...form('snapshot', '../../etc/passwd', webp),
      });
      // A path in the file name is reduced to its last part by the form parser: it stays under the session.
      expect(traversal.json()).toEqual({ ok: true, stored: ['passwd'] });
      expect(
        readdirSync(`${t.storeRoot}/ingest/sessions/${started.sessionID}/images`)
          .filter((name) => !name.endsWith('~meta.json'))
          .sort(),
      ).toEqual(['1700000000_12.webp', 'passwd']);
      const badName = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        ...form('snapshot', 'a b;.webp', webp),
      });
      expect(badName.json().error.code).toBe('TRACKER_IMAGE_INVALID');
      const otherField = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        ...form('file', 'a.webp', webp),
      });
      expect(otherField.json().error.code).toBe('TRACKER_IMAGE_INVALID');
      const notMultipart = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/images',
        headers: { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
      expect(notMultipart.statusCode).toBeLessThan(500);
    });
  });

  describe('staff replay API', () => {
    let sessionId: string;
    let tokens: Record<'agent' | 'admin' | 'reviewer' | 'customer', string>;
    const get = (who: keyof typeof tokens, url: string, reason?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/ingest/staff${url}`,
        headers: { authorization: `Bearer ${tokens[who]}`, ...(reason ? { 'x-staff-reason': reason } : {}) },
      });

    beforeAll(async () => {
      tokens = {
        agent: await t.token('staff-agent', ['support_agent']),
        admin: await t.token('staff-admin', ['admin']),
        reviewer: await t.token('staff-reviewer', ['kyc_reviewer']),
        customer: await t.token(CUSTOMER_ID),
      };
      const started = await t.start({ userID: CUSTOMER_ID }, tokens.customer);
      sessionId = started.sessionID;
      await t.send(started, { page: 0, n: 0, events: pageEvents(0, T0 + 10) });
      await t.send(started, { page: 0, n: 1, events: [errorEvent(T0 + 90_000)] });
      await t.send(started, { page: 1, n: 0, events: pageEvents(1, T0 + 120_000) });
    });

    it('refuses customers and other staff groups, and a support agent without a reference', async () => {
      expect((await get('customer', '/sessions', 'CASE-1')).statusCode).toBe(403);
      expect((await get('reviewer', '/sessions', 'CASE-1')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/ingest/staff/sessions' })).statusCode).toBe(401);
      const noReason = await get('agent', '/sessions');
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.code).toBe('STAFF_REASON_REQUIRED');
      expect((await get('agent', `/sessions/${sessionId}`, 'bad reason!')).json().error.code).toBe(
        'STAFF_REASON_REQUIRED',
      );
      expect(t.audit).toEqual([]);
    });

    it('lists, filters and pages sessions for a support agent, with the e-mail, audited', async () => {
      const list = await get('agent', `/sessions?customer=${CUSTOMER_ID}`, 'CASE-1042');
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json<StaffSessionsPage>();
      const item = page.items.find((entry) => entry.sessionID === sessionId)!;
      expect(item).toMatchObject({
        customerId: CUSTOMER_ID,
        customerEmail: CUSTOMER_EMAIL,
        pages: 2,
        errors: 1,
        durationMs: 120_002,
        browser: 'Chrome 131',
        trackerVersion: '15.1.1',
      });
      expect(t.audit.at(-1)).toMatchObject({
        actorId: 'staff-agent',
        action: 'replay.list',
        subjectId: CUSTOMER_ID,
        reason: 'CASE-1042',
      });
      const byEmail = (
        await get('agent', `/sessions?customer=${encodeURIComponent(CUSTOMER_EMAIL)}`, 'CASE-1042')
      ).json<StaffSessionsPage>();
      expect(byEmail.items.map((entry) => entry.sessionID)).toContain(sessionId);
      expect(byEmail.items.every((entry) => entry.customerId === CUSTOMER_ID)).toBe(true);
      expect(t.audit.at(-1)).toMatchObject({
        action: 'replay.list',
        subjectId: CUSTOMER_ID,
        detail: { customerEmail: CUSTOMER_EMAIL },
      });
      const nobody = (
        await get('agent', '/sessions?customer=nobody%40example.test', 'CASE-1042')
      ).json<StaffSessionsPage>();
      expect(nobody).toEqual({ items: [], nextCursor: null });
      const withErrors = (
        await get('agent', '/sessions?hasErrors=true&minDurationS=100', 'CASE-1042')
      ).json<StaffSessionsPage>();
      expect(withErrors.items.map((entry) => entry.sessionID)).toEqual([sessionId]);
      const byPage = (
        await get('agent', `/sessions?page=page-1&customer=${CUSTOMER_ID}`, 'CASE-1042')
      ).json<StaffSessionsPage>();
      expect(byPage.items.map((entry) => entry.sessionID)).toEqual([sessionId]);
      const first = (await get('agent', '/sessions?limit=1', 'CASE-1042')).json<StaffSessionsPage>();
      expect(first.items).toHaveLength(1);
      expect(first.nextCursor).not.toBeNull();
      const next = (
        await get('agent', `/sessions?limit=1&cursor=${first.nextCursor}`, 'CASE-1042')
      ).json<StaffSessionsPage>();
      expect(next.items[0]!.sessionID).not.toBe(first.items[0]!.sessionID);
      expect((await get('agent', '/sessions?cursor=%00', 'CASE-1042')).statusCode).toBe(400);
      expect((await get('agent', '/sessions?limit=1000', 'CASE-1042')).statusCode).toBe(400);
    });

    it('gives an admin the detail and the events in order, audited as replay.view', async () => {
      const detail = await get('admin', `/sessions/${sessionId}`, 'ZD#58213');
      expect(detail.statusCode, detail.body).toBe(200);
      const body = detail.json<StaffSessionDetail>();
      expect(body.pageList.map((page) => [page.index, page.href, page.title])).toEqual([
        [0, 'https://bank.test/page-0', 'Page 0'],
        [1, 'https://bank.test/page-1', 'Page 1'],
      ]);
      const events = await get('admin', `/sessions/${sessionId}/events`, 'ZD#58213');
      const timestamps = events
        .json<{ events: { timestamp: number }[] }>()
        .events.map((event) => event.timestamp);
      expect(timestamps).toEqual([
        T0 + 10,
        T0 + 11,
        T0 + 12,
        T0 + 90_000,
        T0 + 120_000,
        T0 + 120_001,
        T0 + 120_002,
      ]);
      expect(t.audit.slice(-2).map((entry) => [entry.action, entry.subjectId, entry.reason])).toEqual([
        ['replay.view', CUSTOMER_ID, 'ZD#58213'],
        ['replay.view', CUSTOMER_ID, 'ZD#58213'],
      ]);
      expect(
        (await get('admin', '/sessions/0190a0b0-0000-7000-8000-000000000000', 'ZD#58213')).json().error.code,
      ).toBe('REPLAY_SESSION_NOT_FOUND');
      expect((await get('admin', '/sessions/not-a-uuid', 'ZD#58213')).statusCode).toBe(400);
    });
  });

  describe('retention', () => {
    it('purges sessions past INGEST_RETENTION_DAYS through the job queue, and keeps the recent ones', async () => {
      const old = await t.start();
      await t.send(old, { events: pageEvents(0, T0) });
      t.clock.now = new Date(T0 + 20 * 24 * 3600 * 1000);
      const recent = await t.start();
      t.clock.now = new Date(T0 + 31 * 24 * 3600 * 1000);
      try {
        const { queue, worker } = t.retention;
        await queue.enqueue({ queue: 'ingest.purge', key: 'sweep-test', payload: {}, runAt: t.clock.now });
        expect(await worker.drain()).toBeGreaterThan(0);
        const left = await rows(
          sql<{
            id: string;
          }>`select id from ingest.session where id in (${old.sessionID}, ${recent.sessionID})`,
        );
        expect(left).toEqual([{ id: recent.sessionID }]);
        expect(await rows(sql`select 1 from ingest.batch where session_id = ${old.sessionID}`)).toEqual([]);
        // The next day's sweep is queued.
        const next = await rows(sql<{ key: string }>`select key from ingest.jobs where status = 'queued'`);
        expect(next.map((job) => job.key)).toContain(
          `sweep-${new Date(T0 + 32 * 24 * 3600 * 1000).toISOString().slice(0, 10)}`,
        );
      } finally {
        t.clock.now = new Date(T0);
      }
    });
  });
});
