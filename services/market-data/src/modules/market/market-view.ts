/**
 * What this process serves: the latest quote, book and candles of every product and its recent trades, kept from
 * the market events (market-engine.ts publishes them; at scale they arrive from the engine's process over NATS).
 * The HTTP routes read it, and the websocket stream is told of every change.
 */
import {
  type Book,
  type CandleInterval,
  type CandlesData,
  MARKET_DATA_TOPICS,
  type MarketDataEvents,
  type ProductId,
  type Quote,
  RECENT_TRADES_MAX,
  type Trade,
  type TradesData,
} from '@tessera/contracts';
import type { EventBus } from '@tessera/platform';

/** A change of the view, as the stream needs it. */
export type MarketViewChange =
  | { readonly kind: 'quote'; readonly quote: Quote }
  | { readonly kind: 'book'; readonly book: Book }
  | { readonly kind: 'trades'; readonly trades: TradesData }
  | { readonly kind: 'candles'; readonly candles: CandlesData };

/** The market as this process last heard it. */
export class MarketView {
  private readonly quotes = new Map<ProductId, Quote>();
  private readonly books = new Map<ProductId, Book>();
  private readonly trades = new Map<ProductId, Trade[]>();
  private readonly candles = new Map<string, CandlesData>();
  private readonly listeners = new Set<(change: MarketViewChange) => void>();
  private readonly unsubscribes: Array<() => void> = [];

  /**
   * Takes a market event from this process's engine directly (the engine's `local` option). The object is kept as
   * it is: the engine never changes a payload after publishing it.
   */
  apply<Topic extends keyof MarketDataEvents & string>(topic: Topic, payload: MarketDataEvents[Topic]): void {
    switch (topic) {
      case MARKET_DATA_TOPICS.quote:
        this.onQuote(payload as Quote);
        break;
      case MARKET_DATA_TOPICS.book:
        this.onBook(payload as Book);
        break;
      case MARKET_DATA_TOPICS.trades:
        this.onTrades(payload as TradesData);
        break;
      case MARKET_DATA_TOPICS.candles:
        this.onCandles(payload as CandlesData);
        break;
      default:
        break;
    }
  }

  /** Subscribes to the market topics (a process without the engine: they come from the engine's process). */
  start(events: EventBus<MarketDataEvents>): void {
    this.unsubscribes.push(
      events.subscribe(MARKET_DATA_TOPICS.quote, (quote) => this.onQuote(quote)),
      events.subscribe(MARKET_DATA_TOPICS.book, (book) => this.onBook(book)),
      events.subscribe(MARKET_DATA_TOPICS.trades, (trades) => this.onTrades(trades)),
      events.subscribe(MARKET_DATA_TOPICS.candles, (candles) => this.onCandles(candles)),
    );
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) {
      unsubscribe();
    }
    this.listeners.clear();
  }

  /** Calls `listener` on every change; returns a function that stops it. */
  onChange(listener: (change: MarketViewChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  quote(productId: ProductId): Quote | undefined {
    return this.quotes.get(productId);
  }

  allQuotes(): Quote[] {
    return [...this.quotes.values()];
  }

  book(productId: ProductId): Book | undefined {
    return this.books.get(productId);
  }

  /** The product's recent trades, newest first, at most `limit`. */
  recentTrades(productId: ProductId, limit: number): Trade[] {
    return (this.trades.get(productId) ?? []).slice(-limit).reverse();
  }

  candlesOf(productId: ProductId, interval: CandleInterval): CandlesData | undefined {
    return this.candles.get(`${interval}|${productId}`);
  }

  /** True once the view has heard of the product (the engine publishes every product at start). */
  knows(productId: ProductId): boolean {
    return this.quotes.has(productId);
  }

  private onQuote(quote: Quote): void {
    const previous = this.quotes.get(quote.productId);
    // Events can arrive out of order between processes: the highest sequence wins.
    if (previous !== undefined && previous.seq >= quote.seq && previous.timeMs >= quote.timeMs) {
      return;
    }
    this.quotes.set(quote.productId, quote);
    this.emit({ kind: 'quote', quote });
  }

  private onBook(book: Book): void {
    const previous = this.books.get(book.productId);
    if (previous !== undefined && previous.seq >= book.seq && previous.timeMs >= book.timeMs) {
      return;
    }
    this.books.set(book.productId, book);
    this.emit({ kind: 'book', book });
  }

  private onTrades(data: TradesData): void {
    let kept = this.trades.get(data.productId);
    if (kept === undefined) {
      kept = [];
      this.trades.set(data.productId, kept);
    }
    kept.push(...data.trades);
    if (kept.length > RECENT_TRADES_MAX) {
      kept.splice(0, kept.length - RECENT_TRADES_MAX);
    }
    this.emit({ kind: 'trades', trades: data });
  }

  private onCandles(data: CandlesData): void {
    this.candles.set(`${data.interval}|${data.productId}`, data);
    this.emit({ kind: 'candles', candles: data });
  }

  private emit(change: MarketViewChange): void {
    for (const listener of this.listeners) {
      listener(change);
    }
  }
}
