/**
 * One fill's settlement as one linked chain of ledger transfers (docs/adr/0007-trading-reservation-and-settlement.md),
 * and the order states after it. Pure: the caller stores the chain in the outbox, with the new states, in one
 * database transaction, then sends it.
 *
 * Cash ledger (the instrument's currency): a customer buyer's reservation is posted for the fill's gross + fee
 * (the rest is released) and a new pending transfer holds what the order may still need; a market maker pays from
 * its cash account. The settlement account then pays the seller (gross - fee), or the market maker (gross), and
 * the fees account (both fees). When both sides are customers their cumulative roundings can differ by a minor
 * unit; the market-maker cash account takes the difference, so the settlement account always nets to zero.
 * Units ledger: a customer seller's units reservation is posted (a new pending transfer holds the rest), or the
 * market-maker inventory delivers; the units settlement account then delivers to the buyer's position, or back to
 * the inventory.
 */
import {
  BANK_TENANT_ID,
  LEDGER_TIMEOUT_SECONDS_MAX,
  TRADING_ORDER_LIFETIME_MS_MAX,
  TRADING_RESERVATION_GRACE_SECONDS,
  type TransferInput,
  uuidv7,
} from '@tessera/contracts';
import { Decimal, invariant } from '@tessera/money';
import type { VenueAccounts } from '../accounts/trading-accounts.ts';
import { positionAccountId } from '../accounts/trading-accounts.ts';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';
import { applyFill, buyReservationMinor } from './order-math.ts';
import type { OrderState } from './orders.tables.ts';

/** Transfer codes trading uses (the ledger's `code`, for reports). */
export const TRANSFER_CODES = {
  reserveCash: 5001,
  reserveUnits: 5002,
  fillCash: 5003,
  fillFee: 5004,
  fillUnits: 5005,
  rounding: 5006,
} as const;

/** One side of a fill: a customer's order, or the venue's market maker. */
export type FillParty =
  { readonly kind: 'customer'; readonly order: OrderState } | { readonly kind: 'market_maker' };

/** A fill row to insert. */
export interface FillRecord {
  readonly id: string;
  readonly order: OrderState;
  readonly lots: number;
  readonly priceTicks: number;
  readonly grossMinor: bigint;
  readonly feeMinor: bigint;
  readonly liquidity: 'maker' | 'taker';
}

/** Everything a fill decides. */
export interface FillSettlement {
  readonly transfers: TransferInput[];
  readonly fills: FillRecord[];
}

const cash = (spec: InstrumentSpec, minor: bigint) => Decimal.of(minor, spec.currencyScale).toString();
const units = (spec: InstrumentSpec, minor: bigint) => Decimal.of(minor, spec.unitsScale).toString();

/**
 * What cash operations' activity reads on a transfer that touches a customer's wallet (docs/adr/0005): the kind
 * `trade` and the product as description. No `operationId`: an order moves cash in several transfers (a
 * reservation per fill, proceeds per fill), each its own activity item, posted for what it really moved.
 */
export function walletActivityMetadata(order: Pick<OrderState, 'productId'>): Record<string, string> {
  return { kind: 'trade', description: order.productId };
}

/**
 * How long the ledger keeps a hold of `order` before it expires on its own: until the order's end (its expiry, or
 * TRADING_ORDER_LIFETIME_MS_MAX after it was placed) and TRADING_RESERVATION_GRACE_SECONDS more. Never 0 (never
 * expires): a hold trading lost track of frees itself. Past the order's end, so an open order never loses its hold
 * while trading runs: trading expires the order first (docs/adr/0007-trading-reservation-and-settlement.md).
 */
export function reservationTimeoutSeconds(
  order: Pick<OrderState, 'expiresAt' | 'createdAt'>,
  now: Date,
): number {
  const endMs = order.expiresAt?.getTime() ?? order.createdAt.getTime() + TRADING_ORDER_LIFETIME_MS_MAX;
  const remainingSeconds = Math.max(0, Math.ceil((endMs - now.getTime()) / 1000));
  return Math.min(LEDGER_TIMEOUT_SECONDS_MAX, remainingSeconds + TRADING_RESERVATION_GRACE_SECONDS);
}

/** What a hold names in its metadata: the order it belongs to and that order's customer (its owner). */
export type HeldOrder = Pick<OrderState, 'side' | 'userId' | 'productId' | 'id' | 'expiresAt' | 'createdAt'>;

/**
 * A new pending transfer holding `amount` for one order of one customer (a buy's cash or a sell's units). Its
 * metadata names its owner (`orderId`, `userId`, `productId`), so the sweep can tell an orphan hold from a live
 * one, and it has a timeout ({@link reservationTimeoutSeconds}).
 */
export function reservationTransfer(
  spec: InstrumentSpec,
  order: HeldOrder,
  id: string,
  amountMinor: bigint,
  walletAccountId: string,
  accounts: VenueAccounts,
  now: Date,
): TransferInput {
  const buy = order.side === 'buy';
  return {
    id,
    ledger: buy ? spec.currency : spec.unitsLedger,
    debitAccountId: buy ? walletAccountId : positionAccountId(order.userId, order.productId),
    creditAccountId: buy ? accounts.settlement : accounts.unitsSettlement,
    amount: buy ? cash(spec, amountMinor) : units(spec, amountMinor),
    code: buy ? TRANSFER_CODES.reserveCash : TRANSFER_CODES.reserveUnits,
    flags: { pending: true },
    timeoutSeconds: reservationTimeoutSeconds(order, now),
    metadata: {
      ...(buy ? walletActivityMetadata(order) : {}),
      orderId: order.id,
      userId: order.userId,
      productId: order.productId,
      purpose: RESERVATION_PURPOSE,
    },
  };
}

/** The metadata `purpose` of every hold trading places. */
export const RESERVATION_PURPOSE = 'order_reservation';

/** Voids an order's current reservation (cancel, expiry, fill-or-kill, the unused rest of a filled buy). */
export function releaseTransfer(spec: InstrumentSpec, order: OrderState): TransferInput {
  invariant(order.reservationId !== null, 'only a held reservation is released');
  return {
    id: uuidv7(),
    ledger: order.side === 'buy' ? spec.currency : spec.unitsLedger,
    pendingId: order.reservationId,
    flags: { voidPendingTransfer: true },
    metadata: {
      ...(order.side === 'buy' ? walletActivityMetadata(order) : {}),
      orderId: order.id,
      purpose: 'order_release',
    },
  };
}

interface Wallets {
  /** The customer's current wallet account of the instrument's currency. */
  walletOf(userId: string): string;
}

/** What every leg of one fill shares. */
interface FillTerms {
  readonly spec: InstrumentSpec;
  readonly accounts: VenueAccounts;
  readonly wallets: Wallets;
  readonly priceTicks: number;
  readonly lots: number;
  readonly now: Date;
  /** The metadata every transfer of the fill carries (`tradeId`, `productId`). */
  readonly meta: Record<string, string>;
}

/** One customer side of a fill: its transfers (posting its hold, holding the rest), its fill row and amounts. */
interface CustomerSide {
  readonly transfers: TransferInput[];
  readonly fill: FillRecord;
  readonly grossMinor: bigint;
  readonly feeMinor: bigint;
}

/**
 * Settles a fill of `lots` at `priceTicks` between `maker` and `taker` (one buys, one sells). Mutates the
 * customer orders' states (amounts, reservation) and returns the chain and the fill rows.
 */
export function settleFill(
  spec: InstrumentSpec,
  accounts: VenueAccounts,
  wallets: Wallets,
  maker: FillParty,
  taker: FillParty,
  priceTicks: number,
  lots: number,
  tradeId: string,
  now: Date,
): FillSettlement {
  const makerSide = maker.kind === 'customer' ? maker.order.side : null;
  const takerSide = taker.kind === 'customer' ? taker.order.side : null;
  invariant(makerSide !== null || takerSide !== null, 'a market maker never trades with itself');
  const makerIsBuyer = makerSide === 'buy' || (makerSide === null && takerSide === 'sell');
  const buyer = makerIsBuyer ? maker : taker;
  const seller = makerIsBuyer ? taker : maker;
  const terms: FillTerms = {
    spec,
    accounts,
    wallets,
    priceTicks,
    lots,
    now,
    meta: { tradeId, productId: spec.productId },
  };
  const liquidityOf = (party: FillParty) => (party === maker ? 'maker' : 'taker');
  const bought = buyer.kind === 'customer' ? settleCustomerBuy(terms, buyer.order, liquidityOf(buyer)) : null;
  const sold =
    seller.kind === 'customer' ? settleCustomerSell(terms, seller.order, liquidityOf(seller)) : null;
  const transfers = [
    ...(bought?.transfers ?? []),
    ...(sold?.transfers ?? []),
    ...cashLegs(terms, buyer, seller, bought, sold),
    ...unitsLegs(terms, buyer, seller),
  ];
  const fills = [bought?.fill, sold?.fill].filter((fill): fill is FillRecord => fill !== undefined);
  return { transfers: linkChain(transfers), fills };
}

/**
 * A customer's buy: its reservation is posted for the fill's gross + fee (the rest released), and a new hold keeps
 * what the order may still need.
 */
function settleCustomerBuy(terms: FillTerms, order: OrderState, liquidity: 'maker' | 'taker'): CustomerSide {
  const { spec, lots, priceTicks } = terms;
  const amounts = applyFill(spec, 'buy', order, priceTicks, lots);
  const grossMinor = amounts.fillGrossMinor;
  const feeMinor = amounts.fillFeeMinor;
  const remainingLots = order.quantityLots - order.filledLots - BigInt(lots);
  const stillNeeded = buyReservationMinor(
    spec,
    amounts.filledTickLots,
    remainingLots,
    BigInt(order.maxPriceTicks),
    amounts.grossMinor,
    amounts.feesMinor,
  );
  const posted = grossMinor + feeMinor;
  invariant(posted + stillNeeded <= order.reservedMinor, 'a fill never needs more than the buy reserved');
  const transfers: TransferInput[] = [];
  if (posted > 0n) {
    invariant(order.reservationId !== null, 'a buy that pays holds a reservation');
    transfers.push({
      id: uuidv7(),
      ledger: spec.currency,
      pendingId: order.reservationId,
      amount: cash(spec, posted),
      flags: { postPendingTransfer: true },
      metadata: {
        ...terms.meta,
        ...walletActivityMetadata(order),
        orderId: order.id,
        purpose: 'fill_payment',
      },
    });
    order.reservationId = null;
    order.reservedMinor = 0n;
    if (stillNeeded > 0n) {
      transfers.push(holdRest(terms, order, stillNeeded, terms.wallets.walletOf(order.userId)));
    }
  }
  recordFill(order, amounts, lots);
  const fill = fillRecord(order, lots, priceTicks, grossMinor, feeMinor, liquidity);
  return { transfers, fill, grossMinor, feeMinor };
}

/** A customer's sale: its units reservation is posted for the lots sold, and a new hold keeps the rest. */
function settleCustomerSell(terms: FillTerms, order: OrderState, liquidity: 'maker' | 'taker'): CustomerSide {
  const { spec, lots, priceTicks } = terms;
  const amounts = applyFill(spec, 'sell', order, priceTicks, lots);
  const unitsMinor = BigInt(lots) * spec.unitsPerLot;
  invariant(order.reservationId !== null && order.reservedMinor >= unitsMinor, 'a sale holds its units');
  const transfers: TransferInput[] = [
    {
      id: uuidv7(),
      ledger: spec.unitsLedger,
      pendingId: order.reservationId,
      amount: units(spec, unitsMinor),
      flags: { postPendingTransfer: true },
      metadata: { ...terms.meta, orderId: order.id, purpose: 'fill_delivery' },
    },
  ];
  const rest = order.reservedMinor - unitsMinor;
  order.reservationId = null;
  order.reservedMinor = 0n;
  if (rest > 0n) {
    transfers.push(holdRest(terms, order, rest, ''));
  }
  recordFill(order, amounts, lots);
  const fill = fillRecord(order, lots, priceTicks, amounts.fillGrossMinor, amounts.fillFeeMinor, liquidity);
  return { transfers, fill, grossMinor: amounts.fillGrossMinor, feeMinor: amounts.fillFeeMinor };
}

/** A new hold of what the order still needs after a fill; it becomes the order's reservation. */
function holdRest(
  terms: FillTerms,
  order: OrderState,
  amountMinor: bigint,
  walletAccountId: string,
): TransferInput {
  const id = uuidv7();
  const transfer = reservationTransfer(
    terms.spec,
    order,
    id,
    amountMinor,
    walletAccountId,
    terms.accounts,
    terms.now,
  );
  order.reservationId = id;
  order.reservedMinor = amountMinor;
  return transfer;
}

/**
 * Cash: who pays the settlement account (a market maker buying), who it pays (the seller: gross - fee, or the
 * market maker: gross), the fees, and the rounding difference between the two customers' cumulative amounts.
 */
function cashLegs(
  terms: FillTerms,
  buyer: FillParty,
  seller: FillParty,
  bought: CustomerSide | null,
  sold: CustomerSide | null,
): TransferInput[] {
  const { spec, accounts, meta } = terms;
  const cashLeg = (from: string, to: string, minor: bigint, code: number, metadata = meta) =>
    plain(spec.currency, from, to, cash(spec, minor), code, metadata);
  const transfers: TransferInput[] = [];
  const paid = bought?.grossMinor ?? (sold as CustomerSide).grossMinor;
  const received = sold?.grossMinor ?? paid;
  const fees = (bought?.feeMinor ?? 0n) + (sold?.feeMinor ?? 0n);
  if (buyer.kind === 'market_maker' && paid > 0n) {
    transfers.push(cashLeg(accounts.marketMakerCash, accounts.settlement, paid, TRANSFER_CODES.fillCash));
  }
  const toSeller = received - (sold?.feeMinor ?? 0n);
  if (seller.kind === 'customer' && toSeller > 0n) {
    const wallet = terms.wallets.walletOf(seller.order.userId);
    const metadata = { ...meta, ...walletActivityMetadata(seller.order) };
    transfers.push(cashLeg(accounts.settlement, wallet, toSeller, TRANSFER_CODES.fillCash, metadata));
  } else if (seller.kind === 'market_maker' && received > 0n) {
    transfers.push(cashLeg(accounts.settlement, accounts.marketMakerCash, received, TRANSFER_CODES.fillCash));
  }
  if (fees > 0n) {
    transfers.push(cashLeg(accounts.settlement, accounts.fees, fees, TRANSFER_CODES.fillFee));
  }
  const rounding = paid - received;
  if (rounding !== 0n) {
    const [from, to] =
      rounding > 0n
        ? [accounts.settlement, accounts.marketMakerCash]
        : [accounts.marketMakerCash, accounts.settlement];
    transfers.push(cashLeg(from, to, rounding < 0n ? -rounding : rounding, TRANSFER_CODES.rounding));
  }
  return transfers;
}

/** Units: the market maker's inventory delivers (when it sells), then the settlement account to the buyer. */
function unitsLegs(terms: FillTerms, buyer: FillParty, seller: FillParty): TransferInput[] {
  const { spec, accounts, meta } = terms;
  const unitsMinor = BigInt(terms.lots) * spec.unitsPerLot;
  const amount = units(spec, unitsMinor);
  const transfers: TransferInput[] = [];
  if (seller.kind === 'market_maker') {
    transfers.push(
      plain(
        spec.unitsLedger,
        accounts.marketMakerInventory,
        accounts.unitsSettlement,
        amount,
        TRANSFER_CODES.fillUnits,
        meta,
      ),
    );
  }
  const unitsTo =
    buyer.kind === 'customer'
      ? positionAccountId(buyer.order.userId, spec.productId)
      : accounts.marketMakerInventory;
  transfers.push(
    plain(spec.unitsLedger, accounts.unitsSettlement, unitsTo, amount, TRANSFER_CODES.fillUnits, meta),
  );
  return transfers;
}

function plain(
  ledger: string,
  debitAccountId: string,
  creditAccountId: string,
  amount: string,
  code: number,
  metadata: Record<string, string>,
): TransferInput {
  return { id: uuidv7(), ledger, debitAccountId, creditAccountId, amount, code, metadata };
}

function recordFill(order: OrderState, amounts: ReturnType<typeof applyFill>, lots: number): void {
  order.filledLots += BigInt(lots);
  order.filledTickLots = amounts.filledTickLots;
  order.grossMinor = amounts.grossMinor;
  order.feesMinor = amounts.feesMinor;
}

function fillRecord(
  order: OrderState,
  lots: number,
  priceTicks: number,
  grossMinor: bigint,
  feeMinor: bigint,
  liquidity: 'maker' | 'taker',
): FillRecord {
  return { id: uuidv7(), order, lots, priceTicks, grossMinor, feeMinor, liquidity };
}

/** Links every transfer to the next (the last closes the chain): all or nothing. */
export function linkChain(transfers: TransferInput[]): TransferInput[] {
  return transfers.map((transfer, index) =>
    index < transfers.length - 1 ? { ...transfer, flags: { ...transfer.flags, linked: true } } : transfer,
  );
}

/** The tenant every trading transfer is recorded in. */
export const TRADING_TENANT = BANK_TENANT_ID;
