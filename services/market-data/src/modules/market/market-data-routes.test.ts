// Market data over HTTP on PGlite and PostgreSQL: quotes, books, trades, status and the overview as the contract
// describes them, every error code, the venues' calendars respected (no ticks while closed, crypto every day), and
// the simulator's anchor kept across restarts so prices continue where they were.
import {
  type BookResponse,
  bookResponseSchema,
  marketOverviewSchema,
  type MarketStatusResponse,
  marketStatusesResponseSchema,
  type QuoteResponse,
  quoteResponseSchema,
  quotesResponseSchema,
  type TradesResponse,
  tradesResponseSchema,
} from '@tessera/contracts';
import { undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { Decimal } from '@tessera/money';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  advance,
  startMarketData,
  testClock,
  type TestClock,
  type MarketDataApp,
} from '../../test-support/market-data-fixture.ts';

// A Monday between the US and European DST changes: 15:00 UTC is 11:00 in New York and 16:00 in Frankfurt, so
// every venue is trading; it is also the simulator's anchor (its first start).
const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');
const SATURDAY_NOON = Date.parse('2026-03-21T12:00:00Z');

describeEachDatabase('market data routes', ({ createDatabase }) => {
  let market: MarketDataApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = testClock(MONDAY_15_00);
    market = await startMarketData(await createDatabase(), clock);
    advance(market, clock, 3_000);
  });
  afterAll(async () => market.app.close());

  const get = async (url: string) => {
    const response = await market.app.inject({ method: 'GET', url: `/api/market-data${url}` });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('quotes a product at its starting price at the anchor, with a spread of at least one tick', async () => {
    const { status, body, headers } = await get('/quotes/AAPL_cboe');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    const { quote } = quoteResponseSchema.parse(body) as QuoteResponse;
    expect(quote).toMatchObject({
      productId: 'AAPL_cboe',
      marketOpen: true,
      origin: 'simulated',
      sessionDate: '2026-03-16',
    });
    const bid = Decimal.from(quote.bid!);
    const ask = Decimal.from(quote.ask!);
    expect(ask.sub(bid).compare(Decimal.from('0.01'))).toBeGreaterThanOrEqual(0);
    // Three seconds after the anchor the price is still within a few cents of the starting 230.
    expect(Decimal.from(quote.last!).sub(Decimal.from('230')).abs().compare(Decimal.from('2'))).toBe(-1);
    expect(quote.change).not.toBeNull();
    expect(quote.changePercent).toMatch(/^-?[0-9]+\.[0-9]{2}$/);
  });

  it('lists quotes of every product, or of the products asked for', async () => {
    const all = quotesResponseSchema.parse((await get('/quotes')).body);
    expect(all.items.length).toBeGreaterThanOrEqual(60);
    const some = quotesResponseSchema.parse((await get('/quotes?productIds=AAPL_cboe,BTC-EUR_tessera')).body);
    expect(some.items.map((quote) => quote.productId)).toEqual(['AAPL_cboe', 'BTC-EUR_tessera']);
  });

  it('serves the top of the book, best first and never crossed, to the depth asked', async () => {
    const { body } = await get('/book/SAP_xetra?depth=5');
    const { book } = bookResponseSchema.parse(body) as BookResponse;
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    const prices = (levels: typeof book.bids) => levels.map(([price]) => Decimal.from(price));
    const bids = prices(book.bids);
    const asks = prices(book.asks);
    for (let index = 1; index < 5; index += 1) {
      expect(bids[index]!.compare(bids[index - 1]!)).toBe(-1);
      expect(asks[index]!.compare(asks[index - 1]!)).toBe(1);
    }
    expect(asks[0]!.compare(bids[0]!)).toBe(1);
  });

  it('serves recent trades newest first, at the book prices of their time', async () => {
    const { body } = await get('/trades/BTC-USD_tessera?limit=5');
    const { items } = tradesResponseSchema.parse(body) as TradesResponse;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    for (let index = 1; index < items.length; index += 1) {
      expect(items[index]!.timeMs).toBeLessThanOrEqual(items[index - 1]!.timeMs);
    }
    expect(
      items.every(
        (trade) => trade.origin === 'simulated' && Decimal.from(trade.size).compare(Decimal.ZERO) === 1,
      ),
    ).toBe(true);
  });

  it('says which markets are open, with the current and next session', async () => {
    const statuses = marketStatusesResponseSchema.parse((await get('/status')).body);
    expect(statuses.items.every((status) => status.open)).toBe(true);
    const { status } = (await get('/status/SAP_xetra')).body as MarketStatusResponse;
    expect(status).toMatchObject({
      open: true,
      timeZone: 'Europe/Berlin',
      currentSession: {
        date: '2026-03-16',
        opensAtMs: Date.parse('2026-03-16T08:00:00Z'),
        closesAtMs: Date.parse('2026-03-16T16:30:00Z'),
      },
      nextSession: { date: '2026-03-17' },
    });
  });

  it('builds the overview: benchmarks, movers in order, sectors and regions', async () => {
    const overview = marketOverviewSchema.parse((await get('/overview?limit=3')).body);
    expect(overview.indices.map((index) => index.key)).toContain('sp500');
    expect(overview.movers.gainers.length).toBeLessThanOrEqual(3);
    // Percents are decimal strings: every mover has one, and they are ordered as decimals, not as floats.
    const percents = (list: typeof overview.movers.gainers) => list.map((mover) => mover.changePercent!);
    const byValue = (a: string, b: string) => Decimal.from(a).compare(Decimal.from(b));
    expect(percents(overview.movers.gainers)).toEqual(
      [...percents(overview.movers.gainers)].sort((a, b) => byValue(b, a)),
    );
    expect(percents(overview.movers.losers)).toEqual([...percents(overview.movers.losers)].sort(byValue));
    expect(overview.sectors.map((sector) => sector.key)).toContain('Information Technology');
    expect(overview.regions.map((region) => region.key)).toEqual([
      'us',
      'europe',
      'uk',
      'switzerland',
      'crypto',
    ]);
    for (const group of [...overview.sectors, ...overview.regions]) {
      expect(group.advancers + group.decliners + group.unchanged).toBeLessThanOrEqual(group.instruments);
    }
  });

  it('documents every route, the websocket included, in its OpenAPI document', async () => {
    expect(undocumentedRoutes(market.app).filter((route) => route.service === 'market-data')).toEqual([]);
    const response = await market.app.inject('/api/market-data/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/market-data/overview', '/api/market-data/ws']),
    );
  });

  it('answers every error with its code', async () => {
    expect((await get('/quotes/AAPL-cboe')).body.error.code).toBe('MARKET_DATA_INVALID_PRODUCT');
    expect((await get('/quotes/AAPL_cboe')).status).toBe(200);
    const unknown = await get('/book/ZZZZ_nyse');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'MARKET_DATA_UNKNOWN_PRODUCT']);
    expect((await get('/trades/AAPL_cboe?limit=1000')).body.error.code).toBe('VALIDATION_FAILED');
    expect((await get('/book/AAPL_cboe?depth=0')).body.error.code).toBe('VALIDATION_FAILED');
    expect((await get('/overview?limit=x')).body.error.code).toBe('VALIDATION_FAILED');
    expect((await get('/quotes?productIds=AAPL_cboe,nope')).body.error.code).toBe(
      'MARKET_DATA_INVALID_PRODUCT',
    );
    expect((await get('/quotes?other=1')).body.error.code).toBe('VALIDATION_FAILED');
    for (const url of ['/quotes/AAPL_cboe?other=1', '/status?other=1', '/status/AAPL_cboe?other=1']) {
      expect([url, (await get(url)).body.error?.code]).toEqual([url, 'VALIDATION_FAILED']);
    }
  });
});

describeEachDatabase('market data respects the venues calendars', ({ createDatabase }) => {
  let market: MarketDataApp;
  let clock: TestClock;

  // Each test starts its own market on Saturday noon: the opening test moves the clock to Monday.
  beforeEach(async () => {
    clock = testClock(SATURDAY_NOON);
    market = await startMarketData(await createDatabase(), clock);
  });
  afterEach(async () => market.app.close());

  const quote = async (productId: string) =>
    ((await market.app.inject(`/api/market-data/quotes/${productId}`)).json() as QuoteResponse).quote;

  it('does not tick a closed market, and empties its book, while crypto trades on Saturday', async () => {
    const before = await quote('AAPL_cboe');
    const cryptoBefore = await quote('BTC-USD_tessera');
    advance(market, clock, 5_000);
    const after = await quote('AAPL_cboe');
    const cryptoAfter = await quote('BTC-USD_tessera');
    expect(after).toMatchObject({
      marketOpen: false,
      bid: null,
      ask: null,
      last: before.last,
      seq: before.seq,
    });
    // Friday's session is the latest: its date and figures stay.
    expect(after.sessionDate).toBe('2026-03-20');
    expect(cryptoAfter.marketOpen).toBe(true);
    expect(cryptoAfter.seq).toBeGreaterThan(cryptoBefore.seq + 20);
    expect(cryptoAfter.sessionDate).toBe('2026-03-21');
    const book = ((await market.app.inject('/api/market-data/book/AAPL_cboe')).json() as BookResponse).book;
    expect(book.bids).toEqual([]);
    expect(book.asks).toEqual([]);
    const trades = ((await market.app.inject('/api/market-data/trades/AAPL_cboe')).json() as TradesResponse)
      .items;
    expect(trades).toEqual([]);
  });

  it('gives the next session of a closed market', async () => {
    const { status } = (
      await market.app.inject('/api/market-data/status/AAPL_cboe')
    ).json() as MarketStatusResponse;
    expect(status.open).toBe(false);
    expect(status.currentSession).toBeNull();
    expect(status.nextSession).toMatchObject({
      date: '2026-03-23',
      opensAtMs: Date.parse('2026-03-23T13:30:00Z'),
    });
  });

  it('opens the market at the session start: a status change, a new session with the previous close', async () => {
    const events: Array<{ productId: string; open: boolean }> = [];
    market.events.subscribe('market.status', (event) => {
      events.push(event as { productId: string; open: boolean });
    });
    const friday = await quote('AAPL_cboe');
    clock.nowMs = Date.parse('2026-03-23T13:29:59.800Z');
    advance(market, clock, 400);
    expect(events.filter((event) => event.productId === 'AAPL_cboe')).toEqual([
      { productId: 'AAPL_cboe', open: true, timeMs: clock.nowMs - 200 },
    ]);
    const monday = await quote('AAPL_cboe');
    expect(monday).toMatchObject({ marketOpen: true, sessionDate: '2026-03-23', previousClose: friday.last });
    expect(monday.bid).not.toBeNull();
  });
});

describeEachDatabase('the simulator anchor', ({ createDatabase }) => {
  it('is written once, so a restart continues the same prices', async () => {
    const database = await createDatabase();
    const clock = testClock(MONDAY_15_00);
    const first = await startMarketData(database, clock);
    clock.nowMs = MONDAY_15_00 + 3_600_000;
    const reference = await first.runtime.history({
      productId: 'AAPL_cboe' as never,
      resolution: '1m',
      fromMs: MONDAY_15_00,
      toMs: clock.nowMs,
    });
    expect(first.runtime.anchor()).toBe(MONDAY_15_00);
    // A second runtime over the same database (a restart an hour later) keeps the anchor and the path.
    const second = await startMarketData(database, clock);
    expect(second.runtime.anchor()).toBe(MONDAY_15_00);
    const again = await second.runtime.history({
      productId: 'AAPL_cboe' as never,
      resolution: '1m',
      fromMs: MONDAY_15_00,
      toMs: clock.nowMs,
    });
    expect(again.bars).toEqual(reference.bars);
    const quote = (await second.app.inject('/api/market-data/quotes/AAPL_cboe')).json() as QuoteResponse;
    expect(Decimal.from(quote.quote.last!).compare(Decimal.from('0'))).toBe(1);
    await second.app.close();
    await first.app.close();
  });
});
