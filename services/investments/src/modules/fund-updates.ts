/**
 * PATCH /funds/:fundId: the manager edits name, description and fee at once; a new composition answers the trades
 * of its rebalance at reference prices and, with `apply: true`, is stored and rebalanced through the trading engine
 * (sells first, their proceeds in the pool's cash, then buys from it).
 */
import {
  type FundDetail,
  type FundTrade,
  type UpdateFundRequest,
  type UpdateFundResponse,
  uuidv7,
} from '@tessera/contracts';
import { CASH_SCALE, formatFixed, parseFixed, proRata, rescale, VALUE_SCALE } from './fixed.ts';
import { poolCashAccountId, poolOwnerOf } from './fund-ledger.ts';
import {
  assertManager,
  checkInstruments,
  fundDetail,
  fundState,
  type FundRecord,
  loadFund,
  normalisePercent,
  rebalanceTrades,
  requireInvestable,
} from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';

export async function updateFund(
  core: InvestmentsCore,
  userId: string,
  fundId: string,
  request: UpdateFundRequest,
): Promise<UpdateFundResponse> {
  const fund = await loadFund(core, fundId);
  assertManager(fund, userId);
  await core.requireVerified(userId);
  if (request.components !== undefined || request.managementFeePercent !== undefined) {
    requireInvestable(fund);
  }
  const components = request.components?.map((c) => ({
    productId: c.productId,
    weight: normalisePercent(c.weight),
  }));
  if (components !== undefined) {
    await checkInstruments(core, fund.currency, components);
  }
  const changes = {
    ...(request.name === undefined ? {} : { name: request.name }),
    ...(request.description === undefined ? {} : { description: request.description }),
    ...(request.managementFeePercent === undefined
      ? {}
      : { fee_percent: normalisePercent(request.managementFeePercent) }),
  };
  if (Object.keys(changes).length > 0) {
    await core.db
      .updateTable('funds')
      .set({ ...changes, updated_at: core.now() })
      .where('id', '=', fund.id)
      .execute();
  }
  let rebalance: UpdateFundResponse['rebalance'] = null;
  if (components !== undefined) {
    rebalance = await core.serial(fund.id, async () => {
      const state = await fundState(core, fund);
      const trades = rebalanceTrades(state, components);
      if (request.apply !== true) {
        return { applied: false, trades };
      }
      await storeComposition(core, fund, components);
      await executeTrades(core, fund, trades);
      return { applied: true, trades };
    });
  }
  const updated = await loadFund(core, fund.id);
  const detail: FundDetail = await core.serial(fund.id, () => fundDetail(core, userId, updated));
  return { fund: detail, rebalance };
}

async function storeComposition(
  core: InvestmentsCore,
  fund: FundRecord,
  components: ReadonlyArray<{ productId: string; weight: string }>,
): Promise<void> {
  await core.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('fund_components').where('fund_id', '=', fund.id).execute();
    await trx
      .insertInto('fund_components')
      .values(
        components.map((c, position) => ({
          fund_id: fund.id,
          position,
          product_id: c.productId,
          weight: c.weight,
        })),
      )
      .execute();
    await trx
      .insertInto('fund_products')
      .values(components.map((c) => ({ fund_id: fund.id, product_id: c.productId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx.updateTable('funds').set({ updated_at: core.now() }).where('id', '=', fund.id).execute();
  });
}

/** Sells (by quantity, pro rata to the value to sell) then buys (by notional) from the pool's cash. */
async function executeTrades(
  core: InvestmentsCore,
  fund: FundRecord,
  trades: readonly FundTrade[],
): Promise<void> {
  const trading = core.trading();
  const pool = { ownerId: poolOwnerOf(fund.id), cashAccountId: poolCashAccountId(fund.id) };
  const batch = uuidv7(core.now().getTime());
  const state = await fundState(core, fund);
  for (const [index, trade] of trades.entries()) {
    if (trade.side === 'sell') {
      const quantity = state.quantities.get(trade.productId) ?? '0';
      const digits = (quantity.split('.')[1] ?? '').length;
      const held = parseFixed(quantity, digits);
      const value = state.valuation.perPosition.get(trade.productId) ?? 0n;
      const toSell = rescale(parseFixed(trade.notional, CASH_SCALE), CASH_SCALE, VALUE_SCALE);
      const share = value <= toSell ? held : proRata(held, toSell, value);
      if (share > 0n) {
        await trading.marketOrder(pool, {
          clientOrderId: `rebalance-${batch}-${index}`,
          productId: trade.productId,
          side: 'sell',
          quantity: formatFixed(share, digits),
        });
      }
    } else {
      const cash = parseFixed((await core.fundLedger.posted(pool.cashAccountId)) ?? '0', CASH_SCALE);
      const notional = parseFixed(trade.notional, CASH_SCALE);
      const spend = notional < cash ? notional : cash;
      if (spend > 0n) {
        await trading.marketOrder(pool, {
          clientOrderId: `rebalance-${batch}-${index}`,
          productId: trade.productId,
          side: 'buy',
          notional: formatFixed(spend, CASH_SCALE),
        });
      }
    }
  }
}
