/**
 * Issue #13, defect 1: "Trading reservations cross customers". Placing sent every customer's unsent holds of the
 * product and stopped at the first the ledger refused; the placement then deleted that row (another customer's)
 * and its own order, and its own hold was sent later with no order behind it and no timeout. Here customer A's
 * hold is refused by the ledger while customer B places: B's order must stand, B's cash must be held only by B's
 * own open orders, and A must end with nothing held.
 */
import {
  BANK_TENANT_ID,
  type LedgerApi,
  type LedgerResult,
  type Order,
  type Transfer,
  type TransferInput,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

/** A ledger that refuses every hold debited to `wallet`; the first such call waits for `release` first. */
interface RefusingHold {
  wallet: string;
  seen: boolean;
  reached: () => void;
  release: Promise<void>;
}

function refusingLedger(ledger: LedgerApi, fault: { current: RefusingHold | null }): LedgerApi {
  return {
    ...ledger,
    async createTransfers(tenantId, transfers) {
      const hold = fault.current;
      if (
        hold !== null &&
        transfers.some(
          (transfer: TransferInput) => transfer.flags?.pending && transfer.debitAccountId === hold.wallet,
        )
      ) {
        if (!hold.seen) {
          hold.seen = true;
          hold.reached();
          await hold.release;
        }
        return transfers.map((): LedgerResult<Transfer> => ({
          status: 'rejected',
          error: { code: 'LEDGER_EXCEEDS_CREDITS', message: 'insufficient funds', details: {} },
        }));
      }
      return ledger.createTransfers(tenantId, transfers);
    },
  };
}

const cents = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return (
    BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)) * (whole!.startsWith('-') ? -1n : 1n)
  );
};

describeEachDatabase('trading reservations cross customers (issue #13, defect 1)', ({ createDatabase }) => {
  let fixture: TradingFixture;
  const fault: { current: RefusingHold | null } = { current: null };

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase(), {
      trading: { wrapLedger: (ledger) => refusingLedger(ledger, fault) },
    });
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 0,
      timeMs: Date.now(),
    });
    return () => fixture.app.close();
  });

  const place = (token: string, clientOrderId: string) =>
    fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        clientOrderId,
        productId: BTC_EUR,
        side: 'buy',
        type: 'limit',
        quantity: '0.0040',
        limitPrice: '50000.00',
        timeInForce: 'GTC',
      },
    });

  const openOrders = async (token: string) =>
    (
      await fixture.app.inject({
        method: 'GET',
        url: '/api/trading/orders?status=open&limit=100',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ items: Order[] }>().items;

  it("one customer's refused hold neither fails nor freezes another customer's order", async () => {
    const underfunded = await fixture.customer(2, { EUR: '1000.00' });
    const other = await fixture.customer(2, { EUR: '1000.00' });
    const underfundedWallet = (await fixture.cash.currentWallet(underfunded.userId, 'EUR'))!.accountId;
    let reached!: () => void;
    let release!: () => void;
    const reachedLedger = new Promise<void>((resolve) => (reached = resolve));
    fault.current = {
      wallet: underfundedWallet,
      seen: false,
      reached,
      release: new Promise<void>((resolve) => (release = resolve)),
    };

    // The underfunded customer's hold reaches the ledger first and waits there; the other customer places meanwhile.
    const refusedPlacement = place(underfunded.token, 'refused-1');
    await reachedLedger;
    const standing = await place(other.token, 'standing-1');
    release();
    const refused = await refusedPlacement;

    expect(standing.statusCode).toBe(201);
    expect(standing.json<Order>().status).toBe('working');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('TRADING_INSUFFICIENT_BUYING_POWER');
    fault.current = null;

    // The sweep finds no orphan, and the other customer's next order is not refused for the first one's refusal.
    await fixture.runtime.orders.sweep();
    const next = await place(other.token, 'standing-2');
    expect(next.statusCode).toBe(201);

    const open = await openOrders(other.token);
    expect(open.map((order) => order.clientOrderId).sort()).toEqual(['standing-1', 'standing-2']);
    const otherWallet = (await fixture.cash.currentWallet(other.userId, 'EUR'))!.accountId;
    const balance = (await fixture.ledger.getAccount(BANK_TENANT_ID, otherWallet)).balance;
    const held = open.reduce((sum, order) => sum + cents(order.reserved), 0n);
    expect(cents(balance.available)).toBe(cents(balance.posted) - held);
    const holds = await fixture.ledger.listPendingTransfers(BANK_TENANT_ID, otherWallet);
    expect(holds.map(({ transfer }) => transfer.metadata['orderId']).sort()).toEqual(
      open.map((order) => order.id).sort(),
    );
    for (const { transfer } of holds) {
      expect(transfer.metadata['userId']).toBe(other.userId);
      expect(transfer.timeoutSeconds).toBeGreaterThan(0);
    }

    const underfundedBalance = (await fixture.ledger.getAccount(BANK_TENANT_ID, underfundedWallet)).balance;
    expect(underfundedBalance.available).toBe(underfundedBalance.posted);
    expect(await openOrders(underfunded.token)).toEqual([]);
  });
});
