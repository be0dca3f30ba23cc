/**
 * identity: what sign-in costs, measured against its natural bound in the same run, on embedded PGlite (the default
 * engine) and on PostgreSQL (what a bank runs; a durable throw-away cluster, bench/src/postgres.ts).
 *
 * - Sign-in (InitiateAuth USER_PASSWORD_AUTH through the AWS SDK's wire format over loopback HTTP) at 8 and 50
 *   concurrent clients: throughput, p50 and p99 latency. The identity service runs in this process with the demo
 *   users its seed creates.
 * - The bare argon2id verification rate with the service's parameters, as many at once as libuv has threads,
 *   measured right before each engine's sign-ins: sign-in cannot beat it, so `ratio_vs_argon2` says how much the
 *   rest of the path costs (goal >= 0.8).
 * - Access-token verifications per second with the platform verifier the server builds over the run's distinct
 *   tokens, in one process: repeated tokens (a client sends its token with every call), which the verified-token
 *   cache answers after checking expiry and revocation (goal >= 20,000/s on one core), one at a time and 16 in
 *   flight; and the same without the cache (every call pays the RS256 signature check), 16 in flight.
 * Goals: p99 < 100 ms at 8 concurrent. Correctness is checked after each engine's run: every sign-in returned tokens
 * the verifier accepts, and a revoked session's token is refused. BENCH_IDENTITY_ENGINES=pglite (or postgres)
 * measures one engine.
 */
import {
  type Database,
  type TokenVerifier,
  createInProcessEventBus,
  errorHandlerPlugin,
  inMemoryDataDir,
  loadConfig,
  migrate,
  openPglite,
  openPostgres,
} from '@tessera/platform';
import {
  argon2Options,
  createIdentityTokenVerifier,
  demoUsers,
  hashPassword,
  identityService,
  verifyPassword,
} from '@tessera/service-identity';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import type { Benchmark, BenchResult } from '../harness.ts';
import { withBenchDatabase } from '../postgres.ts';

const THREADPOOL = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4);

async function startIdentity(open: () => Promise<Database>) {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: inMemoryDataDir, LOG_LEVEL: 'silent' });
  const database = await open();
  await migrate(database.db, { schema: identityService.schema, migrations: identityService.migrations });
  const verifier = createIdentityTokenVerifier(config, database);
  const uncachedVerifier = createIdentityTokenVerifier(config, database, { cache: false });
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  const context = {
    config,
    db: database.db.withSchema(identityService.schema),
    log: app.log,
    events: createInProcessEventBus(),
    auth: verifier,
  };
  await identityService.seed?.(context);
  await app.register(identityService.plugin, { prefix: '', context });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    verifier,
    uncachedVerifier,
    url: `http://127.0.0.1:${port}/identity`,
    clientId: config.identity.userPoolClientId,
  };
}

type Identity = Awaited<ReturnType<typeof startIdentity>>;

const run = promisify(execFile);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * `total` sign-ins by `concurrency` clients with one keep-alive connection each, from a separate process
 * (identity-load.mjs); returns throughput, latencies and the tokens.
 */
async function signInLoad(identity: Identity, concurrency: number, total: number) {
  const users = demoUsers
    .filter((user) => user.groups.length === 0)
    .map(({ email, password }) => ({ email, password }));
  const input = JSON.stringify({ url: identity.url, clientId: identity.clientId, concurrency, total, users });
  const { stdout } = await run(process.execPath, [join(import.meta.dirname, 'identity-load.mjs'), input], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { seconds, latenciesUs, tokens } = JSON.parse(stdout) as {
    seconds: number;
    latenciesUs: number[];
    tokens: string[];
  };
  latenciesUs.sort((a, b) => a - b);
  return {
    opsPerS: total / seconds,
    p50Us: percentile(latenciesUs, 0.5),
    p99Us: percentile(latenciesUs, 0.99),
    tokens,
  };
}

/** Bare argon2id verifications, THREADPOOL at a time. */
async function argon2Rate(total: number): Promise<number> {
  const stored = await hashPassword('Ana-Demo-2026!');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: THREADPOOL }, async () => {
      while (next < total) {
        next += 1;
        if (!(await verifyPassword(stored, 'Ana-Demo-2026!'))) {
          throw new Error('argon2 verification failed');
        }
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * Verifications of the sign-ins' distinct tokens (round robin) for `durationMs`, `inFlight` at a time. With 1 in
 * flight the main thread waits for each check; more in flight overlap the RSA checks (WebCrypto runs them on
 * libuv's pool) with the JavaScript of the others.
 */
async function verificationRate(
  verifier: TokenVerifier,
  tokens: string[],
  durationMs: number,
  inFlight: number,
) {
  await verifier.verifyAccessToken(tokens[0]!);
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, lane) => {
      let index = lane;
      while (performance.now() - started < durationMs) {
        await verifier.verifyAccessToken(tokens[index % tokens.length]!);
        index += inFlight;
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** After the run: every token verifies, and a globally signed-out session's token is refused. */
async function checkCorrectness(identity: Identity, tokens: string[]): Promise<void> {
  for (const token of tokens.slice(0, 20)) {
    await identity.verifier.verifyAccessToken(token);
  }
  const token = tokens[0]!;
  await fetch(identity.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    body: JSON.stringify({ AccessToken: token }),
  });
  const refused = await identity.verifier.verifyAccessToken(token).then(
    () => false,
    () => true,
  );
  if (!refused) {
    throw new Error('a signed-out token was still accepted');
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * One engine's figures: the argon2id bound measured right before (the same conditions), sign-in at 8 and 50
 * concurrent against it, and, with `verification`, the token verification rates over the run's tokens.
 */
async function measureEngine(
  engine: 'pglite' | 'postgres',
  open: () => Promise<Database>,
  verification: boolean,
): Promise<BenchResult[]> {
  const identity = await startIdentity(open);
  try {
    await signInLoad(identity, 4, 8); // warm-up: JIT, first key load, connection pool
    const argon2 = await argon2Rate(120);
    const at8 = await signInLoad(identity, 8, 160);
    const at50 = await signInLoad(identity, 50, 250);
    const tokens = [...at8.tokens, ...at50.tokens];
    const results: BenchResult[] = [
      {
        case: `argon2id verify (m=${argon2Options.memoryCost} KiB, t=${argon2Options.timeCost}, p=${argon2Options.parallelism}), ${engine} run`,
        metric: 'ops_per_s',
        value: round(argon2),
        unit: 'ops/s',
      },
      ...(
        [
          [`${engine} sign-in, 8 concurrent`, at8],
          [`${engine} sign-in, 50 concurrent`, at50],
        ] as const
      ).flatMap(([name, figures]) => [
        { case: name, metric: 'ops_per_s', value: round(figures.opsPerS), unit: 'ops/s' },
        { case: name, metric: 'p50_us', value: Math.round(figures.p50Us), unit: 'us' },
        { case: name, metric: 'p99_us', value: Math.round(figures.p99Us), unit: 'us' },
        {
          case: name,
          metric: 'ratio_vs_argon2',
          value: Number((figures.opsPerS / argon2).toFixed(2)),
          unit: 'ratio',
        },
      ]),
    ];
    if (verification) {
      const sequential = await verificationRate(identity.verifier, tokens, 3000, 1);
      const overlapped = await verificationRate(identity.verifier, tokens, 3000, 16);
      const uncached = await verificationRate(identity.uncachedVerifier, tokens, 3000, 16);
      results.push(
        {
          case: 'access-token verification, repeated tokens (cache), 1 at a time',
          metric: 'ops_per_s',
          value: Math.round(sequential),
          unit: 'ops/s',
        },
        {
          case: 'access-token verification, repeated tokens (cache), 16 in flight',
          metric: 'ops_per_s',
          value: Math.round(overlapped),
          unit: 'ops/s',
        },
        {
          case: 'access-token verification, no cache (RS256 each time), 16 in flight',
          metric: 'ops_per_s',
          value: Math.round(uncached),
          unit: 'ops/s',
        },
      );
    }
    await checkCorrectness(identity, tokens);
    return results;
  } finally {
    await identity.app.close();
    await identity.database.close();
  }
}

export const identityBenchmark: Benchmark = {
  name: 'identity',
  description: 'sign-in throughput and latency vs the argon2id bound; access-token verifications per second',
  async run(): Promise<BenchResult[]> {
    const engines = (process.env['BENCH_IDENTITY_ENGINES'] ?? 'pglite,postgres').split(',');
    const results = engines.includes('pglite')
      ? await measureEngine('pglite', () => openPglite(inMemoryDataDir), true)
      : [];
    const outcome = engines.includes('postgres')
      ? await withBenchDatabase('identity', async (url) => {
          results.push(
            ...(await measureEngine(
              'postgres',
              () => openPostgres(url, { poolMax: 10 }),
              !engines.includes('pglite'),
            )),
          );
        })
      : 'measured';
    if (outcome === 'skipped') {
      console.log(
        '  PostgreSQL cases skipped: set BENCH_DATABASE_URL or install postgresql (initdb not found).',
      );
    }
    return results;
  },
};
