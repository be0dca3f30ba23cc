/** The customer's fund holdings: units from the ledger, valued at the fund's NAV now. */
import { type FundHolding, FUND_NAV_SCALE, FUND_UNITS_SCALE } from '@tessera/contracts';
import { CASH_SCALE, formatFixed, parseFixed, rescale, valueOfUnits, VALUE_SCALE } from './fixed.ts';
import { holderAccountId } from './fund-ledger.ts';
import { fundState, loadFund } from './funds.ts';
import type { InvestmentsCore } from './investments-core.ts';
import type { TokensDatabase } from './tokens/token-tables.ts';

export async function listHoldings(core: InvestmentsCore, userId: string): Promise<FundHolding[]> {
  const rows = await core.db
    .selectFrom('fund_operations')
    .select(['fund_id', 'kind', 'status', 'amount_minor'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['minted', 'paid'])
    .execute();
  const invested = new Map<string, bigint>();
  for (const row of rows) {
    const amount = BigInt(row.amount_minor);
    invested.set(
      row.fund_id,
      (invested.get(row.fund_id) ?? 0n) + (row.kind === 'subscription' ? amount : -amount),
    );
  }
  // Units received by a token transfer (docs/adr/0021): the fund is listed, with nothing invested by this customer.
  const received = await (core.db as unknown as TokensDatabase)
    .selectFrom('token_holders')
    .select('fund_id')
    .where('user_id', '=', userId)
    .execute();
  for (const row of received) {
    if (!invested.has(row.fund_id)) {
      invested.set(row.fund_id, 0n);
    }
  }
  const holdings: FundHolding[] = [];
  for (const [fundId, cost] of invested) {
    const posted = await core.fundLedger.posted(holderAccountId(fundId, userId));
    const units = posted === null ? 0n : parseFixed(posted, FUND_UNITS_SCALE);
    if (units <= 0n) {
      continue;
    }
    const fund = await loadFund(core, fundId);
    const state = await core.serial(fund.id, () => fundState(core, fund));
    const value = rescale(valueOfUnits(units, state.nav), VALUE_SCALE, CASH_SCALE);
    holdings.push({
      fundId,
      fundName: fund.name,
      currency: fund.currency,
      units: formatFixed(units, FUND_UNITS_SCALE),
      nav: formatFixed(state.nav, FUND_NAV_SCALE),
      value: formatFixed(value, CASH_SCALE),
      invested: formatFixed(cost, CASH_SCALE),
      gain: formatFixed(value - cost, CASH_SCALE),
    });
  }
  return holdings;
}
