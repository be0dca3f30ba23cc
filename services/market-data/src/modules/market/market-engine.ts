/**
 * The market of every product as market data serves it, built from the feed and, once it exists, the internal
 * venue (docs/adr/0009-market-data.md): session figures, the book, trades, quotes and live candles, published as events
 * (`market.quote`, `market.book`, `market.trades`, `market.candles`, `market.status`, `market.reference`).
 *
 * One engine runs per deployment (the process with the feed: `MARKET_DATA_FEED=simulator`); every market-data
 * process, this one included, serves its clients from those events (market-view.ts), so the same code fans out
 * in one process or many.
 *
 * Book and trades: from the feed's simulated market makers and prints, until a `venue.book` or `venue.trade` event
 * arrives for a product; from then on the venue's, until the venue has been silent for VENUE_SILENCE_FALLBACK_MS.
 */
import {
  type AggressorSide,
  type Book,
  BOOK_DEPTH,
  CANDLE_INTERVALS,
  type CandleInterval,
  type CandlesData,
  type Candle,
  type InstrumentInfo,
  MARKET_DATA_TOPICS,
  type MarketDataEvents,
  type MarketOrigin,
  type ProductId,
  type Quote,
  type SourceInfo,
  type TickCandle,
  type Trade,
  VENUE_SILENCE_FALLBACK_MS,
  type VenueBookEvent,
  type VenueTradeEvent,
} from '@tessera/contracts';
import type { EventBus } from '@tessera/platform';
import type {
  FeedLevel,
  FeedSession,
  FeedSink,
  FeedTrade,
  FeedUpdate,
  MarketFeed,
} from '../feed/market-feed.ts';
import { LiveCandles } from './live-candles.ts';
import {
  formatLots,
  formatTicks,
  lotsOfDecimal,
  percentChange,
  ticksOfDecimal,
  type Units,
  unitsOf,
} from './units.ts';

const DAY_MS = 86_400_000;
/** How often forming candles are completed and silent venues given up. */
const HOUSEKEEPING_INTERVAL_MS = 1_000;

/** The logger the engine writes to (a pino logger fits). */
export interface EngineLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface SessionFigures {
  date: string;
  openTicks: number | null;
  highTicks: number | null;
  lowTicks: number | null;
  volumeLots: number;
  previousCloseTicks: number | null;
}

interface ProductState {
  readonly info: InstrumentInfo;
  readonly units: Units;
  readonly candles: LiveCandles;
  open: boolean;
  session: SessionFigures | null;
  lastTicks: number | null;
  bids: readonly FeedLevel[];
  asks: readonly FeedLevel[];
  origin: MarketOrigin;
  venueLastEventMs: number;
  venueBookSequence: number;
  venueTradeSequence: number;
  quoteSeq: number;
  bookSeq: number;
  referenceSeq: number;
  tradeCounter: number;
}

/** What the engine is built from. */
export interface MarketEngineOptions {
  readonly feed: MarketFeed;
  readonly instruments: readonly InstrumentInfo[];
  readonly sources: readonly SourceInfo[];
  readonly events: EventBus<MarketDataEvents>;
  readonly now: () => number;
  readonly log: EngineLogger;
  /** False in tests: call {@link MarketEngine.housekeeping} by hand. */
  readonly autoTimers: boolean;
  /**
   * True (the default): each reference price carries the feed's prints of the tick as the simulated participants'
   * orders, which the internal venue executes against its market makers (docs/adr/0014-simulated-participants.md).
   */
  readonly participants?: boolean;
  /**
   * This process's own consumer of the market topics (its view), called before the bus: it gets the very object,
   * without the bus's copy, so the process that runs the engine serves its clients without a clone per event.
   */
  readonly local?: <Topic extends keyof MarketDataEvents & string>(
    topic: Topic,
    payload: MarketDataEvents[Topic],
  ) => void;
}

/** The market engine; see the module comment. */
export class MarketEngine {
  private readonly products = new Map<ProductId, ProductState>();
  private readonly unsubscribes: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly options: MarketEngineOptions) {
    for (const info of options.instruments) {
      const source = options.sources.find((candidate) => candidate.id === info.source);
      this.products.set(info.id, {
        info,
        units: unitsOf(info.tickSize, info.lotSize),
        candles: new LiveCandles(source?.timeZone ?? 'UTC'),
        open: false,
        session: null,
        lastTicks: null,
        bids: [],
        asks: [],
        origin: 'simulated',
        venueLastEventMs: 0,
        venueBookSequence: -1,
        venueTradeSequence: -1,
        quoteSeq: 0,
        bookSeq: 0,
        referenceSeq: 0,
        tradeCounter: 0,
      });
    }
  }

  /** Starts the feed (its warm-up), seeds the forming candles, publishes every product's state, listens to the venue. */
  async start(): Promise<void> {
    const { events, feed } = this.options;
    this.unsubscribes.push(
      events.subscribe(MARKET_DATA_TOPICS.venueBook, (event) => this.onVenueBook(event)),
      events.subscribe(MARKET_DATA_TOPICS.venueTrade, (event) => this.onVenueTrade(event)),
    );
    await feed.start(this.sink);
    await this.seedCandles();
    const nowMs = this.options.now();
    for (const state of this.products.values()) {
      this.publishQuote(state, nowMs);
      this.publishBook(state, nowMs);
      for (const interval of CANDLE_INTERVALS) {
        this.publishCandles(state, interval);
      }
    }
    if (this.options.autoTimers) {
      this.timer = setInterval(() => this.housekeeping(), HOUSEKEEPING_INTERVAL_MS);
      this.timer.unref?.();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) {
      clearInterval(this.timer);
    }
    for (const unsubscribe of this.unsubscribes.splice(0)) {
      unsubscribe();
    }
    await this.options.feed.stop();
  }

  /** Completes candles whose bucket ended and returns silent venues to the simulation; runs every second. */
  housekeeping(): void {
    const nowMs = this.options.now();
    for (const state of this.products.values()) {
      for (const interval of state.candles.closeDue(nowMs)) {
        this.publishCandles(state, interval);
      }
      if (state.origin === 'venue' && nowMs - state.venueLastEventMs > VENUE_SILENCE_FALLBACK_MS) {
        state.origin = 'simulated';
        this.options.log.warn({ productId: state.info.id }, 'venue silent: serving the simulated book again');
      }
    }
  }

  /** Where the feed delivers. */
  private readonly sink: FeedSink = {
    update: (update) => this.onFeedUpdate(update),
    status: (productId, open, timeMs, session) => this.onFeedStatus(productId, open, timeMs, session),
  };

  private onFeedUpdate(update: FeedUpdate): void {
    const state = this.products.get(update.productId);
    if (state === undefined || this.stopped) {
      return;
    }
    if (update.referencePrice !== undefined) {
      state.referenceSeq += 1;
      const participants =
        this.options.participants === false || update.trades === undefined
          ? []
          : update.trades.map((trade) => ({
              side: trade.side,
              size: formatLots(state.units, trade.sizeLots),
            }));
      this.publish(MARKET_DATA_TOPICS.reference, {
        productId: state.info.id,
        price: referenceText(update.referencePrice),
        sequence: state.referenceSeq,
        timeMs: update.timeMs,
        ...(participants.length === 0 ? {} : { participants }),
      });
    }
    if (state.origin === 'venue') {
      // The venue owns book and trades; the feed's ladder and prints are not shown.
      return;
    }
    if (update.book !== undefined) {
      state.bids = update.book.bids.slice(0, BOOK_DEPTH);
      state.asks = update.book.asks.slice(0, BOOK_DEPTH);
      this.publishBook(state, update.timeMs);
    }
    if (update.trades !== undefined && update.trades.length > 0 && this.options.participants !== false) {
      this.applyTrades(state, update.trades, 'simulated');
    }
    this.publishQuote(state, update.timeMs);
  }

  private onFeedStatus(
    productId: ProductId,
    open: boolean,
    timeMs: number,
    session: FeedSession | null,
  ): void {
    const state = this.products.get(productId);
    if (state === undefined || this.stopped) {
      return;
    }
    state.open = open;
    if (session !== null) {
      state.session = {
        date: session.date,
        openTicks: session.openTicks,
        highTicks: session.highTicks,
        lowTicks: session.lowTicks,
        volumeLots: session.volumeLots,
        previousCloseTicks: session.previousCloseTicks,
      };
      state.lastTicks = session.lastTicks ?? state.lastTicks ?? session.previousCloseTicks;
    }
    if (!open && state.origin === 'simulated') {
      // The market makers leave when the market closes.
      state.bids = [];
      state.asks = [];
      this.publishBook(state, timeMs);
    }
    this.publish(MARKET_DATA_TOPICS.status, { productId, open, timeMs });
    this.publishQuote(state, timeMs);
  }

  private onVenueBook(event: VenueBookEvent): void {
    const state = this.products.get(event.productId);
    if (state === undefined || event.sequence <= state.venueBookSequence) {
      return;
    }
    const bids = venueLevels(state.units, event.bids);
    const asks = venueLevels(state.units, event.asks);
    if (bids === null || asks === null) {
      this.options.log.warn(
        { productId: event.productId },
        'venue book with a price or size off the grid: ignored',
      );
      return;
    }
    state.venueBookSequence = event.sequence;
    this.enterVenueMode(state);
    state.bids = bids;
    state.asks = asks;
    this.publishBook(state, event.timeMs);
    this.publishQuote(state, event.timeMs);
  }

  private onVenueTrade(event: VenueTradeEvent): void {
    const state = this.products.get(event.productId);
    if (state === undefined || event.sequence <= state.venueTradeSequence) {
      return;
    }
    const priceTicks = ticksOfDecimal(state.units, event.price);
    const sizeLots = lotsOfDecimal(state.units, event.size);
    if (priceTicks === null || sizeLots === null) {
      this.options.log.warn(
        { productId: event.productId },
        'venue trade with a price or size off the grid: ignored',
      );
      return;
    }
    state.venueTradeSequence = event.sequence;
    this.enterVenueMode(state);
    this.applyTrades(
      state,
      [{ priceTicks, sizeLots, side: event.aggressorSide, timeMs: event.timeMs }],
      'venue',
      event.tradeId,
    );
    this.publishQuote(state, event.timeMs);
  }

  private enterVenueMode(state: ProductState): void {
    state.venueLastEventMs = this.options.now();
    if (state.origin !== 'venue') {
      state.origin = 'venue';
      // Debug, not info: at start every instrument switches at once (about 40 lines), and start-up prints one line
      // per stage (issue #14).
      this.options.log.debug(
        { productId: state.info.id },
        'venue events arrived: serving the venue book and trades',
      );
    }
  }

  private applyTrades(
    state: ProductState,
    trades: readonly FeedTrade[],
    origin: MarketOrigin,
    venueTradeId?: string,
  ): void {
    const published: Trade[] = [];
    const changed = new Set<CandleInterval>();
    for (const trade of trades) {
      const session = state.session;
      if (session !== null) {
        session.openTicks ??= trade.priceTicks;
        session.highTicks = Math.max(session.highTicks ?? trade.priceTicks, trade.priceTicks);
        session.lowTicks = Math.min(session.lowTicks ?? trade.priceTicks, trade.priceTicks);
        session.volumeLots += trade.sizeLots;
      }
      state.lastTicks = trade.priceTicks;
      for (const interval of state.candles.addTrade(trade.priceTicks, trade.sizeLots, trade.timeMs)) {
        changed.add(interval);
      }
      state.tradeCounter += 1;
      published.push({
        id:
          venueTradeId === undefined
            ? simulatedTradeId(trade.timeMs, state.tradeCounter)
            : `v${venueTradeId}`,
        productId: state.info.id,
        price: formatTicks(state.units, trade.priceTicks),
        size: formatLots(state.units, trade.sizeLots),
        side: trade.side as AggressorSide,
        origin,
        timeMs: trade.timeMs,
      });
    }
    this.publish(MARKET_DATA_TOPICS.trades, { productId: state.info.id, trades: published });
    for (const interval of changed) {
      this.publishCandles(state, interval);
    }
  }

  /** Seeds every product's forming candles from the feed's minutes of the week so far (the longest bucket). */
  private async seedCandles(): Promise<void> {
    const nowMs = this.options.now();
    for (const state of this.products.values()) {
      try {
        const history = await this.options.feed.history(state.info.id, '1m', nowMs - 8 * DAY_MS, nowMs);
        state.candles.seed(history.bars, nowMs);
      } catch (error) {
        this.options.log.error({ err: error, productId: state.info.id }, 'could not seed the live candles');
      }
    }
  }

  private publishQuote(state: ProductState, timeMs: number): void {
    state.quoteSeq += 1;
    this.publish(MARKET_DATA_TOPICS.quote, quoteOf(state, timeMs));
  }

  private publishBook(state: ProductState, timeMs: number): void {
    state.bookSeq += 1;
    const book: Book = {
      productId: state.info.id,
      bids: state.bids.map(([price, size]) => [
        formatTicks(state.units, price),
        formatLots(state.units, size),
      ]),
      asks: state.asks.map(([price, size]) => [
        formatTicks(state.units, price),
        formatLots(state.units, size),
      ]),
      origin: state.origin,
      seq: state.bookSeq,
      timeMs,
    };
    this.publish(MARKET_DATA_TOPICS.book, book);
  }

  private publishCandles(state: ProductState, interval: CandleInterval): void {
    const { completed, forming } = state.candles.view(interval);
    const candles: Candle[] = [];
    if (completed !== null) {
      candles.push(candleOf(state.units, completed, true));
    }
    if (forming !== null) {
      candles.push(candleOf(state.units, forming, false));
    }
    const data: CandlesData = { productId: state.info.id, interval, candles };
    this.publish(MARKET_DATA_TOPICS.candles, data);
  }

  private publish<Topic extends keyof MarketDataEvents & string>(
    topic: Topic,
    payload: MarketDataEvents[Topic],
  ): void {
    if (this.stopped) {
      return;
    }
    this.options.local?.(topic, payload);
    this.options.events.publish(topic, payload).catch((error: unknown) => {
      if (!this.stopped) {
        this.options.log.error({ err: error, topic }, 'could not publish a market event');
      }
    });
  }
}

function quoteOf(state: ProductState, timeMs: number): Quote {
  const units = state.units;
  const format = (ticks: number | null | undefined) =>
    ticks === null || ticks === undefined ? null : formatTicks(units, ticks);
  const session = state.session;
  const bid = state.bids[0];
  const ask = state.asks[0];
  const previous = session?.previousCloseTicks ?? null;
  const last = state.lastTicks;
  return {
    productId: state.info.id,
    bid: format(bid?.[0]),
    bidSize: bid === undefined ? null : formatLots(units, bid[1]),
    ask: format(ask?.[0]),
    askSize: ask === undefined ? null : formatLots(units, ask[1]),
    last: format(last),
    sessionDate: session?.date ?? null,
    open: format(session?.openTicks),
    high: format(session?.highTicks),
    low: format(session?.lowTicks),
    volume: formatLots(units, session?.volumeLots ?? 0),
    previousClose: format(previous),
    change: last === null || previous === null ? null : formatTicks(units, last - previous),
    changePercent:
      last === null || previous === null || previous === 0 ? null : percentChange(last, previous),
    marketOpen: state.open,
    origin: state.origin,
    seq: state.quoteSeq,
    timeMs,
  };
}

function candleOf(units: Units, candle: TickCandle, complete: boolean): Candle {
  return {
    openTimeMs: candle.openTimeMs,
    open: formatTicks(units, candle.openTicks),
    high: formatTicks(units, candle.highTicks),
    low: formatTicks(units, candle.lowTicks),
    close: formatTicks(units, candle.closeTicks),
    volume: formatLots(units, candle.volumeLots),
    complete,
  };
}

/** Venue levels in ticks and lots, or null when one is off the grid (the whole event is then ignored). */
function venueLevels(units: Units, levels: VenueBookEvent['bids']): FeedLevel[] | null {
  const converted: FeedLevel[] = [];
  for (const [price, size] of levels.slice(0, BOOK_DEPTH)) {
    const priceTicks = ticksOfDecimal(units, price);
    const sizeLots = lotsOfDecimal(units, size);
    if (priceTicks === null || sizeLots === null) {
      return null;
    }
    converted.push([priceTicks, sizeLots]);
  }
  return converted;
}

/** A simulated trade's id: its time in milliseconds and a counter, so ids grow with time. */
function simulatedTradeId(timeMs: number, counter: number): string {
  return `s${timeMs}-${counter}`;
}

/** The model reference price as decimal text, 8 significant decimals at most (it is not a tradable price). */
function referenceText(price: number): string {
  return price.toFixed(8).replace(/\.?0+$/, '');
}
