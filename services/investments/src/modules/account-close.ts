/**
 * What investments tells user management before an account is closed (InvestmentsApi.unitsHeld and activePlans of
 * @tessera/contracts; docs/api.md "Closing the account"): the funds and tokens the customer holds units of, and the
 * automated plans that would keep running.
 *
 * Units live in the ledger, one account per fund and holder (fund-ledger.ts, holderAccountId), however they came:
 * a subscription, a token transfer or a forced one, a mint. So the customer's own ledger accounts are read, not the
 * tables that remember how units arrived: any units account of a fund's units ledger with units posted (frozen and
 * locked ones included) or pending in or out is a holding.
 */
import {
  BANK_TENANT_ID,
  FUND_UNITS_SCALE,
  type HoldingBlockingClose,
  type PlanBlockingClose,
} from '@tessera/contracts';
import { holderAccountId } from './fund-ledger.ts';
import { formatFixed, parseFixed } from './fixed.ts';
import type { InvestmentsCore } from './investments-core.ts';
import type { PlansDatabase } from './plans/plan-tables.ts';

/** Accounts read per ledger page. */
const PAGE_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The funds and tokens `userId` holds units of, by name. */
export async function unitsHeld(core: InvestmentsCore, userId: string): Promise<HoldingBlockingClose[]> {
  if (!UUID.test(userId)) {
    return [];
  }
  const accounts = [];
  let cursor: string | undefined;
  do {
    const page = await core.ledger.listAccounts(BANK_TENANT_ID, {
      ownerId: userId,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    accounts.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  const nonZero = (value: string) => /[1-9]/.test(value);
  const holding = accounts.filter(
    (account) =>
      nonZero(account.balance.posted) ||
      nonZero(account.balance.creditsPending) ||
      nonZero(account.balance.debitsPending),
  );
  if (holding.length === 0) {
    return [];
  }
  const funds = await core.db
    .selectFrom('funds')
    .select(['id', 'name', 'asset_kind', 'symbol', 'units_ledger'])
    .where('units_ledger', 'in', [...new Set(holding.map((account) => account.ledger))])
    .execute();
  const held: HoldingBlockingClose[] = [];
  for (const fund of funds) {
    // The holder's own units account of this fund (the same owner may have other accounts on the ledger).
    const account = holding.find(
      (candidate) =>
        candidate.ledger === fund.units_ledger && candidate.id === holderAccountId(fund.id, userId),
    );
    if (account === undefined) {
      continue;
    }
    const token = fund.asset_kind === 'token';
    held.push({
      kind: token ? 'token' : 'fund',
      id: fund.id,
      name: fund.name,
      symbol: token ? fund.symbol : null,
      quantity: formatFixed(parseFixed(account.balance.posted, FUND_UNITS_SCALE, 'down'), FUND_UNITS_SCALE),
    });
  }
  return held.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The customer's active plans (paused, cancelled and ended ones never run), with their page's name. */
export async function activePlans(core: InvestmentsCore, userId: string): Promise<PlanBlockingClose[]> {
  if (!UUID.test(userId)) {
    return [];
  }
  const rows = await (core.db as unknown as PlansDatabase)
    .selectFrom('plans')
    .leftJoin('funds', 'funds.id', 'plans.fund_id')
    .select(['plans.id', 'plans.target_kind', 'plans.product_id', 'plans.fund_id', 'funds.name as fund_name'])
    .where('plans.user_id', '=', userId)
    .where('plans.status', '=', 'active')
    .orderBy('plans.created_at')
    .execute();
  return rows.map((row) => ({
    planId: row.id,
    name:
      row.target_kind === 'instrument'
        ? (row.product_id ?? row.id)
        : (row.fund_name ?? row.fund_id ?? row.id),
  }));
}
