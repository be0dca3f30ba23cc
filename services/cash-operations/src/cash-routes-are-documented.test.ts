// Every cash operations route (the websocket, the /dev/ simulators, CSV statements and the camt.054 upload included)
// and every route of the card processor simulator declares a summary and its responses, and appears in its
// service's OpenAPI document; the cash routes that need a customer say so (bearer security), the simulator's not.
import { undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from './modules/rails/rails-test-app.ts';

type Operation = { summary?: string; security?: unknown[] };

describeEachDatabase('cash operations routes are documented', ({ createDatabase }) => {
  let t: RailsTestApp;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    return () => t.app.close();
  });

  const operationsOf = async (service: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/${service}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    return Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );
  };

  it('documents every route, signed-in routes with bearer security', async () => {
    const services = ['cash-operations', 'processor-sim'];
    expect(undocumentedRoutes(t.app).filter((route) => services.includes(route.service))).toEqual([]);
    const cash = await operationsOf('cash-operations');
    expect(
      cash
        .map(({ method, path }) => `${method.toUpperCase()} ${path.replace('/api/cash-operations', '')}`)
        .sort(),
    ).toEqual(
      [
        'DELETE /beneficiaries/{id}',
        'DELETE /cards/{id}',
        'GET /beneficiaries',
        'GET /card/deposits/{id}',
        'GET /cards',
        'GET /crypto/networks',
        'GET /limits',
        'GET /sepa/camt054/imports',
        'GET /sepa/camt054/imports/{id}',
        'GET /sepa/details',
        'GET /staff/customers/{userId}',
        'GET /staff/wallets',
        'GET /summary',
        'GET /wallets',
        'GET /wallets/{walletId}',
        'GET /wallets/{walletId}/activity',
        'GET /wallets/{walletId}/statements',
        'GET /wallets/{walletId}/statements/{month}',
        'GET /withdrawals',
        'GET /withdrawals/{id}',
        'GET /ws',
        'PATCH /wallets/{walletId}',
        'POST /beneficiaries',
        'POST /card/deposits',
        'POST /cards/{id}/default',
        'POST /dev/crypto/blocks',
        'POST /dev/crypto/incoming',
        'POST /dev/sepa/incoming',
        'POST /fx/quotes',
        'POST /sepa/camt054',
        'POST /sepa/camt054/imports/{id}/approve',
        'POST /sepa/camt054/imports/{id}/reject',
        'POST /transfers',
        'POST /transfers/customer',
        'POST /wallets',
        'POST /withdrawals',
      ].sort(),
    );
    for (const { path, operation } of cash) {
      expect(operation.summary, path).toBeTruthy();
      // The websocket authenticates with its first message, every other route with the bearer token.
      expect(operation.security !== undefined, path).toBe(!path.endsWith('/ws'));
    }
    const simulator = await operationsOf('processor-sim');
    expect(simulator.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /processor-sim/3ds.css',
      'GET /processor-sim/3ds/{challengeId}',
      'POST /processor-sim/3ds/{challengeId}',
      'POST /processor-sim/v1/tokens',
    ]);
    for (const { path, operation } of simulator) {
      expect(operation.summary, path).toBeTruthy();
      expect(operation.security, path).toBeUndefined();
    }
  });
});
