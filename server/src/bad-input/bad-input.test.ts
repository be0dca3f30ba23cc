/**
 * Issue #13, "a generated bad-input suite over every endpoint": every route of the composed server gets hostile
 * path parameters, queries and bodies (text with NUL, lone surrogates, bidi overrides and 1 MB; numbers as floats,
 * exponents, negatives, huge; wrong types; missing and extra fields; bad pagination), signed in as the demo
 * customer and anonymous. Each answer must be a documented refusal (never a 500) and leave the money state as it
 * was. The case count is fixed and bounded (see the figures in docs/security.md); `npm run test:bad-input` runs
 * a longer randomised version (long-run.ts).
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { casesOf, isCovered, setCognitoOperations } from './cases.ts';
import { type BadInputHarness, startHarness } from './harness.ts';
import { listRoutes, type RegisteredRoute } from './route-catalog.ts';
import { runCases, summarise } from './run-cases.ts';

/** The services' route groups, in the order of server/src/services.ts; the last takes the server's own routes. */
const groups: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  // First: a service's document (/api/trading/openapi.json) belongs here, not to the service's own group.
  { name: 'API documents', pattern: /^\/api\/(docs(\/|$)|[a-z-]+\/openapi\.json$)/ },
  {
    name: 'identity',
    pattern: /^(\/identity|\/api\/identity\/|\/oauth2|\/\.well-known|\/logout$|\/dev\/mailbox$)/,
  },
  { name: 'user-management', pattern: /^\/api\/user-management\// },
  { name: 'ledger', pattern: /^\/api\/ledger\// },
  { name: 'cash-operations', pattern: /^(\/api\/cash-operations\/|\/processor-sim\/)/ },
  { name: 'help', pattern: /^(\/api\/help\/|\/sitemap\.xml$|\/robots\.txt$)/ },
  { name: 'market-data-info', pattern: /^\/api\/market-data-info\// },
  { name: 'market-data', pattern: /^\/api\/market-data\// },
  { name: 'time-series', pattern: /^\/api\/time-series\// },
  { name: 'trading', pattern: /^\/api\/trading\// },
  { name: 'ingest', pattern: /^(\/ingest\/v1\/web\/|\/v1\/web\/|\/api\/ingest\/)/ },
  { name: 'assist', pattern: /^(\/assist\/|\/api\/assist\/)/ },
  { name: 'investments', pattern: /^\/api\/investments\// },
  { name: 'assistant', pattern: /^\/api\/assistant\// },
  {
    name: 'server (health, runtime config, apps)',
    pattern: /^\/(healthz|readyz|config\.json|lang\/|console|$)/,
  },
];

/** The group a route is tested in: the first whose pattern matches. */
const groupOf = (route: RegisteredRoute) => groups.find((group) => group.pattern.test(route.url));

/** Anonymous callers get the first few cases of each route: past authentication they are the signed-in ones. */
const anonymousCasesPerRoute = 6;

/**
 * Routes that are another path to a handler already covered in full: `POST /identity/` is `POST /identity` with a
 * trailing slash (Amplify and the AWS SDK use either). They get a sample of the cases, to prove they are wired.
 */
const aliasRoutes: ReadonlyMap<string, number> = new Map([['POST /identity/', 40]]);

describeEachDatabase('bad input over every endpoint', ({ createDatabase }) => {
  let harness: BadInputHarness;
  let routes: RegisteredRoute[];
  const figures = { routes: 0, sent: 0, failures: 0 };

  beforeAll(async () => {
    harness = await startHarness(await createDatabase());
    setCognitoOperations(harness.documented.cognitoOperations);
    routes = listRoutes(harness.server.app).filter(isCovered);
  }, 120_000);
  afterAll(async () => {
    await harness?.server.app.close();
    if (process.env['BAD_INPUT_FIGURES']) {
      console.log(`bad-input figures: ${JSON.stringify(figures)}`);
    }
  });

  it('finds the routes of every service and the codes of docs/api.md', () => {
    const ungrouped = routes.filter((route) => groupOf(route) === undefined);
    expect(ungrouped.map((route) => route.key)).toEqual([]);
    for (const group of groups) {
      expect(
        routes.some((route) => groupOf(route) === group),
        group.name,
      ).toBe(true);
    }
    expect(harness.documented.codes.get('VALIDATION_FAILED')).toBe(400);
    expect(harness.documented.cognitoTypes.has('InvalidParameterException')).toBe(true);
    expect(harness.documented.cognitoOperations).toContain('InitiateAuth');
  });

  for (const group of groups) {
    it(`refuses hostile input on every ${group.name} route with a documented code, never a 500, moving nothing`, async () => {
      await harness.refreshStepUp();
      const cases = routes
        .filter((route) => groupOf(route) === group)
        .flatMap((route) => [
          ...casesOf(route, harness.sample, true).slice(0, aliasRoutes.get(route.key)),
          ...casesOf(route, harness.sample, false).slice(0, anonymousCasesPerRoute),
        ]);
      const { sent, failures } = await runCases(harness, cases);
      figures.routes += routes.filter((route) => groupOf(route) === group).length;
      figures.sent += sent;
      figures.failures += failures.length;
      expect(summarise(failures)).toEqual([]);
    }, 300_000);
  }

  it('notices a call that moves money (the state check can fail)', async () => {
    const credit = await harness.server.app.inject({
      method: 'POST',
      url: '/api/cash-operations/dev/sepa/incoming',
      headers: { authorization: `Bearer ${harness.accessToken}` },
      payload: { iban: harness.sample.eurIban, amount: '1.00', debtorName: 'Payer' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    // Reading the activity brings the wallet's projection up to date with the ledger (wallet_ledger_sync), so the
    // credit is wholly accounted for here, whichever test runs next.
    const activity = await harness.server.app.inject({
      method: 'GET',
      url: `/api/cash-operations/wallets/${harness.sample.eurWalletId}/activity`,
      headers: { authorization: `Bearer ${harness.accessToken}` },
    });
    expect(activity.statusCode, activity.body).toBe(200);
    expect(await harness.moneyWatch.changedSinceLastCheck()).toEqual(
      expect.arrayContaining(['ledger.accounts', 'ledger.transfers']),
    );
    expect(await harness.moneyWatch.changedSinceLastCheck()).toEqual([]);
  });
});
