// Until the internal venue speaks, market data serves its simulated ladder and prints; from the first venue event
// it serves the venue's book and trades (and nothing simulated for that product), ignores stale or off-grid venue
// events, and falls back to the simulation when the venue goes silent. The reference price keeps flowing.
import {
  type Book,
  MARKET_DATA_TOPICS,
  type MarketReferenceEvent,
  type Quote,
  type TradesData,
  VENUE_SILENCE_FALLBACK_MS,
  type VenueBookEvent,
  type VenueTradeEvent,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  advance,
  startMarketData,
  testClock,
  type TestClock,
  type MarketDataApp,
} from '../../test-support/market-data-fixture.ts';

const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');
const PRODUCT = 'MSFT_nasdaq' as VenueBookEvent['productId'];

describeEachDatabase('venue events take over the book', ({ createDatabase }) => {
  let market: MarketDataApp;
  let clock: TestClock;
  const books: Book[] = [];
  const trades: TradesData[] = [];
  const references: MarketReferenceEvent[] = [];

  beforeAll(async () => {
    clock = testClock(MONDAY_15_00);
    market = await startMarketData(await createDatabase(), clock);
    market.events.subscribe(MARKET_DATA_TOPICS.book, (book) => {
      if ((book as Book).productId === PRODUCT) {
        books.push(book as Book);
      }
    });
    market.events.subscribe(MARKET_DATA_TOPICS.trades, (data) => {
      if ((data as TradesData).productId === PRODUCT) {
        trades.push(data as TradesData);
      }
    });
    market.events.subscribe(MARKET_DATA_TOPICS.reference, (event) => {
      if ((event as MarketReferenceEvent).productId === PRODUCT) {
        references.push(event as MarketReferenceEvent);
      }
    });
  });
  afterAll(async () => market.app.close());

  const quote = async () =>
    ((await market.app.inject(`/api/market-data/quotes/${PRODUCT}`)).json() as { quote: Quote }).quote;

  const venueBook = (sequence: number, bid: string, ask: string): VenueBookEvent => ({
    productId: PRODUCT,
    bids: [
      [bid, '10.000000'],
      ['419.00', '5'],
    ],
    asks: [
      [ask, '3'],
      ['421.00', '7.5'],
    ],
    sequence,
    timeMs: clock.nowMs,
  });

  // One scenario whose steps build on each other: the venue's sequence numbers and the clock carry from one step
  // to the next, so the steps are one test rather than tests that would depend on the order they run in.
  it('serves the simulation until the venue speaks, then only the venue (stale or off-grid books ignored), then the simulation once the venue is silent', async () => {
    // Until the venue speaks: the simulated ladder.
    advance(market, clock, 1_000);
    expect(books.at(-1)?.origin).toBe('simulated');
    expect(books.at(-1)?.bids).toHaveLength(10);
    expect((await quote()).origin).toBe('simulated');
    expect(references.length).toBeGreaterThanOrEqual(5);

    // From the first venue event on: the venue book and trades, with nothing simulated.
    await market.events.publish(MARKET_DATA_TOPICS.venueBook, venueBook(1, '419.50', '420.10'));
    expect(books.at(-1)).toMatchObject({
      origin: 'venue',
      bids: [
        ['419.50', '10'],
        ['419.00', '5'],
      ],
      asks: [
        ['420.10', '3'],
        ['421.00', '7.5'],
      ],
    });
    const trade: VenueTradeEvent = {
      productId: PRODUCT,
      tradeId: '77',
      price: '420.10',
      size: '2.5',
      aggressorSide: 'buy',
      sequence: 1,
      timeMs: clock.nowMs,
    };
    await market.events.publish(MARKET_DATA_TOPICS.venueTrade, trade);
    expect(trades.at(-1)?.trades).toEqual([
      {
        id: 'v77',
        productId: PRODUCT,
        price: '420.10',
        size: '2.5',
        side: 'buy',
        origin: 'venue',
        timeMs: clock.nowMs,
      },
    ]);
    const booksBefore = books.length;
    const tradesBefore = trades.length;
    const referencesBefore = references.length;
    advance(market, clock, 2_000);
    expect(books.length).toBe(booksBefore);
    expect(trades.length).toBe(tradesBefore);
    expect(references.length).toBeGreaterThan(referencesBefore);
    expect(await quote()).toMatchObject({ origin: 'venue', bid: '419.50', ask: '420.10', last: '420.10' });

    // Venue books that are stale or off the price grid are ignored.
    await market.events.publish(MARKET_DATA_TOPICS.venueBook, venueBook(1, '100.00', '101.00'));
    await market.events.publish(MARKET_DATA_TOPICS.venueBook, venueBook(2, '419.505', '420.10'));
    expect(books.at(-1)?.bids[0]).toEqual(['419.50', '10']);
    await market.events.publish(MARKET_DATA_TOPICS.venueBook, venueBook(3, '419.60', '420.00'));
    expect(books.at(-1)?.bids[0]).toEqual(['419.60', '10']);

    // The venue silent too long: back to the simulated ladder.
    clock.nowMs += VENUE_SILENCE_FALLBACK_MS + 1_000;
    market.runtime.housekeeping();
    advance(market, clock, 400);
    expect(books.at(-1)?.origin).toBe('simulated');
    expect((await quote()).origin).toBe('simulated');
  });
});
