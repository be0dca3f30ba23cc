/**
 * The seeded price process of one instrument (docs/adr/0009-market-data.md).
 *
 * Day level. Each trading session s (a venue's trading date; a UTC day on the always-open crypto venue) has a log
 * return R(s) = G(s) + D(s) + J(s): the opening gap G (20% of a day's variance: markets move while closed; none on
 * an always-open venue), the session's diffusion D = drift + sigma_day (rho F(s) + sqrt(1 - rho^2) E(s)) with F
 * the shock of the instrument's factor (its region's market, or bitcoin) shared by every instrument of that
 * factor, and a jump J (probability lambda / sessions a year, normal log size) at a random minute.
 *
 * Minute level. Inside a session the path is a Brownian bridge over its minutes from the open (previous close plus
 * gap) to the close (previous close plus R), its steps correlated with the factor's minute shocks, with the jump
 * at its minute. Inside a minute, the live ticks follow a finer bridge between the minute's open and close.
 *
 * Every draw is a function of (seed, instrument or factor, session date or minute), so any price at any time is
 * computed the same way in any order, in any process, after any restart. Prices are tied to an anchor: at the
 * anchor time (the simulator's first start) the price is the profile's starting price, so the backfilled history
 * ends exactly where the live prices start. A year of daily bars costs a few draws per day; minute bars cost a few
 * draws per minute, and are computed only where asked for.
 */
import type { TradingSession } from '@tessera/contracts';
import type { InstrumentProfile } from './profiles.ts';
import { hashString, normal, secondNormal, secondUniform, uniform } from './random.ts';
import { MINUTE_MS, type SessionCalendar } from './session-calendar.ts';

const DAY_MS = 86_400_000;
const TRADING_DAYS_PER_YEAR = 252;
const DAYS_PER_YEAR = 365.25;
/** The share of a trading day's variance that happens while the venue is closed (the opening gap). */
const GAP_VARIANCE_SHARE = 0.2;

// Slots of the draws (see random.ts); each chain gives two independent draws. Day-level draws count days,
// minute-level draws count minutes since the epoch.
const SLOT_DAY_OWN = 10; // own diffusion shock, own gap shock
const SLOT_DAY_FACTOR = 10; // factor diffusion shock, factor gap shock (on the factor's stream)
const SLOT_DAY_JUMP = 11; // whether a jump happens, and at which minute
const SLOT_DAY_JUMP_SIZE = 12; // the jump's size, the day's volume noise
const SLOT_DAY_EXTREMES = 13; // a day's high and low (days without minute bars)
const SLOT_MINUTE_OWN = 0; // own minute shock, the minute's volume noise
const SLOT_MINUTE_FACTOR = 0; // the factor's minute shock
const SLOT_MINUTE_EXTREMES = 1; // the minute's high and low
const SLOT_TICK_JUMP = 2; // the step of the live bridge where a jump lands
const SLOT_BRIDGE = 100; // the live bridge's steps, two per chain

/** Everything the process of one instrument needs, derived once from its profile and venue. */
export interface ProcessSpec {
  readonly seed: number;
  readonly stream: number;
  readonly factorStream: number;
  readonly correlation: number;
  readonly ownWeight: number;
  /** Volatility and drift of one trading minute. */
  readonly minuteSigma: number;
  readonly minuteDrift: number;
  readonly gapSigma: number;
  /** Probability of a jump in a session. */
  readonly jumpProbability: number;
  readonly jumpSigma: number;
  readonly jumpMean: number;
  /** Average traded quantity of a minute, in units. */
  readonly volumePerMinute: number;
  /** Volumes are whole multiples of this quantity (1 share, 0.0001 BTC), counted in steps. */
  readonly volumeStepUnits: number;
  /** Minutes of a regular session (the volume's intraday shape spans it). */
  readonly sessionMinutes: number;
  readonly alwaysOpen: boolean;
}

/** Derives the process of `productId` from its profile; `sessionMinutes` is the venue's regular session length. */
export function processSpecOf(
  seed: number,
  productId: string,
  profile: InstrumentProfile,
  venue: { alwaysOpen: boolean; sessionMinutes: number; volumeStepUnits: number },
): ProcessSpec {
  const variance = profile.annualVolatility ** 2;
  const sessionsPerYear = venue.alwaysOpen ? DAYS_PER_YEAR : TRADING_DAYS_PER_YEAR;
  const sessionMinutes = venue.alwaysOpen ? 24 * 60 : venue.sessionMinutes;
  const dayVariance = variance / sessionsPerYear;
  const diffusionShare = venue.alwaysOpen ? 1 : 1 - GAP_VARIANCE_SHARE;
  return {
    seed,
    stream: hashString(productId),
    factorStream: hashString(`factor:${profile.factor}`),
    correlation: profile.factorCorrelation,
    ownWeight: Math.sqrt(1 - profile.factorCorrelation ** 2),
    minuteSigma: Math.sqrt((diffusionShare * dayVariance) / sessionMinutes),
    minuteDrift: (profile.annualDrift - variance / 2) / sessionsPerYear / sessionMinutes,
    gapSigma: venue.alwaysOpen ? 0 : Math.sqrt(GAP_VARIANCE_SHARE * dayVariance),
    jumpProbability: profile.jumpsPerYear / sessionsPerYear,
    jumpSigma: profile.jumpVolatility,
    jumpMean: -(profile.jumpVolatility ** 2) / 2,
    volumePerMinute: profile.dailyVolume / sessionMinutes,
    volumeStepUnits: venue.volumeStepUnits,
    sessionMinutes,
    alwaysOpen: venue.alwaysOpen,
  };
}

/** A session's log return in parts. */
export interface SessionStep {
  readonly minutes: number;
  readonly gap: number;
  readonly diffusion: number;
  readonly jump: number;
  /** The minute (0-based) the jump happens in. */
  readonly jumpMinute: number;
  /** gap + diffusion + jump */
  readonly total: number;
  /** A standard normal for a day-level bar's volume. */
  readonly volumeShock: number;
}

/** The day number of a session (days since the epoch of its trading date): the counter of its draws. */
function dayNumber(session: TradingSession): number {
  return Math.round(Date.parse(`${session.date}T00:00:00Z`) / DAY_MS);
}

function minutesOf(session: TradingSession): number {
  return Math.max(1, Math.round((session.closesAtMs - session.opensAtMs) / MINUTE_MS));
}

/** R(s) of a session, in parts. */
export function sessionStep(spec: ProcessSpec, session: TradingSession): SessionStep {
  const day = dayNumber(session);
  const minutes = minutesOf(session);
  const factorShock = normal(spec.seed, spec.factorStream, day, SLOT_DAY_FACTOR);
  const factorGapShock = secondNormal();
  const ownShock = normal(spec.seed, spec.stream, day, SLOT_DAY_OWN);
  const ownGapShock = secondNormal();
  const diffusion =
    spec.minuteDrift * minutes +
    spec.minuteSigma * Math.sqrt(minutes) * (spec.correlation * factorShock + spec.ownWeight * ownShock);
  const gap = spec.gapSigma * (spec.correlation * factorGapShock + spec.ownWeight * ownGapShock);
  const jumps = uniform(spec.seed, spec.stream, day, SLOT_DAY_JUMP) < spec.jumpProbability;
  const jumpMinute = Math.min(minutes - 1, Math.floor(secondUniform() * minutes));
  const jumpShock = normal(spec.seed, spec.stream, day, SLOT_DAY_JUMP_SIZE);
  const volumeShock = secondNormal();
  const jump = jumps ? spec.jumpMean + spec.jumpSigma * jumpShock : 0;
  return { minutes, gap, diffusion, jump, jumpMinute, total: gap + diffusion + jump, volumeShock };
}

/**
 * The session's minute closes as log offsets from the previous session's close: `closes[k]` is the close of minute
 * k (so `closes[minutes - 1]` is R(s)), and `opens[k]` its open. A Brownian bridge whose steps carry the factor's
 * minute shocks, pinned to the session's diffusion, with the jump in its minute.
 */
export function sessionMinutePath(
  spec: ProcessSpec,
  session: TradingSession,
  step: SessionStep,
): { opens: Float64Array; closes: Float64Array; volumeShocks: Float64Array } {
  const minutes = step.minutes;
  const firstMinute = Math.ceil(session.opensAtMs / MINUTE_MS);
  const walk = new Float64Array(minutes);
  const volumeShocks = new Float64Array(minutes);
  let sum = 0;
  for (let index = 0; index < minutes; index += 1) {
    const minute = firstMinute + index;
    const factorShock = normal(spec.seed, spec.factorStream, minute, SLOT_MINUTE_FACTOR);
    const ownShock = normal(spec.seed, spec.stream, minute, SLOT_MINUTE_OWN);
    volumeShocks[index] = secondNormal();
    sum += spec.minuteSigma * (spec.correlation * factorShock + spec.ownWeight * ownShock);
    walk[index] = sum;
  }
  const opens = new Float64Array(minutes);
  const closes = new Float64Array(minutes);
  let previous = step.gap;
  for (let index = 0; index < minutes; index += 1) {
    const fraction = (index + 1) / minutes;
    const close =
      step.gap +
      walk[index]! -
      fraction * sum +
      fraction * step.diffusion +
      (index >= step.jumpMinute ? step.jump : 0);
    opens[index] = previous;
    closes[index] = close;
    previous = close;
  }
  // Exactly R(s), whatever the rounding of the sums above.
  closes[minutes - 1] = step.total;
  return { opens, closes, volumeShocks };
}

/**
 * The high and low of a move as log distances from its open: the extremes of a Brownian bridge with variance
 * `variance` ending at `move` (exact distribution: P(max > m) = exp(-2 m (m - b) / variance)), never inside the
 * open and close.
 */
function extremes(variance: number, move: number, highDraw: number, lowDraw: number): [number, number] {
  const squared = move * move;
  return [
    Math.max((move + Math.sqrt(squared - 2 * variance * Math.log(highDraw))) / 2, move, 0),
    Math.min((move - Math.sqrt(squared - 2 * variance * Math.log(lowDraw))) / 2, move, 0),
  ];
}

/** The volume's intraday shape (busier at the open and the close; flat on an always-open venue), mean 1. */
function volumeShape(spec: ProcessSpec, minuteOfSession: number): number {
  if (spec.alwaysOpen) {
    return 1;
  }
  const position = Math.min(1, minuteOfSession / spec.sessionMinutes);
  return 0.6 + 4.8 * (position - 0.5) ** 2;
}

/** A minute's volume in units: average, shaped, busier when the price moves, with log-normal noise. */
function minuteVolume(spec: ProcessSpec, minuteOfSession: number, move: number, shock: number): number {
  const activity = 0.7 + 0.375 * Math.min(4, Math.abs(move) / spec.minuteSigma);
  return spec.volumePerMinute * volumeShape(spec, minuteOfSession) * activity * Math.exp(0.5 * shock - 0.125);
}

/** Where the process is pinned: the price at a minute boundary. */
export interface Anchor {
  readonly timeMs: number;
  readonly price: number;
}

/** A bar as log prices (the caller rounds what it keeps) and volume in steps (see `volumeStepUnits`). */
export interface LogBar {
  /** Start of the bar: the minute's start, or the session's date at 00:00 UTC. */
  openTimeMs: number;
  logOpen: number;
  logHigh: number;
  logLow: number;
  logClose: number;
  volume: number;
}

interface CachedSession {
  readonly step: SessionStep;
  path: ReturnType<typeof sessionMinutePath> | null;
}

/**
 * The path of one instrument over a calendar: log prices at any minute boundary, minute and day bars, and the
 * live bridge inside a minute. Keeps the sessions' returns and prefix sums (a few thousand numbers) and the minute
 * paths of the last few sessions it was asked about.
 */
export class PricePath {
  private calendar: SessionCalendar;
  private readonly steps = new Map<string, CachedSession>();
  private prefix = new Float64Array(0);
  private logAnchorOffset = 0;

  constructor(
    readonly spec: ProcessSpec,
    calendar: SessionCalendar,
    readonly anchor: Anchor,
  ) {
    this.calendar = calendar;
    this.rebuild();
  }

  /** Switches to a refreshed calendar (more sessions ahead) and recomputes the sums. */
  useCalendar(calendar: SessionCalendar): void {
    if (calendar !== this.calendar) {
      this.calendar = calendar;
      this.rebuild();
    }
  }

  /** The session's return in parts (cached). */
  step(session: TradingSession): SessionStep {
    return this.cached(session).step;
  }

  /** The session's minute path (the latest few are cached: the live session is asked for every tick). */
  minutePath(session: TradingSession): ReturnType<typeof sessionMinutePath> {
    const cached = this.cached(session);
    if (cached.path === null) {
      cached.path = sessionMinutePath(this.spec, session, cached.step);
      this.trimMinutePaths(session);
    }
    return cached.path;
  }

  /** The log price at the minute boundary `timeMs` (between sessions: the last close). */
  logPriceAt(timeMs: number): number {
    return Math.log(this.anchor.price) + this.rawAt(timeMs) - this.logAnchorOffset;
  }

  /** The log price just before `session` opens: the previous session's close. */
  logCloseBefore(sessionIndex: number): number {
    return Math.log(this.anchor.price) + this.prefix[sessionIndex]! - this.logAnchorOffset;
  }

  /** The index of a session in the calendar. */
  indexOf(session: TradingSession): number {
    return this.calendar.sessions.indexOf(session);
  }

  /** Visits the minute bars of the trading minutes starting in `[fromMs, toMs)`, oldest first. */
  forEachMinuteBar(fromMs: number, toMs: number, visit: (bar: LogBar) => void): void {
    const bar: LogBar = { openTimeMs: 0, logOpen: 0, logHigh: 0, logLow: 0, logClose: 0, volume: 0 };
    const sessions = this.calendar.sessions;
    for (let index = 0; index < sessions.length; index += 1) {
      const session = sessions[index]!;
      if (session.closesAtMs <= fromMs) {
        continue;
      }
      if (session.opensAtMs >= toMs) {
        break;
      }
      const base = this.logCloseBefore(index);
      const path = this.minutePath(session);
      const firstMinute = Math.ceil(session.opensAtMs / MINUTE_MS);
      for (let minute = 0; minute < path.closes.length; minute += 1) {
        const openTimeMs = (firstMinute + minute) * MINUTE_MS;
        if (openTimeMs < fromMs || openTimeMs >= toMs) {
          continue;
        }
        this.minuteBar(path, minute, firstMinute, base, bar);
        visit(bar);
      }
    }
  }

  /**
   * Visits a bar per session whose date is in `[fromMs, toMs)`, oldest first, built from minutes before
   * `endMs`. Sessions opening at or after `minuteDetailFromMs` are the aggregate of their minute bars (exactly
   * what the minute candles of those days hold); older ones come from the day's return alone, with the high and
   * low of a bridge over the day: no minute is computed for them.
   */
  forEachDayBar(
    fromMs: number,
    toMs: number,
    endMs: number,
    minuteDetailFromMs: number,
    visit: (bar: LogBar) => void,
  ): void {
    const sessions = this.calendar.sessions;
    const bar: LogBar = { openTimeMs: 0, logOpen: 0, logHigh: 0, logLow: 0, logClose: 0, volume: 0 };
    const minuteBar: LogBar = { ...bar };
    for (let index = 0; index < sessions.length; index += 1) {
      const session = sessions[index]!;
      const dateMs = Date.parse(`${session.date}T00:00:00Z`);
      if (dateMs < fromMs || dateMs >= toMs || session.opensAtMs >= endMs) {
        continue;
      }
      const base = this.logCloseBefore(index);
      const step = this.step(session);
      bar.openTimeMs = dateMs;
      if (session.opensAtMs >= minuteDetailFromMs || session.closesAtMs > endMs) {
        const path = this.minutePath(session);
        const firstMinute = Math.ceil(session.opensAtMs / MINUTE_MS);
        const lastMinute = Math.min(path.closes.length, Math.ceil((endMs - session.opensAtMs) / MINUTE_MS));
        bar.volume = 0;
        for (let minute = 0; minute < lastMinute; minute += 1) {
          this.minuteBar(path, minute, firstMinute, base, minuteBar);
          if (minute === 0) {
            bar.logOpen = minuteBar.logOpen;
            bar.logHigh = minuteBar.logHigh;
            bar.logLow = minuteBar.logLow;
          } else {
            bar.logHigh = Math.max(bar.logHigh, minuteBar.logHigh);
            bar.logLow = Math.min(bar.logLow, minuteBar.logLow);
          }
          bar.logClose = minuteBar.logClose;
          bar.volume += minuteBar.volume;
        }
        if (lastMinute > 0) {
          visit(bar);
        }
        continue;
      }
      const move = step.diffusion + step.jump;
      const variance = this.spec.minuteSigma ** 2 * step.minutes;
      const [up, down] = extremes(
        variance,
        move,
        uniform(this.spec.seed, this.spec.stream, dayNumber(session), SLOT_DAY_EXTREMES),
        secondUniform(),
      );
      bar.logOpen = base + step.gap;
      bar.logHigh = bar.logOpen + up;
      bar.logLow = bar.logOpen + down;
      bar.logClose = base + step.total;
      const activity = 0.85 + 0.15 * Math.min(4, Math.abs(move) / Math.sqrt(variance));
      const volume =
        this.spec.volumePerMinute * step.minutes * activity * Math.exp(0.25 * step.volumeShock - 0.03125);
      bar.volume = this.volumeSteps(volume);
      visit(bar);
    }
  }

  /**
   * The live path inside minute `minuteIndex` of `session`: `steps + 1` log prices from the minute's open (index
   * 0) to its close (index `steps`), a Brownian bridge with the session's jump at a random step of its minute.
   */
  tickBridge(
    session: TradingSession,
    sessionIndex: number,
    minuteIndex: number,
    steps: number,
  ): Float64Array {
    const path = this.minutePath(session);
    const step = this.step(session);
    const base = this.logCloseBefore(sessionIndex);
    const minute = Math.ceil(session.opensAtMs / MINUTE_MS) + minuteIndex;
    const logOpen = base + path.opens[minuteIndex]!;
    const logClose = base + path.closes[minuteIndex]!;
    const jump = minuteIndex === step.jumpMinute ? step.jump : 0;
    const jumpStep =
      1 + Math.floor(uniform(this.spec.seed, this.spec.stream, minute, SLOT_TICK_JUMP) * steps);
    const bridge = new Float64Array(steps + 1);
    const stepSigma = this.spec.minuteSigma / Math.sqrt(steps);
    let walk = 0;
    for (let index = 1; index <= steps; index += 2) {
      walk += stepSigma * normal(this.spec.seed, this.spec.stream, minute, SLOT_BRIDGE + index);
      bridge[index] = walk;
      if (index + 1 <= steps) {
        walk += stepSigma * secondNormal();
        bridge[index + 1] = walk;
      }
    }
    const endWalk = bridge[steps]!;
    const drift = logClose - logOpen - jump;
    for (let index = 0; index <= steps; index += 1) {
      const fraction = index / steps;
      bridge[index] =
        logOpen + bridge[index]! - fraction * endWalk + fraction * drift + (index >= jumpStep ? jump : 0);
    }
    bridge[steps] = logClose;
    return bridge;
  }

  private minuteBar(
    path: ReturnType<typeof sessionMinutePath>,
    minute: number,
    firstMinute: number,
    base: number,
    bar: LogBar,
  ): void {
    const open = path.opens[minute]!;
    const close = path.closes[minute]!;
    const absoluteMinute = firstMinute + minute;
    const move = close - open;
    const [up, down] = extremes(
      this.spec.minuteSigma ** 2,
      move,
      uniform(this.spec.seed, this.spec.stream, absoluteMinute, SLOT_MINUTE_EXTREMES),
      secondUniform(),
    );
    bar.openTimeMs = absoluteMinute * MINUTE_MS;
    bar.logOpen = base + open;
    bar.logHigh = base + open + up;
    bar.logLow = base + open + down;
    bar.logClose = base + close;
    bar.volume = this.volumeSteps(minuteVolume(this.spec, minute, move, path.volumeShocks[minute]!));
  }

  /** A volume in units as a whole number of steps, at least one (every bar of trading time traded something). */
  private volumeSteps(volumeUnits: number): number {
    return Math.max(1, Math.round(volumeUnits / this.spec.volumeStepUnits));
  }

  /** The raw path (origin: the calendar's first session) at a minute boundary. */
  private rawAt(timeMs: number): number {
    const sessions = this.calendar.sessions;
    // The last session that opened before timeMs (or at it: its open before the gap is the previous close).
    let low = 0;
    let high = sessions.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (sessions[middle]!.opensAtMs < timeMs) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found < 0) {
      return 0;
    }
    const session = sessions[found]!;
    if (timeMs >= session.closesAtMs) {
      return this.prefix[found + 1]!;
    }
    const minutes = Math.floor((timeMs - session.opensAtMs) / MINUTE_MS);
    const path = this.minutePath(session);
    return this.prefix[found]! + (minutes === 0 ? 0 : path.closes[minutes - 1]!);
  }

  private cached(session: TradingSession): CachedSession {
    let cached = this.steps.get(session.date);
    if (cached === undefined) {
      cached = { step: sessionStep(this.spec, session), path: null };
      this.steps.set(session.date, cached);
    }
    return cached;
  }

  /** Keeps the minute paths of at most a few sessions besides `keep` (memory stays per-session, not per-year). */
  private trimMinutePaths(keep: TradingSession): void {
    let withPaths = 0;
    for (const [date, cached] of [...this.steps.entries()].reverse()) {
      if (cached.path !== null && date !== keep.date) {
        withPaths += 1;
        if (withPaths > 3) {
          cached.path = null;
        }
      }
    }
  }

  private rebuild(): void {
    const sessions = this.calendar.sessions;
    this.prefix = new Float64Array(sessions.length + 1);
    for (let index = 0; index < sessions.length; index += 1) {
      this.prefix[index + 1] = this.prefix[index]! + this.step(sessions[index]!).total;
    }
    this.logAnchorOffset = 0;
    this.logAnchorOffset = this.rawAt(this.anchor.timeMs);
  }
}
