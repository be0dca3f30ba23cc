/**
 * The market simulator: the default {@link MarketFeed}. Per instrument a seeded price process (price-process.ts),
 * the venue's sessions respected (no ticks while closed; the internal crypto venue trades every day, its sessions
 * being UTC days), and simulated market makers and prints (market-makers.ts). Every `tickMs` each open instrument
 * gets a reference price, a book and its prints.
 *
 * Everything is a function of the seed, the anchor and the clock: two processes with the same seed and anchor
 * compute the same prices, and a restart continues the path where it would have been.
 */
import {
  BOOK_DEPTH,
  HISTORY_RANGE_MS_MAX,
  type HistoryBar,
  type HistoryBars,
  type HistoryResolution,
  type InstrumentInfo,
  type ProductId,
  type SourceInfo,
  type TradingSession,
} from '@tessera/contracts';
import { invariant } from '@tessera/money';
import type { FeedSession, FeedSink, MarketFeed } from '../feed/market-feed.ts';
import { lotsOfDecimal, ticksOfPrice, type Units, unitsOf } from '../market/units.ts';
import type { CalendarStore } from './calendar-store.ts';
import { ladder, type MarketMakerSpec, marketMakerSpecOf, prints } from './market-makers.ts';
import { type LogBar, PricePath, processSpecOf } from './price-process.ts';
import { profileOf } from './profiles.ts';
import { derivedListingOf } from './listings.ts';
import { hashString, normal } from './random.ts';
import { MINUTE_MS, type SessionCalendar } from './session-calendar.ts';

const DAY_MS = 86_400_000;
/**
 * Day bars of sessions younger than this are the aggregate of their minutes (so they agree with the minute
 * candles kept for the last 30 days); older ones come from the day's return alone.
 */
export const MINUTE_DETAIL_MS = 32 * DAY_MS;
/**
 * How far from the profile's round starting level an instrument's anchor price lies (a seeded log offset of this
 * standard deviation), so no close of the backfill is a round seed value such as 230.00 (issue #15).
 */
const ANCHOR_OFFSET_SIGMA = 0.03;

/** What the simulator is built from. */
export interface SimulatorFeedOptions {
  /** The seed text (`MARKET_DATA_SIMULATOR_SEED`): another seed, other markets. */
  readonly seed: string;
  /** Time between ticks (100 to 1,000 ms, dividing a minute). */
  readonly tickMs: number;
  readonly instruments: readonly InstrumentInfo[];
  readonly sources: readonly SourceInfo[];
  /** The venues' sessions, loaded by the caller (CalendarStore.load) before `start`. */
  readonly calendars: CalendarStore;
  /** Where prices are pinned: every instrument is at its profile's starting price at this minute boundary. */
  readonly anchorTimeMs: number;
  readonly now: () => number;
  /** False in tests: nothing ticks until {@link SimulatorFeed.tick} is called. */
  readonly autoTick: boolean;
  readonly onError?: (error: unknown) => void;
}

interface Simulated {
  readonly info: InstrumentInfo;
  readonly units: Units;
  readonly path: PricePath;
  readonly makers: MarketMakerSpec;
  /** Lots of one volume step of the process. */
  readonly stepLots: number;
  /** The live bridge of the current minute, and which minute it is (`date/minuteIndex`). */
  bridge: Float64Array | null;
  bridgeKey: string;
  sessionOpensAtMs: number | null;
  open: boolean;
  referencePrice: number | null;
}

/** The market simulator. */
export class SimulatorFeed implements MarketFeed {
  readonly name = 'simulator';
  private readonly options: SimulatorFeedOptions;
  private readonly seed: number;
  private readonly steps: number;
  private readonly simulated = new Map<ProductId, Simulated>();
  private sink: FeedSink | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** The slot of the last tick (a multiple of tickMs on the simulator's clock). */
  private lastTickMs = Number.NEGATIVE_INFINITY;

  constructor(options: SimulatorFeedOptions) {
    invariant(options.tickMs >= 100 && options.tickMs <= 1000, 'tickMs must be 100 to 1000');
    invariant(MINUTE_MS % options.tickMs === 0, 'tickMs must divide a minute');
    this.options = options;
    this.seed = hashString(options.seed);
    this.steps = MINUTE_MS / options.tickMs;
  }

  /** Computes every instrument's state at the current time, reports it, and starts ticking. */
  async start(sink: FeedSink): Promise<void> {
    const nowMs = this.options.now();
    for (const info of this.options.instruments) {
      this.simulated.set(info.id, this.createSimulated(info));
    }
    this.sink = sink;
    for (const simulated of this.simulated.values()) {
      this.warmUp(simulated, nowMs);
    }
    if (this.options.autoTick) {
      this.running = true;
      this.scheduleTick();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.sink = null;
  }

  /**
   * Ticks at the multiples of `tickMs` on the simulator's clock. A tick that runs late (a busy process) is followed
   * by the next one on schedule, so the rate holds at 1000 / tickMs; after more than two missed ticks the schedule
   * starts again from now instead of catching up in a burst.
   */
  private scheduleTick(targetMs?: number): void {
    if (!this.running) {
      return;
    }
    const tickMs = this.options.tickMs;
    const nowMs = this.options.now();
    let nextMs = targetMs ?? (Math.floor(nowMs / tickMs) + 1) * tickMs;
    if (nowMs - nextMs > 2 * tickMs) {
      nextMs = (Math.floor(nowMs / tickMs) + 1) * tickMs;
    }
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.tickSafely();
        this.scheduleTick(nextMs + tickMs);
      },
      Math.max(0, nextMs - nowMs),
    );
  }

  referencePrice(productId: ProductId): number | null {
    return this.simulated.get(productId)?.referencePrice ?? null;
  }

  /**
   * One tick: every open instrument moves, quotes and trades. A tick is stamped with its slot, the multiple of
   * `tickMs` on the simulator's clock it was due at, whatever the moment the process got to run it, so ticks are exactly
   * `tickMs` apart in the data (market data's clients are rate-bounded on those times); a slot already ticked is
   * skipped.
   */
  tick(): void {
    const sink = this.sink;
    if (sink === null) {
      return;
    }
    const tickMs = this.options.tickMs;
    const nowMs = Math.floor(this.options.now() / tickMs) * tickMs;
    if (nowMs <= this.lastTickMs) {
      return;
    }
    this.lastTickMs = nowMs;
    this.options.calendars.refreshIfNeeded(nowMs);
    for (const simulated of this.simulated.values()) {
      this.tickOne(simulated, sink, nowMs);
    }
  }

  async history(
    productId: ProductId,
    resolution: HistoryResolution,
    fromMs: number,
    toMs: number,
  ): Promise<HistoryBars> {
    invariant(fromMs <= toMs, 'history needs fromMs <= toMs');
    invariant(toMs - fromMs <= HISTORY_RANGE_MS_MAX[resolution], `history range too long for ${resolution}`);
    const simulated = this.simulated.get(productId);
    invariant(simulated !== undefined, `unknown product ${productId}`);
    const calendar = this.calendarFor(simulated);
    invariant(fromMs >= calendar.coversFromMs, 'history reaches before the known calendar');
    // Only the past: bars of minutes that have ended.
    const nowMs = this.options.now();
    const endMs = Math.min(toMs, Math.floor(nowMs / MINUTE_MS) * MINUTE_MS);
    const bars: HistoryBar[] = [];
    const push = (bar: LogBar) => bars.push(this.historyBar(simulated, bar));
    if (resolution === '1m') {
      if (endMs > fromMs) {
        simulated.path.forEachMinuteBar(fromMs, endMs, push);
      }
    } else {
      simulated.path.forEachDayBar(fromMs, toMs, endMs, nowMs - MINUTE_DETAIL_MS, push);
    }
    return {
      productId,
      resolution,
      tickSize: simulated.units.tickSize,
      lotSize: simulated.units.lotSize,
      bars,
    };
  }

  private historyBar(simulated: Simulated, bar: LogBar): HistoryBar {
    const units = simulated.units;
    return {
      openTimeMs: bar.openTimeMs,
      openTicks: ticksOfPrice(units, Math.exp(bar.logOpen)),
      highTicks: ticksOfPrice(units, Math.exp(bar.logHigh)),
      lowTicks: ticksOfPrice(units, Math.exp(bar.logLow)),
      closeTicks: ticksOfPrice(units, Math.exp(bar.logClose)),
      volumeLots: bar.volume * simulated.stepLots,
    };
  }

  private createSimulated(info: InstrumentInfo): Simulated {
    const source = this.options.sources.find((candidate) => candidate.id === info.source);
    invariant(source !== undefined, `no source ${info.source} for ${info.id}`);
    const calendar = this.options.calendars.get(info.source);
    const profile = profileOf(info);
    const units = unitsOf(info.tickSize, info.lotSize);
    const stepLots = lotsOfDecimal(units, profile.quantityStep);
    invariant(
      stepLots !== null,
      `quantity step ${profile.quantityStep} is not a multiple of the lot of ${info.id}`,
    );
    const venue = {
      alwaysOpen: source.alwaysOpen,
      sessionMinutes: regularSessionMinutes(calendar),
      volumeStepUnits: stepLots * units.lotValue,
    };
    const own = processSpecOf(this.seed, info.id, profile, venue);
    // A listing of an asset in another currency follows its USD listing's process (same draws, same returns) at the
    // fiat rate (listings.ts); its volumes and prints stay its own.
    const derived = derivedListingOf(info, this.options.instruments);
    const priceSpec =
      derived === null
        ? own
        : {
            ...processSpecOf(this.seed, derived.base.id, profileOf(derived.base), venue),
            volumePerMinute: own.volumePerMinute,
            volumeStepUnits: own.volumeStepUnits,
          };
    const anchorPrice =
      derived === null
        ? this.anchorPriceOf(info.id, profile.anchorPrice)
        : this.anchorPriceOf(derived.base.id, profileOf(derived.base).anchorPrice) * derived.rate;
    const anchor = {
      timeMs: Math.floor(this.options.anchorTimeMs / MINUTE_MS) * MINUTE_MS,
      price: anchorPrice,
    };
    return {
      info,
      units,
      path: new PricePath(priceSpec, calendar, anchor),
      makers: marketMakerSpecOf(this.seed, own.stream, units, profile, stepLots, own.volumePerMinute),
      stepLots,
      bridge: null,
      bridgeKey: '',
      sessionOpensAtMs: null,
      open: false,
      referencePrice: null,
    };
  }

  /** The price at the anchor: the profile's round level moved by a seeded offset (see ANCHOR_OFFSET_SIGMA). */
  private anchorPriceOf(productId: string, level: number): number {
    return level * Math.exp(ANCHOR_OFFSET_SIGMA * normal(this.seed, hashString(`anchor:${productId}`), 0, 0));
  }

  /** The state at `nowMs`: the price now, and the latest session's figures. */
  private warmUp(simulated: Simulated, nowMs: number): void {
    const calendar = this.calendarFor(simulated);
    const minuteStartMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    simulated.referencePrice = Math.exp(simulated.path.logPriceAt(minuteStartMs));
    const latest = calendar.latestSession(nowMs);
    const session = latest === null ? null : this.sessionFigures(simulated, latest, nowMs);
    simulated.sessionOpensAtMs = latest?.opensAtMs ?? null;
    simulated.open = calendar.sessionAt(nowMs) !== null;
    this.sink?.status(simulated.info.id, simulated.open, nowMs, session);
  }

  /** A session's figures from its minutes before `nowMs`. */
  private sessionFigures(simulated: Simulated, session: TradingSession, nowMs: number): FeedSession {
    const units = simulated.units;
    let openTicks: number | null = null;
    let highTicks: number | null = null;
    let lowTicks: number | null = null;
    let lastTicks: number | null = null;
    let volumeLots = 0;
    const endMs = Math.min(session.closesAtMs, Math.floor(nowMs / MINUTE_MS) * MINUTE_MS);
    if (endMs > session.opensAtMs) {
      simulated.path.forEachMinuteBar(session.opensAtMs, endMs, (bar) => {
        openTicks ??= ticksOfPrice(units, Math.exp(bar.logOpen));
        highTicks = Math.max(highTicks ?? 0, ticksOfPrice(units, Math.exp(bar.logHigh)));
        lowTicks = Math.min(lowTicks ?? Number.MAX_SAFE_INTEGER, ticksOfPrice(units, Math.exp(bar.logLow)));
        lastTicks = ticksOfPrice(units, Math.exp(bar.logClose));
        volumeLots += bar.volume * simulated.stepLots;
      });
    }
    return {
      date: session.date,
      opensAtMs: session.opensAtMs,
      closesAtMs: session.closesAtMs,
      openTicks,
      highTicks,
      lowTicks,
      lastTicks,
      volumeLots,
      previousCloseTicks: this.previousCloseTicks(simulated, session),
    };
  }

  private previousCloseTicks(simulated: Simulated, session: TradingSession): number {
    const index = simulated.path.indexOf(session);
    return ticksOfPrice(simulated.units, Math.exp(simulated.path.logCloseBefore(Math.max(0, index))));
  }

  private tickSafely(): void {
    try {
      this.tick();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private tickOne(simulated: Simulated, sink: FeedSink, nowMs: number): void {
    const calendar = this.calendarFor(simulated);
    simulated.path.useCalendar(calendar);
    const session = calendar.sessionAt(nowMs);
    if (session === null) {
      if (simulated.open) {
        simulated.open = false;
        sink.status(simulated.info.id, false, nowMs, null);
      }
      return;
    }
    if (!simulated.open || simulated.sessionOpensAtMs !== session.opensAtMs) {
      simulated.open = true;
      simulated.sessionOpensAtMs = session.opensAtMs;
      sink.status(simulated.info.id, true, nowMs, {
        date: session.date,
        opensAtMs: session.opensAtMs,
        closesAtMs: session.closesAtMs,
        openTicks: null,
        highTicks: null,
        lowTicks: null,
        lastTicks: null,
        volumeLots: 0,
        previousCloseTicks: this.previousCloseTicks(simulated, session),
      });
    }
    const minuteIndex = Math.floor((nowMs - session.opensAtMs) / MINUTE_MS);
    const key = `${session.date}/${minuteIndex}`;
    if (simulated.bridgeKey !== key || simulated.bridge === null) {
      simulated.bridge = simulated.path.tickBridge(
        session,
        simulated.path.indexOf(session),
        minuteIndex,
        this.steps,
      );
      simulated.bridgeKey = key;
    }
    const minuteStartMs = session.opensAtMs + minuteIndex * MINUTE_MS;
    const step = Math.min(this.steps, Math.floor((nowMs - minuteStartMs) / this.options.tickMs) + 1);
    const price = Math.exp(simulated.bridge[step]!);
    const previous = simulated.referencePrice ?? price;
    simulated.referencePrice = price;
    const counter = Math.floor(nowMs / this.options.tickMs);
    const book = ladder(simulated.makers, price, counter, BOOK_DEPTH);
    const trades = prints(simulated.makers, book, counter, this.options.tickMs, nowMs, price - previous);
    sink.update({ productId: simulated.info.id, timeMs: nowMs, referencePrice: price, book, trades });
  }

  private calendarFor(simulated: Simulated): SessionCalendar {
    return this.options.calendars.get(simulated.info.source);
  }
}

/** The length of a venue's regular session in minutes (the most common session length in its calendar). */
function regularSessionMinutes(calendar: SessionCalendar): number {
  const counts = new Map<number, number>();
  for (const session of calendar.sessions) {
    const minutes = Math.round((session.closesAtMs - session.opensAtMs) / MINUTE_MS);
    counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
  }
  let best = 390;
  let bestCount = 0;
  for (const [minutes, count] of counts) {
    if (count > bestCount) {
      best = minutes;
      bestCount = count;
    }
  }
  return best;
}
