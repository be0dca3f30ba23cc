/**
 * The idempotent seed: at every start it upserts the sources, their holidays and the instruments from the data
 * modules, in one transaction (a reader sees the old catalog or the new one). Holidays of a source are replaced
 * by the data module's list. Instruments are never deleted: orders and positions may name one that left the data.
 */
import type { Transaction } from 'kysely';
import { VENUE_CALENDARS } from '../calendar/calendar.data.ts';
import type { MarketDataInfoDatabase, MarketDataInfoTables } from '../../tables.ts';
import { INSTRUMENTS, instrumentId } from './catalog.data.ts';

type Trx = Transaction<MarketDataInfoTables>;

async function upsertSources(trx: Trx): Promise<void> {
  await trx
    .insertInto('source')
    .values(
      VENUE_CALENDARS.map((venue) => ({
        id: venue.id,
        name: venue.name,
        country: venue.country,
        time_zone: venue.timeZone,
        always_open: venue.alwaysOpen,
        opens_at: venue.opensAt,
        closes_at: venue.closesAt,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        country: eb.ref('excluded.country'),
        time_zone: eb.ref('excluded.time_zone'),
        always_open: eb.ref('excluded.always_open'),
        opens_at: eb.ref('excluded.opens_at'),
        closes_at: eb.ref('excluded.closes_at'),
      })),
    )
    .execute();
}

async function replaceHolidays(trx: Trx): Promise<void> {
  await trx
    .deleteFrom('source_holiday')
    .where(
      'source_id',
      'in',
      VENUE_CALENDARS.map((venue) => venue.id),
    )
    .execute();
  const rows = VENUE_CALENDARS.flatMap((venue) =>
    venue.holidays.map((holiday) => ({
      source_id: venue.id,
      holiday_on: holiday.date,
      name: holiday.name,
      closes_at: holiday.closesAt ?? null,
    })),
  );
  if (rows.length > 0) {
    await trx.insertInto('source_holiday').values(rows).execute();
  }
}

async function upsertInstruments(trx: Trx): Promise<void> {
  await trx
    .insertInto('instrument')
    .values(
      INSTRUMENTS.map((instrument) => ({
        id: instrumentId(instrument),
        symbol: instrument.symbol,
        source_id: instrument.source,
        name: instrument.name,
        kind: instrument.kind,
        currency: instrument.currency,
        tick_size: instrument.tickSize,
        lot_size: instrument.lotSize,
        isin: instrument.isin,
        sector: instrument.sector,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        kind: eb.ref('excluded.kind'),
        currency: eb.ref('excluded.currency'),
        tick_size: eb.ref('excluded.tick_size'),
        lot_size: eb.ref('excluded.lot_size'),
        isin: eb.ref('excluded.isin'),
        sector: eb.ref('excluded.sector'),
      })),
    )
    .execute();
}

/** Writes the catalog; running it twice leaves the same rows as running it once. */
export async function seedCatalog(db: MarketDataInfoDatabase): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertSources(trx);
    await replaceHolidays(trx);
    await upsertInstruments(trx);
  });
}
