/**
 * Optimistic group commit under races (docs/adr/0003-ledger.md): two ledger engines over one database (as two
 * processes would be) write to the same hot accounts at once, so their groups conflict and are decided again; and
 * one engine's pipelined groups build on the group before them while it is still being written (a retry of an id
 * still in flight, a post of a pending transfer still in flight). Nothing may be lost or counted twice.
 */
import type { LedgerResult, Transfer, TransferInput } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { createLedgerApi, type LedgerService } from '../ledger/ledger-api.ts';
import {
  codeOf,
  freshTenant,
  fundedWallets,
  newId,
  openLedger,
  transfer,
} from '../../test-support/ledger-fixture.ts';

const cents = (amount: string) => BigInt(amount.replace('.', ''));

async function walletTotal(ledger: LedgerService, tenantId: string, wallets: readonly string[]) {
  const accounts = await Promise.all(wallets.map((wallet) => ledger.getAccount(tenantId, wallet)));
  expect(accounts.every((account) => !account.balance.available.startsWith('-'))).toBe(true);
  return accounts.reduce((sum, account) => sum + cents(account.balance.posted), 0n);
}

describeEachDatabase('ledger writers racing on one database', ({ createDatabase }) => {
  it('two engines on the same hot accounts lose no update and agree on every first result', async () => {
    const database = await createDatabase();
    const first = await openLedger(database);
    const second = createLedgerApi(database.db.withSchema('ledger'));
    try {
      const tenantId = await freshTenant(first);
      const { wallets } = await fundedWallets(first, tenantId, 6, '5.00');
      const bodyAt = (index: number) =>
        transfer(wallets[index % 6]!, wallets[(index * 5 + 1) % 6]!, index % 4 === 0 ? '1.75' : '0.40');
      const sent: Array<{ body: TransferInput; result: LedgerResult<Transfer> }> = [];
      const send = async (ledger: LedgerService, bodies: TransferInput[]) => {
        const results = await ledger.createTransfers(tenantId, bodies);
        bodies.forEach((body, index) => sent.push({ body, result: results[index]! }));
      };
      await Promise.all(
        Array.from({ length: 6 }, async (_, round) => {
          const engines = [first, second];
          await Promise.all([
            ...Array.from({ length: 24 }, (_, index) =>
              send(engines[index % 2]!, [bodyAt(round * 100 + index)]),
            ),
            send(
              first,
              Array.from({ length: 30 }, (_, index) => bodyAt(round * 100 + 30 + index)),
            ),
            send(
              second,
              Array.from({ length: 30 }, (_, index) => bodyAt(round * 100 + 60 + index)),
            ),
          ]);
        }),
      );
      const created = sent.filter(({ result }) => result.status === 'created');
      expect(created.length).toBeGreaterThan(0);
      expect(new Set(sent.map(({ result }) => codeOf(result)))).toEqual(
        new Set(['created', ...(created.length < sent.length ? ['LEDGER_INSUFFICIENT_FUNDS'] : [])]),
      );
      // Money only moved between the wallets: their total is what was funded, and the chain holds every transfer.
      expect(await walletTotal(first, tenantId, wallets)).toBe(3000n);
      const head = await second.getLedger(tenantId, 'EUR');
      expect(BigInt(head.headSequence)).toBe(BigInt(6 + created.length));
      const verification = await second.verifyLedger(tenantId, 'EUR');
      expect(verification.problems).toEqual([]);
      // Each engine answers a retry of any id with the first result, whichever engine gave it.
      for (const [index, { body, result }] of sent.entries()) {
        const engine = index % 2 === 0 ? second : first;
        const [again] = await engine.createTransfers(tenantId, [body]);
        if (result.status === 'created') {
          expect(again).toMatchObject({ status: 'exists', value: { hash: result.value.hash } });
        } else {
          expect(again).toEqual(result);
        }
      }
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);

  it('gives one first result for an id sent to two engines at once, even when one of them only records a rejection', async () => {
    const database = await createDatabase();
    const first = await openLedger(database);
    const second = createLedgerApi(database.db.withSchema('ledger'));
    try {
      const tenantId = await freshTenant(first);
      const { bank, wallets } = await fundedWallets(first, tenantId, 2, '1.00');
      const [payer, payee] = wallets as [string, string];
      const answer = (result: LedgerResult<Transfer> | undefined) =>
        result?.status === 'rejected' ? JSON.stringify(result.error) : `transfer ${result?.value.hash}`;
      for (let round = 0; round < 30; round += 1) {
        // Too much for the payer, unless the other engine's group funds it first: one engine may only record a
        // rejection while the other creates the transfer. Whichever commits first, the other must agree with it.
        const body = transfer(payer, payee, '2.00');
        const [alone, [, withFunding]] = await Promise.all([
          first.createTransfers(tenantId, [body]),
          second.createTransfers(tenantId, [transfer(bank, payer, '2.00'), body]),
        ]);
        expect(answer(alone[0])).toBe(answer(withFunding));
        const [again] = await first.createTransfers(tenantId, [body]);
        expect(answer(again)).toBe(answer(alone[0]));
      }
      expect((await second.verifyLedger(tenantId, 'EUR')).problems).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);

  it('answers a retry and posts a pending transfer while the group that created it is still being written', async () => {
    const database = await createDatabase();
    const ledger = await openLedger(database);
    try {
      const tenantId = await freshTenant(ledger);
      const { wallets } = await fundedWallets(ledger, tenantId, 4, '100.00');
      const waits: Array<Promise<void>> = [];
      for (let round = 0; round < 40; round += 1) {
        const body = transfer(wallets[round % 4]!, wallets[(round + 1) % 4]!, '1.00');
        const pending = transfer(wallets[(round + 2) % 4]!, wallets[(round + 3) % 4]!, '2.00', {
          flags: { pending: true },
          timeoutSeconds: 3600,
        });
        const firstTry = ledger.createTransfers(tenantId, [body, pending]);
        // The next turn of the event loop: these join the next group, which is decided while the first one writes.
        await new Promise((resolve) => setImmediate(resolve));
        const retry = ledger.createTransfers(tenantId, [body]);
        const post = ledger.createTransfers(tenantId, [
          {
            id: newId(),
            ledger: 'EUR',
            pendingId: pending.id,
            amount: '1.50',
            flags: { postPendingTransfer: true },
          },
        ]);
        waits.push(
          (async () => {
            const [created, reserved] = await firstTry;
            const [again] = await retry;
            const [posted] = await post;
            expect(created).toMatchObject({ status: 'created' });
            expect(reserved).toMatchObject({ status: 'created' });
            expect(again).toMatchObject({
              status: 'exists',
              value: { id: body.id, hash: created!.status === 'created' ? created!.value.hash : '' },
            });
            expect(posted).toMatchObject({
              status: 'created',
              value: { amount: '1.50', pendingId: pending.id },
            });
          })(),
        );
      }
      await Promise.all(waits);
      expect(await walletTotal(ledger, tenantId, wallets)).toBe(40_000n);
      const verification = await ledger.verifyLedger(tenantId, 'EUR');
      expect(verification.problems).toEqual([]);
      expect(verification.transfersChecked).toBe(4 + 40 * 3);
      expect(await ledger.listPendingTransfers(tenantId, wallets[2]!)).toEqual([]);
    } finally {
      await ledger.close();
    }
  }, 120_000);

  it('refuses transfers of an account frozen while another engine writes to it, and loses nothing', async () => {
    const database = await createDatabase();
    const writer = await openLedger(database);
    const admin = createLedgerApi(database.db.withSchema('ledger'));
    try {
      const tenantId = await freshTenant(writer);
      const { wallets } = await fundedWallets(writer, tenantId, 3, '50.00');
      const [frozen, other, third] = wallets as [string, string, string];
      let stop = false;
      const streams = Array.from({ length: 4 }, async () => {
        const results: Array<LedgerResult<Transfer>> = [];
        while (!stop) {
          results.push(...(await writer.createTransfers(tenantId, [transfer(frozen, other, '0.01')])));
        }
        return results;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await admin.freezeAccount(tenantId, frozen);
      const [afterFreeze] = await writer.createTransfers(tenantId, [transfer(frozen, third, '0.01')]);
      expect(codeOf(afterFreeze)).toBe('LEDGER_ACCOUNT_FROZEN');
      stop = true;
      const results = (await Promise.all(streams)).flat();
      expect(new Set(results.map(codeOf))).toEqual(
        new Set(
          results.some((result) => result.status === 'rejected')
            ? ['created', 'LEDGER_ACCOUNT_FROZEN']
            : ['created'],
        ),
      );
      expect(await walletTotal(writer, tenantId, wallets)).toBe(15_000n);
      expect((await admin.verifyLedger(tenantId, 'EUR')).problems).toEqual([]);
    } finally {
      await admin.close();
      await writer.close();
    }
  }, 120_000);
});
