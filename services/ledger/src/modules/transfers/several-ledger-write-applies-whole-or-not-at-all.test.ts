/**
 * A group that touches several ledgers (a trade: cash on one, the asset on another) writes their heads in one
 * statement under a version check. When one ledger's version has moved since the group read it, the write must
 * change nothing at all: a head advanced without its transfers breaks the ledger's hash chain (found by the trading
 * model test on PostgreSQL as a sequence gap and a hash mismatch).
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { freshTenant, openLedger } from '../../test-support/ledger-fixture.ts';
import { loadGroup, prepareWriteGroup } from './transfers.repository.ts';

/** Each ledger's code, sequence and version, in code order. */
function headsOf(rows: { heads: ReadonlyArray<{ code: string; headSequence: bigint; version: bigint }> }) {
  return rows.heads
    .map((head) => [head.code, head.headSequence, head.version] as const)
    .sort(([a], [b]) => a.localeCompare(b));
}

describeEachDatabase('a write over several ledgers', ({ createDatabase }) => {
  it('changes no head when one of its ledgers moved since it was decided, and both when none did', async () => {
    const database = await createDatabase();
    const ledger = await openLedger(database);
    try {
      const tenantId = await freshTenant(ledger, ['EUR', 'BTC']);
      const db = database.db.withSchema('ledger');
      const load = { tenantId, codes: ['EUR', 'BTC'], ids: [], pendingIds: [], accountIds: [] };
      const { heads } = await loadGroup(db, load);
      expect(heads).toHaveLength(2);
      const advanced = (stale: string | undefined) =>
        heads.map((head) => ({
          ...head,
          headSequence: head.headSequence + 1n,
          headHash: Buffer.alloc(32, 7),
          version: head.code === stale ? head.version - 1n : head.version,
        }));
      const write = (stale: string | undefined) =>
        prepareWriteGroup(db, {
          tenantId,
          createdAt: new Date(),
          transfers: [],
          rejections: [],
          pendingOpened: [],
          pendingResolvedIds: [],
          accounts: [],
          heads: advanced(stale),
        }).execute();

      for (const stale of ['EUR', 'BTC']) {
        expect(await write(stale), `${stale} moved`).toBe(false);
        expect(headsOf(await loadGroup(db, load))).toEqual(headsOf({ heads }));
      }
      expect(await write(undefined)).toBe(true);
      expect(headsOf(await loadGroup(db, load))).toEqual(
        headsOf({
          heads: heads.map((head) => ({
            ...head,
            headSequence: head.headSequence + 1n,
            version: head.version + 1n,
          })),
        }),
      );
    } finally {
      await database.close();
    }
  });
});
