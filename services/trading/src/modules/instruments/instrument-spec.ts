/**
 * An instrument as trading needs it: the catalog entry (market-data-info) with the conversions between decimal
 * prices and quantities and the matching engine's integer ticks and lots, the units ledger its positions settle
 * in, and the exact gross amount of `ticks x lots`.
 *
 * Units ledger (docs/adr/0007-trading-reservation-and-settlement.md): a stock or ETF settles in its own `security`
 * ledger of the bank tenant (scale 6) named `<SYMBOL>.<SOURCE>` (`AAPL.CBOE`), a crypto pair `BASE-QUOTE` in the
 * base asset's ledger (`BTC`, scale 8). When the catalog's lot is finer than the ledger's minor unit (USDC-EUR:
 * lot 0.00000001, USDC scale 6) the effective lot is the minor unit: a quantity must be a multiple of both.
 */
import type { InstrumentInfo, ProductId } from '@tessera/contracts';
import { ASSET_REGISTRY, Decimal, divideRounded, getAsset, INSTRUMENT_SCALE, pow10 } from '@tessera/money';
import { PRICE_TICKS_LIMIT } from '../matching/index.ts';

/** Which fee of the schedule (packages/contracts/src/fees.ts) an instrument's trades pay. */
export type TradingFeeId = 'tradingSecurities' | 'tradingCrypto';

/** An instrument with everything the service computes from it once. */
export interface InstrumentSpec {
  readonly info: InstrumentInfo;
  readonly productId: ProductId;
  readonly currency: string;
  readonly currencyScale: number;
  readonly tick: Decimal;
  /** The effective lot (see the file comment). */
  readonly lot: Decimal;
  readonly unitsLedger: string;
  readonly unitsKind: 'security' | 'crypto';
  readonly unitsScale: number;
  /** Ledger minor units of one lot (>= 1). */
  readonly unitsPerLot: bigint;
  /** gross minor units = ticks x lots x grossNumerator / grossDenominator (rounded half up). */
  readonly grossNumerator: bigint;
  readonly grossDenominator: bigint;
  readonly feeId: TradingFeeId;
}

/** Why an instrument cannot be traded here (its ledger cannot be named or its sizes do not fit). */
export type SpecProblem = 'units_ledger_unavailable' | 'currency_unknown';

/** Builds the spec, or names why the instrument is not tradable. */
export function instrumentSpecOf(info: InstrumentInfo): InstrumentSpec | SpecProblem {
  const currency = getAsset(info.currency);
  if (!currency.ok) {
    return 'currency_unknown';
  }
  const units = unitsLedgerOf(info);
  if (units === null) {
    return 'units_ledger_unavailable';
  }
  const tick = Decimal.from(info.tickSize).normalize();
  const minorUnit = Decimal.of(1n, units.scale);
  const catalogLot = Decimal.from(info.lotSize).normalize();
  const lot = (catalogLot.compare(minorUnit) < 0 ? minorUnit : catalogLot).normalize();
  const unitsPerLotExact = lot.mantissa * pow10(units.scale);
  if (unitsPerLotExact % pow10(lot.scale) !== 0n) {
    return 'units_ledger_unavailable';
  }
  const currencyScale = currency.value.scale;
  return {
    info,
    productId: info.id,
    currency: info.currency,
    currencyScale,
    tick,
    lot,
    unitsLedger: units.code,
    unitsKind: units.kind,
    unitsScale: units.scale,
    unitsPerLot: unitsPerLotExact / pow10(lot.scale),
    grossNumerator: tick.mantissa * lot.mantissa * pow10(currencyScale),
    grossDenominator: pow10(tick.scale + lot.scale),
    feeId: info.kind === 'crypto' ? 'tradingCrypto' : 'tradingSecurities',
  };
}

function unitsLedgerOf(
  info: InstrumentInfo,
): { code: string; kind: 'security' | 'crypto'; scale: number } | null {
  if (info.kind === 'crypto') {
    const base = info.symbol.split('-')[0] ?? '';
    const asset = ASSET_REGISTRY.get(base);
    return asset === undefined ? null : { code: asset.code, kind: 'crypto', scale: asset.scale };
  }
  const code = `${info.symbol}.${info.source.toUpperCase()}`.replaceAll('-', '.');
  return /^[A-Z0-9.]{1,16}$/.test(code) ? { code, kind: 'security', scale: INSTRUMENT_SCALE } : null;
}

/** `value / step` when it is a whole number from 1 to `max`; null otherwise (not on the grid, or out of range). */
function stepsOf(value: Decimal, step: Decimal): bigint | null {
  const numerator = value.mantissa * pow10(step.scale);
  const denominator = step.mantissa * pow10(value.scale);
  if (numerator % denominator !== 0n) {
    return null;
  }
  return numerator / denominator;
}

/** A price's ticks: `'off_grid'` when not a multiple of the tick, `'out_of_range'` beyond the engine's bound. */
export function priceToTicks(spec: InstrumentSpec, price: Decimal): number | 'off_grid' | 'out_of_range' {
  const ticks = stepsOf(price, spec.tick);
  if (ticks === null) {
    return 'off_grid';
  }
  return ticks < 1n || ticks > BigInt(PRICE_TICKS_LIMIT) ? 'out_of_range' : Number(ticks);
}

/** A quantity's lots, as a bigint (the caller checks the engine's bound): null when not a multiple of the lot. */
export function quantityToLots(spec: InstrumentSpec, quantity: Decimal): bigint | null {
  return stepsOf(quantity, spec.lot);
}

/** The decimal text of `ticks` ticks. */
export function ticksToPrice(spec: InstrumentSpec, ticks: number | bigint): string {
  return Decimal.of(BigInt(ticks) * spec.tick.mantissa, spec.tick.scale).toString();
}

/** The decimal text of `lots` lots. */
export function lotsToQuantity(spec: InstrumentSpec, lots: number | bigint): string {
  return Decimal.of(BigInt(lots) * spec.lot.mantissa, spec.lot.scale)
    .normalize()
    .toString();
}

/** The exact gross amount of `tickLots` (sum of ticks x lots), in minor units of the currency, half up. */
export function grossMinorOf(spec: InstrumentSpec, tickLots: bigint): bigint {
  return divideRounded(tickLots * spec.grossNumerator, spec.grossDenominator, 'half_up');
}

/** Minor units of the currency as decimal text with the currency's decimals (`"12.30"`). */
export function formatCurrency(spec: InstrumentSpec, minor: bigint): string {
  return Decimal.of(minor, spec.currencyScale).toString();
}

/** Price ticks nearest to a decimal price, rounded `down` or `up` (market makers and the collar). */
export function ticksNear(spec: InstrumentSpec, price: Decimal, rounding: 'floor' | 'ceil'): number {
  const numerator = price.mantissa * pow10(spec.tick.scale);
  const denominator = spec.tick.mantissa * pow10(price.scale);
  const ticks = divideRounded(numerator, denominator, rounding);
  return Number(ticks < 1n ? 1n : ticks > BigInt(PRICE_TICKS_LIMIT) ? BigInt(PRICE_TICKS_LIMIT) : ticks);
}
