/**
 * The composition rows of the fund form: the live sum of the weights in hundredths of a percent (exact, no floats:
 * the contract's weightHundredths) and each row's problem as a key of the `funds` namespace, checked as
 * packages/contracts/src/investments.ts checks them, so the form refuses what the service would refuse.
 */
import {
  FUND_COMPONENTS_MAX,
  FUND_COMPONENTS_MIN,
  fundFeePercentSchema,
  fundWeightSchema,
  weightHundredths,
} from '@tessera/contracts';

/** A number as typed, as the contract takes it: trimmed, a decimal comma (as French writes it) read as a point. */
export function decimalInput(text: string): string {
  return text.trim().replace(',', '.');
}

export interface CompositionRow {
  readonly productId: string;
  readonly weight: string;
}

/** The sum of the valid weights in hundredths of a percent (a weight that is not a percent counts as 0). */
export function weightSumHundredths(rows: readonly CompositionRow[]): bigint {
  return rows.reduce((sum, row) => {
    const value = weightHundredths(decimalInput(row.weight));
    return value > 0n ? sum + value : sum;
  }, 0n);
}

/** Hundredths of a percent as the decimal text of a percent ("100.00"). */
export function hundredthsText(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  return `${sign}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** The problem of one weight, or null. */
export function weightProblem(weight: string): string | null {
  if (weight.trim() === '') {
    return 'form.weightRequired';
  }
  return fundWeightSchema.safeParse(decimalInput(weight)).success ? null : 'form.weightInvalid';
}

/** The problem of the fee, or null. */
export function feeProblem(fee: string): string | null {
  if (fee.trim() === '') {
    return 'form.feeRequired';
  }
  return fundFeePercentSchema.safeParse(decimalInput(fee)).success ? null : 'form.feeInvalid';
}

/** The problem of the composition as a whole (count, duplicates, the sum of exactly 100), or null. */
export function compositionProblem(rows: readonly CompositionRow[]): string | null {
  if (rows.length < FUND_COMPONENTS_MIN) {
    return 'form.compositionEmpty';
  }
  if (rows.length > FUND_COMPONENTS_MAX) {
    return 'form.compositionTooMany';
  }
  const ids = rows.map((row) => row.productId.trim());
  if (new Set(ids).size !== ids.length) {
    return 'form.compositionDuplicate';
  }
  return weightSumHundredths(rows) === 10_000n ? null : 'form.compositionSum';
}
