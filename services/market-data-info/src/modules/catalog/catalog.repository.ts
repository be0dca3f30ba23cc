/** Reads of the instrument catalog. */
import { sql } from 'kysely';
import type { ProductSource } from '@tessera/contracts';
import type { MarketDataInfoDatabase, MarketDataInfoTables } from '../../tables.ts';
import type { InstrumentsQuery } from './catalog.schemas.ts';

export type InstrumentRow = Omit<MarketDataInfoTables['instrument'], 'search_text'>;

/** A source with its holidays, ready for `isVenueOpen`. */
export interface SourceRow {
  id: ProductSource;
  name: string;
  country: string | null;
  timeZone: string;
  alwaysOpen: boolean;
  opensAt: string;
  closesAt: string;
  holidays: Array<{ date: string; name: string; closesAt: string | null }>;
}

const INSTRUMENT_COLUMNS = [
  'id',
  'symbol',
  'source_id',
  'name',
  'kind',
  'currency',
  'tick_size',
  'lot_size',
  'isin',
  'sector',
] as const;

/**
 * One page of instruments in id order, after `cursor`; `limit + 1` rows are read so the caller knows whether a
 * next page exists. Search matches a substring of the symbol, the name or the ISIN, ignoring case.
 */
export async function listInstruments(
  db: MarketDataInfoDatabase,
  query: InstrumentsQuery,
): Promise<InstrumentRow[]> {
  let select = db.selectFrom('instrument').select(INSTRUMENT_COLUMNS);
  const search = query.q?.toLowerCase();
  if (search !== undefined) {
    // strpos, not LIKE: the text is matched literally, so '%' and '_' in a search need no escaping.
    select = select.where((eb) => eb(eb.fn('strpos', ['search_text', eb.val(search)]), '>', 0));
  }
  if (query.kind !== undefined) {
    select = select.where('kind', '=', query.kind);
  }
  if (query.source !== undefined) {
    select = select.where('source_id', '=', query.source);
  }
  // Ids compare byte by byte (the C collation), so the order is the same on every database whatever its locale.
  if (query.cursor !== undefined) {
    select = select.where(sql<boolean>`id collate "C" > ${query.cursor}`);
  }
  return select
    .orderBy(sql`id collate "C"`)
    .limit(query.limit + 1)
    .execute();
}

export async function findInstrument(
  db: MarketDataInfoDatabase,
  id: string,
): Promise<InstrumentRow | undefined> {
  return db.selectFrom('instrument').select(INSTRUMENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Every source with its holidays (a handful of rows: read whole). */
export async function listSources(db: MarketDataInfoDatabase): Promise<SourceRow[]> {
  const sources = await db.selectFrom('source').selectAll().orderBy('id').execute();
  const holidays = await db
    .selectFrom('source_holiday')
    .selectAll()
    .orderBy('source_id')
    .orderBy('holiday_on')
    .execute();
  return sources.map((source) => ({
    id: source.id as ProductSource,
    name: source.name,
    country: source.country,
    timeZone: source.time_zone,
    alwaysOpen: source.always_open,
    opensAt: source.opens_at,
    closesAt: source.closes_at,
    holidays: holidays
      .filter((holiday) => holiday.source_id === source.id)
      .map((holiday) => ({ date: holiday.holiday_on, name: holiday.name, closesAt: holiday.closes_at })),
  }));
}
