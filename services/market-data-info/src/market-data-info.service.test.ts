// The catalog over HTTP (app.inject), on PGlite and on PostgreSQL when one is available: search, pagination,
// one instrument with its venue's calendar, the sources, the error codes, and an idempotent seed.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, refuseEveryToken, undocumentedRoutes } from '@tessera/platform';
import { buildServiceTestApp, describeEachDatabase } from '@tessera/platform/testing';
import { createMarketDataInfoService } from './service.ts';
import { INSTRUMENTS, instrumentId } from './modules/catalog/catalog.data.ts';
import type {
  InstrumentResponse,
  InstrumentsResponse,
  SourcesResponse,
} from './modules/catalog/catalog.schemas.ts';
import { seedCatalog } from './modules/catalog/catalog.seed.ts';
import type { MarketDataInfoDatabase } from './tables.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
// A Monday in the weeks between the US and the European DST changes: 14:00 UTC is 10:00 in New York,
// 14:00 in London and 15:00 in Frankfurt, so every exchange is trading.
const NOW = new Date('2026-03-16T14:00:00Z');

describeEachDatabase('market-data-info service', ({ createDatabase }) => {
  let app: FastifyInstance;
  let db: MarketDataInfoDatabase;
  let now = NOW;

  beforeAll(async () => {
    const database = await createDatabase();
    db = database.db.withSchema('market_data_info') as MarketDataInfoDatabase;
    ({ app } = await buildServiceTestApp({
      services: [createMarketDataInfoService({ now: () => now })],
      database,
      auth: refuseEveryToken,
      config,
      closeDatabase: true,
    }));
  });
  afterAll(async () => app.close());

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('documents every route in its OpenAPI document', async () => {
    expect(undocumentedRoutes(app).filter((route) => route.service === 'market-data-info')).toEqual([]);
    const { status, body } = await get<{ paths: Record<string, unknown> }>(
      '/api/market-data-info/openapi.json',
    );
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toHaveLength(3);
  });

  it('refuses unknown parameters of the sources, as docs/api.md says', async () => {
    const { status, body } = await get<{ error: { code: string } }>('/api/market-data-info/sources?other=1');
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
  });

  it('pages through every instrument exactly once, in id order, 25 at a time', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
      const { status, body } = await get<InstrumentsResponse>(
        `/api/market-data-info/instruments?limit=25${suffix}`,
      );
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(25);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      if (cursor === null) {
        break;
      }
    }
    const expected = INSTRUMENTS.map(instrumentId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(seen).toEqual(expected);
  });

  it('returns the default page of 20 with decimal-string sizes and whether the venue is open', async () => {
    const { body } = await get<InstrumentsResponse>('/api/market-data-info/instruments');
    expect(body.items).toHaveLength(20);
    expect(body.nextCursor).not.toBeNull();
    expect(body.items.every((item) => typeof item.tickSize === 'string' && item.open === true)).toBe(true);
  });

  it('searches symbols, names and ISINs without regard to case, and filters by kind and source', async () => {
    const byName = await get<InstrumentsResponse>('/api/market-data-info/instruments?q=apple');
    expect(byName.body.items.map((item) => item.id)).toEqual(['AAPL_cboe']);
    const byIsin = await get<InstrumentsResponse>('/api/market-data-info/instruments?q=DE0007164600');
    expect(byIsin.body.items.map((item) => item.id)).toEqual(['SAP_xetra']);
    const crypto = await get<InstrumentsResponse>('/api/market-data-info/instruments?kind=crypto&limit=100');
    expect(crypto.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining(['BTC-EUR_tessera', 'ETH-USD_tessera']),
    );
    expect(crypto.body.items.every((item) => item.kind === 'crypto' && item.isin === null)).toBe(true);
    const six = await get<InstrumentsResponse>('/api/market-data-info/instruments?source=six&q=n');
    expect(six.body.items.every((item) => item.source === 'six' && item.currency === 'CHF')).toBe(true);
    expect(six.body.items.map((item) => item.symbol)).toContain('NESN');
    const literal = await get<InstrumentsResponse>('/api/market-data-info/instruments?q=%25');
    expect(literal.body.items).toEqual([]);
  });

  it('serves one instrument with its venue calendar and opening state', async () => {
    now = new Date('2026-11-27T18:30:00Z'); // after the 13:00 New York half-day close
    const { status, body } = await get<InstrumentResponse>('/api/market-data-info/instruments/AAPL_cboe');
    now = NOW;
    expect(status).toBe(200);
    expect(body.instrument).toEqual({
      id: 'AAPL_cboe',
      symbol: 'AAPL',
      source: 'cboe',
      name: 'Apple Inc.',
      kind: 'stock',
      currency: 'USD',
      tickSize: '0.01',
      lotSize: '0.000001',
      isin: 'US0378331005',
      sector: 'Information Technology',
      open: false,
    });
    expect(body.source).toMatchObject({
      id: 'cboe',
      timeZone: 'America/New_York',
      regularSession: { opensAt: '09:30', closesAt: '16:00' },
      open: false,
    });
    expect(body.source.holidays).toContainEqual({
      date: '2026-11-27',
      name: 'Day after Thanksgiving',
      closesAt: '13:00',
    });
  });

  it("answers 'Invalid product' for a malformed id and NOT_FOUND for an unknown one", async () => {
    const malformed = await get<{ error: { code: string; message: string } }>(
      '/api/market-data-info/instruments/aapl_cboe',
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: 'MARKET_DATA_INFO_INVALID_PRODUCT',
      message: 'Invalid product',
    });
    const unknownSource = await get<{ error: { code: string } }>(
      '/api/market-data-info/instruments/AAPL_nowhere',
    );
    expect(unknownSource.body.error.code).toBe('MARKET_DATA_INFO_INVALID_PRODUCT');
    const unknown = await get<{ error: { code: string } }>('/api/market-data-info/instruments/ZZZZ_nyse');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('rejects a bad limit, kind or cursor as VALIDATION_FAILED', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'kind=bond',
      'source=mars',
      'cursor=%24%24',
      'extra=1',
    ]) {
      const { status, body } = await get<{ error: { code: string } }>(
        `/api/market-data-info/instruments?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  // Issue #13, defect 3: hostile text in a search reached PostgreSQL as a 500.
  it('hostile text reaches the database (defect 3): a search with NUL or control characters is VALIDATION_FAILED', async () => {
    for (const q of ['apple%00', 'app%1Ble', 'apple%E2%80%AE']) {
      const { status, body } = await get<{ error: { code: string } }>(
        `/api/market-data-info/instruments?q=${q}`,
      );
      expect(status, q).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
    const accented = await get<InstrumentsResponse>('/api/market-data-info/instruments?q=soci%C3%A9t%C3%A9');
    expect(accented.status).toBe(200);
  });

  it('lists the sources with their calendars; on a Saturday only the crypto venue is open', async () => {
    now = new Date('2026-03-21T12:00:00Z');
    const { body } = await get<SourcesResponse>('/api/market-data-info/sources');
    now = NOW;
    expect(body.items.map((source) => source.id)).toEqual([
      'cboe',
      'euronext',
      'lse',
      'nasdaq',
      'nyse',
      'six',
      'tessera',
      'xetra',
    ]);
    expect(body.items.filter((source) => source.open).map((source) => source.id)).toEqual(['tessera']);
    const lse = body.items.find((source) => source.id === 'lse');
    expect(lse?.holidays).toContainEqual({
      date: '2026-12-28',
      name: 'Boxing Day (substitute day)',
      closesAt: null,
    });
  });

  it('seeds idempotently: a second and third run leave exactly the same rows', async () => {
    const snapshot = async () => ({
      sources: await db.selectFrom('source').selectAll().orderBy('id').execute(),
      holidays: await db
        .selectFrom('source_holiday')
        .selectAll()
        .orderBy('source_id')
        .orderBy('holiday_on')
        .execute(),
      instruments: await db.selectFrom('instrument').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    await seedCatalog(db);
    await seedCatalog(db);
    expect(await snapshot()).toEqual(before);
    expect(before.instruments).toHaveLength(INSTRUMENTS.length);
  });
});
