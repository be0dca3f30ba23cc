/**
 * Subscriptions (invest) and redemptions (redeem) as persisted state machines with an owner and a lease
 * (docs/adr/0019-fund-units-nav-and-money-paths.md):
 *
 * - subscription: pending (stored) -> cash from the wallet to the subscription's escrow -> buying (market orders
 *   from the escrow, pro rata to the target weights) -> minted (the escrow's rest to the pool, units from the
 *   issuance account to the holder) | refunded (what was bought is sold back into the escrow, the escrow back to
 *   the wallet);
 * - redemption: pending (stored) -> the units held by a pending ledger transfer -> selling (pro-rata market sells
 *   into the pool) -> paid (the units transfer posted: burnt; the proceeds, the cash share less the accrued fee
 *   share, to the wallet) | restored (the units transfer voided: the holder keeps them).
 *
 * Every step has an id derived from the operation's id (ledger transfers, orders' clientOrderId), so running a step
 * again after a crash or a retry lands once. A fund's operations run one at a time in this process (the core's
 * serial queue); an operation whose owner died is taken over once its lease ran out.
 */
import { createHash } from 'node:crypto';
import {
  BANK_TENANT_ID,
  FUND_INVEST_AMOUNT_MAX,
  FUND_INVEST_AMOUNT_MIN,
  FUND_NAV_SCALE,
  FUND_OPERATION_LEASE_MS,
  type FundOperation,
  type FundOrderResult,
  FUND_UNITS_SCALE,
  type FundClosedMarket,
  type InvestPreview,
  type RedeemPreview,
  uuidv7,
  weightHundredths,
} from '@tessera/contracts';
import {
  AmountTooLargeError,
  AmountTooSmallError,
  IdempotencyKeyReusedError,
  InsufficientFundsError,
  InsufficientUnitsError,
  MarketClosedError,
  NoPriceError,
  NoWalletError,
} from '../errors.ts';
import {
  CASH_SCALE,
  formatFixed,
  parseFixed,
  proRata,
  rescale,
  unitsForValue,
  valueOf,
  valueOfUnits,
  VALUE_SCALE,
} from './fixed.ts';
import {
  escrowAccountId,
  holderAccountId,
  INVESTMENT_TRANSFER_CODES,
  investmentsId,
  issuanceAccountId,
  ledgerCode,
  poolCashAccountId,
  poolOwnerOf,
} from './fund-ledger.ts';
import { fundState, type FundRecord, loadFund, recordNavPoint, requireInvestable } from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { FundOperationsTable, OperationPlan } from './tables.ts';

type OperationRow = Selectable<FundOperationsTable>;

const OPEN_STATUSES = ['pending', 'buying', 'selling'] as const;
/** Ledger codes that refuse a transfer for good (nothing moved): the operation ends, it is not retried. */
const REFUSALS = new Set([
  'LEDGER_INSUFFICIENT_FUNDS',
  'LEDGER_EXCEEDS_DEBITS',
  'LEDGER_ACCOUNT_FROZEN',
  'LEDGER_ACCOUNT_CLOSED',
  'LEDGER_ACCOUNT_NOT_FOUND',
]);

const cents = (minor: bigint): string => formatFixed(minor, CASH_SCALE);
const units = (micro: bigint): string => formatFixed(micro, FUND_UNITS_SCALE);

/** The answer of an operation. */
export function operationView(row: OperationRow): FundOperation {
  return {
    id: row.id,
    fundId: row.fund_id,
    kind: row.kind,
    status: row.status,
    amount: cents(BigInt(row.amount_minor)),
    units: units(BigInt(row.units_micro)),
    nav: row.nav,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function hashOf(body: Record<string, string>): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function loadOperation(core: InvestmentsCore, id: string): Promise<OperationRow> {
  const row = await core.db
    .selectFrom('fund_operations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row as OperationRow;
}

/** Thrown when another process took the operation over (this one's lease ran out): it stops here. */
export class LeaseLostError extends Error {
  constructor(id: string) {
    super(`Fund operation ${id} belongs to another process now.`);
  }
}

/** Moves an operation this process owns (fenced: a process whose lease was taken over writes nothing). */
async function update(
  core: InvestmentsCore,
  id: string,
  values: Updateable<FundOperationsTable>,
): Promise<OperationRow> {
  const row = await core.db
    .updateTable('fund_operations')
    .set({ ...values, updated_at: core.now() })
    .where('id', '=', id)
    .where('owner', '=', core.processId)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) {
    throw new LeaseLostError(id);
  }
  return row;
}

/** An existing operation of the same key: the first answer (finished first when it is still open). */
async function answerExisting(
  core: InvestmentsCore,
  row: OperationRow,
  requestHash: string,
): Promise<FundOperation> {
  if (row.request_hash !== requestHash) {
    throw new IdempotencyKeyReusedError();
  }
  if ((OPEN_STATUSES as readonly string[]).includes(row.status)) {
    const lease = row.lease_until?.getTime() ?? 0;
    if (row.owner !== core.processId && lease > core.now().getTime()) {
      return operationView(row);
    }
    return operationView(await core.serial(row.fund_id, () => advance(core, row.id)));
  }
  return operationView(row);
}

async function findByKey(
  core: InvestmentsCore,
  userId: string,
  key: string,
): Promise<OperationRow | undefined> {
  const row = await core.db
    .selectFrom('fund_operations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row as OperationRow | undefined;
}

async function insertOperation(
  core: InvestmentsCore,
  row: Omit<Insertable<FundOperationsTable>, 'created_at' | 'updated_at' | 'owner' | 'lease_until'>,
): Promise<boolean> {
  const now = core.now();
  const inserted = await core.db
    .insertInto('fund_operations')
    .values({
      ...row,
      owner: core.processId,
      lease_until: new Date(now.getTime() + FUND_OPERATION_LEASE_MS),
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The amount's bounds, in minor units. */
function checkedAmount(amount: string): bigint {
  const minor = parseFixed(amount, CASH_SCALE);
  if (minor < parseFixed(FUND_INVEST_AMOUNT_MIN, CASH_SCALE)) {
    throw new AmountTooSmallError(undefined, { minimum: FUND_INVEST_AMOUNT_MIN });
  }
  if (minor > parseFixed(FUND_INVEST_AMOUNT_MAX, CASH_SCALE)) {
    throw new AmountTooLargeError(undefined, { maximum: FUND_INVEST_AMOUNT_MAX });
  }
  return minor;
}

/** What each buy of a subscription spends: the amount split by target weight, cut to the cent. */
function subscriptionPlan(fund: FundRecord, amountMinor: bigint): OperationPlan {
  return {
    orders: fund.components.map((component) => ({
      productId: component.productId,
      notional: cents((amountMinor * weightHundredths(component.weight)) / 10_000n),
    })),
  };
}

/**
 * The instruments among `productIds` whose market is closed now (the trading engine's sessions). An order on a
 * closed market is refused, so the previews say so and invest and redeem are refused before anything moves.
 */
export async function closedMarketsOf(
  core: InvestmentsCore,
  productIds: readonly string[],
): Promise<FundClosedMarket[]> {
  const port = core.findTrading() as Partial<Pick<FundTradingMarkets, 'marketState'>> | null;
  if (port === null || typeof port.marketState !== 'function') {
    return [];
  }
  const closed: FundClosedMarket[] = [];
  for (const productId of productIds) {
    const market = await port.marketState(productId);
    if (market !== null && !market.open) {
      closed.push({ productId, nextOpenAt: market.nextOpenAt });
    }
  }
  return closed;
}

type FundTradingMarkets = ReturnType<InvestmentsCore['trading']>;

/** Refuses with INVESTMENTS_MARKET_CLOSED (the first closed market, and when it opens) when one is closed. */
async function requireOpenMarkets(core: InvestmentsCore, productIds: readonly string[]): Promise<void> {
  const [closed] = await closedMarketsOf(core, productIds);
  if (closed !== undefined) {
    throw new MarketClosedError(undefined, { productId: closed.productId, nextOpenAt: closed.nextOpenAt });
  }
}

/** The instruments a subscription buys (a weight that buys nothing at this amount trades nothing). */
const boughtProducts = (plan: OperationPlan): string[] =>
  plan.orders.filter((order) => parseFixed(order.notional!, CASH_SCALE) > 0n).map((order) => order.productId);

/** POST /funds/:fundId/invest/preview. */
export async function investPreview(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
  amount: string,
): Promise<InvestPreview> {
  const fund = requireInvestable(await loadFund(core, fundId));
  const amountMinor = checkedAmount(amount);
  const state = await core.serial(fund.id, () => fundState(core, fund));
  const value = rescale(amountMinor, CASH_SCALE, VALUE_SCALE);
  const plan = subscriptionPlan(fund, amountMinor);
  void userId;
  return {
    fundId: fund.id,
    amount: cents(amountMinor),
    nav: formatFixed(state.nav, FUND_NAV_SCALE),
    estimatedUnits: units(unitsForValue(value, state.nav)),
    managementFeePercent: fund.feePercent,
    annualFeeEstimate: cents((amountMinor * weightHundredths(fund.feePercent)) / 10_000n),
    trades: plan.orders.map((order) => ({
      productId: order.productId,
      side: 'buy',
      notional: order.notional!,
    })),
    closedMarkets: await closedMarketsOf(core, boughtProducts(plan)),
  };
}

/** POST /funds/:fundId/invest: idempotent by `key`. */
export async function invest(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
  amount: string,
  key: string,
): Promise<{ operation: FundOperation; created: boolean }> {
  const fund = requireInvestable(await loadFund(core, fundId));
  const amountMinor = checkedAmount(amount);
  const requestHash = hashOf({ kind: 'subscription', fundId: fund.id, amount: cents(amountMinor) });
  const existing = await findByKey(core, userId, key);
  if (existing !== undefined) {
    return { operation: await answerExisting(core, existing, requestHash), created: false };
  }
  await core.requireVerified(userId, { legal: true });
  core.trading();
  await requireOpenMarkets(core, boughtProducts(subscriptionPlan(fund, amountMinor)));
  const wallet = await core.cash.currentWallet(userId, fund.currency);
  if (wallet === null) {
    throw new NoWalletError(undefined, { currency: fund.currency });
  }
  const available = (await core.fundLedger.available(wallet.accountId)) ?? '0';
  if (parseFixed(available, CASH_SCALE, 'down') < amountMinor) {
    throw new InsufficientFundsError();
  }
  const id = uuidv7(core.now().getTime());
  const inserted = await insertOperation(core, {
    id,
    fund_id: fund.id,
    user_id: userId,
    kind: 'subscription',
    status: 'pending',
    idempotency_key: key,
    request_hash: requestHash,
    wallet_account_id: wallet.accountId,
    amount_minor: amountMinor.toString(),
    units_micro: '0',
    nav: null,
    plan: JSON.stringify(subscriptionPlan(fund, amountMinor)),
    reason: null,
  });
  if (!inserted) {
    const raced = await findByKey(core, userId, key);
    return { operation: await answerExisting(core, raced!, requestHash), created: false };
  }
  const row = await core.serial(fund.id, () => advance(core, id));
  await notifyWallet(core, userId, fund.currency);
  return { operation: operationView(row), created: true };
}

/** The holder's units (micro) of the fund: posted less held by pending redemptions. */
async function availableUnits(core: InvestmentsCore, fund: FundRecord, userId: string): Promise<bigint> {
  const available = await core.fundLedger.available(holderAccountId(fund.id, userId));
  return available === null ? 0n : parseFixed(available, FUND_UNITS_SCALE);
}

/** The instruments the pool holds (a redemption sells a share of each). */
const heldProducts = (quantities: ReadonlyMap<string, string>): string[] =>
  [...quantities.entries()].filter(([, quantity]) => parseFixed(quantity, 18, 'down') > 0n).map(([id]) => id);

/** POST /funds/:fundId/redeem/preview. */
export async function redeemPreview(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
  requested: string,
): Promise<RedeemPreview> {
  const fund = requireInvestable(await loadFund(core, fundId));
  const held = await availableUnits(core, fund, userId);
  const unitsMicro = requested === 'all' ? held : parseFixed(requested, FUND_UNITS_SCALE);
  if (unitsMicro <= 0n || unitsMicro > held) {
    throw new InsufficientUnitsError(undefined, { held: units(held) });
  }
  const state = await core.serial(fund.id, () => fundState(core, fund));
  const value = valueOfUnits(unitsMicro, state.nav);
  return {
    closedMarkets: await closedMarketsOf(core, heldProducts(state.quantities)),
    fundId: fund.id,
    units: units(unitsMicro),
    nav: formatFixed(state.nav, FUND_NAV_SCALE),
    estimatedAmount: cents(rescale(value, VALUE_SCALE, CASH_SCALE)),
    trades: [...state.quantities.entries()]
      .filter(([, quantity]) => parseFixed(quantity, 18, 'down') > 0n)
      .map(([productId]) => ({
        productId,
        side: 'sell' as const,
        notional: cents(
          rescale(
            proRata(state.valuation.perPosition.get(productId) ?? 0n, unitsMicro, state.units),
            VALUE_SCALE,
            CASH_SCALE,
          ),
        ),
      })),
  };
}

/** POST /funds/:fundId/redeem: idempotent by `key`. */
export async function redeem(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
  requested: string,
  key: string,
): Promise<{ operation: FundOperation; created: boolean }> {
  const fund = requireInvestable(await loadFund(core, fundId));
  const requestHash = hashOf({ kind: 'redemption', fundId: fund.id, units: requested });
  const existing = await findByKey(core, userId, key);
  if (existing !== undefined) {
    return { operation: await answerExisting(core, existing, requestHash), created: false };
  }
  const held = await availableUnits(core, fund, userId);
  const unitsMicro = requested === 'all' ? held : parseFixed(requested, FUND_UNITS_SCALE);
  if (unitsMicro <= 0n || unitsMicro > held) {
    throw new InsufficientUnitsError(undefined, { held: units(held) });
  }
  await core.requireVerified(userId, { legal: true });
  core.trading();
  const { quantities } = await core.serial(fund.id, () => fundState(core, fund));
  await requireOpenMarkets(core, heldProducts(quantities));
  const wallet = await core.cash.currentWallet(userId, fund.currency, { create: true });
  if (wallet === null) {
    throw new NoWalletError(undefined, { currency: fund.currency });
  }
  const id = uuidv7(core.now().getTime());
  const inserted = await insertOperation(core, {
    id,
    fund_id: fund.id,
    user_id: userId,
    kind: 'redemption',
    status: 'pending',
    idempotency_key: key,
    request_hash: requestHash,
    wallet_account_id: wallet.accountId,
    amount_minor: '0',
    units_micro: unitsMicro.toString(),
    nav: null,
    plan: null,
    reason: null,
  });
  if (!inserted) {
    const raced = await findByKey(core, userId, key);
    return { operation: await answerExisting(core, raced!, requestHash), created: false };
  }
  const row = await core.serial(fund.id, () => advance(core, id));
  await notifyWallet(core, userId, fund.currency);
  return { operation: operationView(row), created: true };
}

async function notifyWallet(core: InvestmentsCore, userId: string, currency: string): Promise<void> {
  try {
    const wallet = await core.cash.currentWallet(userId, currency);
    if (wallet !== null) {
      await core.cash.notifyWalletChanged(userId, wallet.walletId);
    }
  } catch (error) {
    core.log.warn({ err: error }, 'telling the customer their wallet changed failed');
  }
}

/** A transfer that either lands (created or exists) or is refused for good (its code), or throws (retry later). */
async function transfer(
  core: InvestmentsCore,
  input: Parameters<InvestmentsCore['ledger']['createTransfer']>[1],
): Promise<string | null> {
  try {
    await core.ledger.createTransfer(BANK_TENANT_ID, input);
    return null;
  } catch (error) {
    const code = ledgerCode(error);
    if (code !== null && REFUSALS.has(code)) {
      return code;
    }
    throw error;
  }
}

async function transferExists(core: InvestmentsCore, id: string): Promise<boolean> {
  try {
    await core.ledger.getTransfer(BANK_TENANT_ID, id);
    return true;
  } catch (error) {
    if (ledgerCode(error) === 'LEDGER_TRANSFER_NOT_FOUND') {
      return false;
    }
    throw error;
  }
}

/** Moves the whole posted balance of `from` to `to` once (a transfer id that exists is not sent again). */
async function sweepOnce(
  core: InvestmentsCore,
  id: string,
  ledger: string,
  from: string,
  to: string,
  code: number,
  metadata: Record<string, string>,
): Promise<bigint> {
  if (await transferExists(core, id)) {
    const view = await core.ledger.getTransfer(BANK_TENANT_ID, id);
    return parseFixed(view.transfer.amount, CASH_SCALE);
  }
  const balance = parseFixed((await core.fundLedger.posted(from)) ?? '0', CASH_SCALE);
  if (balance <= 0n) {
    return 0n;
  }
  const refused = await transfer(core, {
    id,
    ledger,
    debitAccountId: from,
    creditAccountId: to,
    amount: cents(balance),
    code,
    metadata,
  });
  if (refused !== null) {
    throw new Error(`Moving ${ledger} ${cents(balance)} was refused: ${refused}`);
  }
  return balance;
}

/**
 * Runs an operation from where it stands to a final state (or as far as it can: a ledger or trading engine that
 * throws leaves it open, and recovery runs it again). Call inside the fund's serial queue.
 */
export async function advance(core: InvestmentsCore, id: string): Promise<OperationRow> {
  let row = await loadOperation(core, id);
  if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) {
    return row;
  }
  // Claimed when this process owns it, nobody does, or its owner's lease ran out.
  const now = core.now();
  const claimed = await core.db
    .updateTable('fund_operations')
    .set({
      owner: core.processId,
      lease_until: new Date(now.getTime() + FUND_OPERATION_LEASE_MS),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_STATUSES])
    .where((eb) =>
      eb.or([
        eb('owner', '=', core.processId),
        eb('owner', 'is', null),
        eb('lease_until', 'is', null),
        eb('lease_until', '<', now),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (claimed === undefined) {
    return loadOperation(core, id);
  }
  row = claimed;
  const fund = await loadFund(core, row.fund_id);
  if (row.kind === 'subscription') {
    if (row.status === 'pending') {
      row = await subscribeCash(core, fund, row);
    }
    if (row.status === 'buying') {
      row = row.unwinding ? await unwindSubscription(core, fund, row) : await buy(core, fund, row);
    }
  } else {
    if (row.status === 'pending') {
      row = await holdUnits(core, fund, row);
    }
    if (row.status === 'selling') {
      row = await sell(core, fund, row);
    }
  }
  return row;
}

const metadataOf = (fund: FundRecord, row: OperationRow) => ({
  kind: 'other',
  description: `Fund ${fund.name}`.slice(0, 200),
  fundId: fund.id,
  operationId: row.id,
});

async function subscribeCash(
  core: InvestmentsCore,
  fund: FundRecord,
  row: OperationRow,
): Promise<OperationRow> {
  const escrow = await core.fundLedger.ensureEscrow(fund, row.id);
  const refused = await transfer(core, {
    id: investmentsId(`subscription-cash:${row.id}`),
    ledger: fund.currency,
    debitAccountId: row.wallet_account_id,
    creditAccountId: escrow,
    amount: cents(BigInt(row.amount_minor)),
    code: INVESTMENT_TRANSFER_CODES.subscriptionCash,
    metadata: metadataOf(fund, row),
  });
  if (refused !== null) {
    // Nothing moved: the subscription ends here.
    return update(core, row.id, {
      status: 'refunded',
      reason: refused === 'LEDGER_INSUFFICIENT_FUNDS' ? 'INVESTMENTS_INSUFFICIENT_FUNDS' : refused,
      owner: null,
      lease_until: null,
    });
  }
  // The dealing NAV: before any order of this subscription (the cash waits in the escrow, outside the pool).
  const state = await fundState(core, fund);
  const unpriced = fund.components.filter((c) => state.prices.get(c.productId) == null);
  if (unpriced.length > 0) {
    return update(core, row.id, { status: 'buying', unwinding: true, reason: new NoPriceError().code });
  }
  return update(core, row.id, { status: 'buying', nav: formatFixed(state.nav, FUND_NAV_SCALE) });
}

function planOf(row: OperationRow): OperationPlan {
  return JSON.parse(row.plan ?? '{"orders":[]}') as OperationPlan;
}

async function buy(core: InvestmentsCore, fund: FundRecord, row: OperationRow): Promise<OperationRow> {
  const trading = core.trading();
  const pool = { ownerId: poolOwnerOf(fund.id), cashAccountId: escrowAccountId(row.id) };
  const fills: FundOrderResult[] = [];
  const plan = planOf(row);
  for (const [index, order] of plan.orders.entries()) {
    if (parseFixed(order.notional!, CASH_SCALE) <= 0n) {
      continue;
    }
    let result: FundOrderResult;
    try {
      result = await trading.marketOrder(pool, {
        clientOrderId: `${row.id}.b${index}`,
        productId: order.productId,
        side: 'buy',
        notional: order.notional!,
      });
    } catch (error) {
      core.log.warn({ err: error, operationId: row.id }, 'a fund buy failed: the subscription is unwound');
      const next = await update(core, row.id, { unwinding: true, reason: 'INVESTMENTS_TRADING_UNAVAILABLE' });
      return unwindSubscription(core, fund, next);
    }
    if (result.status === 'rejected') {
      const next = await update(core, row.id, {
        unwinding: true,
        reason: result.reason ?? 'TRADING_VENUE_REJECTED',
      });
      return unwindSubscription(core, fund, next);
    }
    fills.push(result);
  }
  // Units at the dealing NAV for what the fills are worth at their prices, and the escrow's rest.
  let value = 0n;
  for (const fill of fills) {
    if (fill.averagePrice !== null) {
      value += valueOf(fill.filledQuantity, fill.averagePrice);
    }
  }
  const leftover = parseFixed((await core.fundLedger.posted(escrowAccountId(row.id))) ?? '0', CASH_SCALE);
  value += rescale(leftover, CASH_SCALE, VALUE_SCALE);
  const nav = parseFixed(row.nav!, FUND_NAV_SCALE);
  const minted = unitsForValue(value, nav);
  if (minted <= 0n) {
    const next = await update(core, row.id, { unwinding: true, reason: 'INVESTMENTS_AMOUNT_TOO_SMALL' });
    return unwindSubscription(core, fund, next);
  }
  await sweepOnce(
    core,
    investmentsId(`escrow-to-pool:${row.id}`),
    fund.currency,
    escrowAccountId(row.id),
    poolCashAccountId(fund.id),
    INVESTMENT_TRANSFER_CODES.escrowToPool,
    { fundId: fund.id, operationId: row.id },
  );
  const holder = await core.fundLedger.ensureHolder(fund, row.user_id);
  const refused = await transfer(core, {
    id: investmentsId(`mint:${row.id}`),
    ledger: fund.unitsLedger,
    debitAccountId: issuanceAccountId(fund.id),
    creditAccountId: holder,
    amount: units(minted),
    code: INVESTMENT_TRANSFER_CODES.mint,
    metadata: { fundId: fund.id, operationId: row.id },
  });
  if (refused !== null) {
    throw new Error(`Minting units was refused: ${refused}`);
  }
  const done = await update(core, row.id, {
    status: 'minted',
    units_micro: minted.toString(),
    owner: null,
    lease_until: null,
  });
  await recordNavPoint(core, fund.id, (await fundState(core, fund)).nav);
  return done;
}

/** Sells back what the subscription bought (into its escrow) and refunds the escrow to the wallet. */
async function unwindSubscription(
  core: InvestmentsCore,
  fund: FundRecord,
  row: OperationRow,
): Promise<OperationRow> {
  const plan = planOf(row);
  if (row.reason !== 'INVESTMENTS_NO_PRICE') {
    const trading = core.trading();
    const pool = { ownerId: poolOwnerOf(fund.id), cashAccountId: escrowAccountId(row.id) };
    for (const [index, order] of plan.orders.entries()) {
      if (parseFixed(order.notional!, CASH_SCALE) <= 0n) {
        continue;
      }
      // The same clientOrderId answers the first order's outcome (it may have filled before the engine threw).
      const bought = await trading.marketOrder(pool, {
        clientOrderId: `${row.id}.b${index}`,
        productId: order.productId,
        side: 'buy',
        notional: order.notional!,
      });
      if (bought.status !== 'rejected' && parseFixed(bought.filledQuantity, 18, 'down') > 0n) {
        const sold = await trading.marketOrder(pool, {
          clientOrderId: `${row.id}.u${index}`,
          productId: order.productId,
          side: 'sell',
          quantity: bought.filledQuantity,
        });
        if (sold.status !== 'filled') {
          throw new Error(
            `Selling back ${order.productId} of subscription ${row.id}: ${sold.reason ?? sold.status}`,
          );
        }
      }
    }
  }
  const refunded = await sweepOnce(
    core,
    investmentsId(`refund:${row.id}`),
    fund.currency,
    escrowAccountId(row.id),
    row.wallet_account_id,
    INVESTMENT_TRANSFER_CODES.refund,
    metadataOf(fund, row),
  );
  return update(core, row.id, {
    status: 'refunded',
    amount_minor: refunded.toString(),
    owner: null,
    lease_until: null,
  });
}

async function holdUnits(core: InvestmentsCore, fund: FundRecord, row: OperationRow): Promise<OperationRow> {
  const unitsMicro = BigInt(row.units_micro);
  const refused = await transfer(core, {
    id: investmentsId(`redemption-hold:${row.id}`),
    ledger: fund.unitsLedger,
    debitAccountId: holderAccountId(fund.id, row.user_id),
    creditAccountId: issuanceAccountId(fund.id),
    amount: units(unitsMicro),
    code: INVESTMENT_TRANSFER_CODES.burn,
    flags: { pending: true },
    metadata: { fundId: fund.id, operationId: row.id },
  });
  if (refused !== null) {
    return update(core, row.id, {
      status: 'restored',
      reason: 'INVESTMENTS_INSUFFICIENT_UNITS',
      owner: null,
      lease_until: null,
    });
  }
  // The dealing state: the units held are still outstanding (pending), so the shares are of the whole fund.
  const state = await fundState(core, fund);
  const orders = [...state.quantities.entries()].flatMap(([productId, quantity]) => {
    const digits = (quantity.split('.')[1] ?? '').length;
    const held = parseFixed(quantity, digits);
    const share = proRata(held, unitsMicro, state.units);
    return share > 0n ? [{ productId, quantity: formatFixed(share, digits) }] : [];
  });
  const plan: OperationPlan = {
    orders,
    cashShareMinor: proRata(state.cashMinor, unitsMicro, state.units).toString(),
    feeShareMinor: proRata(
      rescale(state.valuation.accruedFees, VALUE_SCALE, CASH_SCALE),
      unitsMicro,
      state.units,
    ).toString(),
  };
  return update(core, row.id, {
    status: 'selling',
    plan: JSON.stringify(plan),
    nav: formatFixed(state.nav, FUND_NAV_SCALE),
  });
}

async function restoreUnits(
  core: InvestmentsCore,
  fund: FundRecord,
  row: OperationRow,
  reason: string,
): Promise<OperationRow> {
  await core.ledger.createTransfer(BANK_TENANT_ID, {
    id: investmentsId(`redemption-void:${row.id}`),
    ledger: fund.unitsLedger,
    pendingId: investmentsId(`redemption-hold:${row.id}`),
    flags: { voidPendingTransfer: true },
  });
  return update(core, row.id, { status: 'restored', reason, owner: null, lease_until: null });
}

async function sell(core: InvestmentsCore, fund: FundRecord, row: OperationRow): Promise<OperationRow> {
  const plan = planOf(row);
  if (row.unwinding) {
    return restoreUnits(core, fund, row, row.reason ?? 'INVESTMENTS_TRADING_UNAVAILABLE');
  }
  const trading = core.trading();
  const pool = { ownerId: poolOwnerOf(fund.id), cashAccountId: poolCashAccountId(fund.id) };
  let proceeds = 0n;
  for (const [index, order] of plan.orders.entries()) {
    let result: FundOrderResult;
    try {
      result = await trading.marketOrder(pool, {
        clientOrderId: `${row.id}.s${index}`,
        productId: order.productId,
        side: 'sell',
        quantity: order.quantity!,
      });
    } catch (error) {
      core.log.warn({ err: error, operationId: row.id }, 'a fund sell failed: the redemption is restored');
      const next = await update(core, row.id, { unwinding: true, reason: 'INVESTMENTS_TRADING_UNAVAILABLE' });
      return restoreUnits(core, fund, next, 'INVESTMENTS_TRADING_UNAVAILABLE');
    }
    if (result.status === 'rejected') {
      const reason = result.reason ?? 'TRADING_VENUE_REJECTED';
      const next = await update(core, row.id, { unwinding: true, reason });
      return restoreUnits(core, fund, next, reason);
    }
    proceeds += parseFixed(result.notionalFilled, CASH_SCALE, 'down');
  }
  const payout = proceeds + BigInt(plan.cashShareMinor ?? '0') - BigInt(plan.feeShareMinor ?? '0');
  await core.ledger.createTransfer(BANK_TENANT_ID, {
    id: investmentsId(`redemption-burn:${row.id}`),
    ledger: fund.unitsLedger,
    pendingId: investmentsId(`redemption-hold:${row.id}`),
    flags: { postPendingTransfer: true },
  });
  if (payout > 0n) {
    const refused = await transfer(core, {
      id: investmentsId(`payout:${row.id}`),
      ledger: fund.currency,
      debitAccountId: poolCashAccountId(fund.id),
      creditAccountId: row.wallet_account_id,
      amount: cents(payout),
      code: INVESTMENT_TRANSFER_CODES.payout,
      metadata: metadataOf(fund, row),
    });
    if (refused !== null) {
      throw new Error(`Paying redemption ${row.id} was refused: ${refused}`);
    }
  }
  const done = await update(core, row.id, {
    status: 'paid',
    amount_minor: (payout > 0n ? payout : 0n).toString(),
    owner: null,
    lease_until: null,
  });
  await recordNavPoint(core, fund.id, (await fundState(core, fund)).nav);
  return done;
}

/**
 * Runs every open operation whose lease ran out (its owner died or gave up), each in its fund's queue. Answers how
 * many reached a final state.
 */
export async function recoverOperations(core: InvestmentsCore): Promise<number> {
  const rows = await core.db
    .selectFrom('fund_operations')
    .select(['id', 'fund_id'])
    .where('status', 'in', [...OPEN_STATUSES])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', core.now())]))
    .orderBy('created_at')
    .limit(100)
    .execute();
  let finished = 0;
  for (const row of rows) {
    try {
      const after = await core.serial(row.fund_id, () => advance(core, row.id));
      if (!(OPEN_STATUSES as readonly string[]).includes(after.status)) {
        finished += 1;
      }
    } catch (error) {
      core.log.error(
        { err: error, operationId: row.id },
        'recovering a fund operation failed; it runs again later',
      );
    }
  }
  return finished;
}

/** The customer's operations of a fund (newest first). */
export async function listOperations(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
): Promise<FundOperation[]> {
  const rows = await core.db
    .selectFrom('fund_operations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('fund_id', '=', fundId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => operationView(row as OperationRow));
}
