import type { Database } from '@tessera/platform';
import {
  BANK_TENANT_ID,
  type FundPool,
  type LedgerApi,
  type TransferInput,
  uuidv7,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const minorOf = (text: string, scale: number) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};

/** A ledger whose next `failing` holds (single pending transfers: an order's first hold) throw, as a dead link. */
function holdsFail(ledger: LedgerApi, fault: { failing: number }): LedgerApi {
  return {
    ...ledger,
    async createTransfers(tenantId, transfers: readonly TransferInput[]) {
      if (fault.failing > 0 && transfers.length === 1 && transfers[0]?.flags?.pending === true) {
        fault.failing -= 1;
        throw new Error('connection reset by the ledger');
      }
      return ledger.createTransfers(tenantId, transfers);
    },
  };
}

/**
 * A fund pool's order left open by a restart (issue #21, docs/adr/0019): the process stops after the pool's buy was
 * stored and before its hold reached the ledger; a fresh process on the same database, in which the pool never
 * trades again, sweeps the order: it fills and settles from and into the pool's cash account (stored by trading,
 * not only in the first process's memory), opens no wallet for the pool's owner id, and the same clientOrderId
 * answers that order.
 */
describeEachDatabase(
  'trading: a fund pool order left open by a restart settles into the pool',
  ({ createDatabase }) => {
    let database: Database;
    let fixture: TradingFixture;
    const abandoned: TradingFixture[] = [];
    const fault = { failing: 0 };
    let pool: FundPool;

    const start = async () =>
      startTradingFixture(database, { trading: { wrapLedger: (ledger) => holdsFail(ledger, fault) } });
    const reference = (started: TradingFixture) =>
      started.runtime.onReference({
        productId: BTC_EUR as never,
        price: '60000',
        sequence: 1,
        timeMs: Date.now(),
      });
    const balance = async (accountId: string) =>
      (await fixture.ledger.getAccount(BANK_TENANT_ID, accountId)).balance;

    beforeAll(async () => {
      database = await createDatabase();
      fixture = await start();
      await reference(fixture);
      pool = { ownerId: `fund:${uuidv7()}`, cashAccountId: uuidv7() };
      await fixture.ledger.createAccount(BANK_TENANT_ID, {
        id: pool.cashAccountId,
        ledger: 'EUR',
        ownerId: pool.ownerId,
        type: 'fund_pool',
      });
      const payer = await fixture.customer(2, { EUR: '5000.00' });
      await fixture.ledger.createTransfer(BANK_TENANT_ID, {
        id: uuidv7(),
        ledger: 'EUR',
        debitAccountId: (await fixture.cash.currentWallet(payer.userId, 'EUR'))!.accountId,
        creditAccountId: pool.cashAccountId,
        amount: '5000.00',
        code: 6001,
      });
    }, 300_000);
    afterAll(async () => {
      for (const old of abandoned) {
        await old.app.close();
      }
      await fixture.app.close();
    }, 60_000);

    it('fills and settles from the pool cash account after the restart, once', async () => {
      const order = {
        clientOrderId: 'sub-1.b0',
        productId: BTC_EUR,
        side: 'buy' as const,
        notional: '1000.00',
      };
      fault.failing = 1;
      await expect(fixture.fundTrading.marketOrder(pool, order)).rejects.toMatchObject({
        code: 'TRADING_LEDGER_UNAVAILABLE',
      });

      // The process dies; a fresh one recovers while the ledger still fails once, so the sweep finishes the order.
      abandoned.push(fixture);
      fault.failing = 1;
      fixture = await start();
      await reference(fixture);
      await fixture.runtime.orders.sweep();

      const cash = await balance(pool.cashAccountId);
      const position = await balance(positionAccountId(pool.ownerId, BTC_EUR));
      expect(cash.debitsPending).toBe('0.00');
      const paid = 500_000n - minorOf(cash.posted, 2);
      expect(paid).toBeGreaterThan(0n);
      expect(minorOf(position.posted, 8)).toBeGreaterThan(0n);
      // No wallet was opened for the pool's owner id: the cash came from the pool's account.
      expect(await fixture.cash.currentWallet(pool.ownerId, 'EUR')).toBeNull();

      // The caller retries (the first call threw): the same clientOrderId answers that order and completes the buy
      // by notional with its next rounds (docs/adr/0019), from the same account; a further retry moves nothing.
      const again = await fixture.fundTrading.marketOrder(pool, order);
      expect(again.status).toBe('filled');
      const after = await balance(pool.cashAccountId);
      expect(minorOf(again.notionalFilled, 2)).toBe(500_000n - minorOf(after.posted, 2));
      expect(minorOf(again.notionalFilled, 2)).toBeGreaterThanOrEqual(99_900n);
      expect(minorOf(again.notionalFilled, 2)).toBeLessThanOrEqual(100_000n);
      expect(minorOf(again.filledQuantity, 8)).toBe(
        minorOf((await balance(positionAccountId(pool.ownerId, BTC_EUR))).posted, 8),
      );
      expect(await fixture.fundTrading.marketOrder(pool, order)).toEqual(again);
      expect(await balance(pool.cashAccountId)).toEqual(after);
      expect(await fixture.cash.currentWallet(pool.ownerId, 'EUR')).toBeNull();
    }, 300_000);
  },
);
