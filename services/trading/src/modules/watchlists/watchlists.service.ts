/**
 * Watchlists: named, ordered lists of products, per customer (at most TRADING_WATCHLISTS_MAX, each at most
 * TRADING_WATCHLIST_ITEMS_MAX products). Another customer's watchlist id answers as unknown.
 */
import {
  type CreateWatchlistRequest,
  TRADING_WATCHLISTS_MAX,
  uuidv7,
  type UpdateWatchlistRequest,
  type Watchlist,
  type ProductId,
} from '@tessera/contracts';
import { WatchlistLimitError, WatchlistNotFoundError } from '../../errors.ts';
import type { TradingDatabase, WatchlistRow } from '../orders/orders.tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(row: WatchlistRow): Watchlist {
  return {
    id: row.id,
    name: row.name,
    productIds: row.product_ids as unknown as ProductId[],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export async function listWatchlists(db: TradingDatabase, userId: string): Promise<Watchlist[]> {
  const rows = await db
    .selectFrom('watchlists')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map(view);
}

export async function createWatchlist(
  db: TradingDatabase,
  userId: string,
  request: CreateWatchlistRequest,
  now: Date,
): Promise<Watchlist> {
  const count = await db
    .selectFrom('watchlists')
    .select(({ fn }) => fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= TRADING_WATCHLISTS_MAX) {
    throw new WatchlistLimitError(undefined, { watchlistsMax: TRADING_WATCHLISTS_MAX });
  }
  const row = await db
    .insertInto('watchlists')
    .values({
      id: uuidv7(),
      user_id: userId,
      name: request.name.trim(),
      product_ids: JSON.stringify(unique(request.productIds ?? [])),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(row);
}

async function owned(db: TradingDatabase, userId: string, id: string): Promise<WatchlistRow> {
  if (!UUID.test(id)) {
    throw new WatchlistNotFoundError();
  }
  const row = await db
    .selectFrom('watchlists')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) {
    throw new WatchlistNotFoundError();
  }
  return row;
}

export async function getWatchlist(db: TradingDatabase, userId: string, id: string): Promise<Watchlist> {
  return view(await owned(db, userId, id));
}

export async function updateWatchlist(
  db: TradingDatabase,
  userId: string,
  id: string,
  request: UpdateWatchlistRequest,
  now: Date,
): Promise<Watchlist> {
  const row = await owned(db, userId, id);
  const updated = await db
    .updateTable('watchlists')
    .set({
      name: request.name?.trim() ?? row.name,
      product_ids: JSON.stringify(
        request.productIds === undefined ? row.product_ids : unique(request.productIds),
      ),
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(updated);
}

export async function deleteWatchlist(db: TradingDatabase, userId: string, id: string): Promise<void> {
  const row = await owned(db, userId, id);
  await db.deleteFrom('watchlists').where('id', '=', row.id).execute();
}
