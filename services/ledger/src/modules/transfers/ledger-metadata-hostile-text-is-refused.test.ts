/**
 * Issue #13, defect 3 ("hostile text reaches the database"): a transfer note with a lone surrogate (`\ud800`) went
 * through the ledger's fast path into jsonb, which refused it with a 500 after the caller had done its own work. The
 * in-process API has no HTTP guard in front of it, so the ledger's own schema must refuse such text as a
 * VALIDATION_FAILED rejection, and keep accepting every well-formed note (accents, emoji, right-to-left, lines).
 */
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import type { LedgerService } from '../ledger/ledger-api.ts';
import {
  freshTenant,
  fundedWallets,
  newId,
  openLedger,
  transfer,
} from '../../test-support/ledger-fixture.ts';

describeEachDatabase('ledger metadata: hostile text is refused', ({ createDatabase }) => {
  let database: Database;
  let ledger: LedgerService;
  beforeAll(async () => {
    database = await createDatabase();
    ledger = await openLedger(database);
    return () => ledger.close();
  });

  it.each([
    ['a lone high surrogate in a value', { note: 'rent \ud800' }],
    ['a lone low surrogate in a value', { note: '\udc00' }],
    ['NUL in a value', { note: 'rent\u0000' }],
    ['NUL in a key', { 'no\u0000te': 'rent' }],
    ['an escape sequence in a value', { note: '\u001b[31mred' }],
  ])(
    'hostile text reaches the database (defect 3): %s is a VALIDATION_FAILED rejection',
    async (_name, metadata) => {
      const tenantId = await freshTenant(ledger);
      const { wallets } = await fundedWallets(ledger, tenantId, 2, '100.00');
      const [alice, bob] = wallets as [string, string];
      const [result] = await ledger.createTransfers(tenantId, [transfer(alice, bob, '1.00', { metadata })]);
      expect(result).toMatchObject({ status: 'rejected', error: { code: 'VALIDATION_FAILED' } });
      const [account] = await ledger.createAccounts(tenantId, [
        { id: newId(), ledger: 'EUR', ownerId: 'owner-1', type: 'customer_wallet', metadata },
      ]);
      expect(account).toMatchObject({ status: 'rejected', error: { code: 'VALIDATION_FAILED' } });
      expect((await ledger.getAccount(tenantId, alice)).balance.available).toBe('100.00');
    },
  );

  it('keeps well-formed notes: accents, emoji, right-to-left text and lines, stored in NFC', async () => {
    const tenantId = await freshTenant(ledger);
    const { wallets } = await fundedWallets(ledger, tenantId, 2, '100.00');
    const [alice, bob] = wallets as [string, string];
    const metadata = { note: 'Loyer 🏠 إيجار\nmai', ref: 'e\u0301te\u0301' };
    const [result] = await ledger.createTransfers(tenantId, [transfer(alice, bob, '1.00', { metadata })]);
    expect(result).toMatchObject({
      status: 'created',
      value: { metadata: { note: 'Loyer 🏠 إيجار\nmai', ref: 'été' } },
    });
  });
});
