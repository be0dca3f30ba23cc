/**
 * Everything the market-data service runs, wired once per process: the catalog (from market-data-info's client),
 * the venues' calendars, the view every process serves from and, in the process with the feed, the feed and the
 * market engine. It is also the `MarketDataApi` offered to other services (`MARKET_DATA_CLIENT`).
 */
import {
  type CandleInterval,
  type CandlesData,
  HISTORY_RANGE_MS_MAX,
  type HistoryBars,
  type HistoryResolution,
  type InstrumentInfo,
  MARKET_DATA_INFO_CLIENT,
  type MarketDataApi,
  type MarketDataEvents,
  type ProductId,
  type Quote,
  type SourceInfo,
} from '@tessera/contracts';
import type { EventBus, ServiceContext } from '@tessera/platform';
import type { MarketFeed } from '../feed/market-feed.ts';
import { MarketEngine } from './market-engine.ts';
import { MarketView } from './market-view.ts';
import { CalendarStore } from '../simulator/calendar-store.ts';
import { SimulatorFeed } from '../simulator/simulator-feed.ts';
import type { MarketDataSettings } from '../../settings.ts';
import type { MarketDataDatabase } from '../../tables.ts';

const MINUTE_MS = 60_000;

/** The catalog is empty: market data was asked to start before market-data-info's seed ran. */
class CatalogNotSeededError extends Error {
  override readonly name = 'CatalogNotSeededError';
  constructor() {
    super('market data needs the instrument catalog (market-data-info has not seeded it yet)');
  }
}

/** How the runtime is built besides the settings. */
export interface MarketDataRuntimeOptions {
  readonly settings: MarketDataSettings;
  /** The clock (tests pin it). */
  readonly now?: () => number;
  /** False in tests: nothing ticks by itself; call `tick()`. */
  readonly autoTimers?: boolean;
}

/** The market-data service's moving parts; see the module comment. */
export class MarketDataRuntime implements MarketDataApi {
  readonly view = new MarketView();
  readonly settings: MarketDataSettings;
  readonly now: () => number;
  private readonly autoTimers: boolean;
  private starting: Promise<void> | null = null;
  private catalog: { instruments: InstrumentInfo[]; sources: SourceInfo[] } | null = null;
  private calendarStore: CalendarStore | null = null;
  private feed: SimulatorFeed | null = null;
  private engine: MarketEngine | null = null;
  private anchorTimeMs: number | null = null;

  constructor(
    private readonly context: ServiceContext,
    options: MarketDataRuntimeOptions,
  ) {
    this.settings = options.settings;
    this.now = options.now ?? testClockOrRealTime(options.settings.clockStartMs ?? null);
    this.autoTimers = options.autoTimers ?? true;
  }

  /** Starts everything once (later calls share the first); market-data-info's seed must have run. */
  start(): Promise<void> {
    this.starting ??= this.startOnce().catch((error: unknown) => {
      // Not started (e.g. asked by another service's seed before the catalog was seeded): the next call tries again.
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  ready(): Promise<void> {
    return this.start();
  }

  async stop(): Promise<void> {
    this.view.stop();
    await this.engine?.stop();
    await this.calendarStore?.settled();
  }

  /** The catalog (after start). */
  instruments(): readonly InstrumentInfo[] {
    return this.catalog?.instruments ?? [];
  }

  sources(): readonly SourceInfo[] {
    return this.catalog?.sources ?? [];
  }

  instrument(productId: string): InstrumentInfo | undefined {
    return this.catalog?.instruments.find((instrument) => instrument.id === productId);
  }

  calendars(): CalendarStore {
    if (this.calendarStore === null) {
      throw new Error('market data is not started');
    }
    return this.calendarStore;
  }

  /** The feed's name, or `none` in a process without one. */
  feedName(): string {
    return this.feed?.name ?? 'none';
  }

  /** The anchor of the simulator's prices, or null without one. */
  anchor(): number | null {
    return this.anchorTimeMs;
  }

  /** One simulator tick now (tests; the timer does it otherwise). */
  tick(): void {
    this.feed?.tick();
  }

  /** Completes due candles and checks venue silence now (tests; the timer does it otherwise). */
  housekeeping(): void {
    this.engine?.housekeeping();
  }

  async getQuote(productId: ProductId): Promise<Quote | null> {
    await this.start();
    return this.view.quote(productId) ?? null;
  }

  async getReferencePrice(productId: ProductId): Promise<string | null> {
    try {
      await this.start();
    } catch (error) {
      if (error instanceof CatalogNotSeededError) {
        // Asked during the seeds, before the catalog exists: no market price yet (the caller has its fallback).
        return null;
      }
      throw error;
    }
    const price = this.feed?.referencePrice(productId) ?? null;
    return price === null ? null : price.toFixed(8).replace(/\.?0+$/, '');
  }

  async getCandles(productId: ProductId, interval: CandleInterval): Promise<CandlesData | null> {
    await this.start();
    return this.view.candlesOf(productId, interval) ?? null;
  }

  async history(request: {
    productId: ProductId;
    resolution: HistoryResolution;
    fromMs: number;
    toMs: number;
  }): Promise<HistoryBars> {
    await this.start();
    if (this.feed === null) {
      throw new Error('history needs the process that runs the feed (MARKET_DATA_FEED=simulator)');
    }
    const { productId, resolution, fromMs, toMs } = request;
    if (!(fromMs <= toMs && toMs - fromMs <= HISTORY_RANGE_MS_MAX[resolution])) {
      throw new Error(`history range must be ordered and at most ${HISTORY_RANGE_MS_MAX[resolution]} ms`);
    }
    return this.feed.history(productId, resolution, fromMs, toMs);
  }

  private async startOnce(): Promise<void> {
    const info = this.context.clients?.get(MARKET_DATA_INFO_CLIENT);
    if (info === undefined) {
      throw new Error('market data needs the market-data-info client (mount market-data-info first)');
    }
    const [instruments, sources] = await Promise.all([info.listInstruments(), info.listSources()]);
    if (instruments.length === 0) {
      throw new CatalogNotSeededError();
    }
    this.catalog = { instruments, sources };
    const log = this.context.log;
    this.calendarStore = new CalendarStore(
      sources.map((source) => source.id),
      (source, fromMs, toMs) => info.tradingSessions(source, fromMs, toMs),
      (error) => log.error({ err: error }, 'could not extend the trading calendars'),
    );
    const events = this.context.events as unknown as EventBus<MarketDataEvents>;
    const nowMs = this.now();
    if (this.settings.feed === 'none') {
      // The engine runs in another process: its events come over the bus.
      this.view.start(events);
      await this.calendarStore.load(nowMs, nowMs);
      return;
    }
    const anchorTimeMs = await readOrCreateAnchor(this.context.db as MarketDataDatabase, nowMs);
    this.anchorTimeMs = anchorTimeMs;
    await this.calendarStore.load(anchorTimeMs, nowMs);
    const started = performance.now();
    this.feed = new SimulatorFeed({
      seed: this.settings.seed,
      tickMs: this.settings.tickMs,
      instruments,
      sources,
      calendars: this.calendarStore,
      anchorTimeMs,
      now: this.now,
      autoTick: this.autoTimers,
      onError: (error) => log.error({ err: error }, 'simulator tick failed'),
    });
    this.engine = new MarketEngine({
      feed: this.feed as MarketFeed,
      instruments,
      sources,
      events,
      now: this.now,
      log,
      autoTimers: this.autoTimers,
      participants: this.settings.participants ?? true,
      local: (topic, payload) => this.view.apply(topic, payload),
    });
    await this.engine.start();
    log.info(
      {
        feed: this.feed.name,
        instruments: instruments.length,
        anchor: new Date(anchorTimeMs).toISOString(),
        tickMs: this.settings.tickMs,
        warmUpMs: Math.round(performance.now() - started),
      },
      'market simulator started',
    );
  }
}

/**
 * The market's clock: the real time, or the test clock (MARKET_DATA_CLOCK_START) that starts at its instant now and
 * runs at the real pace. Offered to other services as `MarketDataApi.now` (trading's session checks read it).
 */
function testClockOrRealTime(clockStartMs: number | null): () => number {
  if (clockStartMs === null) {
    return Date.now;
  }
  const offsetMs = clockStartMs - Date.now();
  return () => Date.now() + offsetMs;
}

/** The simulator's anchor: the minute of the first start, written once (the first process to start wins). */
export async function readOrCreateAnchor(db: MarketDataDatabase, nowMs: number): Promise<number> {
  const minuteMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  await db
    .insertInto('simulator_anchor')
    .values({ id: 1, anchor_time_ms: String(minuteMs), created_at: new Date(nowMs) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('simulator_anchor')
    .select('anchor_time_ms')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.anchor_time_ms);
}
