// The in-process client other services use (MARKET_DATA_INFO_CLIENT): the catalog, and each venue's sessions as
// UTC intervals with weekends, holidays, early closes and daylight-saving changes applied, on both engines.
import { describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { createMarketDataInfoApi } from './market-data-info-api.ts';
import { migration } from '../../../migrations/0001-instrument-catalog.ts';
import { seedCatalog } from './catalog.seed.ts';
import type { MarketDataInfoDatabase } from '../../tables.ts';
import { migrate } from '@tessera/platform';

const utc = (text: string) => Date.parse(text);

describeEachDatabase('market-data-info client', ({ createDatabase }) => {
  const open = async () => {
    const database = await createDatabase();
    await migrate(database.db, {
      schema: 'market_data_info',
      migrations: { '0001-instrument-catalog': migration },
    });
    const db = database.db.withSchema('market_data_info') as MarketDataInfoDatabase;
    await seedCatalog(db);
    return createMarketDataInfoApi(db);
  };

  it('lists the catalog and the sources with their time zones', async () => {
    const api = await open();
    const instruments = await api.listInstruments();
    expect(instruments.length).toBeGreaterThanOrEqual(60);
    expect(instruments.find((instrument) => instrument.id === 'AAPL_cboe')).toMatchObject({
      source: 'cboe',
      tickSize: '0.01',
      lotSize: '0.000001',
      kind: 'stock',
    });
    const sources = await api.listSources();
    expect(sources.find((source) => source.id === 'xetra')).toMatchObject({
      timeZone: 'Europe/Berlin',
      alwaysOpen: false,
    });
  });

  it('moves New York sessions in UTC across the March DST change and skips the weekend', async () => {
    const api = await open();
    const sessions = await api.tradingSessions(
      'nyse',
      utc('2026-03-05T00:00:00Z'),
      utc('2026-03-11T00:00:00Z'),
    );
    expect(sessions.map((session) => [session.date, new Date(session.opensAtMs).toISOString()])).toEqual([
      ['2026-03-05', '2026-03-05T14:30:00.000Z'],
      ['2026-03-06', '2026-03-06T14:30:00.000Z'],
      ['2026-03-09', '2026-03-09T13:30:00.000Z'],
      ['2026-03-10', '2026-03-10T13:30:00.000Z'],
    ]);
    expect(sessions.every((session) => session.closesAtMs - session.opensAtMs === 390 * 60_000)).toBe(true);
  });

  it('leaves out holidays and shortens early closes', async () => {
    const api = await open();
    const sessions = await api.tradingSessions(
      'nasdaq',
      utc('2026-11-25T00:00:00Z'),
      utc('2026-11-28T00:00:00Z'),
    );
    expect(sessions.map((session) => [session.date, new Date(session.closesAtMs).toISOString()])).toEqual([
      ['2026-11-25', '2026-11-25T21:00:00.000Z'],
      ['2026-11-27', '2026-11-27T18:00:00.000Z'],
    ]);
  });

  it('gives the always-open venue one session per UTC day, weekends included', async () => {
    const api = await open();
    const sessions = await api.tradingSessions(
      'tessera',
      utc('2026-03-21T06:00:00Z'),
      utc('2026-03-23T06:00:00Z'),
    );
    expect(sessions).toEqual([
      { date: '2026-03-21', opensAtMs: utc('2026-03-21T00:00:00Z'), closesAtMs: utc('2026-03-22T00:00:00Z') },
      { date: '2026-03-22', opensAtMs: utc('2026-03-22T00:00:00Z'), closesAtMs: utc('2026-03-23T00:00:00Z') },
      { date: '2026-03-23', opensAtMs: utc('2026-03-23T00:00:00Z'), closesAtMs: utc('2026-03-24T00:00:00Z') },
    ]);
    await expect(api.tradingSessions('tessera', 10, 5)).rejects.toThrow();
  });
});
