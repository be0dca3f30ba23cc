/**
 * The ingest as the server mounts it (docs/adr/0017-session-tracking.md): the tracker's routes under the ingest
 * point `/ingest/v1/web/*` and, as the spec writes them, at `/v1/web/*`; the staff replay API under
 * `/api/ingest/staff/*`. Its prefix is '' because it owns those root paths (as help and identity do); the text guard
 * is on for its JSON routes (the batch and image routes opt out: bytes, read by the tripwire instead).
 */
import {
  createObjectStore,
  defineService,
  loadObjectStoreSettings,
  type ObjectStore,
  type ServiceContext,
  type ServicePluginOptions,
} from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { migration as sessionTracking } from '../migrations/0001-session-tracking.ts';
import { migration as assistOnlySessions } from '../migrations/0002-assist-only-sessions.ts';
import { migration as usabilityTests } from '../migrations/0003-usability-tests.ts';
import { quarantinedBatches } from './metrics.ts';
import { createRetentionWorker, scheduleSweep } from './modules/retention/retention.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createImageStore } from './modules/tracker/images.ts';
import { RateWindows } from './modules/tracker/rate-window.ts';
import { createSessionTokenVerifier } from './modules/tracker/session-verifier.ts';
import { trackerRoutes } from './modules/tracker/tracker.routes.ts';
import { createTrackerService } from './modules/tracker/tracker.service.ts';
import { uxtParticipantRoutes } from './modules/uxt/uxt-participant.routes.ts';
import { uxtStaffRoutes } from './modules/uxt/uxt-staff.routes.ts';
import { seedDemoUsabilityTest } from './modules/uxt/uxt.seed.ts';
import { createUxtRetentionWorker, scheduleUxtSweep } from './modules/uxt/uxt.retention.ts';
import { createUxtService } from './modules/uxt/uxt.service.ts';
import type { UxtDatabase } from './modules/uxt/uxt.tables.ts';
import { type IngestSettings, loadIngestSettings } from './settings.ts';
import { INGEST_SCHEMA, type IngestDatabase } from './tables.ts';

/** Where the tracker's routes also answer (the tracker's default ingest point). */
export const INGEST_POINT_PREFIX = '/ingest';
/** Where the staff replay API lives. */
export const INGEST_STAFF_PREFIX = '/api/ingest/staff';

/** What a test may set on a context before the routes are mounted (buildServiceTestApp's beforeMount). */
export interface IngestTestOptions {
  readonly now?: () => Date;
  readonly store?: ObjectStore;
  readonly settings?: Partial<IngestSettings>;
  /** Receives the retention worker and queue (to drive them with the test's clock). */
  readonly onRetention?: (retention: ReturnType<typeof createRetentionWorker>) => void;
}

const testOptions = new WeakMap<ServiceContext, IngestTestOptions>();

/** Sets a test's clock, store or settings for the ingest of `context`. */
export function configureIngestForTest(context: ServiceContext, options: IngestTestOptions): void {
  testOptions.set(context, options);
}

async function ingestPlugin(app: FastifyInstance, { context }: ServicePluginOptions) {
  const db = context.db as IngestDatabase;
  const test = testOptions.get(context);
  const settings = { ...loadIngestSettings(), ...test?.settings };
  const now = test?.now ?? (() => new Date());
  const store = test?.store ?? (await createObjectStore(loadObjectStoreSettings(), context.config.dataDir));
  const images = createImageStore(db, store);
  const tracker = createTrackerService({
    db,
    now,
    tokenMaxHours: settings.tokenMaxHours,
    onQuarantine: (findings) => {
      for (const [kind, count] of Object.entries(findings)) {
        quarantinedBatches.inc({ kind }, 1);
        context.log.warn({ kind, count }, 'batch quarantined by the PII tripwire');
      }
    },
  });
  const routeOptions = {
    context,
    db,
    tracker,
    images,
    perSession: new RateWindows(settings.ratePerSession),
    perAddress: new RateWindows(settings.ratePerAddress),
    now,
  };
  await app.register(trackerRoutes, { ...routeOptions, prefix: INGEST_POINT_PREFIX });
  await app.register(trackerRoutes, routeOptions);
  await app.register(staffRoutes, { context, db, images, prefix: INGEST_STAFF_PREFIX });
  // Usability tests (issue #19): the participant's calls beside the tracker's, the studio's under the staff API.
  const uxt = createUxtService({
    db: context.db as UxtDatabase,
    store,
    now,
    projectKey: settings.projectKey,
    uploadSecret: settings.uxtUploadSecret,
  });
  const uxtOptions = {
    tracker,
    uxt,
    perSession: routeOptions.perSession,
    perAddress: routeOptions.perAddress,
    now,
    isDemo: context.config.mode === 'demo',
  };
  await app.register(uxtParticipantRoutes, { ...uxtOptions, prefix: INGEST_POINT_PREFIX });
  await app.register(uxtParticipantRoutes, uxtOptions);
  await app.register(uxtStaffRoutes, { context, uxt, now, prefix: `${INGEST_STAFF_PREFIX}/uxt` });
  const uxtRetention = createUxtRetentionWorker({
    db: context.db as UxtDatabase,
    store,
    retentionDays: settings.retentionDays,
    now,
    log: context.log,
  });
  if (test === undefined) {
    app.addHook('onReady', async () => {
      await scheduleUxtSweep(uxtRetention.queue, now());
      uxtRetention.worker.start();
    });
    app.addHook('onClose', async () => uxtRetention.worker.stop());
  }

  const retention = createRetentionWorker({
    db,
    images,
    retentionDays: settings.retentionDays,
    now,
    log: context.log,
  });
  test?.onRetention?.(retention);
  if (test === undefined) {
    app.addHook('onReady', async () => {
      await scheduleSweep(retention.queue, now());
      retention.worker.start();
    });
    app.addHook('onClose', async () => retention.worker.stop());
  }
}

/** The ingest service. */
export const ingestService = defineService({
  name: 'ingest',
  schema: INGEST_SCHEMA,
  prefix: '',
  textGuard: true,
  migrations: {
    '0001-session-tracking': sessionTracking,
    '0002-assist-only-sessions': assistOnlySessions,
    '0003-usability-tests': usabilityTests,
  },
  plugin: ingestPlugin,
  /** INGEST_SESSION_CLIENT: live assist verifies a customer tab's tracker token in-process (issue #18). */
  createClient: async (context: ServiceContext) =>
    createSessionTokenVerifier(
      context.db as IngestDatabase,
      loadIngestSettings().projectKey,
      () => testOptions.get(context)?.now?.() ?? new Date(),
    ),
  async seed(context: ServiceContext) {
    // The web app's project (INGEST_PROJECT_KEY): canvas recording and feature flags off, usability tests on.
    const { projectKey } = loadIngestSettings();
    await (context.db as IngestDatabase)
      .insertInto('project')
      .values({ id: projectKey, name: 'Tessera web app' })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    if (context.config.mode === 'demo') {
      await seedDemoUsabilityTest(context.db as UxtDatabase, projectKey);
    }
  },
});
