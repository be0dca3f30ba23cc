/**
 * Test support, exported as `@tessera/platform/testing`: never imported by runtime code.
 *
 * Every database suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL points at a server where the
 * user may create databases (each test database is `tessera_test_<random>`, dropped when closed). This file reads
 * TEST_DATABASE_URL itself: it is test-only, so config.ts stays the only runtime reader of the environment.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe } from 'vitest';
import type { TokenVerifier } from './auth.ts';
import type { ComposedServices } from './compose.ts';
import { buildServiceApp } from './service-app.ts';
import { type Config, loadConfig } from './config.ts';
import { createPgliteTemplate, inMemoryDataDir, openPglite, openPostgres } from './database/index.ts';
import type { Database, DatabaseKind } from './database/types.ts';
import type { EventBus } from './events.ts';
import type { ServiceDefinition } from './service.ts';

/** The PostgreSQL server for tests, if any (an admin URL; test databases are created on it). */
export const testDatabaseUrl: string | undefined = process.env['TEST_DATABASE_URL'] || undefined;

/** The engines the suites run on here: always PGlite, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: readonly DatabaseKind[] = testDatabaseUrl
  ? ['pglite', 'postgres']
  : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, empty database: in-memory PGlite (from a template cached in the temp directory, so it opens in well under
 * a second instead of running initdb), or a new database on
 * the TEST_DATABASE_URL server. `close()` releases it (and drops the PostgreSQL database).
 */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') {
    pgliteTemplate ??= createPgliteTemplate({ cacheDirectory: tmpdir() });
    return openPglite(inMemoryDataDir, { loadDataDir: await pgliteTemplate });
  }
  if (!testDatabaseUrl) {
    throw new Error('Set TEST_DATABASE_URL to run tests on PostgreSQL.');
  }
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(testDatabaseUrl, (admin) => sql`create database ${sql.id(name)}`.execute(admin.db));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolMax: 5, statementTimeoutMs: 30_000 });
  let closing: Promise<void> | undefined;
  const dropDatabase = async () => {
    await database.close();
    await withAdmin(testDatabaseUrl, (admin) =>
      sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db),
    );
  };
  return { ...database, location: database.location, close: () => (closing ??= dropDatabase()) };
}

async function withAdmin<T>(url: string, run: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(url, { poolMax: 1 });
  try {
    return await run(admin);
  } finally {
    await admin.close();
  }
}

/** What a suite of {@link describeEachDatabase} receives. */
export interface DatabaseSuiteContext {
  readonly kind: DatabaseKind;
  /** A fresh database of this kind, closed (and dropped) after the suite; closing it earlier is fine. */
  createDatabase(): Promise<Database>;
}

/**
 * Declares `suite` once per engine in {@link testDatabaseKinds}, named `name [pglite]` and `name [postgres]`.
 * @example describeEachDatabase('ledger transfers', ({ createDatabase }) => { it('...', async () => { ... }) })
 */
export function describeEachDatabase(name: string, suite: (context: DatabaseSuiteContext) => void): void {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      const opened: Database[] = [];
      afterAll(async () => {
        await Promise.all(opened.map((database) => database.close()));
      });
      suite({
        kind,
        async createDatabase() {
          const database = await createTestDatabase(kind);
          opened.push(database);
          return database;
        },
      });
    });
  }
}

/**
 * A real RS256 token issuer for tests: a fresh key pair, a verifier that trusts it, and `sign(claims)` producing
 * access tokens with Cognito's claims. Services test authorisation against genuinely signed tokens.
 */
export async function createTestTokenIssuer(options: { issuer?: string; clientId?: string } = {}) {
  const { generateKeyPair, SignJWT, createLocalJWKSet, exportJWK } = await import('jose');
  const issuer = options.issuer ?? 'https://identity.test/eu-west-1_test';
  const clientId = options.clientId ?? 'tessera-web';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const { createTokenVerifier } = await import('./auth.ts');
  const revoked = new Set<string>();
  const verifier = createTokenVerifier({
    issuer,
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    clientIds: [clientId],
    revocation: { isRevoked: (token) => Promise.resolve(revoked.has(token.originJti)) },
  });
  let counter = 0;
  return {
    issuer,
    clientId,
    verifier,
    /** Marks a sign-in session revoked, as GlobalSignOut or RevokeToken would. */
    revoke: (originJti: string) => revoked.add(originJti),
    /**
     * Signs an access token for `userId`; `groups` become `cognito:groups`. `amr` defaults to `["pwd"]`; a step-up
     * token has `["pwd", "mfa"]` and a recent `authTimeS`.
     */
    async sign(
      userId: string,
      claims: {
        groups?: string[];
        expiresInS?: number;
        originJti?: string;
        tokenUse?: string;
        amr?: string[];
        authTimeS?: number;
      } = {},
    ): Promise<string> {
      counter += 1;
      const nowS = Math.floor(Date.now() / 1000);
      return new SignJWT({
        token_use: claims.tokenUse ?? 'access',
        client_id: clientId,
        username: userId,
        origin_jti: claims.originJti ?? `origin-${counter}`,
        scope: 'aws.cognito.signin.user.admin',
        auth_time: claims.authTimeS ?? nowS,
        amr: claims.amr ?? ['pwd'],
        ...(claims.groups ? { 'cognito:groups': claims.groups } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt(nowS)
        .setJti(`jti-${counter}`)
        .setExpirationTime(nowS + (claims.expiresInS ?? 900))
        .sign(privateKey);
    },
  };
}

/** The config service tests run with unless they pass one: test mode, silent, in-memory data. */
export const serviceTestConfig: Config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
});

/** What {@link buildServiceTestApp} needs. */
export interface ServiceTestAppOptions {
  /** Composed in this order, as the server composes its list. */
  readonly services: readonly ServiceDefinition[];
  readonly database: Database;
  /** Usually a {@link createTestTokenIssuer}'s verifier. */
  readonly auth: TokenVerifier;
  /** Default {@link serviceTestConfig}. */
  readonly config?: Config;
  /** The services whose routes are served; default all. The others only offer their clients. */
  readonly mount?: readonly string[];
  /** Close `database` with the app (default false: the test closes it). */
  readonly closeDatabase?: boolean;
  /** Trust X-Forwarded-For (suites that give each request its own address). */
  readonly trustProxy?: boolean | string;
  /** Runs after the seeds and before any route is registered (a test's settings on a service's context). */
  beforeMount?(composed: ComposedServices): void | Promise<void>;
}

/** A built, not yet listening service test app. */
export interface ServiceTestApp {
  readonly app: FastifyInstance;
  readonly composed: ComposedServices;
  readonly events: EventBus;
}

/**
 * Builds an app as the server does (server/src/app.ts), through `buildServiceApp` (service-app.ts): request ids, the
 * error and not-found handlers and the router's own refusals of the platform, then `composeServices` and
 * `mountServices` (compose.ts), with the routes' schemas enforced and documented.
 */
export async function buildServiceTestApp(options: ServiceTestAppOptions): Promise<ServiceTestApp> {
  return buildServiceApp({
    services: options.services,
    config: options.config ?? serviceTestConfig,
    database: options.database,
    auth: options.auth,
    trustProxy: options.trustProxy ?? false,
    closeDatabase: options.closeDatabase ?? false,
    ...(options.mount === undefined ? {} : { mount: options.mount }),
    ...(options.beforeMount === undefined ? {} : { beforeMount: options.beforeMount }),
  });
}
