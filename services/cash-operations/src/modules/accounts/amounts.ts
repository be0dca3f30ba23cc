/**
 * Amounts at the edge: decimal text from a request, parsed with the asset's scale by @tessera/money, each rejection
 * mapped to a CASH_ code a customer can be shown (docs/api.md, "Cash operations").
 */
import { type Asset, formatAmount, getAsset, type MinorUnits, minorUnits, parseAmount } from '@tessera/money';
import {
  AmountNegativeError,
  AmountNotANumberError,
  AmountRequiredError,
  AmountNotPositiveError,
  AmountTooLargeError,
  AmountTooManyDecimalsError,
  AssetUnknownError,
} from '../../errors.ts';
import { CASH_AMOUNT_INTEGER_DIGITS_MAX, isCashAssetCode } from '@tessera/contracts';

/** The registry asset of a wallet asset code; CASH_ASSET_UNKNOWN for anything else. */
export function cashAsset(code: string): Asset {
  const asset = isCashAssetCode(code) ? getAsset(code) : undefined;
  if (!asset?.ok) {
    throw new AssetUnknownError(undefined, { asset: code });
  }
  return asset.value;
}

/** The smallest amount of `asset`, in minor units, that is too large for a cash operation. */
export function amountLimitMinor(asset: Asset): bigint {
  return 10n ** BigInt(CASH_AMOUNT_INTEGER_DIGITS_MAX + asset.scale);
}

/**
 * Parses a positive amount of `asset`; throws the CASH_AMOUNT_* code of the first rule it breaks. More than
 * {@link CASH_AMOUNT_INTEGER_DIGITS_MAX} integer digits is CASH_AMOUNT_TOO_LARGE: a 10^36 EUR credit once overflowed
 * the ledger's balance after its record was written (issue #13, defect 2).
 */
export function parsePositiveAmount(text: unknown, asset: Asset): MinorUnits {
  // A missing amount is not a malformed one: the customer is told to enter one (issue #14).
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === '')) {
    throw new AmountRequiredError();
  }
  if (typeof text !== 'string') {
    throw new AmountNotANumberError();
  }
  const result = parseAmount(text, asset, { positive: true });
  if (result.ok) {
    if (result.value >= amountLimitMinor(asset)) {
      throw new AmountTooLargeError(undefined, { integerDigitsMax: CASH_AMOUNT_INTEGER_DIGITS_MAX });
    }
    return result.value;
  }
  switch (result.code) {
    case 'MONEY_NEGATIVE':
      throw new AmountNegativeError();
    case 'MONEY_NOT_POSITIVE':
      throw new AmountNotPositiveError();
    case 'MONEY_TOO_MANY_DECIMALS':
      throw new AmountTooManyDecimalsError(undefined, { scaleMax: asset.scale });
    case 'MONEY_OVERFLOW':
      throw new AmountTooLargeError();
    default:
      throw new AmountNotANumberError();
  }
}

/** Decimal text of minor units of `asset` (`1230n` EUR → `"12.30"`). */
export function formatMinor(amountMinor: bigint, asset: Asset): string {
  return formatAmount(minorUnits(amountMinor), asset.scale);
}

/** Minor units of a numeric column (a string on both engines). */
export function minorOf(text: string): bigint {
  return BigInt(text);
}
