/**
 * The arithmetic of a conversion, pure: from a mid rate, a spread and the fee schedule to the amounts of a quote.
 * Every amount is bigint minor units; every rounding is named and favours neither side by accident:
 * - the customer's rate is mid less the half-spread, rounded down (toward the bank) to RATE_SCALE decimals;
 * - the fee is the schedule's basis points of the amount sent, rounded half up (fees.ts `rateFeeMinor`);
 * - the amount received is rounded down (a customer never receives a fraction the bank did not convert);
 * - for a fixed amount received, the amount to convert is rounded up (the customer gets at least what was asked).
 */
import { FEE_SCHEDULE, rateFeeMinor } from '@tessera/contracts';
import {
  type Asset,
  Decimal,
  divideRounded,
  isFiat,
  minorUnits,
  multiplyAmount,
  scale,
} from '@tessera/money';
import { AmountNotPositiveError, AmountTooLargeError } from '../../errors.ts';
import { RATE_SCALE } from './rate-provider.ts';

/** The fee schedule line of a conversion: conversionFiat between two fiat assets, conversionCrypto otherwise. */
export function conversionFeeOf(
  from: Asset,
  to: Asset,
): { id: 'conversionFiat' | 'conversionCrypto'; basisPoints: number } {
  const id = isFiat(from) && isFiat(to) ? 'conversionFiat' : 'conversionCrypto';
  const entry = FEE_SCHEDULE.find((candidate) => candidate.id === id);
  const basisPoints = entry?.charge.type === 'rate' ? entry.charge.basisPoints : 0;
  return { id, basisPoints };
}

/** The customer's rate: mid less `halfSpreadBasisPoints`, rounded down to RATE_SCALE decimals. */
export function customerRate(mid: Decimal, halfSpreadBasisPoints: number): Decimal {
  const factor = Decimal.of(BigInt(10_000 - halfSpreadBasisPoints), 4);
  return mid.mul(factor).rescale(scale(RATE_SCALE), 'down');
}

/** The amounts of a conversion. */
export interface ConversionAmounts {
  readonly sentMinor: bigint;
  readonly convertedMinor: bigint;
  readonly feeMinor: bigint;
  readonly receivedMinor: bigint;
}

/** Amounts when the customer fixes what leaves the source wallet (fee included). */
export function convertSending(
  sentMinor: bigint,
  from: Asset,
  to: Asset,
  rate: Decimal,
  feeBasisPoints: number,
): ConversionAmounts {
  const feeMinor = rateFeeMinor(sentMinor, feeBasisPoints);
  const convertedMinor = sentMinor - feeMinor;
  const receivedMinor = multiplyAmount(minorUnits(convertedMinor), from.scale, rate, to.scale, 'down');
  if (convertedMinor <= 0n || receivedMinor <= 0n) {
    throw new AmountNotPositiveError('The amount is too small to convert.', { reason: 'too_small' });
  }
  return { sentMinor, convertedMinor, feeMinor, receivedMinor };
}

/** Amounts when the customer fixes what arrives in the destination wallet. */
export function convertReceiving(
  receivedMinor: bigint,
  from: Asset,
  to: Asset,
  rate: Decimal,
  feeBasisPoints: number,
): ConversionAmounts {
  // converted × rate ≥ received: divide up.
  const convertedMinor = Decimal.fromMinorUnits(minorUnits(receivedMinor), to.scale)
    .div(rate, from.scale, 'ceil')
    .toMinorUnits(from.scale, 'ceil');
  // The fee is bp of the amount sent: sent = converted / (1 - bp), rounded up.
  const sentMinor = divideRounded(convertedMinor * 10_000n, BigInt(10_000 - feeBasisPoints), 'ceil');
  if (convertedMinor <= 0n) {
    throw new AmountNotPositiveError('The amount is too small to convert.', { reason: 'too_small' });
  }
  try {
    minorUnits(sentMinor);
  } catch {
    throw new AmountTooLargeError();
  }
  return { sentMinor, convertedMinor, feeMinor: sentMinor - convertedMinor, receivedMinor };
}
