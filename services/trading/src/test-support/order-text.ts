import { Decimal, scale } from '@tessera/money';

/**
 * The decimal strings the generated order streams send, built exactly from integers: a float such as
 * `(price * 10_050) / 10_000` can land on the wrong side of a half cent, and the API takes text anyway.
 */

/** A limit price `offsetBp` basis points from a whole-euro `price`, to the cent, halves up: `60000, 25` is `"60150.00"`. */
export function priceOffsetText(price: number, offsetBp: number): string {
  return Decimal.of(BigInt(price) * BigInt(10_000 + offsetBp), 4)
    .rescale(scale(2), 'half_up')
    .toString();
}

/** A quantity of `lots` ten-thousandths: `25` is `"0.0025"`. */
export function lotsQuantityText(lots: number): string {
  return Decimal.of(BigInt(lots), 4).toString();
}
