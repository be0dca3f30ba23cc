/**
 * The trading service's running parts, wired once per process: the internal venue, the orders service, price
 * alerts, the `market.reference` subscription (market makers requote, triggers and alerts are checked), the
 * throttled `venue.book` publication with its heartbeat, and the expiry sweep.
 */
import {
  MARKET_DATA_TOPICS,
  type MarketReferenceEvent,
  VENUE_BOOK_HEARTBEAT_MS,
  BOOK_DEPTH,
  type VenueBookEvent,
} from '@tessera/contracts';
import type { ServiceContext } from '@tessera/platform';
import { Decimal } from '@tessera/money';
import { AlertsService } from '../alerts/alerts.service.ts';
import {
  type InstrumentSpec,
  lotsToQuantity,
  quantityToLots,
  ticksNear,
  ticksToPrice,
} from '../instruments/instrument-spec.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { PositionsService } from '../positions/positions.service.ts';
import { ReferencePrices } from '../orders/reference-prices.ts';
import {
  createTradingCore,
  publishOrLog,
  type TradingCore,
  type TradingCoreOptions,
} from '../orders/trading-core.ts';
import {
  InternalVenue,
  type MarketMakerOptions,
  PARTICIPANT_ORDERS_PER_TICK_MAX,
  type ParticipantOrderLots,
} from '../venue/internal-venue.ts';

/** Options of the runtime (tests shorten or switch off the timers). */
export interface TradingRuntimeOptions extends TradingCoreOptions {
  /** How often due orders are expired (0: never; tests call `expireDue`). */
  readonly expirySweepIntervalMs?: number;
  /** How often the holds are swept (`OrdersService.sweep`; 0: never, tests call it). */
  readonly reservationSweepIntervalMs?: number;
  /** The shortest time between two `venue.book` events of one product. */
  readonly bookThrottleMs?: number;
  readonly marketMakers?: MarketMakerOptions;
}

export const EXPIRY_SWEEP_INTERVAL_MS = 1_000;
/**
 * How often the holds are swept: unsent settlements resent, stopped placements resolved, orphan holds voided. Each
 * pass reads every settlement account's pending transfers from the ledger, hence a slower beat than expiry.
 */
export const RESERVATION_SWEEP_INTERVAL_MS = 30_000;
export const VENUE_BOOK_THROTTLE_MS = 250;

/** Everything the routes use. */
export interface TradingRuntime {
  readonly core: TradingCore;
  readonly orders: OrdersService;
  readonly alerts: AlertsService;
  readonly positions: PositionsService;
  readonly references: ReferencePrices;
  readonly venue: InternalVenue;
  /** Applies a reference price as the `market.reference` subscription does (tests await it). */
  onReference(event: MarketReferenceEvent): Promise<void>;
  close(): Promise<void>;
}

/**
 * Publishes each product's `venue.book` after the venue changed, at most once per throttle, and again on every
 * heartbeat (so a late subscriber sees the book without waiting for a change).
 */
class VenueBookPublisher {
  private readonly lastBook = new Map<string, number>();
  private readonly scheduled = new Map<string, NodeJS.Timeout>();
  private readonly bookSequence = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly context: ServiceContext,
    private readonly core: TradingCore,
    private readonly venue: InternalVenue,
    private readonly throttleMs: number,
  ) {
    this.heartbeat = setInterval(() => {
      for (const productId of this.lastBook.keys()) {
        this.publish(productId);
      }
    }, VENUE_BOOK_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The venue changed `productId`'s book: publish it once the throttle allows. */
  readonly onVenueChange = (productId: string): void => {
    if (this.scheduled.has(productId) || this.closed) {
      return;
    }
    const waitMs = Math.max(0, (this.lastBook.get(productId) ?? 0) + this.throttleMs - Date.now());
    this.scheduled.set(
      productId,
      setTimeout(() => this.publish(productId), waitMs),
    );
  };

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const timer of this.scheduled.values()) {
      clearTimeout(timer);
    }
  }

  private publish(productId: string): void {
    this.scheduled.delete(productId);
    const book = this.venue.book(productId, BOOK_DEPTH);
    if (book === null || this.closed) {
      return;
    }
    const spec = this.core.specs.get(productId);
    const sequence = (this.bookSequence.get(productId) ?? 0) + 1;
    this.bookSequence.set(productId, sequence);
    this.lastBook.set(productId, Date.now());
    const level = ([price, lots]: [number, number]) =>
      [ticksToPrice(spec, price), lotsToQuantity(spec, lots)] as const;
    const event: VenueBookEvent = {
      productId: spec.productId,
      bids: book.bids.map(level),
      asks: book.asks.map(level),
      sequence,
      timeMs: this.core.now().getTime(),
    };
    void publishOrLog(this.context, MARKET_DATA_TOPICS.venueBook, event);
  }
}

/**
 * Runs `work` every `intervalMs` (0: never), skipping a beat while the previous run is still going; a failure is
 * logged with `what`. Answers the timer to clear, or null.
 */
function everyWithoutOverlap(
  context: ServiceContext,
  intervalMs: number,
  work: () => Promise<unknown>,
  what: string,
  isClosed: () => boolean = () => false,
): NodeJS.Timeout | null {
  if (intervalMs <= 0) {
    return null;
  }
  let running = false;
  const timer = setInterval(() => {
    if (running || isClosed()) {
      return;
    }
    running = true;
    work()
      .catch((error: unknown) => context.log.error({ err: error }, what))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return timer;
}

/** A reference price event: the venue's market makers requote and triggers are checked, then price alerts. */
function referenceHandler(
  core: TradingCore,
  references: ReferencePrices,
  orders: OrdersService,
  alerts: AlertsService,
): (event: MarketReferenceEvent) => Promise<void> {
  return async (event) => {
    if (!core.specs.isTradable(event.productId)) {
      return;
    }
    const spec = core.specs.get(event.productId);
    const price = Decimal.from(event.price);
    references.set(event.productId, price);
    await core.accounts.ensureVenue(spec);
    const participants = participantsOf(spec, event);
    await orders.queues.run(spec.productId, () =>
      orders.referencePrice(spec, ticksNear(spec, price, 'floor'), participants),
    );
    await alerts.onReference(event.productId, price);
  };
}

/**
 * The simulated participants' orders of a reference event in lots; a size that is not a positive whole number of
 * lots is left out (the event comes from another service: checked, not trusted).
 */
function participantsOf(spec: InstrumentSpec, event: MarketReferenceEvent): ParticipantOrderLots[] {
  const orders: ParticipantOrderLots[] = [];
  for (const participant of (event.participants ?? []).slice(0, PARTICIPANT_ORDERS_PER_TICK_MAX)) {
    if (participant.side !== 'buy' && participant.side !== 'sell') {
      continue;
    }
    let lots: bigint | null = null;
    try {
      lots = quantityToLots(spec, Decimal.from(participant.size));
    } catch {
      lots = null;
    }
    if (lots !== null && lots > 0n && lots <= BigInt(Number.MAX_SAFE_INTEGER)) {
      orders.push({ side: participant.side, quantityLots: Number(lots) });
    }
  }
  return orders;
}

/** Builds and starts the runtime: loads the catalog and alerts, recovers orders, subscribes, starts timers. */
export async function startTradingRuntime(
  context: ServiceContext,
  options: TradingRuntimeOptions = {},
): Promise<TradingRuntime> {
  const core = createTradingCore(context, options);
  await core.specs.load();
  const references = new ReferencePrices(core.marketData);
  const venue = new InternalVenue((productId) => core.specs.get(productId), options.marketMakers);
  const books = new VenueBookPublisher(
    context,
    core,
    venue,
    options.bookThrottleMs ?? VENUE_BOOK_THROTTLE_MS,
  );
  const orders = new OrdersService(core, references, venue, books.onVenueChange);
  const alerts = new AlertsService(core, orders);
  const positions = new PositionsService(core, orders, references);
  orders.onPositionChanged = (userId, productId) => positions.notify(userId, productId);
  await alerts.load();
  await orders.recover();

  const onReference = referenceHandler(core, references, orders, alerts);
  const unsubscribe = context.events.subscribe(MARKET_DATA_TOPICS.reference, (payload) =>
    onReference(payload as MarketReferenceEvent),
  );
  let closed = false;
  const timers = [
    everyWithoutOverlap(
      context,
      options.expirySweepIntervalMs ?? EXPIRY_SWEEP_INTERVAL_MS,
      () => orders.expireDue(),
      'trading expiry sweep failed',
    ),
    everyWithoutOverlap(
      context,
      options.reservationSweepIntervalMs ?? RESERVATION_SWEEP_INTERVAL_MS,
      () => orders.sweep(),
      'trading holds sweep failed',
      () => closed,
    ),
  ];

  return {
    core,
    orders,
    alerts,
    positions,
    references,
    venue,
    onReference,
    async close() {
      closed = true;
      unsubscribe();
      books.close();
      for (const timer of timers) {
        if (timer !== null) {
          clearInterval(timer);
        }
      }
      await orders.queues.idle();
    },
  };
}
