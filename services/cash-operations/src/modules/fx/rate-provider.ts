/**
 * Where exchange rates come from. A production deployment plugs in a market-data or liquidity-provider adapter;
 * the embedded default is {@link createSimulatedRateProvider}. Rates are @tessera/money Decimals, never floats.
 *
 * The interface, for adapter authors:
 * - `midRate(base, quote)` resolves the mid-market rate (1 `base` = rate `quote`) for any two assets of
 *   CASH_ASSET_CODES, or rejects with CASH_RATE_UNAVAILABLE when it has none (stale feed, unknown pair);
 * - `halfSpreadBasisPoints(base, quote)` is what the bank keeps on each side of mid when a customer converts
 *   (the fee of the schedule comes on top);
 * - it must be cheap to call (quotes ask once per request): cache upstream data inside the adapter.
 */
import { Decimal, scale } from '@tessera/money';
import { isCashAssetCode, SIMULATED_EUR_VALUES } from '@tessera/contracts';
import { RateUnavailableError } from '../../errors.ts';

/** A mid-market rate and when it was observed. */
export interface MidRate {
  /** 1 base = `rate` quote. */
  readonly rate: Decimal;
  readonly asOf: Date;
}

/** The rate-provider adapter (see the file comment). */
export interface RateProvider {
  midRate(base: string, quote: string): Promise<MidRate>;
  halfSpreadBasisPoints(base: string, quote: string): number;
}

/** Decimals kept for rates. */
export const RATE_SCALE = 14;

/** Options of {@link createSimulatedRateProvider}. */
export interface SimulatedRateOptions {
  readonly now?: () => Date;
  /** Turn the drift off (tests that need exact figures). */
  readonly frozen?: boolean;
}

/**
 * The built-in simulator: seeded EUR values that drift slightly and smoothly over time (fiat within ±0.2 %, crypto
 * within ±1 %, over periods of minutes, each asset with its own phase), with a spread of 10 bp each side for fiat
 * pairs and 25 bp when crypto is involved. The drift is a whole number of parts per million computed from a sine
 * (a float only decides how far the simulated market moved, never an amount of money); the rate itself is exact.
 */
export function createSimulatedRateProvider(options: SimulatedRateOptions = {}): RateProvider {
  const now = options.now ?? (() => new Date());
  const eurValue = (asset: string, at: Date): Decimal => {
    // The starting values are the demo market's (SIMULATED_EUR_VALUES): every pair goes through EUR.
    if (!isCashAssetCode(asset)) {
      throw new RateUnavailableError(undefined, { asset });
    }
    const seeded = SIMULATED_EUR_VALUES[asset];
    const base = Decimal.from(seeded);
    if (options.frozen === true || asset === 'EUR') {
      return base;
    }
    const amplitudePpm = ['BTC', 'ETH'].includes(asset) ? 10_000 : 2_000;
    const phase = [...asset].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const periodS = 300 + (phase % 7) * 60;
    const driftPpm = Math.round(amplitudePpm * Math.sin(at.getTime() / 1000 / periodS + phase));
    return base.mul(Decimal.of(1_000_000n + BigInt(driftPpm), 6));
  };
  return {
    async midRate(base, quote) {
      const at = now();
      if (base === quote) {
        return { rate: Decimal.ONE, asOf: at };
      }
      const rate = eurValue(base, at).div(eurValue(quote, at), scale(RATE_SCALE), 'half_even');
      if (rate.isZero()) {
        throw new RateUnavailableError(undefined, { base, quote });
      }
      return { rate, asOf: at };
    },
    halfSpreadBasisPoints(base, quote) {
      const crypto = ['BTC', 'ETH', 'USDC'];
      return crypto.includes(base) || crypto.includes(quote) ? 25 : 10;
    },
  };
}
