/**
 * Funds: creation and edits with a validated composition, lists, the fund's page (valuation, NAV, NAV history,
 * performance, holders, factsheet) and the rebalance preview (docs/adr/0019-fund-units-nav-and-money-paths.md).
 */
import {
  type CreateFundRequest,
  type FundComponent,
  type FundCurrency,
  type FundDetail,
  FUND_FEE_DAY_BASIS,
  FUND_INITIAL_NAV,
  FUND_INVEST_AMOUNT_MIN,
  FUND_MANAGED_MAX,
  FUND_NAV_HISTORY_MAX,
  FUND_NAV_SCALE,
  FUND_PERFORMANCE_PERIODS,
  type FundPerformancePeriod,
  type FundSummary,
  type FundTrade,
  FUND_UNITS_SCALE,
  type ListFundsQuery,
  uuidv7,
  weightHundredths,
} from '@tessera/contracts';
import {
  CurrencyMismatchError,
  CuratedFundReadOnlyError,
  FundNotFoundError,
  InstrumentNotTradableError,
  ManagedFundsLimitError,
  NotFundManagerError,
} from '../errors.ts';
import {
  CASH_SCALE,
  formatFixed,
  navPerUnit,
  parseFixed,
  percentOf,
  rescale,
  valuate,
  type Valuation,
  VALUE_SCALE,
} from './fixed.ts';
import { curatedDescriptions } from './curated-funds.ts';
import { issuanceAccountId, poolCashAccountId, unitsLedgerCode } from './fund-ledger.ts';
import type { InvestmentsCore } from './investments-core.ts';
import { NotInvestableError } from './tokens/token-errors.ts';
import type { Selectable } from 'kysely';
import type { FundsTable } from './tables.ts';

/** A fund as the service works with it. */
export interface FundRecord {
  readonly id: string;
  readonly kind: 'curated' | 'community';
  readonly managerId: string | null;
  readonly name: string;
  readonly description: string;
  readonly currency: FundCurrency;
  readonly feePercent: string;
  readonly unitsLedger: string;
  readonly createdAt: Date;
  readonly components: ReadonlyArray<{ readonly productId: string; readonly weight: string }>;
  /** Set for an issuer token (docs/adr/0021): no composition; its NAV is its par value. */
  readonly token?: { readonly symbol: string; readonly parValue: string } | null;
}

/** A fund's state at reference prices: what the NAV is made of. */
export interface FundState {
  readonly fund: FundRecord;
  readonly cashMinor: bigint;
  readonly quantities: ReadonlyMap<string, string>;
  readonly prices: ReadonlyMap<string, string | null>;
  readonly valuation: Valuation;
  /** Units outstanding at {@link FUND_UNITS_SCALE} digits. */
  readonly units: bigint;
  /** NAV per unit at {@link FUND_NAV_SCALE} digits. */
  readonly nav: bigint;
}

export const INITIAL_NAV = parseFixed(FUND_INITIAL_NAV, FUND_NAV_SCALE);
const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

function recordOf(row: Selectable<FundsTable>, components: FundRecord['components']): FundRecord {
  return {
    id: row.id,
    kind: row.kind,
    managerId: row.manager_id,
    name: row.name,
    description: row.description,
    currency: row.currency as FundCurrency,
    feePercent: row.fee_percent,
    unitsLedger: row.units_ledger,
    createdAt: row.created_at,
    components,
    token:
      row.asset_kind === 'token' ? { symbol: row.symbol ?? '', parValue: row.par_value ?? '0.00' } : null,
  };
}

/** Loads a fund, or throws INVESTMENTS_FUND_NOT_FOUND (also for an id that is not a UUID). */
export async function loadFund(core: InvestmentsCore, fundId: string): Promise<FundRecord> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fundId)) {
    throw new FundNotFoundError();
  }
  const row = await core.db
    .selectFrom('funds')
    .selectAll()
    .where('id', '=', fundId.toLowerCase())
    .executeTakeFirst();
  if (row === undefined) {
    throw new FundNotFoundError();
  }
  const components = await core.db
    .selectFrom('fund_components')
    .select(['product_id as productId', 'weight'])
    .where('fund_id', '=', row.id)
    .orderBy('position')
    .execute();
  return recordOf(row, components);
}

/** Invest, redeem, plans and rebalancing are for funds: an issuer token answers TOKENS_NOT_INVESTABLE. */
export function requireInvestable(fund: FundRecord): FundRecord {
  if (fund.token) {
    throw new NotInvestableError(undefined, { fundId: fund.id });
  }
  return fund;
}

/** Every instrument must exist, be tradable and be quoted in the fund's currency. */
export async function checkInstruments(
  core: InvestmentsCore,
  currency: string,
  components: ReadonlyArray<{ productId: string }>,
): Promise<void> {
  const trading = core.trading();
  for (const component of components) {
    const instrument = await trading.instrument(component.productId);
    if (instrument === null || !instrument.tradable) {
      throw new InstrumentNotTradableError(undefined, { productId: component.productId });
    }
    if (instrument.currency !== currency) {
      throw new CurrencyMismatchError(undefined, {
        productId: component.productId,
        currency: instrument.currency,
      });
    }
  }
}

/** The input of {@link insertFund}. */
type NewFund = Parameters<typeof insertFundOnce>[1];

/** Inserts a fund and its composition (curated by the seed, community by a verified customer). */
export async function insertFund(core: InvestmentsCore, input: NewFund): Promise<FundRecord> {
  return (await insertFundOnce(core, input)).fund;
}

/**
 * {@link insertFund}, telling whether this call inserted the row: `inserted` false when a fund of `input.id` existed
 * already (then `fund` is that one, whatever `input` said).
 */
export async function insertFundOnce(
  core: InvestmentsCore,
  input: {
    id?: string;
    kind: 'curated' | 'community';
    managerId: string | null;
    name: string;
    description: string;
    currency: FundCurrency;
    feePercent: string;
    components: ReadonlyArray<{ productId: string; weight: string }>;
    /** An issuer token's terms (then `components` is empty). */
    token?: { symbol: string; parValue: string };
  },
): Promise<{ fund: FundRecord; inserted: boolean }> {
  const now = core.now();
  const id = input.id ?? uuidv7(now.getTime());
  const row = await core.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('funds')
      .values({
        id,
        kind: input.kind,
        manager_id: input.managerId,
        name: input.name,
        description: input.description,
        currency: input.currency,
        fee_percent: input.feePercent,
        // Replaced below once the number is known (the ledger code is made of it).
        units_ledger: `pending:${id}`,
        ...(input.token === undefined
          ? {}
          : { asset_kind: 'token' as const, symbol: input.token.symbol, par_value: input.token.parValue }),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted === undefined) {
      return null;
    }
    const updated = await trx
      .updateTable('funds')
      .set({ units_ledger: unitsLedgerCode(inserted.number) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.components.length === 0) {
      return updated;
    }
    await trx
      .insertInto('fund_components')
      .values(
        input.components.map((component, position) => ({
          fund_id: id,
          position,
          product_id: component.productId,
          weight: component.weight,
        })),
      )
      .execute();
    await trx
      .insertInto('fund_products')
      .values(input.components.map((component) => ({ fund_id: id, product_id: component.productId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return updated;
  });
  const fund = row === null ? await loadFund(core, id) : recordOf(row, input.components);
  await core.fundLedger.ensureFund(fund);
  return { fund, inserted: row !== null };
}

/** POST /funds: a community fund managed by the caller. */
export async function createCommunityFund(
  core: InvestmentsCore,
  userId: string,
  request: Required<Pick<CreateFundRequest, 'name' | 'managementFeePercent' | 'components'>> & {
    description: string;
    currency: FundCurrency;
  },
): Promise<FundRecord> {
  await core.requireVerified(userId);
  const managed = await core.db
    .selectFrom('funds')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('manager_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(managed.count) >= FUND_MANAGED_MAX) {
    throw new ManagedFundsLimitError(undefined, { max: FUND_MANAGED_MAX });
  }
  await checkInstruments(core, request.currency, request.components);
  return insertFund(core, {
    kind: 'community',
    managerId: userId,
    name: request.name,
    description: request.description,
    currency: request.currency,
    feePercent: normalisePercent(request.managementFeePercent),
    components: request.components.map((c) => ({
      productId: c.productId,
      weight: normalisePercent(c.weight),
    })),
  });
}

/** `7.5` → `7.50`: weights and fees are stored with two decimals. */
export function normalisePercent(value: string): string {
  return formatFixed(weightHundredths(value), 2);
}

/** The fund's state at reference prices now (cash, positions, units outstanding, NAV). */
export async function fundState(core: InvestmentsCore, fund: FundRecord): Promise<FundState> {
  await core.fundLedger.ensureFund(fund);
  const trading = core.findTrading();
  const owner = `fund:${fund.id}`;
  const productIds = new Set(fund.components.map((c) => c.productId));
  for (const productId of await core.heldProducts(fund)) {
    productIds.add(productId);
  }
  const quantities = new Map<string, string>();
  const prices = new Map<string, string | null>();
  for (const productId of productIds) {
    if (trading === null) {
      quantities.set(productId, '0');
      prices.set(productId, null);
      continue;
    }
    const account = await trading.positionAccount(owner, productId);
    quantities.set(productId, (await core.fundLedger.posted(account)) ?? '0');
    prices.set(productId, await trading.referencePrice(productId));
  }
  const cashMinor = parseFixed((await core.fundLedger.posted(poolCashAccountId(fund.id))) ?? '0', CASH_SCALE);
  const issued = parseFixed(
    (await core.fundLedger.posted(issuanceAccountId(fund.id))) ?? '0',
    FUND_UNITS_SCALE,
  );
  const units = -issued;
  const positions = [...productIds].map((productId) => ({
    productId,
    quantity: quantities.get(productId) ?? '0',
    price: prices.get(productId) ?? null,
  }));
  const gross = valuate(cashMinor, positions, 0n);
  const accruedFeesMinor = accruedFeeToday(fund, gross.netAssets, core.now());
  const valuation = valuate(cashMinor, positions, accruedFeesMinor);
  return {
    fund,
    cashMinor,
    quantities,
    prices,
    valuation,
    units,
    // An issuer token has no basket: its price per unit is its par value (docs/adr/0021).
    nav: fund.token
      ? rescale(parseFixed(fund.token.parValue, CASH_SCALE), CASH_SCALE, FUND_NAV_SCALE)
      : navPerUnit(valuation.netAssets, units, INITIAL_NAV),
  };
}

/**
 * The management fee accrued since the start of today (UTC, or since the fund's creation), not yet moved: the fee
 * job moves each whole day's fee just after midnight. netAssets x fee% / 100 / 365 x elapsed / day, in minor units,
 * rounded down.
 */
export function accruedFeeToday(
  fund: Pick<FundRecord, 'feePercent' | 'createdAt'>,
  netAssets: bigint,
  now: Date,
): bigint {
  if (netAssets <= 0n) {
    return 0n;
  }
  const dayStart = Math.max(Date.parse(`${dayOf(now)}T00:00:00Z`), fund.createdAt.getTime());
  const elapsed = BigInt(Math.max(0, now.getTime() - dayStart));
  return dailyFeeMinor(fund.feePercent, netAssets, elapsed);
}

/** The fee of `elapsedMs` (a whole day by default) on `netAssets` (at VALUE_SCALE), in minor units, rounded down. */
export function dailyFeeMinor(
  feePercent: string,
  netAssets: bigint,
  elapsedMs: bigint = BigInt(DAY_MS),
): bigint {
  const hundredths = weightHundredths(feePercent);
  const minor = rescale(netAssets, VALUE_SCALE, CASH_SCALE);
  return (minor * hundredths * elapsedMs) / (10_000n * BigInt(FUND_FEE_DAY_BASIS) * BigInt(DAY_MS));
}

function componentsOf(state: FundState): FundComponent[] {
  const gross = state.valuation.positions + state.valuation.cash;
  const targets = new Map(state.fund.components.map((c) => [c.productId, c.weight]));
  const ids = [...new Set([...targets.keys(), ...state.quantities.keys()])];
  return ids.map((productId) => {
    const value = state.valuation.perPosition.get(productId) ?? 0n;
    return {
      productId,
      targetWeight: targets.get(productId) ?? '0.00',
      actualWeight: percentOf(value, gross),
      quantity: state.quantities.get(productId) ?? '0',
      price: state.prices.get(productId) ?? null,
      value: formatFixed(rescale(value, VALUE_SCALE, CASH_SCALE), CASH_SCALE),
    };
  });
}

const money = (value: bigint): string => formatFixed(rescale(value, VALUE_SCALE, CASH_SCALE), CASH_SCALE);

/** A fund's row in lists. */
export async function summaryOf(
  core: InvestmentsCore,
  userId: string,
  state: FundState,
): Promise<FundSummary> {
  const { fund } = state;
  return {
    id: fund.id,
    kind: fund.kind,
    name: fund.name,
    description: fund.description,
    descriptions: fund.kind === 'curated' ? curatedDescriptions(fund.id) : null,
    currency: fund.currency,
    managerName: fund.managerId === null ? 'Tessera' : await core.displayName(fund.managerId),
    managedByMe: fund.managerId === userId,
    token: fund.token ?? null,
    managementFeePercent: fund.feePercent,
    nav: formatFixed(state.nav, FUND_NAV_SCALE),
    unitsOutstanding: formatFixed(state.units, FUND_UNITS_SCALE),
    createdAt: fund.createdAt.toISOString(),
  };
}

const PERIOD_DAYS: Record<Exclude<FundPerformancePeriod, 'max'>, number> = {
  '1D': 1,
  '1W': 7,
  '1M': 30,
  '3M': 91,
  '1Y': 365,
};

/** The fund's page. */
export async function fundDetail(
  core: InvestmentsCore,
  userId: string,
  fund: FundRecord,
): Promise<FundDetail> {
  const state = await fundState(core, fund);
  await recordNavPoint(core, fund.id, state.nav);
  const points = await core.db
    .selectFrom('fund_nav_points')
    .select(['day', 'nav'])
    .where('fund_id', '=', fund.id)
    .orderBy('day', 'desc')
    .limit(FUND_NAV_HISTORY_MAX)
    .execute();
  points.reverse();
  const navNow = state.nav;
  const today = dayOf(core.now());
  const performance = {} as Record<FundPerformancePeriod, string | null>;
  for (const period of FUND_PERFORMANCE_PERIODS) {
    const base =
      period === 'max'
        ? points[0]
        : [...points]
            .reverse()
            .find(
              (point) =>
                point.day <= dayOf(new Date(Date.parse(`${today}T00:00:00Z`) - PERIOD_DAYS[period] * DAY_MS)),
            );
    const baseNav = base === undefined ? null : parseFixed(base.nav, FUND_NAV_SCALE);
    performance[period] = baseNav === null || baseNav === 0n ? null : percentOf(navNow - baseNav, baseNav);
  }
  const holders = await core.holdersCount(fund);
  return {
    ...(await summaryOf(core, userId, state)),
    components: componentsOf(state),
    valuation: {
      cash: money(state.valuation.cash),
      positions: money(state.valuation.positions),
      accruedFees: money(state.valuation.accruedFees),
      netAssets: money(state.valuation.netAssets),
      unpriced: state.valuation.unpriced,
    },
    navHistory: points.map((point) => ({ at: `${point.day}T00:00:00.000Z`, nav: point.nav })),
    performance,
    holdersCount: holders,
    factsheet: {
      inceptionDate: dayOf(fund.createdAt),
      currency: fund.currency,
      managementFeePercent: fund.feePercent,
      componentsCount: fund.components.length,
      unitsScale: FUND_UNITS_SCALE,
      minimumInvestment: FUND_INVEST_AMOUNT_MIN,
    },
  };
}

/** Today's NAV point (the last value of the day wins). */
export async function recordNavPoint(core: InvestmentsCore, fundId: string, nav: bigint): Promise<void> {
  const text = formatFixed(nav, FUND_NAV_SCALE);
  await core.db
    .insertInto('fund_nav_points')
    .values({ fund_id: fundId, day: dayOf(core.now()), nav: text })
    .onConflict((conflict) => conflict.columns(['fund_id', 'day']).doUpdateSet({ nav: text }))
    .execute();
}

/** GET /funds. */
export async function listFunds(
  core: InvestmentsCore,
  userId: string,
  query: Required<ListFundsQuery>,
): Promise<FundSummary[]> {
  let select = core.db.selectFrom('funds').select('id').orderBy('number');
  if (query.scope === 'curated' || query.scope === 'community') {
    select = select.where('kind', '=', query.scope);
  } else if (query.scope === 'mine') {
    select = select.where('manager_id', '=', userId);
  }
  const rows = await select.limit(200).execute();
  const summaries: FundSummary[] = [];
  for (const row of rows) {
    const fund = await loadFund(core, row.id);
    summaries.push(
      await core.serial(fund.id, async () => summaryOf(core, userId, await fundState(core, fund))),
    );
  }
  return summaries;
}

/** Only the manager may change a community fund; nobody changes a curated one here. */
export function assertManager(fund: FundRecord, userId: string): void {
  if (fund.kind === 'curated') {
    throw new CuratedFundReadOnlyError();
  }
  if (fund.managerId !== userId) {
    throw new NotFundManagerError();
  }
}

/**
 * The trades that bring the fund to `components` at reference prices: per instrument, target value (gross x
 * weight) less current value; positive buys, negative sells. Differences under one cent are left out.
 */
export function rebalanceTrades(
  state: FundState,
  components: ReadonlyArray<{ productId: string; weight: string }>,
): FundTrade[] {
  const gross = state.valuation.positions + state.valuation.cash - state.valuation.accruedFees;
  const targets = new Map(components.map((c) => [c.productId, weightHundredths(c.weight)]));
  const ids = [...new Set([...targets.keys(), ...state.quantities.keys()])];
  const trades: FundTrade[] = [];
  for (const productId of ids) {
    const target = (gross * (targets.get(productId) ?? 0n)) / 10_000n;
    const current = state.valuation.perPosition.get(productId) ?? 0n;
    const difference = rescale(target - current, VALUE_SCALE, CASH_SCALE);
    if (difference === 0n) {
      continue;
    }
    trades.push({
      productId,
      side: difference > 0n ? 'buy' : 'sell',
      notional: formatFixed(difference > 0n ? difference : -difference, CASH_SCALE),
    });
  }
  // Sells first: their proceeds pay the buys.
  return trades.sort((a, b) => (a.side === b.side ? 0 : a.side === 'sell' ? -1 : 1));
}
