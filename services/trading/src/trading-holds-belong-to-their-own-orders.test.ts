/**
 * Issue #13, defect 1 ("Trading reservations cross customers"), its model test: several customers, some of them
 * underfunded, place orders one at a time and in races (concurrent placements, where the ledger, not the
 * pre-trade check, refuses the ones the wallet cannot hold), cancel them and see the price move. After every step:
 * each customer's available cash is their posted cash minus the holds of their own open orders, likewise for
 * their units, and every pending transfer in trading's settlement accounts belongs to an open order of the
 * customer it names.
 */
import { BANK_TENANT_ID, type Order } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { lotsQuantityText, priceOffsetText } from './test-support/order-text.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const CUSTOMERS = 4;

interface OrderStep {
  customer: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: 'GTC' | 'IOC';
  lots: number;
  offsetBp: number;
}

type Step =
  | ({ kind: 'order' } & OrderStep)
  | { kind: 'race'; orders: OrderStep[] }
  | { kind: 'cancel'; customer: number; pick: number }
  | { kind: 'reference'; moveBp: number };

const orderStep: fc.Arbitrary<OrderStep> = fc.record({
  customer: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
  side: fc.constantFrom('buy' as const, 'buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const),
  tif: fc.constantFrom('GTC' as const, 'IOC' as const),
  lots: fc.integer({ min: 1, max: 300 }),
  offsetBp: fc.integer({ min: -150, max: 60 }),
});

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: orderStep.map((step) => ({ kind: 'order' as const, ...step })) },
  {
    weight: 3,
    arbitrary: fc
      .array(orderStep, { minLength: 2, maxLength: 5 })
      .map((orders) => ({ kind: 'race' as const, orders })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      customer: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
      pick: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reference' as const),
      moveBp: fc.integer({ min: -60, max: 60 }),
    }),
  },
);

/** Minor units of a decimal string at `scale` (exact: no floating point). */
function minor(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value =
    BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return negative ? -value : value;
}

describeEachDatabase('trading: holds belong to their own orders (model)', ({ createDatabase }) => {
  let fixture: TradingFixture;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    return () => fixture.app.close();
  });

  it("after every step, each customer's available is posted minus their own open orders' holds", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 12 }), async (steps) => {
        run += 1;
        let price = 60_000;
        const reference = () =>
          fixture.runtime.onReference({
            productId: BTC_EUR as never,
            price: String(price),
            sequence: 0,
            timeMs: Date.now(),
          });
        await reference();
        // Two customers with enough for a few orders, two underfunded: a single order of theirs may pass the
        // pre-trade check, a race of two cannot both be held.
        const funds = ['3000.00', '2000.00', '150.00', '40.00'];
        const customers = await Promise.all(
          funds.map((eur, index) =>
            fixture.customer(2, index % 2 === 0 ? { EUR: eur, BTC: '0.0200' } : { EUR: eur }),
          ),
        );
        const orderIds: string[][] = customers.map(() => []);
        let counter = 0;

        const place = async (step: OrderStep) => {
          counter += 1;
          const limitPrice = priceOffsetText(price, step.side === 'buy' ? step.offsetBp : -step.offsetBp);
          const response = await fixture.app.inject({
            method: 'POST',
            url: '/api/trading/orders',
            headers: { authorization: `Bearer ${customers[step.customer]!.token}` },
            payload: {
              clientOrderId: `m${run}-${counter}`,
              productId: BTC_EUR,
              side: step.side,
              type: step.type,
              quantity: lotsQuantityText(step.lots),
              timeInForce: step.type === 'market' ? 'IOC' : step.tif,
              ...(step.type === 'limit' ? { limitPrice } : {}),
            },
          });
          expect([201, 422]).toContain(response.statusCode);
          if (response.statusCode === 201) {
            orderIds[step.customer]!.push(response.json<Order>().id);
          }
        };

        const checkInvariants = async (label: string) => {
          const openByCustomer = await Promise.all(
            customers.map(
              async (customer) =>
                (
                  await fixture.app.inject({
                    method: 'GET',
                    url: '/api/trading/orders?status=open&limit=100',
                    headers: { authorization: `Bearer ${customer.token}` },
                  })
                ).json<{ items: Order[] }>().items,
            ),
          );
          const owners = new Map<string, string>();
          for (const [index, customer] of customers.entries()) {
            const open = openByCustomer[index]!;
            for (const order of open) {
              owners.set(order.id, customer.userId);
            }
            const wallet = (await fixture.cash.currentWallet(customer.userId, 'EUR'))!;
            const cash = (await fixture.ledger.getAccount(BANK_TENANT_ID, wallet.accountId)).balance;
            const cashHeld = open
              .filter((order) => order.side === 'buy')
              .reduce((sum, order) => sum + minor(order.reserved, 2), 0n);
            expect(minor(cash.available, 2), `${label}: customer ${index} cash`).toBe(
              minor(cash.posted, 2) - cashHeld,
            );
            let units = { available: '0', posted: '0' };
            try {
              units = (
                await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(customer.userId, BTC_EUR))
              ).balance;
            } catch {
              // No position account yet: nothing bought or held.
            }
            const unitsHeld = open
              .filter((order) => order.side === 'sell')
              .reduce((sum, order) => sum + minor(order.reserved, 8), 0n);
            expect(minor(units.available, 8), `${label}: customer ${index} units`).toBe(
              minor(units.posted, 8) - unitsHeld,
            );
          }
          // Every hold in trading's settlement accounts names an open order of the customer it names.
          for (const wallet of customers) {
            const account = (await fixture.cash.currentWallet(wallet.userId, 'EUR'))!.accountId;
            for (const { transfer } of await fixture.ledger.listPendingTransfers(BANK_TENANT_ID, account)) {
              expect(owners.get(transfer.metadata['orderId'] ?? ''), `${label}: hold ${transfer.id}`).toBe(
                wallet.userId,
              );
              expect(transfer.metadata['userId']).toBe(wallet.userId);
              expect(transfer.timeoutSeconds).toBeGreaterThan(0);
            }
          }
        };

        for (const [index, step] of steps.entries()) {
          if (step.kind === 'reference') {
            price = Math.max(1000, Math.round((price * (10_000 + step.moveBp)) / 10_000));
            await reference();
          } else if (step.kind === 'cancel') {
            const ids = orderIds[step.customer]!;
            if (ids.length > 0) {
              await fixture.app.inject({
                method: 'POST',
                url: `/api/trading/orders/${ids[step.pick % ids.length]!}/cancel`,
                headers: { authorization: `Bearer ${customers[step.customer]!.token}` },
              });
            }
          } else if (step.kind === 'race') {
            await Promise.all(step.orders.map((order) => place(order)));
          } else {
            await place(step);
          }
          await checkInvariants(`step ${index} (${step.kind})`);
        }
        const report = await fixture.runtime.orders.sweep();
        expect(report.orphansVoided).toBe(0);
        await checkInvariants('after the sweep');
        for (const code of ['EUR', 'BTC']) {
          const verification = await fixture.ledger.verifyLedger(BANK_TENANT_ID, code);
          expect(verification.problems).toEqual([]);
        }
      }),
      { numRuns: 3, seed: 20_261_126 },
    );
  }, 600_000);
});
