/**
 * Issue #13, "Fault injection on every money path" (trading's part): an order's placement (its first hold), a
 * fill's settlement and a cancel's release each meet a ledger that throws, one that answers only after trading's
 * deadline (the write lands late), one that refuses, and a process that dies after the decision was stored but
 * before it was sent (a fresh service on the same database takes over). Afterwards, once the ledger answers again
 * and the sweep (or the fresh service's recovery) ran: nothing is settled in trading that the ledger lacks, every
 * open order has its hold (a replace whose new hold the ledger did not confirm cancels the order instead), every hold belongs to an open order of its customer and expires, and a retry with the
 * same clientOrderId answers the first order.
 */
import type { Database } from '@tessera/platform';
import {
  BANK_TENANT_ID,
  type LedgerApi,
  type LedgerResult,
  type Order,
  type Position,
  type Transfer,
  type TransferInput,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
/** Trading's deadline for one ledger write in these tests, and how late a slow ledger answers. */
const DEADLINE_MS = 150;
const LATE_MS = 450;

type Step = 'reservation' | 'fill' | 'release' | 'swap';
type Mode = 'throw' | 'late' | 'refuse';
interface Fault {
  step: Step;
  mode: Mode;
  /** How many matching writes still fail. */
  remaining: number;
}

/** Which money path a batch of trading's belongs to. */
function stepOf(transfers: readonly TransferInput[]): Step | null {
  if (transfers.some((transfer) => transfer.metadata?.['tradeId'] !== undefined)) {
    return 'fill';
  }
  const [only, second] = transfers;
  if (
    transfers.length === 2 &&
    only?.flags?.voidPendingTransfer === true &&
    second?.flags?.pending === true
  ) {
    return 'swap';
  }
  if (transfers.length === 1 && only?.flags?.pending === true) {
    return 'reservation';
  }
  if (transfers.length === 1 && only?.flags?.voidPendingTransfer === true) {
    return 'release';
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function faultyLedger(ledger: LedgerApi, fault: { current: Fault | null }): LedgerApi {
  return {
    ...ledger,
    async createTransfers(tenantId, transfers) {
      const current = fault.current;
      if (current === null || current.remaining <= 0 || stepOf(transfers) !== current.step) {
        return ledger.createTransfers(tenantId, transfers);
      }
      current.remaining -= 1;
      switch (current.mode) {
        case 'throw':
          throw new Error('connection reset by the ledger');
        case 'late':
          await sleep(LATE_MS);
          return ledger.createTransfers(tenantId, transfers);
        case 'refuse':
          return transfers.map((): LedgerResult<Transfer> => ({
            status: 'rejected',
            error: { code: 'LEDGER_EXCEEDS_CREDITS', message: 'refused', details: {} },
          }));
      }
    },
  };
}

/** Minor units of a decimal string at `scale` (exact). */
function minor(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value =
    BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return negative ? -value : value;
}

interface Customer {
  userId: string;
  token: string;
}

describeEachDatabase('trading money paths survive ledger faults (issue #13)', ({ createDatabase }) => {
  let database: Database;
  let fixture: TradingFixture;
  const abandoned: TradingFixture[] = [];
  const fault: { current: Fault | null } = { current: null };

  const start = async () => {
    const started = await startTradingFixture(database, {
      trading: { wrapLedger: (ledger) => faultyLedger(ledger, fault), ledgerCallTimeoutMs: DEADLINE_MS },
    });
    await started.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 0,
      timeMs: Date.now(),
    });
    return started;
  };

  beforeAll(async () => {
    database = await createDatabase();
    fixture = await start();
  });
  afterAll(async () => {
    for (const old of abandoned) {
      await old.app.close();
    }
    await fixture.app.close();
  });

  /** The process dies: its instance is dropped as it is, and a fresh one on the same database recovers. */
  const restart = async (customer: Customer): Promise<Customer> => {
    abandoned.push(fixture);
    fixture = await start();
    return { userId: customer.userId, token: await fixture.issuer.sign(customer.userId) };
  };

  const request = (customer: Customer, method: 'GET' | 'POST', url: string, payload?: object) =>
    fixture.app.inject({
      method,
      url: `/api/trading${url}`,
      headers: { authorization: `Bearer ${customer.token}` },
      ...(payload === undefined ? {} : { payload }),
    });

  const restingBuy = (clientOrderId: string) => ({
    clientOrderId,
    productId: BTC_EUR,
    side: 'buy',
    type: 'limit',
    quantity: '0.0040',
    limitPrice: '50000.00',
    timeInForce: 'GTC',
  });
  const marketBuy = (clientOrderId: string) => ({
    clientOrderId,
    productId: BTC_EUR,
    side: 'buy',
    type: 'market',
    quantity: '0.0020',
    timeInForce: 'IOC',
  });

  /** Once the ledger answers again: the sweep runs, then the customer's money is whole. */
  const expectWhole = async (customer: Customer, fundedCents: bigint) => {
    fault.current = null;
    await sleep(LATE_MS + 50); // writes that were late have landed
    await fixture.runtime.orders.sweep();
    const orders = (await request(customer, 'GET', '/orders?status=all&limit=100')).json<{ items: Order[] }>()
      .items;
    const open = orders.filter((order) => ['accepted', 'working', 'partially_filled'].includes(order.status));
    // Nothing settled in trading that the ledger lacks: cash and units posted are what the fills say.
    const wallet = (await fixture.cash.currentWallet(customer.userId, 'EUR'))!.accountId;
    const cash = (await fixture.ledger.getAccount(BANK_TENANT_ID, wallet)).balance;
    const paid = orders.reduce((sum, order) => sum + minor(order.filledAmount, 2) + minor(order.fees, 2), 0n);
    expect(minor(cash.posted, 2)).toBe(fundedCents - paid);
    const bought = orders.reduce((sum, order) => sum + minor(order.filledQuantity, 8), 0n);
    let unitsPosted = 0n;
    try {
      unitsPosted = minor(
        (await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(customer.userId, BTC_EUR))).balance
          .posted,
        8,
      );
    } catch {
      // No position account: nothing bought.
    }
    expect(unitsPosted).toBe(bought);
    const position = await request(customer, 'GET', `/positions/${BTC_EUR}`);
    if (position.statusCode === 200) {
      expect(minor(position.json<Position>().quantity, 8)).toBe(bought);
    }
    // Every open order has its hold, and every hold is an open order's, named and expiring.
    const held = open.reduce((sum, order) => sum + minor(order.reserved, 2), 0n);
    expect(minor(cash.available, 2)).toBe(minor(cash.posted, 2) - held);
    const holds = await fixture.ledger.listPendingTransfers(BANK_TENANT_ID, wallet);
    expect(holds.map(({ transfer }) => transfer.metadata['orderId']).sort()).toEqual(
      open.map((order) => order.id).sort(),
    );
    for (const { transfer } of holds) {
      expect(transfer.metadata['userId']).toBe(customer.userId);
      expect(transfer.timeoutSeconds).toBeGreaterThan(0);
    }
    for (const code of ['EUR', 'BTC']) {
      expect((await fixture.ledger.verifyLedger(BANK_TENANT_ID, code)).problems).toEqual([]);
    }
    return { orders, open };
  };

  describe('placing: the first hold', () => {
    for (const mode of ['throw', 'late'] as const) {
      it(`a ledger that ${mode === 'throw' ? 'throws' : 'answers too late'}: 503, and the retry completes the same order`, async () => {
        const customer = await fixture.customer(2, { EUR: '1000.00' });
        fault.current = { step: 'reservation', mode, remaining: 1 };
        const first = await request(customer, 'POST', '/orders', restingBuy('p1'));
        expect(first.statusCode).toBe(503);
        expect(first.json<{ error: { code: string } }>().error.code).toBe('TRADING_LEDGER_UNAVAILABLE');
        fault.current = null;
        await sleep(LATE_MS + 50);
        const retry = await request(customer, 'POST', '/orders', restingBuy('p1'));
        expect(retry.statusCode).toBe(200);
        expect(retry.json<Order>().status).toBe('working');
        const again = await request(customer, 'POST', '/orders', restingBuy('p1'));
        expect(again.json<Order>().id).toBe(retry.json<Order>().id);
        const { open } = await expectWhole(customer, 100_000n);
        expect(open.map((order) => order.clientOrderId)).toEqual(['p1']);
      });
    }

    it('a ledger that throws and a customer who never retries: the sweep completes the placement', async () => {
      const customer = await fixture.customer(2, { EUR: '1000.00' });
      fault.current = { step: 'reservation', mode: 'throw', remaining: 1 };
      expect((await request(customer, 'POST', '/orders', restingBuy('p2'))).statusCode).toBe(503);
      const { open } = await expectWhole(customer, 100_000n);
      expect(open.map((order) => [order.clientOrderId, order.status])).toEqual([['p2', 'working']]);
    });

    it('a ledger that refuses: the pre-trade code, nothing held, no order; the retry is a new placement', async () => {
      const customer = await fixture.customer(2, { EUR: '1000.00' });
      fault.current = { step: 'reservation', mode: 'refuse', remaining: 1 };
      const first = await request(customer, 'POST', '/orders', restingBuy('p3'));
      expect(first.statusCode).toBe(422);
      expect(first.json<{ error: { code: string } }>().error.code).toBe('TRADING_INSUFFICIENT_BUYING_POWER');
      const { orders } = await expectWhole(customer, 100_000n);
      expect(orders).toEqual([]);
      expect((await request(customer, 'POST', '/orders', restingBuy('p3'))).statusCode).toBe(201);
      await expectWhole(customer, 100_000n);
    });

    it('the process dies after the order was stored, before its hold was sent: a fresh service recovers it', async () => {
      let customer: Customer = await fixture.customer(2, { EUR: '1000.00' });
      fault.current = { step: 'reservation', mode: 'throw', remaining: 1 };
      expect((await request(customer, 'POST', '/orders', restingBuy('p4'))).statusCode).toBe(503);
      customer = await restart(customer);
      const { open } = await expectWhole(customer, 100_000n);
      expect(open.map((order) => [order.clientOrderId, order.status])).toEqual([['p4', 'working']]);
      const retry = await request(customer, 'POST', '/orders', restingBuy('p4'));
      expect(retry.statusCode).toBe(200);
      expect(retry.json<Order>().id).toBe(open[0]!.id);
    });
  });

  describe("a fill's settlement", () => {
    for (const mode of ['throw', 'late', 'refuse'] as const) {
      it(`a ledger that ${mode === 'throw' ? 'throws' : mode === 'late' ? 'answers too late' : 'refuses'}: the fill stands and the sweep settles it once`, async () => {
        const customer = await fixture.customer(2, { EUR: '1000.00' });
        fault.current = { step: 'fill', mode, remaining: 1 };
        const first = await request(customer, 'POST', '/orders', marketBuy(`f-${mode}`));
        expect(first.statusCode).toBe(201);
        expect(first.json<Order>().status).toBe('filled');
        const { orders } = await expectWhole(customer, 100_000n);
        expect(minor(orders[0]!.filledQuantity, 8)).toBe(200_000n);
        const retry = await request(customer, 'POST', '/orders', marketBuy(`f-${mode}`));
        expect(retry.statusCode).toBe(200);
        expect(retry.json<Order>().id).toBe(first.json<Order>().id);
        await expectWhole(customer, 100_000n);
      });
    }

    it('the process dies after the fill was stored, before it was sent: a fresh service settles it once', async () => {
      let customer: Customer = await fixture.customer(2, { EUR: '1000.00' });
      fault.current = { step: 'fill', mode: 'throw', remaining: 1 };
      const first = await request(customer, 'POST', '/orders', marketBuy('f-dies'));
      expect(first.json<Order>().status).toBe('filled');
      customer = await restart(customer);
      const { orders } = await expectWhole(customer, 100_000n);
      expect(minor(orders[0]!.filledQuantity, 8)).toBe(200_000n);
      expect((await request(customer, 'POST', '/orders', marketBuy('f-dies'))).json<Order>().id).toBe(
        first.json<Order>().id,
      );
    });
  });

  describe("a cancel's release", () => {
    for (const mode of ['throw', 'late', 'refuse'] as const) {
      it(`a ledger that ${mode === 'throw' ? 'throws' : mode === 'late' ? 'answers too late' : 'refuses'}: the order is cancelled and its hold released once`, async () => {
        const customer = await fixture.customer(2, { EUR: '1000.00' });
        const placed = (await request(customer, 'POST', '/orders', restingBuy(`c-${mode}`))).json<Order>();
        fault.current = { step: 'release', mode, remaining: 1 };
        const cancelled = await request(customer, 'POST', `/orders/${placed.id}/cancel`);
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json<Order>().status).toBe('cancelled');
        const { open } = await expectWhole(customer, 100_000n);
        expect(open).toEqual([]);
      });
    }

    it('the process dies after the cancel was stored, before the release was sent: a fresh service releases it', async () => {
      let customer: Customer = await fixture.customer(2, { EUR: '1000.00' });
      const placed = (await request(customer, 'POST', '/orders', restingBuy('c-dies'))).json<Order>();
      fault.current = { step: 'release', mode: 'throw', remaining: 1 };
      expect((await request(customer, 'POST', `/orders/${placed.id}/cancel`)).statusCode).toBe(200);
      customer = await restart(customer);
      const { open, orders } = await expectWhole(customer, 100_000n);
      expect(open).toEqual([]);
      expect(orders.map((order) => order.status)).toEqual(['cancelled']);
    });
  });

  describe("a replace's swapped hold", () => {
    for (const mode of ['throw', 'late'] as const) {
      it(`a ledger that ${mode === 'throw' ? 'throws' : 'answers too late'}: 503, the order is cancelled, nothing stays held`, async () => {
        const customer = await fixture.customer(2, { EUR: '1000.00' });
        const placed = (await request(customer, 'POST', '/orders', restingBuy(`r-${mode}`))).json<Order>();
        fault.current = { step: 'swap', mode, remaining: 1 };
        const replaced = await request(customer, 'POST', `/orders/${placed.id}/replace`, {
          limitPrice: '51000.00',
        });
        expect(replaced.statusCode).toBe(503);
        expect(replaced.json<{ error: { code: string } }>().error.code).toBe('TRADING_LEDGER_UNAVAILABLE');
        const { open, orders } = await expectWhole(customer, 100_000n);
        expect(open).toEqual([]);
        expect(orders.map((order) => [order.status, order.reason])).toEqual([
          ['cancelled', 'ledger_unavailable'],
        ]);
      });
    }

    it('a ledger that refuses: the pre-trade code, and the order keeps its old hold and price', async () => {
      const customer = await fixture.customer(2, { EUR: '1000.00' });
      const placed = (await request(customer, 'POST', '/orders', restingBuy('r-refuse'))).json<Order>();
      fault.current = { step: 'swap', mode: 'refuse', remaining: 1 };
      const replaced = await request(customer, 'POST', `/orders/${placed.id}/replace`, {
        limitPrice: '51000.00',
      });
      expect(replaced.json<{ error: { code: string } }>().error.code).toBe(
        'TRADING_INSUFFICIENT_BUYING_POWER',
      );
      const { open } = await expectWhole(customer, 100_000n);
      expect(open.map((order) => [order.id, order.limitPrice, order.reserved])).toEqual([
        [placed.id, placed.limitPrice, placed.reserved],
      ]);
    });
  });
});
