/**
 * Trading product identifiers (spec section 3): an instrument symbol and a source (venue) joined by an
 * underscore, e.g. `AAPL_cboe`. One parser shared by the services and the web app, so both reject the same
 * strings with the same words ('Invalid product', spec section 8).
 */

/** The venues a product may come from. `tessera` is the internal crypto venue of the market simulator. */
export const PRODUCT_SOURCES = [
  'cboe',
  'nasdaq',
  'nyse',
  'xetra',
  'euronext',
  'lse',
  'six',
  'tessera',
] as const;

/** One of {@link PRODUCT_SOURCES}. */
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

/** A validated product id such as `AAPL_cboe`. */
export type ProductId = string & { readonly __brand: 'ProductId' };

/** The product the trading page opens when neither the address nor the stored last product names one. */
export const DEFAULT_PRODUCT = 'AAPL_cboe' as ProductId;

/** The error message the spec gives for a product that does not parse. */
export const INVALID_PRODUCT_MESSAGE = 'Invalid product';

// Symbols are upper-case letters and digits, with '.' or '-' inside (BRK.B, BTC-EUR), at most 16 characters.
const SYMBOL_PATTERN = /^[A-Z0-9](?:[A-Z0-9.-]{0,14}[A-Z0-9])?$/;

/** The parts of a product id. */
export interface ParsedProduct {
  readonly id: ProductId;
  readonly symbol: string;
  readonly source: ProductSource;
}

/** Parses a product id; returns null for anything that is not `<SYMBOL>_<known source>`. */
export function parseProduct(value: unknown): ParsedProduct | null {
  if (typeof value !== 'string' || value.length > 40) {
    return null;
  }
  const separator = value.lastIndexOf('_');
  if (separator <= 0) {
    return null;
  }
  const symbol = value.slice(0, separator);
  const source = value.slice(separator + 1);
  if (!SYMBOL_PATTERN.test(symbol) || !isProductSource(source)) {
    return null;
  }
  return { id: value as ProductId, symbol, source };
}

/** True when `value` is a valid product id. */
export function isProductId(value: unknown): value is ProductId {
  return parseProduct(value) !== null;
}

/** Returns the product id or throws `Error('Invalid product')`, as the detached trading window requires. */
export function assertProductId(value: unknown): ProductId {
  const parsed = parseProduct(value);
  if (!parsed) {
    throw new Error(INVALID_PRODUCT_MESSAGE);
  }
  return parsed.id;
}

function isProductSource(value: string): value is ProductSource {
  return (PRODUCT_SOURCES as readonly string[]).includes(value);
}
