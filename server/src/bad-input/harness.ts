/**
 * The bad-input suite's harness: the whole server as production composes it (server/src/services.ts, the
 * identity service's token verifier) on a given database, a signed-in demo customer, a fingerprint of the
 * money state, and the judge of one answer. Used by bad-input.test.ts (bounded) and long-run.ts (randomised).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DEMO_USER_IDS } from '@tessera/contracts';
import { type Database, loadConfig } from '@tessera/platform';
import { createIdentityTokenVerifier, demoUsers } from '@tessera/service-identity';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildServer, type TesseraServer } from '../app.ts';
import { services } from '../services.ts';
import type { BadInputCase } from './cases.ts';
import { type DocumentedCodes, readDocumentedCodes } from './documented-codes.ts';
import type { CustomerSample } from './route-knowledge.ts';

/** docs/api.md, whose tables list every code an answer may carry. */
export const apiDocPath = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

/** The server, the demo customer and what the cases need. */
export interface BadInputHarness {
  readonly server: TesseraServer;
  /** The demo customer's access token; {@link refreshStepUp} replaces it with a step-up token of the same session. */
  accessToken: string;
  readonly sample: CustomerSample;
  readonly documented: DocumentedCodes;
  readonly moneyWatch: MoneyStateWatch;
  /** A new step-up token (one counts for 5 minutes): each group of cases starts with one. */
  refreshStepUp(): Promise<void>;
}

const cognitoHeaders = (operation: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
});

/**
 * Proves the second factor as the web app's step-up dialog does (CUSTOM_AUTH, then the code), reading the code the
 * identity service queued for the customer from its outbox, as the dev mailbox shows it.
 */
async function signInStepUp(
  server: TesseraServer,
  customer: { readonly email: string; readonly phoneNumber?: string | undefined },
  accessToken: string,
): Promise<string> {
  const { email } = customer;
  const started = await server.app.inject({
    method: 'POST',
    url: '/identity',
    headers: cognitoHeaders('InitiateAuth'),
    payload: JSON.stringify({
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: 'web-client',
      AuthParameters: { USERNAME: email, ACCESS_TOKEN: accessToken },
    }),
  });
  const { Session } = started.json<{ Session?: string }>();
  const { rows } = await sql<{ body: string }>`
    select body from identity.outbox where recipient in (${email}, ${customer.phoneNumber ?? email})
    order by created_at desc, id desc limit 1`.execute(server.database.db);
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  const answered = await server.app.inject({
    method: 'POST',
    url: '/identity',
    headers: cognitoHeaders('RespondToAuthChallenge'),
    payload: JSON.stringify({
      ChallengeName: 'CUSTOM_CHALLENGE',
      ClientId: 'web-client',
      Session,
      ChallengeResponses: { USERNAME: email, ANSWER: code },
    }),
  });
  const token = answered.json<{ AuthenticationResult?: { AccessToken: string } }>().AuthenticationResult
    ?.AccessToken;
  if (!token) {
    throw new Error(
      `Step-up failed: ${started.statusCode} ${started.body} / ${answered.statusCode} ${answered.body}`,
    );
  }
  return token;
}

/**
 * Builds the server on `database` and signs the verified demo customer in through the identity endpoint, as the
 * web app does. The built apps are not needed: their static routes are pages, and app.test.ts covers them.
 */
export async function startHarness(database: Database): Promise<BadInputHarness> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    IDENTITY_USER_POOL_CLIENT_ID: 'web-client',
  });
  const server = await buildServer({
    config,
    services,
    webDist: '/nonexistent/web-dist',
    consoleDist: '/nonexistent/console-dist',
    database,
    createTokenVerifier: (opened) => createIdentityTokenVerifier(config, opened),
  });
  await server.app.ready();
  const ana = demoUsers.find((user) => user.id === DEMO_USER_IDS.verifiedCustomer)!;
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'web-client',
      AuthParameters: { USERNAME: ana.email, PASSWORD: ana.password },
    }),
  });
  const accessToken = signIn.json<{ AuthenticationResult?: { AccessToken: string } }>().AuthenticationResult
    ?.AccessToken;
  if (!accessToken) {
    throw new Error(`The demo customer could not sign in: ${signIn.statusCode} ${signIn.body}`);
  }
  const sample = await readSample(server, accessToken);
  // Money movements ask for a recent second factor before some of their checks (docs/api.md, "Step-up"): the
  // suite's token has one, so hostile input reaches every check a customer who passed step-up reaches.
  const stepUpToken = await signInStepUp(server, ana, accessToken);
  const moneyWatch = await MoneyStateWatch.start(database);
  return {
    server,
    accessToken: stepUpToken,
    sample,
    documented: readDocumentedCodes(apiDocPath),
    moneyWatch,
    refreshStepUp: async function (this: BadInputHarness) {
      this.accessToken = await signInStepUp(server, ana, accessToken);
    },
  };
}

/** The demo customer's EUR wallet, another wallet and the EUR IBAN, read through the API. */
async function readSample(server: TesseraServer, accessToken: string): Promise<CustomerSample> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const wallets = await server.app.inject({ method: 'GET', url: '/api/cash-operations/wallets', headers });
  const items = wallets.json<{ items: { id: string; asset: string }[] }>().items;
  const eur = items.find((wallet) => wallet.asset === 'EUR');
  const other = items.find((wallet) => wallet.asset !== 'EUR');
  const sepa = await server.app.inject({ method: 'GET', url: '/api/cash-operations/sepa/details', headers });
  // A second EUR wallet, so an own transfer between two EUR wallets needs no quote and reaches the ledger.
  const savings = await server.app.inject({
    method: 'POST',
    url: '/api/cash-operations/wallets',
    headers,
    payload: { asset: 'EUR', name: 'Bad-input savings', kind: 'savings' },
  });
  if (!eur || !other || sepa.statusCode !== 200 || savings.statusCode !== 201) {
    throw new Error(`The demo customer has not the seeded wallets: ${wallets.body} ${sepa.body}`);
  }
  // Reading a wallet's activity projects the ledger's new transfers into its operations (activity.service.ts):
  // the first reads after the seeds write. They happen here, so the suite's baseline is the projected state.
  for (const wallet of [...items, savings.json<{ id: string }>()]) {
    await server.app.inject({
      method: 'GET',
      url: `/api/cash-operations/wallets/${wallet.id}/activity`,
      headers,
    });
  }
  await server.app.inject({ method: 'GET', url: '/api/cash-operations/summary', headers });
  return {
    eurWalletId: eur.id,
    otherWalletId: other.id,
    eurSavingsWalletId: savings.json<{ id: string }>().id,
    eurIban: sepa.json<{ iban: string }>().iban,
  };
}

/**
 * Tables whose rows are money or the record of a money operation, by schema. Left out, each for a reason:
 * idempotency keys (a refused call's answer is kept so a retry gets it again: that is the guarantee), job queues
 * and the simulated chain's blocks (background work, not a customer's money), kysely's migration tables.
 */
const hashedSchemas = ['ledger', 'cash_operations', 'trading', 'user_management'];
const unhashedTables = new Set([
  'cash_operations.idempotency_keys',
  'cash_operations.jobs',
  'cash_operations.sim_chain_blocks',
  'cash_operations.sim_chain_transactions',
  'ledger.transfer_rejections',
  'user_management.customer_events',
]);

/**
 * A fingerprint of every customer's balances (the ledger's accounts), the ledger's transfers and pending
 * transfers, cash operations' and trading's operation tables, and the customers' KYC rows, table by table:
 * equal fingerprints, same money state. One statement for all tables (each row as text in a stable order), so
 * checking after every call stays cheap.
 */
export async function moneyState(database: Database): Promise<ReadonlyMap<string, string>> {
  const { rows: tables } = await sql<{ schema: string; table: string }>`
    select table_schema as schema, table_name as table from information_schema.tables
    where table_schema in (${sql.join(hashedSchemas)}) and table_type = 'BASE TABLE'
      and table_name not like 'kysely_migration%'
    order by 1, 2`.execute(database.db);
  const digests = tables
    .filter(({ schema, table }) => !unhashedTables.has(`${schema}.${table}`))
    .map(
      ({ schema, table }) =>
        sql`select ${`${schema}.${table}`} as name,
          coalesce(md5(string_agg(t::text, '|' order by t::text)), 'empty') as digest
          from ${sql.table(`${schema}.${table}`)} t`,
    );
  const { rows } = await sql<{
    name: string;
    digest: string;
  }>`${sql.join(digests, sql` union all `)}`.execute(database.db);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/**
 * Watches the money state cheaply: row triggers (added to the test database only, by the suite) note every write
 * to a fingerprinted table; only after a noted write is the fingerprint taken again and compared. A call that
 * writes nothing costs one small read instead of a fingerprint of every table.
 */
export class MoneyStateWatch {
  private lastChangeId = 0;

  private constructor(
    private readonly database: Database,
    private baseline: ReadonlyMap<string, string>,
  ) {}

  /** Adds the triggers and takes the first fingerprint. */
  static async start(database: Database): Promise<MoneyStateWatch> {
    const baseline = await moneyState(database);
    await sql`create schema if not exists bad_input_probe`.execute(database.db);
    await sql`create table if not exists bad_input_probe.changes (id bigserial primary key, name text not null)`.execute(
      database.db,
    );
    await sql`create or replace function bad_input_probe.note_change() returns trigger language plpgsql as $$
      begin
        insert into bad_input_probe.changes (name) values (tg_table_schema || '.' || tg_table_name);
        return null;
      end $$`.execute(database.db);
    for (const name of baseline.keys()) {
      await sql`create or replace trigger bad_input_probe_note_change
        after insert or update or delete on ${sql.table(name)}
        for each row execute function bad_input_probe.note_change()`.execute(database.db);
    }
    return new MoneyStateWatch(database, baseline);
  }

  /** The fingerprinted tables that differ from the last check (empty when the money state is as it was). */
  async changedSinceLastCheck(): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      select coalesce(max(id), 0)::text as id from bad_input_probe.changes where id > ${this.lastChangeId}`.execute(
      this.database.db,
    );
    const newest = Number(rows[0]?.id ?? 0);
    if (newest === 0) {
      return [];
    }
    this.lastChangeId = newest;
    const now = await moneyState(this.database);
    const changed = changedTables(this.baseline, now);
    this.baseline = now;
    return changed;
  }
}

/** The tables whose fingerprint differs between two {@link moneyState} readings. */
export function changedTables(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/**
 * A client address per request, so per-address throttles do not hide the checks behind them; on 127.0.0.0/8
 * because the demo routes (`/dev/...`) answer loopback callers only, and the suite means to reach their checks.
 */
function remoteAddressOf(index: number): string {
  return `127.${(index >> 16) & 255}.${(index >> 8) & 255}.${(index & 255) | 1}`;
}

/** Sends one case; POSTs carry a fresh Idempotency-Key so the body, not the missing key, is what is judged. */
export async function sendCase(
  harness: BadInputHarness,
  badInput: BadInputCase,
  index: number,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...badInput.headers };
  if (badInput.signedIn) {
    headers['authorization'] = `Bearer ${harness.accessToken}`;
  }
  if (badInput.route.method !== 'GET') {
    headers['idempotency-key'] = randomUUID();
  }
  return harness.server.app.inject({
    method: badInput.route.method,
    url: badInput.url,
    headers,
    remoteAddress: remoteAddressOf(index),
    ...(badInput.payload === undefined ? {} : { payload: badInput.payload }),
  });
}

/** What is wrong with an answer, or null when it is one the suite accepts. */
export type Verdict = string | null;

/**
 * Judges `response` to `badInput`: a documented refusal of the route's kind (a 4xx with a listed code and, where
 * the doc gives one, its status), never a 5xx; a 2xx only where {@link acceptedAnswer} says why it is right.
 */
export function judge(
  harness: BadInputHarness,
  badInput: BadInputCase,
  response: LightMyRequestResponse,
): Verdict {
  const { statusCode } = response;
  if (statusCode >= 500) {
    return `answered ${statusCode}: ${response.body.slice(0, 200)}`;
  }
  if (badInput.kind === 'page') {
    return null;
  }
  if (statusCode < 400) {
    const reason = acceptedAnswer(badInput, statusCode);
    return reason === null ? `accepted with ${statusCode}: ${response.body.slice(0, 200)}` : null;
  }
  const body = parseJson(response.body);
  switch (badInput.kind) {
    case 'oauth':
      // The body limit and the content-type check come before the route: they answer with the common codes.
      return oauthErrors.has(String(body?.['error']))
        ? null
        : judgeErrorCode(harness, body, statusCode, response.body);
    case 'cognito': {
      const type = body?.['__type'];
      if (typeof type === 'string') {
        return statusCode === 400 && harness.documented.cognitoTypes.has(type)
          ? null
          : `Cognito error ${type} with ${statusCode} is not documented`;
      }
      return judgeErrorCode(harness, body, statusCode, response.body);
    }
    case 'json':
      return judgeErrorCode(harness, body, statusCode, response.body);
  }
}

/** RFC 6749 section 5.2 errors that docs/api.md lists for /oauth2/token (and invalid_request, 5.2's generic one). */
const oauthErrors = new Set(['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'invalid_client']);

function judgeErrorCode(
  harness: BadInputHarness,
  body: Record<string, unknown> | null,
  statusCode: number,
  text: string,
): Verdict {
  const code = (body?.['error'] as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') {
    return `answered ${statusCode} without error.code: ${text.slice(0, 200)}`;
  }
  if (!harness.documented.codes.has(code)) {
    return `answered ${statusCode} with ${code}, which docs/api.md does not list`;
  }
  const documentedStatus = harness.documented.codes.get(code);
  if (documentedStatus !== null && documentedStatus !== undefined && documentedStatus !== statusCode) {
    return `answered ${code} with ${statusCode}, docs/api.md says ${documentedStatus}`;
  }
  return null;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The 2xx answers to a bad-input case that are right, each with why; anything else that is not refused fails.
 * Returns the reason, or null when the answer is not one of them.
 */
export function acceptedAnswer(badInput: BadInputCase, statusCode: number): string | null {
  for (const rule of acceptedAnswers) {
    if (
      rule.routes(badInput.route.key) &&
      rule.cases.test(badInput.label) &&
      rule.statuses.includes(statusCode)
    ) {
      return rule.why;
    }
  }
  return null;
}

interface AcceptedAnswer {
  readonly routes: (routeKey: string) => boolean;
  readonly cases: RegExp;
  readonly statuses: readonly number[];
  readonly why: string;
}

/**
 * GET routes that take no query parameter at all: they read the caller's own data (or public data) and ignore a
 * query, which then changes neither the answer's meaning nor any state. Listed one by one, so a route that starts
 * taking parameters must validate them (or be added here on purpose). Every other GET refuses what it does not
 * know, as docs/api.md promises for help, the instrument list and candles.
 */
const routesIgnoringTheQuery = new Set([
  'GET /api/user-management/me',
  'GET /api/user-management/me/trading-preferences',
  'GET /api/cash-operations/wallets',
  'GET /api/cash-operations/wallets/:walletId',
  'GET /api/cash-operations/wallets/:walletId/statements',
  'GET /api/cash-operations/summary',
  'GET /api/cash-operations/sepa/details',
  'GET /api/cash-operations/limits',
  'GET /api/cash-operations/beneficiaries',
  'GET /api/cash-operations/cards',
  'GET /api/cash-operations/crypto/networks',
  'GET /api/trading/watchlists',
  'GET /api/trading/watchlists/:id',
  'GET /api/trading/positions',
  'GET /api/trading/positions/:productId',
  'GET /api/trading/alerts',
  'GET /api/market-data/quotes/:productId',
  'GET /api/market-data/status',
  'GET /api/market-data/status/:productId',
  'GET /api/market-data-info/sources',
  'GET /api/time-series/status',
  'GET /healthz',
  'GET /readyz',
  'GET /config.json',
  'GET /.well-known/jwks.json',
  'GET /.well-known/openid-configuration',
  'GET /identity/eu-west-1_tessera/.well-known/jwks.json',
  'GET /identity/eu-west-1_tessera/.well-known/openid-configuration',
]);

const acceptedAnswers: readonly AcceptedAnswer[] = [
  {
    routes: (key) => routesIgnoringTheQuery.has(key),
    cases: /^(random )?query/,
    statuses: [200],
    why: 'a GET without parameters ignores the query: same data, nothing changed (see routesIgnoringTheQuery)',
  },
  {
    // RFC 7009 section 2.2: "invalid tokens do not cause an error response", so that a client cannot learn
    // which tokens exist; Cognito's RevokeToken does the same. Text the shared rule refuses is still refused.
    routes: (key) => /^POST \/identity\/?$/.test(key),
    cases: /^RevokeToken Token: (exponent string|10\^\d+ as string|negative string)/,
    statuses: [200],
    why: 'revoking an unknown token answers success (RFC 7009 section 2.2)',
  },
  {
    // An action without parameters: its body may be absent or `{}` (any field is refused).
    routes: (key) => key === 'POST /api/user-management/notifications/read-all',
    cases: /^body: (every field missing|null)$/,
    statuses: [204],
    why: 'marking every notification read takes no parameters: an empty object or null is no body',
  },
];
