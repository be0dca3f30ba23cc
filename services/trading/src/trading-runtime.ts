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
import { AlertsService } from './modules/alerts/alerts.service.ts';
import { lotsToQuantity, ticksNear, ticksToPrice } from './modules/instruments/instrument-spec.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { PositionsService } from './modules/positions/positions.service.ts';
import { ReferencePrices } from './modules/orders/reference-prices.ts';
import {
  createTradingCore,
  publishOrLog,
  type TradingCore,
  type TradingCoreOptions,
} from './modules/orders/trading-core.ts';
import { InternalVenue, type MarketMakerOptions } from './modules/venue/internal-venue.ts';

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

/** Builds and starts the runtime: loads the catalog and alerts, recovers orders, subscribes, starts timers. */
export async function startTradingRuntime(
  context: ServiceContext,
  options: TradingRuntimeOptions = {},
): Promise<TradingRuntime> {
  const core = createTradingCore(context, options);
  await core.specs.load();
  const references = new ReferencePrices(core.marketData);
  const venue = new InternalVenue((productId) => core.specs.get(productId), options.marketMakers);
  const throttleMs = options.bookThrottleMs ?? VENUE_BOOK_THROTTLE_MS;
  const lastBook = new Map<string, number>();
  const scheduled = new Map<string, NodeJS.Timeout>();
  const bookSequence = new Map<string, number>();
  let closed = false;

  const publishBook = (productId: string) => {
    scheduled.delete(productId);
    const book = venue.book(productId, BOOK_DEPTH);
    if (book === null || closed) {
      return;
    }
    const spec = core.specs.get(productId);
    const sequence = (bookSequence.get(productId) ?? 0) + 1;
    bookSequence.set(productId, sequence);
    lastBook.set(productId, Date.now());
    const level = ([price, lots]: [number, number]) =>
      [ticksToPrice(spec, price), lotsToQuantity(spec, lots)] as const;
    const event: VenueBookEvent = {
      productId: spec.productId,
      bids: book.bids.map(level),
      asks: book.asks.map(level),
      sequence,
      timeMs: core.now().getTime(),
    };
    void publishOrLog(context, MARKET_DATA_TOPICS.venueBook, event);
  };
  const onVenueChange = (productId: string) => {
    if (scheduled.has(productId) || closed) {
      return;
    }
    const waitMs = Math.max(0, (lastBook.get(productId) ?? 0) + throttleMs - Date.now());
    scheduled.set(
      productId,
      setTimeout(() => publishBook(productId), waitMs),
    );
  };

  const orders = new OrdersService(core, references, venue, onVenueChange);
  const alerts = new AlertsService(core, orders);
  const positions = new PositionsService(core, orders, references);
  orders.onPositionChanged = (userId, productId) => positions.notify(userId, productId);
  await alerts.load();
  await orders.recover();

  const onReference = async (event: MarketReferenceEvent) => {
    if (!core.specs.isTradable(event.productId)) {
      return;
    }
    const spec = core.specs.get(event.productId);
    const price = Decimal.from(event.price);
    references.set(event.productId, price);
    await core.accounts.ensureVenue(spec);
    await orders.queues.run(spec.productId, () =>
      orders.referencePrice(spec, ticksNear(spec, price, 'floor')),
    );
    await alerts.onReference(event.productId, price);
  };
  const unsubscribe = context.events.subscribe(MARKET_DATA_TOPICS.reference, (payload) =>
    onReference(payload as MarketReferenceEvent),
  );
  const heartbeat = setInterval(() => {
    for (const productId of lastBook.keys()) {
      publishBook(productId);
    }
  }, VENUE_BOOK_HEARTBEAT_MS);
  heartbeat.unref();
  const sweepMs = options.expirySweepIntervalMs ?? EXPIRY_SWEEP_INTERVAL_MS;
  let sweeping = false;
  const sweep =
    sweepMs > 0
      ? setInterval(() => {
          if (sweeping) {
            return;
          }
          sweeping = true;
          orders
            .expireDue()
            .catch((error: unknown) => context.log.error({ err: error }, 'trading expiry sweep failed'))
            .finally(() => {
              sweeping = false;
            });
        }, sweepMs)
      : null;
  sweep?.unref();
  const holdsMs = options.reservationSweepIntervalMs ?? RESERVATION_SWEEP_INTERVAL_MS;
  let sweepingHolds = false;
  const holdsSweep =
    holdsMs > 0
      ? setInterval(() => {
          if (sweepingHolds || closed) {
            return;
          }
          sweepingHolds = true;
          orders
            .sweep()
            .catch((error: unknown) => context.log.error({ err: error }, 'trading holds sweep failed'))
            .finally(() => {
              sweepingHolds = false;
            });
        }, holdsMs)
      : null;
  holdsSweep?.unref();

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
      clearInterval(heartbeat);
      if (sweep !== null) {
        clearInterval(sweep);
      }
      if (holdsSweep !== null) {
        clearInterval(holdsSweep);
      }
      for (const timer of scheduled.values()) {
        clearTimeout(timer);
      }
      await orders.queues.idle();
    },
  };
}
