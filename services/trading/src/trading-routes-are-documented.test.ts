// Every trading route (the websocket included) declares a summary and its responses, and appears in the service's
// OpenAPI document at /api/trading/openapi.json; the routes that need a customer say so (bearer security).
import { undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

type Operation = { summary?: string; security?: unknown[] };

describeEachDatabase('trading routes are documented', ({ createDatabase }) => {
  let fixture: TradingFixture;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    return () => fixture.app.close();
  });

  it('documents every route in /api/trading/openapi.json, signed-in routes with bearer security', async () => {
    expect(undocumentedRoutes(fixture.app).filter((route) => route.service === 'trading')).toEqual([]);
    const response = await fixture.app.inject({ method: 'GET', url: '/api/trading/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      [
        'DELETE /api/trading/alerts/{id}',
        'DELETE /api/trading/watchlists/{id}',
        'GET /api/trading/alerts',
        'GET /api/trading/orders',
        'GET /api/trading/orders/{id}',
        'GET /api/trading/positions',
        'GET /api/trading/positions/{productId}',
        'GET /api/trading/watchlists',
        'GET /api/trading/watchlists/{id}',
        'GET /api/trading/ws',
        'PATCH /api/trading/watchlists/{id}',
        'POST /api/trading/alerts',
        'POST /api/trading/orders',
        'POST /api/trading/orders/preview',
        'POST /api/trading/orders/{id}/cancel',
        'POST /api/trading/orders/{id}/replace',
        'POST /api/trading/watchlists',
      ].sort(),
    );
    for (const { path, operation } of operations) {
      expect(operation.summary, path).toBeTruthy();
      // The websocket authenticates with its first message, every other route with the bearer token.
      expect(operation.security !== undefined, path).toBe(!path.endsWith('/ws'));
    }
  });
});
