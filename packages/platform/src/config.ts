/**
 * Configuration: the only module that reads `process.env`.
 *
 * Everything is parsed once, at start-up, with zod. A bad value stops the process with one message that names every
 * problem, one line per variable, so an operator fixes them all in one go instead of one restart per typo.
 * Values are never echoed back in the message: DATABASE_URL carries a password.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import {
  envBaseUrl,
  envTrustProxy,
  envEnum,
  envHttpUrl,
  envInteger,
  envString,
  isHttpUrl,
  isPostgresUrl,
} from './config-fields.ts';

/** The environment as a plain record of strings, like `process.env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Loads `path` (a `.env` file: KEY=value lines) into `process.env` when it exists, and says whether it did.
 * Variables already set in the environment win over the file, so an operator's own setting is never overridden.
 * Node parses the file (`process.loadEnvFile`, Node 20.12+); its values then go through {@link loadConfig} as any.
 */
export function loadEnvFileIfPresent(path: string): boolean {
  if (!existsSync(path)) {
    return false;
  }
  process.loadEnvFile(path);
  return true;
}

/** Thrown by {@link loadConfig} when one or more variables are invalid; `problems` has one line per variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The platform's own variables.
// ---------------------------------------------------------------------------------------------------------------

/** The log levels pino understands. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The values of NODE_ENV. */
export const nodeEnvs = ['development', 'production', 'test'] as const;

/**
 * What the process is: `demo` opens the demo-only routes (the dev mailbox, the money simulators, the self-set KYC
 * level: every route under a `/dev/` segment) to loopback callers and seeds the demo users; `production` opens none.
 */
export const modes = ['demo', 'production'] as const;

/** The process's mode, see {@link modes}. */
export type Mode = (typeof modes)[number];

/**
 * Resolves NODE_ENV and TESSERA_MODE together, or gives the one problem that stops the process:
 *
 * | NODE_ENV      | TESSERA_MODE | nodeEnv     | mode       |
 * |---------------|--------------|-------------|------------|
 * | unset         | unset        | production  | production |  a deployment that sets nothing
 * | unset         | demo         | development | demo       |  `npm start` (scripts/start.mjs sets it)
 * | development   | unset        | development | demo       |  a developer's watch mode
 * | test          | unset        | test        | demo       |  the test harnesses drive the demo routes
 * | production    | unset        | production  | production |
 * | any but prod. | production   | as given    | production |
 * | production    | demo         | (refused: the process does not start)   |
 *
 * Demo mode is never a default of a deployment: the dev mailbox shows every user's codes and the simulators mint
 * money, so it takes NODE_ENV=development/test or an explicit TESSERA_MODE=demo, and it never runs beside
 * NODE_ENV=production. Even then the demo routes answer loopback callers only (demo-routes.ts).
 */
export function resolveMode(env: {
  NODE_ENV?: (typeof nodeEnvs)[number] | undefined;
  TESSERA_MODE?: Mode | undefined;
}): { nodeEnv: (typeof nodeEnvs)[number]; mode: Mode } | { problem: string } {
  if (env.NODE_ENV === 'production' && env.TESSERA_MODE === 'demo') {
    return {
      problem:
        'TESSERA_MODE: demo mode cannot run with NODE_ENV=production (it opens the dev mailbox and the money ' +
        'simulators); unset TESSERA_MODE for a deployment, or NODE_ENV for the demo',
    };
  }
  const nodeEnv = env.NODE_ENV ?? (env.TESSERA_MODE === 'demo' ? 'development' : 'production');
  const mode = env.TESSERA_MODE ?? (nodeEnv === 'production' ? 'production' : 'demo');
  return { nodeEnv, mode };
}

/** The keys of the runtime `/config.json` service map, with the env suffix that overrides each and its default. */
export const serviceUrlDefaults = {
  identity: ['IDENTITY', '/identity'],
  userManagement: ['USER_MANAGEMENT', '/api/user-management'],
  ledger: ['LEDGER', '/api/ledger'],
  cashOperations: ['CASH_OPERATIONS', '/api/cash-operations'],
  marketDataInfo: ['MARKET_DATA_INFO', '/api/market-data-info'],
  marketData: ['MARKET_DATA', '/api/market-data'],
  timeSeries: ['TIME_SERIES', '/api/time-series'],
  trading: ['TRADING', '/api/trading'],
  investments: ['INVESTMENTS', '/api/investments'],
  reportManager: ['REPORT_MANAGER', '/api/report-manager'],
  help: ['HELP', '/api/help'],
  assistant: ['ASSISTANT', '/api/assistant'],
  ingest: ['INGEST', '/v1/web'],
  assist: ['ASSIST', '/assist'],
} as const satisfies Record<string, readonly [string, string]>;

/** The name of a service in the runtime service map, e.g. `userManagement`. */
export type ServiceUrlKey = keyof typeof serviceUrlDefaults;

const serviceUrlShape = Object.fromEntries(
  Object.values(serviceUrlDefaults).map(([suffix, path]) => [`SERVICE_URL_${suffix}`, envBaseUrl(path)]),
) as Record<`SERVICE_URL_${(typeof serviceUrlDefaults)[ServiceUrlKey][0]}`, ReturnType<typeof envBaseUrl>>;

/** The zod schema of every variable the platform reads, keyed by variable name. */
export const platformEnvSchema = z.object({
  // Both optional here: their defaults depend on each other (resolveMode).
  NODE_ENV: z.enum(nodeEnvs, { error: `must be one of ${nodeEnvs.join(', ')}` }).optional(),
  TESSERA_MODE: z.enum(modes, { error: `must be one of ${modes.join(', ')}` }).optional(),
  PORT: envInteger(3000, { min: 0, max: 65535 }),
  HOST: envString('0.0.0.0', 255),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, { error: 'must be a postgres:// or postgresql:// URL with a host' })
    .optional(),
  DATABASE_POOL_MAX: envInteger(10, { min: 2, max: 1000 }),
  DATABASE_STATEMENT_TIMEOUT_MS: envInteger(30_000, { min: 0, max: 3_600_000 }),
  DATA_DIR: envString('./data', 4096).refine((value) => value.length > 0, { error: 'must not be empty' }),
  LOG_LEVEL: envEnum(logLevels, 'info'),
  PUBLIC_URL: envHttpUrl().optional(),
  TRUST_PROXY: envTrustProxy(),
  WEB_DIST_DIR: envString('', 4096),
  CONSOLE_DIST_DIR: envString('', 4096),
  IDENTITY_REGION: envString('eu-west-1', 64),
  IDENTITY_USER_POOL_ID: envString('eu-west-1_tessera', 128),
  IDENTITY_USER_POOL_CLIENT_ID: envString('tessera-web', 128),
  IDENTITY_USER_POOL_ENDPOINT: envHttpUrl().optional(),
  IDENTITY_OAUTH_DOMAIN: z.string().max(255, { error: 'must be at most 255 characters' }).optional(),
  IDENTITY_ISSUER: envHttpUrl().optional(),
  IDENTITY_JWKS_URL: envHttpUrl().optional(),
  IDENTITY_OAUTH_REDIRECT_URIS: z
    .string()
    .max(4096, { error: 'must be at most 4096 characters' })
    .transform((value) =>
      value
        .split(',')
        .map((uri) => uri.trim())
        .filter(Boolean),
    )
    .refine((uris) => uris.every(isHttpUrl), { error: 'must be comma-separated absolute http(s) URLs' })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: envString('Tessera <no-reply@tessera.test>', 320),
  TLS_PORT: z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number from 1 to 65535' })
    .transform(Number)
    .pipe(
      z.number().int().min(1, { error: 'must be at least 1' }).max(65535, { error: 'must be at most 65535' }),
    )
    .optional(),
  // Per client address per minute, across every route; 0 turns the floor off. Sized for a shared office NAT
  // (docs/operations.md): identity's own throttles stay the tight limits, this one only stops a flood.
  RATE_LIMIT_MAX: envInteger(3000, { min: 0, max: 1_000_000 }),
  // Unset: /metrics answers NOT_FOUND. At least 32 characters so it cannot be guessed (docs/operations.md).
  METRICS_TOKEN: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .max(256, { error: 'must be at most 256 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
    .optional(),
  ...serviceUrlShape,
});

/** Identity settings handed to the browser (aws-amplify) through `/config.json`. */
export interface IdentityConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Absolute endpoint of the user pool; `null` means `<origin>/identity` of the request. */
  readonly userPoolEndpoint: string | null;
  readonly oauthDomain: string | null;
  /** The token issuer (`iss`); `null` means the identity service's own, derived from PUBLIC_URL or the port. */
  readonly issuer: string | null;
  /** Where verifiers fetch keys for a managed pool; `null` means the identity service's own keys, in process. */
  readonly jwksUrl: string | null;
  /** The hosted login's redirect_uri allow-list; empty means this origin's root (PUBLIC_URL or localhost). */
  readonly oauthRedirectUris: readonly string[];
}

/** The parsed, frozen configuration of one process. */
export interface Config {
  readonly nodeEnv: (typeof nodeEnvs)[number];
  /** `demo` only when asked for (see {@link resolveMode}); read it, never NODE_ENV, to decide on demo features. */
  readonly mode: Mode;
  readonly port: number;
  readonly host: string;
  /** Set when PostgreSQL is used; otherwise PGlite under `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly databasePoolMax: number;
  readonly databaseStatementTimeoutMs: number;
  /** Where PGlite (and later the object store) keep files; `memory://` keeps PGlite in memory (tests). */
  readonly dataDir: string;
  readonly logLevel: (typeof logLevels)[number];
  /** The public origin used in links (e-mails); no trailing slash. */
  readonly publicUrl: string | undefined;
  /**
   * Which peers' X-Forwarded-For/-Proto to believe: false (none), true (any: the leftmost address, which the caller
   * writes), or the balancers' addresses/CIDRs (the address the first untrusted hop gave: not spoofable).
   */
  readonly trustProxy: boolean | string;
  /** Where the built web app and console are served from; empty means apps/<name>/dist of this checkout. */
  readonly webDistDir: string;
  readonly consoleDistDir: string;
  readonly identity: IdentityConfig;
  /** Where e-mail goes (`smtp://` or `smtps://`); unset keeps messages in the outbox and the dev mailbox. */
  readonly smtpUrl: string | undefined;
  /** The From header of e-mails. */
  readonly mailFrom: string;
  /** An extra HTTPS listener (self-signed in development) for the hosted login; `undefined` means none. */
  readonly tlsPort: number | undefined;
  /** Requests per client address per minute before RATE_LIMITED (the global floor); 0 means no floor. */
  readonly rateLimitMax: number;
  /** The bearer token /metrics asks for; `undefined` means /metrics is not served. */
  readonly metricsToken: string | undefined;
  /** Base URL of every service for the runtime config, a path on this origin unless overridden. */
  readonly serviceUrls: Readonly<Record<ServiceUrlKey, string>>;
}

/** A record of extra config sections: each a zod object over environment variable names. */
export type ConfigSections = Record<string, z.ZodType>;

/** The config plus one key per section, holding that section's parsed value. */
export type ConfigWithSections<S extends ConfigSections> = Config & {
  readonly [K in keyof S]: z.output<S[K]>;
};

/**
 * Parses the environment once and returns a deeply frozen config.
 *
 * `sections` lets a service add its own variables (built from the exported `env*` helpers); their problems are
 * reported in the same ConfigError as the platform's. Empty strings count as unset, as in most process managers.
 * @throws ConfigError listing every invalid variable, one line each.
 */
export function loadConfig<S extends ConfigSections = Record<never, never>>(
  env: Environment = process.env,
  sections?: S,
): ConfigWithSections<S> {
  const input = withoutEmptyValues(env);
  const problems: string[] = [];
  const platform = platformEnvSchema.safeParse(input);
  if (!platform.success) {
    problems.push(...describeIssues(platform.error));
  }
  const sectionValues: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(sections ?? {})) {
    if (name in platformConfigKeys) {
      throw new Error(`Config section "${name}" would overwrite a platform setting; choose another name.`);
    }
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      sectionValues[name] = parsed.data;
    } else {
      problems.push(...describeIssues(parsed.error));
    }
  }
  const resolved = platform.success ? resolveMode(platform.data) : undefined;
  if (resolved && 'problem' in resolved) {
    problems.push(resolved.problem);
  }
  if (problems.length > 0 || !platform.success || !resolved || 'problem' in resolved) {
    throw new ConfigError([...new Set(problems)]);
  }
  return deepFreeze({ ...toConfig(platform.data, resolved), ...sectionValues }) as ConfigWithSections<S>;
}

const platformConfigKeys: Record<keyof Config, true> = {
  nodeEnv: true,
  mode: true,
  port: true,
  host: true,
  databaseUrl: true,
  databasePoolMax: true,
  databaseStatementTimeoutMs: true,
  dataDir: true,
  logLevel: true,
  publicUrl: true,
  trustProxy: true,
  webDistDir: true,
  consoleDistDir: true,
  identity: true,
  smtpUrl: true,
  mailFrom: true,
  tlsPort: true,
  rateLimitMax: true,
  metricsToken: true,
  serviceUrls: true,
};

function toConfig(
  env: z.output<typeof platformEnvSchema>,
  { nodeEnv, mode }: { nodeEnv: Config['nodeEnv']; mode: Mode },
): Config {
  const serviceUrls = Object.fromEntries(
    Object.entries(serviceUrlDefaults).map(([key, [suffix]]) => [
      key,
      env[`SERVICE_URL_${suffix}` as keyof typeof serviceUrlShape],
    ]),
  ) as Record<ServiceUrlKey, string>;
  return {
    nodeEnv,
    mode,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: env.DATA_DIR,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    consoleDistDir: env.CONSOLE_DIST_DIR,
    identity: {
      region: env.IDENTITY_REGION,
      userPoolId: env.IDENTITY_USER_POOL_ID,
      userPoolClientId: env.IDENTITY_USER_POOL_CLIENT_ID,
      userPoolEndpoint: env.IDENTITY_USER_POOL_ENDPOINT ?? null,
      oauthDomain: env.IDENTITY_OAUTH_DOMAIN ?? null,
      issuer: env.IDENTITY_ISSUER ?? null,
      jwksUrl: env.IDENTITY_JWKS_URL ?? null,
      oauthRedirectUris: env.IDENTITY_OAUTH_REDIRECT_URIS ?? [],
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    tlsPort: env.TLS_PORT,
    rateLimitMax: env.RATE_LIMIT_MAX,
    metricsToken: env.METRICS_TOKEN,
    serviceUrls,
  };
}

function withoutEmptyValues(env: Environment): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') {
      result[key] = value;
    }
  }
  return result;
}

/** One line per issue: the variable name, then what is wrong with it; never the value. */
function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    return `${variable}: ${missing ? 'is required' : issue.message}`;
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) {
      deepFreeze(inner);
    }
  }
  return value;
}
