/**
 * The simulated market makers and prints, used until the internal venue's own book and trades exist for an
 * instrument (docs/adr/0009-market-data.md): a ladder of price levels around the reference price, with a spread of at least one
 * tick, and trades that hit the ladder's best price at a rate and size that add up to the process's volume.
 */
import type { FeedLevel, FeedTrade } from '../feed/market-feed.ts';
import type { Units } from '../market/units.ts';
import type { InstrumentProfile } from './profiles.ts';
import { normal, poisson, uniform } from './random.ts';

const SLOT_BID_SIZE = 300;
const SLOT_ASK_SIZE = 400;
const SLOT_PRINT_COUNT = 500;
const SLOT_PRINT_SIDE = 510;
const SLOT_PRINT_SIZE = 520;
/** Levels are at least this far apart, in basis points of the price (and at least one tick). */
const LEVEL_STEP_BPS = 0.5;

/** What the market makers of one instrument quote with. */
export interface MarketMakerSpec {
  readonly seed: number;
  readonly stream: number;
  readonly units: Units;
  readonly spreadBps: number;
  /** Lots of the smallest quantity the simulation trades (1 share, 0.0001 BTC). */
  readonly stepLots: number;
  /** Typical size of the best level, in steps. */
  readonly levelSteps: number;
  readonly printsPerSecond: number;
  /** Typical print size, in steps. */
  readonly printSteps: number;
}

/** Builds the market makers' spec; `stepLots` is the profile's quantity step in lots. */
export function marketMakerSpecOf(
  seed: number,
  stream: number,
  units: Units,
  profile: InstrumentProfile,
  stepLots: number,
  volumePerMinute: number,
): MarketMakerSpec {
  const stepUnits = stepLots * units.lotValue;
  return {
    seed,
    stream,
    units,
    spreadBps: profile.spreadBps,
    stepLots,
    levelSteps: Math.max(1, profile.dailyVolume / 20_000 / stepUnits),
    printsPerSecond: profile.printsPerSecond,
    printSteps: Math.max(1, volumePerMinute / (profile.printsPerSecond * 60) / stepUnits),
  };
}

/** The ladder: `depth` levels a side around `referencePrice`, best first; `counter` varies the sizes per tick. */
export function ladder(
  spec: MarketMakerSpec,
  referencePrice: number,
  counter: number,
  depth: number,
): { bids: FeedLevel[]; asks: FeedLevel[] } {
  const referenceTicks = referencePrice / spec.units.tickValue;
  const halfSpreadTicks = Math.max(0.5, (referenceTicks * spec.spreadBps) / 20_000);
  const bestBid = Math.max(1, Math.floor(referenceTicks - halfSpreadTicks));
  let bestAsk = Math.ceil(referenceTicks + halfSpreadTicks);
  if (bestAsk <= bestBid) {
    bestAsk = bestBid + 1;
  }
  const stepTicks = Math.max(1, Math.round((referenceTicks * LEVEL_STEP_BPS) / 10_000));
  const bids: FeedLevel[] = [];
  const asks: FeedLevel[] = [];
  for (let level = 0; level < depth; level += 1) {
    const bidPrice = bestBid - level * stepTicks;
    if (bidPrice >= 1) {
      bids.push([bidPrice, levelSize(spec, counter, SLOT_BID_SIZE + level, level)]);
    }
    asks.push([bestAsk + level * stepTicks, levelSize(spec, counter, SLOT_ASK_SIZE + level, level)]);
  }
  return { bids, asks };
}

function levelSize(spec: MarketMakerSpec, counter: number, slot: number, level: number): number {
  const noise = Math.exp(0.35 * normal(spec.seed, spec.stream, counter, slot));
  const steps = Math.max(1, Math.round(spec.levelSteps * (1 + 0.5 * level) * noise));
  return steps * spec.stepLots;
}

/**
 * The prints of one tick of `tickMs`: a Poisson number at the profile's rate, buyers more likely when the price
 * rose since the previous tick, each at the best price of the side it takes, with log-normal sizes.
 */
export function prints(
  spec: MarketMakerSpec,
  book: { bids: readonly FeedLevel[]; asks: readonly FeedLevel[] },
  counter: number,
  tickMs: number,
  timeMs: number,
  priceMove: number,
): FeedTrade[] {
  const count = poisson(
    (spec.printsPerSecond * tickMs) / 1000,
    uniform(spec.seed, spec.stream, counter, SLOT_PRINT_COUNT),
  );
  const trades: FeedTrade[] = [];
  const buyProbability = priceMove > 0 ? 0.65 : priceMove < 0 ? 0.35 : 0.5;
  for (let index = 0; index < count; index += 1) {
    const buy = uniform(spec.seed, spec.stream, counter, SLOT_PRINT_SIDE + index) < buyProbability;
    const level = buy ? book.asks[0] : book.bids[0];
    if (level === undefined) {
      continue;
    }
    const noise = Math.exp(0.8 * normal(spec.seed, spec.stream, counter, SLOT_PRINT_SIZE + index) - 0.32);
    const steps = Math.max(1, Math.round(spec.printSteps * noise));
    trades.push({
      priceTicks: level[0],
      sizeLots: steps * spec.stepLots,
      side: buy ? 'buy' : 'sell',
      timeMs,
    });
  }
  return trades;
}
