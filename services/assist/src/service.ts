/**
 * Live assist as the server mounts it (docs/adr/0020-live-assist.md): the live channel (socket.io at
 * /ws-assist/socket), the PeerJS server at /assist (GET /assist/{key}/id, /assist/{key}/peers, websocket
 * /assist/peerjs) and the staff API under /api/assist/staff. Its prefix is '' because it owns those root paths. The
 * websocket upgrades and socket.io's long-polling requests are routed by path once every service is mounted
 * (upgrade-router.ts), so the app's other websocket routes keep working on the same port.
 */
import { Server as HttpServer } from 'node:http';
import {
  ASSIST_MESSAGE_LIMIT,
  ASSIST_SOCKET_PATH,
  type AssistHelpApi,
  INGEST_SESSION_CLIENT,
} from '@tessera/contracts';
import {
  createObjectStore,
  defineService,
  loadObjectStoreSettings,
  type ObjectStore,
  type ServiceContext,
  type ServicePluginOptions,
} from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { migration as liveAssist } from '../migrations/0001-live-assist.ts';
import { migration as helpRequestsTable } from '../migrations/0002-help-requests.ts';
import { createHelpRequests, type HelpRequests } from './modules/help/help-requests.ts';
import { createAgentTime } from './modules/live/agent-time.ts';
import { createActionLog, WriteQueue } from './modules/live/audit.ts';
import { createLiveHub, type LiveHub } from './modules/live/hub.ts';
import { createAssistPeerServer, PEER_SOCKET_PATH } from './modules/peer/peer-server.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { routeUpgradesByPath } from './modules/upgrade-router.ts';
import { type AssistSettings, loadAssistSettings } from './settings.ts';
import { ASSIST_SCHEMA, type AssistDatabase } from './tables.ts';

/** Where the staff API lives. */
export const ASSIST_STAFF_PREFIX = '/api/assist/staff';

/** What a test may set on a context before the routes are mounted. */
export interface AssistTestOptions {
  readonly now?: () => Date;
  readonly store?: ObjectStore;
  readonly settings?: Partial<AssistSettings>;
  /** The PeerServer key (default: the ingest's project key). */
  readonly key?: string;
  /** Receives the queue of database writes (a test waits for it to be idle). */
  readonly onQueue?: (queue: WriteQueue) => void;
  /** How often every socket's token is verified again (default 60 s). */
  readonly reverifyIntervalMs?: number;
}

const testOptions = new WeakMap<ServiceContext, AssistTestOptions>();
/** The live hub of a context once its plugin has made it (the help requests check a session is live there). */
const hubs = new WeakMap<ServiceContext, LiveHub>();
/** The help requests of a context (ASSIST_CLIENT; the staff list shows them). */
const helpRequestsOf = new WeakMap<ServiceContext, HelpRequests>();

function helpRequestsFor(context: ServiceContext): HelpRequests {
  let requests = helpRequestsOf.get(context);
  if (!requests) {
    const now = testOptions.get(context)?.now ?? (() => new Date());
    requests = createHelpRequests(context.db as AssistDatabase, () => hubs.get(context), now);
    helpRequestsOf.set(context, requests);
  }
  return requests;
}

export function configureAssistForTest(context: ServiceContext, options: AssistTestOptions): void {
  testOptions.set(context, options);
}

async function assistPlugin(app: FastifyInstance, { context }: ServicePluginOptions) {
  const db = context.db as AssistDatabase;
  const test = testOptions.get(context);
  const settings = { ...loadAssistSettings(), ...test?.settings };
  const now = test?.now ?? (() => new Date());
  const store = test?.store ?? (await createObjectStore(loadObjectStoreSettings(), context.config.dataDir));
  // The PeerServer key is the web app's tracker project key, as the ingest knows it.
  const key = test?.key ?? context.clients?.find(INGEST_SESSION_CLIENT)?.projectKey ?? 'tessera-web';
  const queue = new WriteQueue((error) => context.log.error({ err: error }, 'live assist write failed'));
  test?.onQueue?.(queue);
  const actions = createActionLog(db, queue, now);
  const time = createAgentTime(db, queue, now);
  await time.closeLeftOpen();

  // socket.io's engine is attached to a private, never listening server: the router hands it its requests.
  const io = new SocketServer(new HttpServer(), {
    path: ASSIST_SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: ASSIST_MESSAGE_LIMIT,
    destroyUpgrade: false,
    connectTimeout: 20000,
  });
  const hub = createLiveHub({
    io,
    context,
    actions,
    time,
    now,
    controlEventsPerSecond: settings.controlEventsPerSecond,
    ...(test?.reverifyIntervalMs === undefined ? {} : { reverifyIntervalMs: test.reverifyIntervalMs }),
  });
  hubs.set(context, hub);
  const peer = createAssistPeerServer({ context, hub, key });
  await peer.routes(app);
  await app.register(staffRoutes, {
    context,
    db,
    hub,
    actions,
    time,
    store,
    helpRequests: helpRequestsFor(context),
    prefix: ASSIST_STAFF_PREFIX,
  });

  let restore: (() => void) | undefined;
  app.addHook('onReady', async () => {
    restore = routeUpgradesByPath(app.server, [
      {
        path: `${ASSIST_SOCKET_PATH}/`,
        handleUpgrade: (request, socket, head) => io.engine.handleUpgrade(request, socket, head),
        handleRequest: (request, response) => io.engine.handleRequest(request, response),
      },
      {
        path: PEER_SOCKET_PATH,
        handleUpgrade: (request, socket, head) => peer.handleUpgrade(request, socket, head),
      },
    ]);
  });
  app.addHook('preClose', async () => {
    restore?.();
    hub.close();
    peer.close();
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    });
    await queue.idle();
  });
}

/** The assist service. */
export const assistService = defineService({
  name: 'assist',
  schema: ASSIST_SCHEMA,
  prefix: '',
  textGuard: true,
  migrations: {
    '0001-live-assist': liveAssist,
    '0002-help-requests': helpRequestsTable,
  },
  plugin: assistPlugin,
  /** ASSIST_CLIENT of @tessera/contracts: the assistant's requests for a person, tied to a live session. */
  createClient: (context: ServiceContext): Promise<AssistHelpApi> =>
    Promise.resolve({ requestHelp: (request) => helpRequestsFor(context).requestHelp(request) }),
});
