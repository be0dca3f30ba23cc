/**
 * The long bad-input run (`npm run test:bad-input`): every hostile value in every place of every route (the
 * `full` budget), then random requests built by fast-check from a fixed seed, so a failure can be replayed. Prints
 * one line per distinct failure and the figures; exits 1 when anything failed.
 *
 * Settings (environment, read here because this is a test tool, not the server):
 * - BAD_INPUT_SEED: fast-check's seed (default 20261126);
 * - BAD_INPUT_RUNS: how many random requests (default 3000);
 * - BAD_INPUT_ROUTES: a regular expression on route keys (`POST /api/trading/orders`) to run one service's routes;
 * - TEST_DATABASE_URL: run on PostgreSQL instead of PGlite (as the test suites do).
 */
import { isSafeText } from '@tessera/contracts';
import { createTestDatabase, testDatabaseUrl } from '@tessera/platform/testing';
import fc from 'fast-check';
import type { z } from 'zod';
import { type BadInputCase, casesOf, isCovered, routeKind, setCognitoOperations } from './cases.ts';
import { type BadInputHarness, startHarness } from './harness.ts';
import { hostileBodyValues, hostileQueryValues, hostileSegments } from './hostile-values.ts';
import { listRoutes, type RegisteredRoute } from './route-catalog.ts';
import { genericBodyFields, routeKnowledge, sampleParam } from './route-knowledge.ts';
import { runCases, summarise } from './run-cases.ts';

const seed = Number(process.env['BAD_INPUT_SEED'] ?? 20261126);
const randomRuns = Number(process.env['BAD_INPUT_RUNS'] ?? 3000);
const routeFilter = new RegExp(process.env['BAD_INPUT_ROUTES'] ?? '');

/** Any UTF-16 code unit, lone surrogates and controls included: what a hostile client can put in JSON. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** A hostile JSON value: random text, numbers of every size, known hostile values and nested junk. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: anyCodeUnit, maxLength: 64 }),
  fc.double(),
  fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }).map(String),
  fc.constantFrom(...hostileBodyValues.filter((value) => !value.large).map((value) => value.value)),
  fc.anything({ maxDepth: 2, maxKeys: 4 }),
);

/** A random request to `route`: hostile values in one to three body fields, a query parameter or a path parameter. */
function randomCase(harness: BadInputHarness, route: RegisteredRoute): fc.Arbitrary<BadInputCase> {
  const knowledge = routeKnowledge[route.key] ?? {};
  const base = knowledge.sampleBody?.(harness.sample) ?? {};
  const fields = [...new Set([...Object.keys(base), ...genericBodyFields])];
  const path = (param?: string, segment?: string) =>
    route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      name === param && segment !== undefined ? segment : sampleParam(name, harness.sample),
    );
  const make = (label: string, url: string, payload?: string): BadInputCase => ({
    route,
    kind: routeKind(route),
    label: `random ${label}`,
    url,
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    signedIn: true,
    ...(payload === undefined ? {} : { payload }),
  });
  const body = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...fields), hostileJson), {
      minLength: 1,
      maxLength: 3,
      selector: ([name]) => name,
    })
    .filter((pairs) => isCertainlyWrong(base, route.bodySchema ?? knowledge.bodySchema, pairs))
    .map((pairs) =>
      make(
        `body ${JSON.stringify(pairs).slice(0, 120)}`,
        path(),
        JSON.stringify({ ...base, ...Object.fromEntries(pairs) }),
      ),
    );
  const query = fc
    .tuple(
      fc.constantFrom('limit', 'cursor', 'q', 'status', 'from', 'lang'),
      fc.oneof(
        fc.constantFrom(...hostileQueryValues.filter((value) => !value.large).map((value) => value.encoded)),
        fc
          .string({ unit: anyCodeUnit, maxLength: 32 })
          .filter((text) => !isSafeText(text, { multiline: true }))
          .map(encodeURIComponentLoosely),
      ),
    )
    // A search takes any safe text, numbers included, and undecodable bytes as the ASCII they were sent as
    // (see freeTextTakes in cases.ts).
    .filter(([name, value]) => name !== 'q' || !/^-?[0-9.e]+$|%ED%[AB][0-9A-F]/i.test(value))
    .map(([name, value]) => make(`query ${name}=${value.slice(0, 60)}`, `${path()}?${name}=${value}`));
  const params =
    route.params.length === 0
      ? []
      : [
          fc
            .tuple(
              fc.constantFrom(...route.params),
              fc.oneof(
                fc.constantFrom(...hostileSegments.map((value) => value.segment)),
                fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 32 }).map(encodeURIComponentLoosely),
              ),
            )
            .map(([param, segment]) => make(`path :${param}=${segment.slice(0, 60)}`, path(param, segment))),
        ];
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return fc.oneof(...(takesBody ? [body] : []), ...(route.method === 'GET' ? [query] : []), ...params, query);
}

/**
 * Whether a body with `pairs` replacing fields of `base` is wrong for certain, so that accepting it is a defect:
 * the contract schema refuses it when there is one; otherwise one value is text no field takes (NUL, a lone
 * surrogate, a control character), a non-string where the plausible body has a string, or a field the plausible
 * body does not have (the services refuse unknown fields).
 */
function isCertainlyWrong(
  base: Record<string, unknown>,
  schema: z.ZodType | undefined,
  pairs: readonly (readonly [string, unknown])[],
): boolean {
  if (schema) {
    return !schema.safeParse({ ...base, ...Object.fromEntries(pairs) }).success;
  }
  return pairs.some(
    ([name, value]) =>
      !(name in base) ||
      (typeof value === 'string' && !isSafeText(value, { multiline: true })) ||
      (typeof base[name] === 'string' && typeof value !== 'string'),
  );
}

/** encodeURIComponent, except that a lone surrogate is sent as its CESU-8 bytes instead of throwing. */
function encodeURIComponentLoosely(text: string): string {
  return [...text]
    .map((character) => {
      try {
        return encodeURIComponent(character);
      } catch {
        const code = character.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
    })
    .join('');
}

/** A step-up counts for 5 minutes: a new one before each chunk keeps the money movements' deeper checks in reach. */
const casesPerStepUp = 400;

async function runInChunks(harness: BadInputHarness, cases: readonly BadInputCase[]) {
  const failures: Awaited<ReturnType<typeof runCases>>['failures'] = [];
  for (let start = 0; start < cases.length; start += casesPerStepUp) {
    await harness.refreshStepUp();
    failures.push(...(await runCases(harness, cases.slice(start, start + casesPerStepUp))).failures);
  }
  return { sent: cases.length, failures };
}

async function main(): Promise<void> {
  const database = await createTestDatabase(testDatabaseUrl ? 'postgres' : 'pglite');
  const harness = await startHarness(database);
  try {
    setCognitoOperations(harness.documented.cognitoOperations);
    const routes = listRoutes(harness.server.app)
      .filter(isCovered)
      .filter((route) => routeFilter.test(route.key));
    const exhaustive = routes.flatMap((route) => [
      ...casesOf(route, harness.sample, true, 'full'),
      ...casesOf(route, harness.sample, false, 'full'),
    ]);
    const jsonRoutes = routes.filter((route) => routeKind(route) !== 'cognito');
    const random = fc.sample(
      fc.constantFrom(...jsonRoutes).chain((route) => randomCase(harness, route)),
      { seed, numRuns: randomRuns },
    );
    const started = Date.now();
    const first = await runInChunks(harness, exhaustive);
    const second = await runInChunks(harness, random);
    const failures = [...first.failures, ...second.failures];
    for (const line of summarise(failures)) {
      console.log(`FAIL ${line}`);
    }
    console.log(
      `bad-input long run: ${routes.length} routes, ${first.sent} exhaustive + ${second.sent} random cases ` +
        `(seed ${seed}), ${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    await harness.server.app.close();
  }
}

await main();
