/**
 * Values a customer's holdings at any instant (docs/adr/0011-portfolio-value-history.md):
 *
 * - holdings: every `customer_wallet` account the customer owns in the bank tenant of the ledger (cash wallets,
 *   and trading's position accounts, which carry `metadata.role = trading_position` and `metadata.productId`),
 *   each with its posted balance over time read from the ledger's account history (the balance after each
 *   transfer), so the balance at any instant is exact;
 * - prices: a position's units at the close of the latest complete candle of its product at that instant (this
 *   service's own candles: 5-minute, hourly or daily depending on the grid), a crypto wallet through the
 *   `<ASSET>-<currency>` instrument of the catalog, fiat at 1;
 * - currencies: converted into the customer's reference currency at the current mid rate (see {@link ReferenceRates}:
 *   no history of exchange rates exists yet, so past values use today's rate).
 * - external flows: each movement of units into or out of a wallet from outside the customer's holdings (a deposit,
 *   a withdrawal once posted, a transfer to or from another customer), so the change over a range can leave them
 *   out (see {@link Flow}).
 * Values are exact decimals (bigint inside), rounded half-even to the reference currency's cents at the end.
 */
import {
  type Account,
  BANK_TENANT_ID,
  type CandleInterval,
  type InstrumentInfo,
  type LedgerApi,
  type ProductId,
  SIMULATED_EUR_VALUES,
  type Transfer,
} from '@tessera/contracts';
import { Decimal, scale } from '@tessera/money';
import type { CandleStore } from '../candles/candle-store.ts';

const DAY_MS = 86_400_000;
/** Pages of account history read at most per account (1,000 transfers a page). */
const HISTORY_PAGES_MAX = 50;
/** Decimals of a reference currency (EUR, USD, GBP, CHF). */
export const REFERENCE_SCALE = scale(2);

/** A balance from `timeMs` on. */
interface BalanceStep {
  readonly timeMs: number;
  readonly posted: Decimal;
}

/**
 * Operation kinds (`metadata.kind` of a ledger transfer, cash operations' ACTIVITY_KINDS) whose money comes from or
 * goes to outside the customer's holdings. Own transfers, conversions, trades and fees are inside: they change the
 * value only through prices and costs.
 */
export const EXTERNAL_FLOW_KINDS: ReadonlySet<string> = new Set([
  'card_deposit',
  'sepa_deposit',
  'crypto_deposit',
  'sepa_withdrawal',
  'crypto_withdrawal',
  'customer_transfer',
]);

/**
 * Units of a holding that entered (positive) or left (negative) the customer's holdings from outside at `timeMs`:
 * the change of the wallet's posted balance made by a transfer of an {@link EXTERNAL_FLOW_KINDS} kind, unless the
 * other account is a `fees` account (the fee leg of a deposit or a withdrawal carries the operation's kind too, but
 * a fee is a cost, not a flow) or another account of the same customer. A pending hold changes no posted balance, so
 * a withdrawal counts when its rail posts it; the post carries no metadata of its own, so its kind and accounts are
 * read from the pending transfer it posts.
 */
export interface Flow {
  readonly timeMs: number;
  readonly units: Decimal;
}

/** One account of the customer and how it is priced. */
export interface Holding {
  readonly accountId: string;
  /** The ledger's asset code (EUR, BTC, AAPL.CBOE, …). */
  readonly asset: string;
  /** The product whose candles price one unit; null for fiat cash (worth 1 of `currency`). */
  readonly productId: ProductId | null;
  /** The currency one unit is priced in. */
  readonly currency: string;
  /** Ascending. */
  readonly steps: readonly BalanceStep[];
  /** External flows of this account, ascending. */
  readonly flows: readonly Flow[];
}

/** Converts currencies into the reference currency (now). */
export interface ReferenceRates {
  /** 1 `base` = rate `quote`. */
  midRate(base: string, quote: string): Promise<Decimal>;
}

/**
 * The EUR value of each fiat currency used when no rate provider is offered in-process (cash operations' client has
 * no rate method yet): the anchors of its simulated rate provider (SIMULATED_EUR_VALUES of @tessera/contracts, the
 * one table), without its small drift. Crypto is valued from market data's listings instead.
 */
const FALLBACK_EUR_VALUES: Readonly<Record<string, string>> = Object.fromEntries(
  (['EUR', 'USD', 'GBP', 'CHF'] as const).map((asset) => [asset, SIMULATED_EUR_VALUES[asset]]),
);

/** Rates from the fallback table above. */
export const fallbackRates: ReferenceRates = {
  async midRate(base, quote) {
    if (base === quote) {
      return Decimal.ONE;
    }
    const baseValue = FALLBACK_EUR_VALUES[base];
    const quoteValue = FALLBACK_EUR_VALUES[quote];
    if (baseValue === undefined || quoteValue === undefined) {
      throw new Error(`no rate for ${base}/${quote}`);
    }
    return Decimal.from(baseValue).div(Decimal.from(quoteValue), scale(14), 'half_even');
  },
};

/** The balance of `holding` right after the last transfer at or before `timeMs` (0 before its first). */
export function balanceAt(holding: Holding, timeMs: number): Decimal {
  const steps = holding.steps;
  let low = 0;
  let high = steps.length - 1;
  let found: Decimal = Decimal.ZERO;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const step = steps[middle]!;
    if (step.timeMs <= timeMs) {
      found = step.posted;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function balanceAfter(transfer: Transfer, accountId: string): Decimal {
  const balance =
    transfer.debitAccountId === accountId
      ? transfer.debitAccountBalanceAfter
      : transfer.creditAccountBalanceAfter;
  return Decimal.from(balance.posted);
}

/** Reads a customer's holdings (with their external flows) from the ledger. */
export async function loadHoldings(
  ledger: LedgerApi,
  userId: string,
  instruments: readonly InstrumentInfo[],
  referenceCurrency: string,
): Promise<Holding[]> {
  const accounts = await listOwnerAccounts(ledger, userId);
  const ownIds = new Set(
    accounts.filter((account) => account.ownerId === userId).map((account) => account.id),
  );
  const typeOf = accountTypeLookup(ledger);
  const holdings: Holding[] = [];
  for (const account of accounts) {
    if (account.type !== 'customer_wallet' || account.ownerId !== userId) {
      continue;
    }
    const pricing = pricingOf(account, instruments, referenceCurrency);
    if (pricing === null) {
      continue;
    }
    // Newest first from the ledger; a step per transfer, oldest first.
    const transfers = (await accountHistory(ledger, account.id)).reverse();
    const steps = transfers.map((transfer) => ({
      timeMs: Date.parse(transfer.timestamp),
      posted: balanceAfter(transfer, account.id),
    }));
    const flows = await externalFlows(ledger, account.id, transfers, steps, { ownIds, typeOf });
    if (steps.length > 0) {
      holdings.push({ accountId: account.id, ...pricing, steps, flows });
    }
  }
  return holdings;
}

/** Every account `userId` owns (the ledger's pages read to the end). */
async function listOwnerAccounts(ledger: LedgerApi, userId: string): Promise<Account[]> {
  const accounts: Account[] = [];
  let cursor: string | undefined;
  do {
    const page = await ledger.listAccounts(BANK_TENANT_ID, {
      ownerId: userId,
      limit: 1000,
      ...(cursor === undefined ? {} : { cursor }),
    });
    accounts.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return accounts;
}

/** An account's type by id, each asked of the ledger once (null for an account it does not give). */
function accountTypeLookup(ledger: LedgerApi): (accountId: string) => Promise<string | null> {
  const accountTypes = new Map<string, Promise<string | null>>();
  return (accountId) => {
    let type = accountTypes.get(accountId);
    if (type === undefined) {
      type = ledger.getAccount(BANK_TENANT_ID, accountId).then(
        (account) => account.type,
        () => null,
      );
      accountTypes.set(accountId, type);
    }
    return type;
  };
}

/** An account's transfers, newest first, at most {@link HISTORY_PAGES_MAX} pages. */
async function accountHistory(ledger: LedgerApi, accountId: string): Promise<Transfer[]> {
  const transfers: Transfer[] = [];
  let historyCursor: string | undefined;
  for (let pageIndex = 0; pageIndex < HISTORY_PAGES_MAX; pageIndex += 1) {
    const page = await ledger.listAccountHistory(BANK_TENANT_ID, accountId, {
      limit: 1000,
      ...(historyCursor === undefined ? {} : { cursor: historyCursor }),
    });
    transfers.push(...page.items);
    historyCursor = page.nextCursor ?? undefined;
    if (historyCursor === undefined) {
      break;
    }
  }
  return transfers;
}

/** The movements of an account (transfers oldest first, with their steps) that came from outside the customer. */
async function externalFlows(
  ledger: LedgerApi,
  accountId: string,
  transfers: readonly Transfer[],
  steps: readonly { timeMs: number; posted: Decimal }[],
  owner: {
    readonly ownIds: ReadonlySet<string>;
    readonly typeOf: (accountId: string) => Promise<string | null>;
  },
): Promise<Flow[]> {
  const byId = new Map(transfers.map((transfer) => [transfer.id, transfer]));
  const flows: Flow[] = [];
  for (let index = 0; index < transfers.length; index += 1) {
    const units = steps[index]!.posted.sub(index === 0 ? Decimal.ZERO : steps[index - 1]!.posted);
    if (units.isZero()) {
      continue;
    }
    const origin = await originOf(ledger, transfers[index]!, byId);
    if (await isExternalFlow(origin, accountId, owner.ownIds, owner.typeOf)) {
      flows.push({ timeMs: steps[index]!.timeMs, units });
    }
  }
  return flows;
}

/** The transfer that names a movement's kind and accounts: the pending transfer of a post, else itself. */
async function originOf(
  ledger: LedgerApi,
  transfer: Transfer,
  history: ReadonlyMap<string, Transfer>,
): Promise<Transfer> {
  if (!transfer.flags.postPendingTransfer || transfer.pendingId === null) {
    return transfer;
  }
  const pending =
    history.get(transfer.pendingId) ??
    (await ledger.getTransfer(BANK_TENANT_ID, transfer.pendingId).then(
      (view) => view.transfer,
      () => null,
    ));
  if (pending === null) {
    return transfer;
  }
  // The post's own metadata (trading puts some on its posts) wins over the hold's.
  return { ...pending, metadata: { ...pending.metadata, ...transfer.metadata } };
}

/** Whether `transfer` (as named by its origin) moved money between `accountId` and outside the customer's holdings. */
export async function isExternalFlow(
  transfer: Pick<Transfer, 'debitAccountId' | 'creditAccountId' | 'metadata'>,
  accountId: string,
  ownAccountIds: ReadonlySet<string>,
  accountType: (accountId: string) => Promise<string | null>,
): Promise<boolean> {
  if (!EXTERNAL_FLOW_KINDS.has(transfer.metadata['kind'] ?? '')) {
    return false;
  }
  const other = transfer.debitAccountId === accountId ? transfer.creditAccountId : transfer.debitAccountId;
  if (ownAccountIds.has(other)) {
    return false;
  }
  // A fee leg carries its operation's kind; its other account is the bank's fee revenue account.
  return (await accountType(other)) !== 'fees';
}

/** How an account's units are priced: a trading position by its product, a crypto wallet by `<ASSET>-<ccy>`. */
function pricingOf(
  account: Account,
  instruments: readonly InstrumentInfo[],
  referenceCurrency: string,
): Pick<Holding, 'asset' | 'productId' | 'currency'> | null {
  const asset = account.ledger;
  const metadata = account.metadata as Readonly<Record<string, string>>;
  if (metadata['role'] === 'trading_position') {
    const instrument = instruments.find((candidate) => candidate.id === metadata['productId']);
    return instrument === undefined
      ? null
      : { asset, productId: instrument.id, currency: instrument.currency };
  }
  if (FALLBACK_EUR_VALUES[asset] !== undefined) {
    return { asset, productId: null, currency: asset };
  }
  const pair = (currency: string) =>
    instruments.find(
      (candidate) => candidate.kind === 'crypto' && candidate.symbol === `${asset}-${currency}`,
    );
  const instrument = pair(referenceCurrency) ?? pair('EUR') ?? pair('USD');
  return instrument === undefined ? null : { asset, productId: instrument.id, currency: instrument.currency };
}

/** The candle interval that prices a grid of `stepMs`. */
export function intervalOfStep(stepMs: number): CandleInterval {
  if (stepMs >= DAY_MS) {
    return '1d';
  }
  return stepMs >= 3_600_000 ? '1h' : '5m';
}

const INTERVAL_MS: Record<string, number> = { '1m': 60_000, '5m': 300_000, '1h': 3_600_000, '1d': DAY_MS };

/** Closing prices of one product as `[endMs, close]`, ascending, for lookups at instants. */
export class PriceSeries {
  constructor(
    private readonly ends: readonly number[],
    private readonly closes: readonly Decimal[],
    private readonly fallback: Decimal | null,
  ) {}

  /** The close of the latest candle that ended at or before `timeMs` (or the earliest one, or the fallback). */
  at(timeMs: number): Decimal | null {
    let low = 0;
    let high = this.ends.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.ends[middle]! <= timeMs) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found >= 0) {
      return this.closes[found]!;
    }
    return this.closes[0] ?? this.fallback;
  }
}

/** Loads the closes of `productId` over `[fromMs, toMs]` (with a look-back for closed markets). */
export async function loadPriceSeries(
  store: CandleStore,
  productId: string,
  stepMs: number,
  fromMs: number,
  toMs: number,
  fallback: Decimal | null,
): Promise<PriceSeries> {
  const interval = intervalOfStep(stepMs);
  const durationMs = INTERVAL_MS[interval]!;
  // Weekends and holidays: look back far enough to find the last session's close.
  const lookBackMs = Math.max(5 * DAY_MS, 10 * durationMs);
  const candles = await store.candles(productId, interval, fromMs - lookBackMs, toMs + 1, 100_000);
  const ends: number[] = [];
  const closes: Decimal[] = [];
  for (const candle of candles) {
    if (!candle.complete) {
      continue;
    }
    ends.push(candle.openTimeMs + durationMs);
    closes.push(Decimal.from(candle.close));
  }
  return new PriceSeries(ends, closes, fallback);
}

/** What the holdings were worth at an instant, and whether the value includes all of them. */
export interface PointValue {
  /** In the reference currency, rounded to cents. */
  readonly value: Decimal;
  /** The holdings with units at that instant: the ones the value must include. */
  readonly held: number;
  /** The holdings the value includes; fewer than `held` when a price or a rate was missing. */
  readonly valued: number;
}

/** How many holdings had units at `timeMs` (what a complete value at that instant includes). */
export function heldAt(holdings: readonly Holding[], timeMs: number): number {
  return holdings.filter((holding) => !balanceAt(holding, timeMs).isZero()).length;
}

/**
 * The value of every holding at `timeMs`, in the reference currency, rounded to cents: each at its live price
 * when one is given, else at the candle close of that instant. A holding with no price or rate is left out, and
 * the answer says so (`valued` < `held`).
 */
export function valueAt(
  holdings: readonly Holding[],
  prices: ReadonlyMap<string, PriceSeries>,
  rates: ReadonlyMap<string, Decimal>,
  timeMs: number,
  livePrices?: ReadonlyMap<string, Decimal>,
): PointValue {
  let total = Decimal.ZERO;
  let held = 0;
  let valued = 0;
  for (const holding of holdings) {
    const units = balanceAt(holding, timeMs);
    if (units.isZero()) {
      continue;
    }
    held += 1;
    let price: Decimal | null = Decimal.ONE;
    if (holding.productId !== null) {
      price = livePrices?.get(holding.productId) ?? prices.get(holding.productId)?.at(timeMs) ?? null;
    }
    const rate = rates.get(holding.currency);
    if (price === null || rate === undefined) {
      continue;
    }
    valued += 1;
    total = total.add(
      units
        .mul(price, { scale: scale(12), rounding: 'half_even' })
        .mul(rate, { scale: scale(8), rounding: 'half_even' }),
    );
  }
  return { value: total.rescale(REFERENCE_SCALE, 'half_even'), held, valued };
}

/** How far back a flow's price is looked for, per candle interval, finest first. */
const FLOW_PRICE_LOOK_BACK: ReadonlyArray<readonly [CandleInterval, number]> = [
  ['1m', 30 * 60_000],
  ['5m', 2 * 3_600_000],
  ['1h', 2 * DAY_MS],
  ['1d', 10 * DAY_MS],
];

/**
 * The price of one unit of `productId` at `timeMs`, to value a flow then: the close of the latest complete candle
 * that ended at or before it, the finest interval kept first (1-minute, else 5-minute, else hourly, else daily),
 * else `fallback`.
 */
export async function priceAtInstant(
  store: CandleStore,
  productId: string,
  timeMs: number,
  fallback: Decimal | null,
): Promise<Decimal | null> {
  for (const [interval, lookBackMs] of FLOW_PRICE_LOOK_BACK) {
    const durationMs = INTERVAL_MS[interval]!;
    const candles = await store.candles(productId, interval, timeMs - lookBackMs, timeMs + 1, 1_000);
    const before = candles.filter((candle) => candle.complete && candle.openTimeMs + durationMs <= timeMs);
    const last = before[before.length - 1];
    if (last !== undefined) {
      return Decimal.from(last.close);
    }
  }
  return fallback;
}

/** The external flows of `holdings` after `afterMs` up to `toMs`, in the reference currency, rounded to cents. */
export async function flowsBetween(
  holdings: readonly Holding[],
  afterMs: number,
  toMs: number,
  rates: ReadonlyMap<string, Decimal>,
  priceAt: (productId: ProductId, timeMs: number) => Promise<Decimal | null>,
): Promise<{ net: Decimal; inflows: Decimal }> {
  let net = Decimal.ZERO;
  let inflows = Decimal.ZERO;
  for (const holding of holdings) {
    const rate = rates.get(holding.currency);
    if (rate === undefined) {
      continue;
    }
    for (const flow of holding.flows) {
      if (flow.timeMs <= afterMs || flow.timeMs > toMs) {
        continue;
      }
      const price = holding.productId === null ? Decimal.ONE : await priceAt(holding.productId, flow.timeMs);
      if (price === null) {
        continue;
      }
      const value = flow.units
        .mul(price, { scale: scale(12), rounding: 'half_even' })
        .mul(rate, { scale: scale(8), rounding: 'half_even' });
      net = net.add(value);
      if (value.compare(Decimal.ZERO) > 0) {
        inflows = inflows.add(value);
      }
    }
  }
  return {
    net: net.rescale(REFERENCE_SCALE, 'half_even'),
    inflows: inflows.rescale(REFERENCE_SCALE, 'half_even'),
  };
}
