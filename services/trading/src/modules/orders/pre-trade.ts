/**
 * Pre-trade checks (PRODUCT.md, "Trading"): each rule a named rejection with its own code, checked before anything
 * is reserved. Order: the product, the customer's KYC level, the market's session, the order's shape against the
 * instrument (tick, lot, bounds, expiry), the reference price where one is needed, then buying power or position.
 * After `checkOrder` succeeds the order may be placed; the ledger's balance limits still guard the reservation
 * against a race (a concurrent withdrawal), answered with the same codes.
 */
import {
  BANK_TENANT_ID,
  kycAllows,
  minimumLevelFor,
  type OrderSide,
  type PreviewOrderRequest,
  TRADING_COLLAR_BASIS_POINTS,
  TRADING_GTD_HORIZON_MS_MAX,
} from '@tessera/contracts';
import { assertNever, Decimal, divideRounded, invariant, pow10 } from '@tessera/money';
import { positionAccountId } from '../accounts/trading-accounts.ts';
import {
  type InstrumentSpec,
  priceToTicks,
  quantityToLots,
  ticksNear,
} from '../instruments/instrument-spec.ts';
import { MATCHING_LIMITS_DEFAULT } from '../matching/index.ts';
import {
  ExpiryInvalidError,
  InstrumentNotTradableError,
  InsufficientBuyingPowerError,
  InsufficientPositionError,
  InvalidTrailError,
  KycLevelRequiredError,
  LegalAcceptanceRequiredError,
  MarketClosedError,
  NoReferencePriceError,
  PriceNotOnTickError,
  PriceOutOfRangeError,
  QuantityNotOnLotError,
  QuantityTooLargeError,
  QuantityTooSmallError,
  StopWouldTriggerError,
  UnknownProductError,
} from '../../errors.ts';
import { buyReservationMinor, cumulativeFeeMinor } from './order-math.ts';
import { type OrderPriceFields, type OrderTerms, orderTermsOf } from './order-terms.ts';
import type { TradingCore } from './trading-core.ts';
import type { ReferencePrices } from './reference-prices.ts';

/** What the checks found: everything placing the order needs. */
export interface CheckedOrder {
  readonly spec: InstrumentSpec;
  readonly quantityLots: bigint;
  readonly limitPriceTicks: number | null;
  readonly stopPriceTicks: number | null;
  readonly trailAmountTicks: number | null;
  readonly trailPercentBp: number | null;
  /** The worst price it may trade at: what the reservation is computed at. */
  readonly maxPriceTicks: number;
  readonly referenceTicks: number | null;
  /** The price the preview estimates at. */
  readonly estimateTicks: number;
  /** Cash minor units for a buy, units minor units for a sell. */
  readonly reservationMinor: bigint;
  readonly expiresAt: Date | null;
  /** The wallet account of the currency (null for a sell without a wallet yet). */
  readonly walletAccountId: string | null;
  readonly buyingPowerMinor: bigint;
  readonly positionAvailableMinor: bigint;
  readonly marketOpen: boolean;
}

/**
 * A market's state now: open, when the current session closes (on trading's clock: when a DAY order expires), when
 * the next opens (on the market's clock, as market data's status gives it).
 */
export interface MarketState {
  readonly open: boolean;
  readonly closesAtMs: number | null;
  readonly nextOpenAtMs: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The instrument's session at trading's instant `nowMs`, from the catalog's calendar (crypto: always open), read at
 * the market's clock (`core.marketNow`: a test clock opens and closes venues as market data shows them). The close
 * is moved onto trading's clock, where orders keep their times; with one clock both are the same.
 */
export async function marketStateOf(
  core: TradingCore,
  spec: InstrumentSpec,
  nowMs: number,
): Promise<MarketState> {
  const marketNowMs = core.marketNow();
  const sessions = await core.catalog.tradingSessions(
    spec.info.source,
    marketNowMs - DAY_MS,
    marketNowMs + 14 * DAY_MS,
  );
  const current = sessions.find(
    (session) => session.opensAtMs <= marketNowMs && marketNowMs < session.closesAtMs,
  );
  const next = sessions.find((session) => session.opensAtMs > marketNowMs);
  return {
    open: current !== undefined,
    closesAtMs: current === undefined ? null : nowMs + (current.closesAtMs - marketNowMs),
    nextOpenAtMs: next?.opensAtMs ?? null,
  };
}

/** Resolves the product to a tradable spec or throws the product's code. */
export async function tradableSpec(core: TradingCore, productId: string): Promise<InstrumentSpec> {
  const spec = await core.specs.find(productId);
  if (spec === null) {
    throw new UnknownProductError(undefined, { productId });
  }
  if (typeof spec === 'string') {
    throw new InstrumentNotTradableError(undefined, { productId, reason: spec });
  }
  return spec;
}

function parsePrice(spec: InstrumentSpec, text: string, field: string): number {
  const ticks = priceToTicks(spec, Decimal.from(text));
  if (ticks === 'off_grid') {
    throw new PriceNotOnTickError(undefined, { field, tickSize: spec.info.tickSize });
  }
  if (ticks === 'out_of_range') {
    throw new PriceOutOfRangeError(undefined, { field });
  }
  return ticks;
}

function checkLots(lots: bigint): bigint {
  if (lots < 1n) {
    throw new QuantityTooSmallError();
  }
  if (lots > BigInt(MATCHING_LIMITS_DEFAULT.quantityLotsMax)) {
    throw new QuantityTooLargeError(undefined, { lotsMax: MATCHING_LIMITS_DEFAULT.quantityLotsMax });
  }
  return lots;
}

/** Runs every pre-trade check of `request` for `userId`; throws the first rule broken. Reserves nothing. */
export async function checkOrder(
  core: TradingCore,
  references: ReferencePrices,
  userId: string,
  request: PreviewOrderRequest,
): Promise<CheckedOrder> {
  const spec = await tradableSpec(core, request.productId);
  await assertKycAllowsTrading(core, userId);
  const nowMs = core.now().getTime();
  const market = await openMarketState(core, spec, nowMs);
  const prices = parsePrices(spec, request);
  const expiresAt = expiryOf(request, market, nowMs);
  const referenceTicks = await referenceFor(references, spec, request, prices);
  const terms = orderTermsOf(request.type, prices);
  const { estimateTicks, maxPriceTicks } = priceBoundsOf(terms, request.side, referenceTicks);
  const quantityLots = quantityLotsOf(spec, request, estimateTicks);
  const funds = await fundsFor(core, userId, spec, request.side, quantityLots, maxPriceTicks);
  return {
    spec,
    quantityLots,
    ...prices,
    maxPriceTicks,
    referenceTicks,
    estimateTicks,
    expiresAt,
    ...funds,
    marketOpen: market.open,
  };
}

async function assertKycAllowsTrading(core: TradingCore, userId: string): Promise<void> {
  if (await core.pools.isPool(userId)) {
    // A fund pool (modules/funds) is not a customer: KYC and legal documents are its holders' (docs/adr/0019).
    return;
  }
  const customer = await core.customers.getCustomer(userId);
  if (!kycAllows(customer.kycLevel, 'trading')) {
    throw new KycLevelRequiredError(undefined, {
      kycLevel: customer.kycLevel,
      requiredLevel: minimumLevelFor('trading'),
    });
  }
  // A current version of a legal document not accepted yet: no new order (docs/api.md, "Legal documents").
  const documents = (await core.customers.legalDocumentsToAccept?.(userId)) ?? [];
  if (documents.length > 0) {
    throw new LegalAcceptanceRequiredError(undefined, { documents: [...documents] });
  }
}

/** The market's state now; a closed market refuses the order. */
async function openMarketState(core: TradingCore, spec: InstrumentSpec, nowMs: number): Promise<MarketState> {
  const market = await marketStateOf(core, spec, nowMs);
  if (!market.open) {
    throw new MarketClosedError(undefined, {
      productId: spec.productId,
      nextOpenAt: market.nextOpenAtMs === null ? null : new Date(market.nextOpenAtMs).toISOString(),
    });
  }
  return market;
}

/** The request's prices in ticks (and a trail percentage in basis points), each on the instrument's grid. */
function parsePrices(spec: InstrumentSpec, request: PreviewOrderRequest): OrderPriceFields {
  return {
    limitPriceTicks:
      request.limitPrice === undefined ? null : parsePrice(spec, request.limitPrice, 'limitPrice'),
    stopPriceTicks: request.stopPrice === undefined ? null : parsePrice(spec, request.stopPrice, 'stopPrice'),
    trailAmountTicks:
      request.trailAmount === undefined ? null : parsePrice(spec, request.trailAmount, 'trailAmount'),
    trailPercentBp: request.trailPercent === undefined ? null : trailBasisPoints(request.trailPercent),
  };
}

/** A trail percentage (0.01 to 99.99, at most two decimals) in basis points. */
function trailBasisPoints(text: string): number {
  const percent = Decimal.from(text);
  const basisPoints = percent.mantissa * pow10(2);
  if (basisPoints % pow10(percent.scale) !== 0n) {
    throw new InvalidTrailError();
  }
  const value = basisPoints / pow10(percent.scale);
  if (value < 1n || value > 9_999n) {
    throw new InvalidTrailError();
  }
  return Number(value);
}

/** GTD: its own time (in the future, within the horizon); DAY: the session's close; otherwise none. */
function expiryOf(request: PreviewOrderRequest, market: MarketState, nowMs: number): Date | null {
  if (request.timeInForce === 'GTD') {
    const expiresAt = new Date(request.expiresAt as string);
    if (expiresAt.getTime() <= nowMs || expiresAt.getTime() > nowMs + TRADING_GTD_HORIZON_MS_MAX) {
      throw new ExpiryInvalidError();
    }
    return expiresAt;
  }
  if (request.timeInForce === 'DAY' && market.closesAtMs !== null) {
    return new Date(market.closesAtMs);
  }
  return null;
}

/**
 * The reference price, where the order needs one (market, trailing stop, an amount without a price); a stop the
 * reference already reached is refused (it would trigger at once).
 */
async function referenceFor(
  references: ReferencePrices,
  spec: InstrumentSpec,
  request: PreviewOrderRequest,
  prices: OrderPriceFields,
): Promise<number | null> {
  const reference = await references.get(spec);
  const referenceTicks = reference === null ? null : ticksNear(spec, reference, 'floor');
  const needsReference =
    request.type === 'market' ||
    request.type === 'trailing_stop' ||
    (request.notional !== undefined && prices.limitPriceTicks === null && prices.stopPriceTicks === null);
  if (needsReference && referenceTicks === null) {
    throw new NoReferencePriceError(undefined, { productId: spec.productId });
  }
  const stopPriceTicks = prices.stopPriceTicks;
  if (stopPriceTicks !== null && referenceTicks !== null) {
    const reached =
      request.side === 'buy' ? referenceTicks >= stopPriceTicks : referenceTicks <= stopPriceTicks;
    if (reached) {
      throw new StopWouldTriggerError(undefined, { referencePrice: reference?.toString() ?? null });
    }
  }
  return referenceTicks;
}

/** The collar: `ticks` moved TRADING_COLLAR_BASIS_POINTS against the order, at least one tick. */
function collar(ticks: number, side: OrderSide): number {
  const scaled =
    BigInt(ticks) *
    BigInt(side === 'buy' ? 10_000 + TRADING_COLLAR_BASIS_POINTS : 10_000 - TRADING_COLLAR_BASIS_POINTS);
  return Math.max(1, Number(divideRounded(scaled, 10_000n, side === 'buy' ? 'floor' : 'ceil')));
}

/** The price the order is estimated at, and the worst it may trade at (what the reservation is computed at). */
function priceBoundsOf(
  terms: OrderTerms,
  side: OrderSide,
  referenceTicks: number | null,
): { estimateTicks: number; maxPriceTicks: number } {
  switch (terms.type) {
    case 'limit':
    case 'stop_limit':
      return { estimateTicks: terms.limitPriceTicks, maxPriceTicks: terms.limitPriceTicks };
    case 'stop':
      return { estimateTicks: terms.stopPriceTicks, maxPriceTicks: collar(terms.stopPriceTicks, side) };
    case 'trailing_stop': {
      const reference = referenceOrThrow(referenceTicks);
      const trail =
        'amountTicks' in terms.trail
          ? terms.trail.amountTicks
          : Number(
              divideRounded(BigInt(reference) * BigInt(terms.trail.percentBasisPoints), 10_000n, 'ceil'),
            );
      const estimateTicks = side === 'buy' ? reference + trail : Math.max(1, reference - trail);
      return { estimateTicks, maxPriceTicks: collar(estimateTicks, side) };
    }
    case 'market': {
      const estimateTicks = referenceOrThrow(referenceTicks);
      return { estimateTicks, maxPriceTicks: collar(estimateTicks, side) };
    }
    default:
      return assertNever(terms, 'order terms');
  }
}

/** The reference price of an order that needs one ({@link referenceFor} refused the order without one). */
function referenceOrThrow(referenceTicks: number | null): number {
  invariant(referenceTicks !== null, 'market and trailing-stop orders are checked against a reference price');
  return referenceTicks;
}

/** The quantity in whole lots: as given, or the amount over the estimate price rounded down to whole lots. */
function quantityLotsOf(spec: InstrumentSpec, request: PreviewOrderRequest, estimateTicks: number): bigint {
  if (request.quantity !== undefined) {
    const lots = quantityToLots(spec, Decimal.from(request.quantity));
    if (lots === null) {
      throw new QuantityNotOnLotError(undefined, { lotSize: spec.lot.toString() });
    }
    return checkLots(lots);
  }
  const notional = Decimal.from(request.notional as string);
  const notionalMinor = divideRounded(
    notional.mantissa * pow10(spec.currencyScale),
    pow10(notional.scale),
    'floor',
  );
  const lotMinorNumerator = BigInt(estimateTicks) * spec.grossNumerator;
  return checkLots(divideRounded(notionalMinor * spec.grossDenominator, lotMinorNumerator, 'floor'));
}

/** What the order would hold, against what the customer has: buying power for a buy, units for a sell. */
async function fundsFor(
  core: TradingCore,
  userId: string,
  spec: InstrumentSpec,
  side: OrderSide,
  quantityLots: bigint,
  maxPriceTicks: number,
): Promise<
  Pick<CheckedOrder, 'reservationMinor' | 'walletAccountId' | 'buyingPowerMinor' | 'positionAvailableMinor'>
> {
  // Never opened here: a check (or a preview) changes nothing. A sell's proceeds open the wallet at the fill.
  const wallet = await core.cash.currentWallet(userId, spec.currency);
  const walletBalance = wallet === null ? null : await core.accounts.balanceOf(wallet.accountId);
  const buyingPowerMinor = walletBalance === null ? 0n : minorOf(walletBalance.available, spec.currencyScale);
  const positionBalance = await core.accounts.balanceOf(positionAccountId(userId, spec.productId));
  const positionAvailableMinor =
    positionBalance === null ? 0n : minorOf(positionBalance.available, spec.unitsScale);
  const funds = { walletAccountId: wallet?.accountId ?? null, buyingPowerMinor, positionAvailableMinor };
  if (side === 'buy') {
    const reservationMinor = buyReservationMinor(spec, 0n, quantityLots, BigInt(maxPriceTicks), 0n, 0n);
    if (reservationMinor > buyingPowerMinor) {
      throw new InsufficientBuyingPowerError(undefined, {
        required: Decimal.of(reservationMinor, spec.currencyScale).toString(),
        available: Decimal.of(buyingPowerMinor, spec.currencyScale).toString(),
        currency: spec.currency,
      });
    }
    return { ...funds, reservationMinor };
  }
  const reservationMinor = quantityLots * spec.unitsPerLot;
  if (reservationMinor > positionAvailableMinor) {
    throw new InsufficientPositionError(undefined, {
      required: Decimal.of(reservationMinor, spec.unitsScale).normalize().toString(),
      available: Decimal.of(positionAvailableMinor, spec.unitsScale).normalize().toString(),
    });
  }
  return { ...funds, reservationMinor };
}

/** A ledger decimal string in minor units of `scale`. */
export function minorOf(text: string, scale: number): bigint {
  const value = Decimal.from(text);
  return divideRounded(value.mantissa * pow10(scale), pow10(value.scale), 'floor');
}

/** The estimated fee of a gross amount (the preview). */
export function estimatedFeeMinor(spec: InstrumentSpec, side: 'buy' | 'sell', grossMinor: bigint): bigint {
  return cumulativeFeeMinor(spec, side, grossMinor);
}

/** The tenant of every account trading reads. */
export const TENANT = BANK_TENANT_ID;
