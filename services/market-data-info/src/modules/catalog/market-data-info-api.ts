/**
 * The in-process client market-data-info offers other services (`MARKET_DATA_INFO_CLIENT` of @tessera/contracts):
 * the catalog and the venues' trading sessions as UTC intervals. The catalog only changes with a deployment (the
 * seed rewrites it at start), so it is read once, on first use, and kept.
 */
import {
  type InstrumentInfo,
  type MarketDataInfoApi,
  type ProductId,
  type ProductSource,
  type SourceInfo,
  TRADING_SESSIONS_RANGE_MS_MAX,
  type TradingSession,
} from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { localTime, minutesOf } from '../calendar/calendar.ts';
import { listSources, type SourceRow } from './catalog.repository.ts';
import type { MarketDataInfoDatabase } from '../../tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

interface Catalog {
  readonly instruments: InstrumentInfo[];
  readonly sources: Map<ProductSource, SourceRow>;
}

/** Builds the client over the service's database (read on first use, after the seed has run). */
export function createMarketDataInfoApi(db: MarketDataInfoDatabase): MarketDataInfoApi {
  let catalog: Promise<Catalog> | undefined;
  const load = () => {
    catalog ??= readCatalog(db).then(
      (read) => {
        // Read before the seed ran (another service's seed asked first): empty, so not kept.
        if (read.instruments.length === 0) {
          catalog = undefined;
        }
        return read;
      },
      (error: unknown) => {
        catalog = undefined;
        throw error;
      },
    );
    return catalog;
  };
  return {
    async listInstruments() {
      return [...(await load()).instruments];
    },
    async listSources() {
      return [...(await load()).sources.values()].map((source): SourceInfo => ({
        id: source.id,
        name: source.name,
        timeZone: source.timeZone,
        alwaysOpen: source.alwaysOpen,
      }));
    },
    async tradingSessions(sourceId, fromMs, toMs) {
      invariant(
        Number.isFinite(fromMs) && Number.isFinite(toMs) && fromMs <= toMs,
        'tradingSessions needs fromMs <= toMs',
      );
      invariant(toMs - fromMs <= TRADING_SESSIONS_RANGE_MS_MAX, 'tradingSessions covers at most three years');
      const source = (await load()).sources.get(sourceId);
      invariant(source !== undefined, `unknown source ${sourceId}`);
      return sessionsBetween(source, fromMs, toMs);
    },
  };
}

async function readCatalog(db: MarketDataInfoDatabase): Promise<Catalog> {
  const [rows, sources] = await Promise.all([
    db
      .selectFrom('instrument')
      .select([
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
      ])
      .orderBy('id')
      .execute(),
    listSources(db),
  ]);
  return {
    instruments: rows.map((row) => ({
      id: row.id as ProductId,
      symbol: row.symbol,
      source: row.source_id as ProductSource,
      name: row.name,
      kind: row.kind,
      currency: row.currency,
      tickSize: row.tick_size,
      lotSize: row.lot_size,
      isin: row.isin,
      sector: row.sector,
    })),
    sources: new Map(sources.map((source) => [source.id, source])),
  };
}

/**
 * The sessions of a venue overlapping `[fromMs, toMs)`. Local dates are walked from the day before `fromMs` to
 * the day after `toMs` (a session's local date can differ from its UTC date), and each date's session is turned
 * into UTC with the venue's offset on that date, so daylight-saving changes move sessions as they should.
 */
export function sessionsBetween(source: SourceRow, fromMs: number, toMs: number): TradingSession[] {
  const sessions: TradingSession[] = [];
  const holidays = new Map(source.holidays.map((holiday) => [holiday.date, holiday]));
  const first = localTime(source.timeZone, new Date(fromMs - DAY_MS)).date;
  const last = localTime(source.timeZone, new Date(toMs + DAY_MS)).date;
  for (let date = first; date <= last; date = nextDate(date)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (!source.alwaysOpen && (weekday === 0 || weekday === 6)) {
      continue;
    }
    const holiday = holidays.get(date);
    const closesAt = holiday === undefined ? source.closesAt : holiday.closesAt;
    if (closesAt === null) {
      continue;
    }
    const opensAtMs = zonedTimeToUtcMs(date, minutesOf(source.opensAt), source.timeZone);
    const closesAtMs = zonedTimeToUtcMs(date, minutesOf(closesAt), source.timeZone);
    if (closesAtMs > fromMs && opensAtMs < toMs) {
      sessions.push({ date, opensAtMs, closesAtMs });
    }
  }
  return sessions;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant of `minutes` past local midnight of `date` in `timeZone` (24:00 is the next midnight). */
export function zonedTimeToUtcMs(date: string, minutes: number, timeZone: string): number {
  const wallMs = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const firstOffsetMs = offsetMs(timeZone, wallMs);
  const utcMs = wallMs - firstOffsetMs;
  // Near a DST change the offset at the guess can differ from the offset at the answer; one correction settles it.
  const secondOffsetMs = offsetMs(timeZone, utcMs);
  return secondOffsetMs === firstOffsetMs ? utcMs : wallMs - secondOffsetMs;
}

/** How far the venue's wall clock is ahead of UTC at `atMs` (whole minutes: every zone we list uses them). */
function offsetMs(timeZone: string, atMs: number): number {
  const minuteMs = Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
  const local = localTime(timeZone, new Date(minuteMs));
  return Date.parse(`${local.date}T00:00:00Z`) + local.minutes * MINUTE_MS - minuteMs;
}
