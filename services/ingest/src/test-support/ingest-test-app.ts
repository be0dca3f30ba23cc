/**
 * Test support: the ingest with a stand-in identity service (its client keeps the staff audit log as a list and
 * knows one customer's e-mail), a real token issuer, a filesystem object store in a temp directory and a clock the
 * test moves. Never imported by runtime code.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type IdentityDirectoryApi,
  type StaffAccessRecord,
  TRACKER_VERSION,
  type TrackerStartResponse,
} from '@tessera/contracts';
import { createFilesystemObjectStore, type Database, defineService } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { configureIngestForTest, ingestService } from '../service.ts';
import type { IngestSettings } from '../settings.ts';
import type { createRetentionWorker } from '../modules/retention/retention.ts';

export const CUSTOMER_ID = '0190a0b0-0000-7000-8000-0000000000c1';
export const CUSTOMER_EMAIL = 'ana.customer@example.test';

export interface IngestTestApp {
  readonly app: FastifyInstance;
  readonly audit: StaffAccessRecord[];
  readonly retention: ReturnType<typeof createRetentionWorker>;
  readonly storeRoot: string;
  readonly clock: { now: Date };
  token(userId: string, groups?: string[]): Promise<string>;
  /** Starts a session (anonymous unless `customerToken`/`userID` given); the answer. */
  start(overrides?: Record<string, unknown>, customerToken?: string): Promise<TrackerStartResponse>;
  /** Sends a batch; returns the response. */
  send(
    started: { token: string; sessionID: string },
    batch: { page?: number; n?: number; events: unknown[] },
    options?: { gzip?: boolean; prefix?: string },
  ): Promise<LightMyRequestResponse>;
}

export async function buildIngestTestApp(
  database: Database,
  settings: Partial<IngestSettings> = {},
): Promise<IngestTestApp> {
  const issuer = await createTestTokenIssuer();
  const audit: StaffAccessRecord[] = [];
  const directory: IdentityDirectoryApi = {
    lookupCustomerByEmail: (email) =>
      Promise.resolve(
        email.trim().toLowerCase() === CUSTOMER_EMAIL ? { userId: CUSTOMER_ID, displayName: 'Ana' } : null,
      ),
    getContact: (userId) =>
      Promise.resolve(
        userId === CUSTOMER_ID
          ? {
              userId,
              email: CUSTOMER_EMAIL,
              displayName: 'Ana',
              locale: 'en',
              emailVerified: true,
              phoneVerified: false,
            }
          : null,
      ),
    recordStaffAccess: (record) => {
      audit.push(record);
      return Promise.resolve();
    },
  };
  const identity = defineService({
    name: 'identity',
    schema: 'identity_directory_stub',
    prefix: '/api/identity-directory-stub',
    migrations: {},
    createClient: async () => directory,
    async plugin() {},
  });
  const storeRoot = mkdtempSync(join(tmpdir(), 'ingest-store-'));
  const clock = { now: new Date() };
  let retention: ReturnType<typeof createRetentionWorker> | undefined;
  const { app } = await buildServiceTestApp({
    services: [identity, ingestService],
    database,
    auth: issuer.verifier,
    beforeMount(composed) {
      configureIngestForTest(composed.contextOf('ingest'), {
        now: () => clock.now,
        store: createFilesystemObjectStore(storeRoot),
        settings,
        onRetention: (built) => {
          retention ??= built;
        },
      });
    },
  });
  await app.ready();

  async function start(overrides: Record<string, unknown> = {}, customerToken?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        ...(customerToken ? { authorization: `Bearer ${customerToken}` } : {}),
      },
      payload: {
        trackerVersion: TRACKER_VERSION,
        projectKey: 'tessera-web',
        timestamp: clock.now.getTime(),
        doNotRecord: false,
        bufferDiff: 0,
        userID: null,
        token: null,
        deviceMemory: 8,
        jsHeapSizeLimit: 4294705152,
        timezone: 'Europe/Paris',
        width: 1366,
        height: 768,
        condition: null,
        assistOnly: false,
        href: 'https://bank.test/home?ref=mail',
        referrer: '',
        ...overrides,
      },
    });
    if (response.statusCode !== 200) {
      throw new Error(`start answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<TrackerStartResponse>();
  }

  function send(
    started: { token: string; sessionID: string },
    batch: { page?: number; n?: number; events: unknown[] },
    options: { gzip?: boolean; prefix?: string } = {},
  ) {
    const page = batch.page ?? 0;
    const n = batch.n ?? 0;
    const json = Buffer.from(
      JSON.stringify({
        v: 1,
        sessionID: started.sessionID,
        tabId: 'a1b2c3d4e5f6',
        page,
        n,
        events: batch.events,
      }),
    );
    return app.inject({
      method: 'POST',
      url: `${options.prefix ?? '/ingest'}/v1/web/i?batch=${page}_${n}`,
      headers: {
        authorization: `Bearer ${started.token}`,
        'content-type': 'application/octet-stream',
        ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      payload: options.gzip ? gzipSync(json) : json,
    });
  }

  return {
    app,
    audit,
    get retention() {
      if (retention === undefined) {
        throw new Error('The retention worker was not built.');
      }
      return retention;
    },
    storeRoot,
    clock,
    token: (userId, groups) => issuer.sign(userId, groups ? { groups } : {}),
    start,
    send,
  };
}
