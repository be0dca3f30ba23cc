/**
 * Test support: the assist service with the ingest (real session tokens), a stand-in identity service (its client
 * keeps the staff audit log as a list and names the agents), a stub service with an @fastify/websocket route (the
 * app's other websockets must keep upgrading), a filesystem object store, listening on a loopback port. Never
 * imported by runtime code.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type IdentityDirectoryApi,
  type StaffAccessRecord,
  TRACKER_VERSION,
  type TrackerStartResponse,
} from '@tessera/contracts';
import {
  createFilesystemObjectStore,
  type Database,
  defineService,
  websocketSupport,
} from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import { configureIngestForTest, ingestService } from '@tessera/service-ingest';
import type { FastifyInstance } from 'fastify';
import type { WriteQueue } from '../modules/live/audit.ts';
import { assistService, configureAssistForTest } from '../service.ts';

export const AGENT_NAMES: Record<string, string> = {
  'agent-ana': 'Ana Support',
  'agent-bob': 'Bob Longname Support',
};

export interface AssistTestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly origin: string;
  readonly audit: StaffAccessRecord[];
  readonly queue: WriteQueue;
  token(userId: string, groups?: string[]): Promise<string>;
  /** The token issuer (sign with chosen claims, revoke a sign-in session). */
  readonly issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  /** Starts a tracker session; its token and id. */
  startSession(): Promise<TrackerStartResponse>;
  close(): Promise<void>;
}

export async function buildAssistTestApp(
  database: Database,
  env: { controlEventsPerSecond?: number; reverifyIntervalMs?: number } = {},
) {
  const issuer = await createTestTokenIssuer();
  const audit: StaffAccessRecord[] = [];
  const directory: IdentityDirectoryApi = {
    lookupCustomerByEmail: () => Promise.resolve(null),
    getContact: (userId) =>
      Promise.resolve(
        AGENT_NAMES[userId] === undefined
          ? null
          : {
              userId,
              email: `${userId}@tessera.test`,
              displayName: AGENT_NAMES[userId]!,
              locale: 'en',
              emailVerified: true,
              phoneVerified: false,
            },
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
  // Another service's websocket route, as market data and the customer socket have.
  const echo = defineService({
    name: 'echo-stub',
    schema: 'echo_stub',
    prefix: '/api/echo-stub',
    migrations: {},
    async plugin(app) {
      await app.register(websocketSupport);
      app.get('/ws', { websocket: true }, (socket) => {
        socket.on('message', (data: Buffer) => socket.send(`echo:${data.toString()}`));
      });
    },
  });
  const storeRoot = mkdtempSync(join(tmpdir(), 'assist-store-'));
  let queue: WriteQueue | undefined;
  const { app } = await buildServiceTestApp({
    services: [identity, echo, ingestService, assistService],
    database,
    auth: issuer.verifier,
    beforeMount(composed) {
      configureIngestForTest(composed.contextOf('ingest'), {
        store: createFilesystemObjectStore(join(storeRoot, 'ingest')),
      });
      configureAssistForTest(composed.contextOf('assist'), {
        store: createFilesystemObjectStore(join(storeRoot, 'assist')),
        onQueue: (built) => {
          queue = built;
        },
        ...(env.controlEventsPerSecond === undefined
          ? {}
          : { settings: { controlEventsPerSecond: env.controlEventsPerSecond } }),
        ...(env.reverifyIntervalMs === undefined ? {} : { reverifyIntervalMs: env.reverifyIntervalMs }),
      });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  return {
    app,
    database,
    origin: `http://127.0.0.1:${port}`,
    audit,
    queue: queue!,
    token: (userId: string, groups?: string[]) => issuer.sign(userId, groups ? { groups } : {}),
    issuer,
    async startSession() {
      const response = await app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
        payload: {
          trackerVersion: TRACKER_VERSION,
          projectKey: 'tessera-web',
          timestamp: Date.now(),
          doNotRecord: false,
          bufferDiff: 0,
          userID: null,
          token: null,
          deviceMemory: 8,
          jsHeapSizeLimit: 1,
          timezone: null,
          width: 1366,
          height: 768,
          condition: null,
          assistOnly: true,
          href: 'https://bank.test/',
          referrer: '',
        },
      });
      if (response.statusCode !== 200) {
        throw new Error(`start answered ${response.statusCode}: ${response.body}`);
      }
      return response.json<TrackerStartResponse>();
    },
    close: () => app.close(),
  } satisfies AssistTestApp;
}
