/**
 * The money of an order, in exact integers (docs/adr/0007-trading-reservation-and-settlement.md):
 *
 * - An order's gross amount is computed once over all its fills: `gross = round_half_up(Σ ticks × lots × k)`, and
 *   a fill's gross is the increase. The fee is the schedule's fee of that cumulative gross (tradingSecurities has a
 *   per-order minimum), and a fill's fee is the increase too. So fills never add rounding, and the sums of an
 *   order's fills are exactly its gross and fee.
 * - A buy reserves `maxGross + fee(maxGross)` where `maxGross` values what is filled at its prices and what is left
 *   at the worst price the order may trade at (its limit, or the collar). Each fill lowers that bound (a buy never
 *   trades above it), so what a fill posts plus what stays reserved never exceeds what was reserved.
 * - A sale's fee never exceeds its proceeds (a tiny sale does not cost the seller money).
 */
import { getFee } from '@tessera/contracts';
import { invariant, pow10 } from '@tessera/money';
import { grossMinorOf, type InstrumentSpec } from '../instruments/instrument-spec.ts';

/** The fee of a cumulative gross amount for one side, in minor units of the currency. */
export function cumulativeFeeMinor(spec: InstrumentSpec, side: 'buy' | 'sell', grossMinor: bigint): bigint {
  if (grossMinor === 0n) {
    return 0n;
  }
  const charge = getFee(spec.feeId).charge;
  invariant(charge.type === 'rate' || charge.type === 'free', `trading fee ${spec.feeId} must be a rate`);
  if (charge.type === 'free') {
    return 0n;
  }
  let fee = (grossMinor * BigInt(charge.basisPoints) + 5_000n) / 10_000n;
  if (charge.minimum !== undefined) {
    invariant(charge.minimum.asset === '*', 'a trading fee minimum is in the operation currency');
    const [whole = '0', fraction = ''] = charge.minimum.amount.split('.');
    const minimum =
      BigInt(whole) * pow10(spec.currencyScale) +
      BigInt((fraction + '0'.repeat(spec.currencyScale)).slice(0, spec.currencyScale) || '0');
    fee = fee > minimum ? fee : minimum;
  }
  return side === 'sell' && fee > grossMinor ? grossMinor : fee;
}

/** What a buy may still need: what the rest would cost at `maxPriceTicks`, with the fee, minus what is paid. */
export function buyReservationMinor(
  spec: InstrumentSpec,
  filledTickLots: bigint,
  remainingLots: bigint,
  maxPriceTicks: bigint,
  grossMinor: bigint,
  feesMinor: bigint,
): bigint {
  const maxGross = grossMinorOf(spec, filledTickLots + remainingLots * maxPriceTicks);
  const maxFee = cumulativeFeeMinor(spec, 'buy', maxGross);
  const needed = maxGross + maxFee - grossMinor - feesMinor;
  invariant(needed >= 0n, 'a buy never needs less than nothing');
  return needed;
}

/** What one fill changes on one order. */
export interface FillAmounts {
  readonly filledTickLots: bigint;
  readonly grossMinor: bigint;
  readonly feesMinor: bigint;
  readonly fillGrossMinor: bigint;
  readonly fillFeeMinor: bigint;
}

/** The order's cumulative amounts after a fill of `lots` at `priceTicks`, and the fill's own share. */
export function applyFill(
  spec: InstrumentSpec,
  side: 'buy' | 'sell',
  before: { filledTickLots: bigint; grossMinor: bigint; feesMinor: bigint },
  priceTicks: number,
  lots: number,
): FillAmounts {
  const filledTickLots = before.filledTickLots + BigInt(priceTicks) * BigInt(lots);
  const grossMinor = grossMinorOf(spec, filledTickLots);
  const feesMinor = cumulativeFeeMinor(spec, side, grossMinor);
  const fillGrossMinor = grossMinor - before.grossMinor;
  const fillFeeMinor = feesMinor - before.feesMinor;
  invariant(fillGrossMinor >= 0n && fillFeeMinor >= 0n, 'cumulative amounts never decrease');
  invariant(
    side === 'buy' || fillFeeMinor <= fillGrossMinor,
    'a sale fee increase stays within its proceeds',
  );
  return { filledTickLots, grossMinor, feesMinor, fillGrossMinor, fillFeeMinor };
}
