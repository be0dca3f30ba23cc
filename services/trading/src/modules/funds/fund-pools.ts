/**
 * Fund pools (modules/funds, docs/adr/0019): owner id (`fund:<fundId>`) to the ledger account that pays and
 * receives the cash of the pool's order in flight. Stored (table fund_pools) before the order is placed, so an
 * order the process left open settles after a restart into the right account, even if the pool never trades again;
 * kept in memory once read. A pool is not a customer: its "wallet" is this account and it has no KYC record.
 */
import type { TradingDatabase } from '../orders/orders.tables.ts';

/** Pools' owner ids start with this (investments' poolOwnerOf); a customer's user id never does. */
export const POOL_OWNER_PREFIX = 'fund:';

export interface FundPoolsTable {
  owner_id: string;
  cash_account_id: string;
  updated_at: Date;
}

export class FundPools {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly db: TradingDatabase,
    private readonly now: () => Date,
  ) {}

  /** Stores the account the pool's next order pays from and is paid to (before the order is placed). */
  async remember(ownerId: string, cashAccountId: string): Promise<void> {
    if (!ownerId.startsWith(POOL_OWNER_PREFIX)) {
      throw new Error(`A fund pool's owner id starts with ${POOL_OWNER_PREFIX}: ${ownerId}`);
    }
    if (this.known.get(ownerId) === cashAccountId) {
      return;
    }
    const updatedAt = this.now();
    await this.db
      .insertInto('fund_pools')
      .values({ owner_id: ownerId, cash_account_id: cashAccountId, updated_at: updatedAt })
      .onConflict((conflict) =>
        conflict.column('owner_id').doUpdateSet({ cash_account_id: cashAccountId, updated_at: updatedAt }),
      )
      .execute();
    this.known.set(ownerId, cashAccountId);
  }

  /** The pool's cash account; undefined for a customer (or a pool that never traded). */
  async accountOf(ownerId: string): Promise<string | undefined> {
    if (!ownerId.startsWith(POOL_OWNER_PREFIX)) {
      return undefined;
    }
    const known = this.known.get(ownerId);
    if (known !== undefined) {
      return known;
    }
    const row = await this.db
      .selectFrom('fund_pools')
      .select('cash_account_id')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (row !== undefined) {
      this.known.set(ownerId, row.cash_account_id);
    }
    return row?.cash_account_id;
  }

  /** True for a fund pool's owner id (no KYC or legal-document check applies to it). */
  async isPool(ownerId: string): Promise<boolean> {
    return (await this.accountOf(ownerId)) !== undefined;
  }
}
