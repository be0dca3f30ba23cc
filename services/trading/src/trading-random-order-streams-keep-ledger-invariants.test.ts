import { BANK_TENANT_ID, type Order } from '@tessera/contracts';
import { amountFromDecimal, BTC, EUR } from '@tessera/money';
import { describeEachDatabase } from '@tessera/platform/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { lotsQuantityText, priceOffsetText } from './test-support/order-text.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

type Step =
  | {
      kind: 'order';
      customer: number;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      tif: 'GTC' | 'IOC' | 'FOK';
      lots: number;
      offsetBp: number;
    }
  | { kind: 'cancel'; customer: number; pick: number }
  | { kind: 'reference'; moveBp: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    customer: fc.integer({ min: 0, max: 2 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    type: fc.constantFrom('limit' as const, 'market' as const),
    tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const),
    lots: fc.integer({ min: 1, max: 400 }),
    offsetBp: fc.integer({ min: -100, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    customer: fc.integer({ min: 0, max: 2 }),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('reference' as const), moveBp: fc.integer({ min: -80, max: 80 }) }),
);

describeEachDatabase('trading: random order streams keep the ledger invariants', ({ createDatabase }) => {
  let fixture: TradingFixture;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    return () => fixture.app.close();
  });

  it('verifyLedger ok, no wallet below zero, reservations equal what open orders hold', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 25 }), async (steps) => {
        run += 1;
        let price = 60_000;
        await fixture.runtime.onReference({
          productId: BTC_EUR as never,
          price: String(price),
          sequence: 0,
          timeMs: Date.now(),
        });
        const customers = await Promise.all([0, 1, 2].map(() => fixture.customer(2, { EUR: '3000.00' })));
        const orderIds: string[][] = [[], [], []];
        let counter = 0;
        for (const step of steps) {
          if (step.kind === 'reference') {
            price = Math.max(1000, Math.round((price * (10_000 + step.moveBp)) / 10_000));
            await fixture.runtime.onReference({
              productId: BTC_EUR as never,
              price: String(price),
              sequence: 0,
              timeMs: Date.now(),
            });
          } else if (step.kind === 'cancel') {
            const ids = orderIds[step.customer]!;
            if (ids.length > 0) {
              const id = ids[step.pick % ids.length]!;
              await fixture.app.inject({
                method: 'POST',
                url: `/api/trading/orders/${id}/cancel`,
                headers: { authorization: `Bearer ${customers[step.customer]!.token}` },
              });
            }
          } else {
            counter += 1;
            const limitPrice = priceOffsetText(price, step.offsetBp);
            const body = {
              clientOrderId: `r${run}-${counter}`,
              productId: BTC_EUR,
              side: step.side,
              type: step.type,
              quantity: lotsQuantityText(step.lots),
              timeInForce: step.type === 'market' ? 'IOC' : step.tif,
              ...(step.type === 'limit' ? { limitPrice } : {}),
            };
            const response = await fixture.app.inject({
              method: 'POST',
              url: '/api/trading/orders',
              headers: { authorization: `Bearer ${customers[step.customer]!.token}` },
              payload: body,
            });
            expect([200, 201, 422]).toContain(response.statusCode);
            if (response.statusCode === 201) {
              orderIds[step.customer]!.push(response.json<Order>().id);
            }
          }
        }
        for (const code of ['EUR', 'BTC']) {
          const verification = await fixture.ledger.verifyLedger(BANK_TENANT_ID, code);
          expect(verification.problems).toEqual([]);
          expect(verification.totals.debitsPosted).toBe(verification.totals.creditsPosted);
        }
        for (const customer of customers) {
          const wallet = await fixture.cash.currentWallet(customer.userId, 'EUR');
          const cash = (await fixture.ledger.getAccount(BANK_TENANT_ID, wallet!.accountId)).balance;
          expect(cash.available.startsWith('-')).toBe(false);
          const open = (
            await fixture.app.inject({
              method: 'GET',
              url: '/api/trading/orders?status=open&limit=100',
              headers: { authorization: `Bearer ${customer.token}` },
            })
          ).json<{ items: Order[] }>().items;
          const cents = (text: string) => amountFromDecimal(text, EUR);
          const reservedCash = open
            .filter((order) => order.side === 'buy')
            .reduce((sum, order) => sum + cents(order.reserved), 0n);
          expect(cents(cash.debitsPending)).toBe(reservedCash);
          let units: { debitsPending: string; available: string } = { debitsPending: '0', available: '0' };
          try {
            units = (
              await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(customer.userId, BTC_EUR))
            ).balance;
          } catch {
            // No position account: nothing was bought.
          }
          expect(units.available.startsWith('-')).toBe(false);
          const satoshis = (text: string) => amountFromDecimal(text, BTC);
          const reservedUnits = open
            .filter((order) => order.side === 'sell')
            .reduce((sum, order) => sum + satoshis(order.reserved), 0n);
          expect(satoshis(units.debitsPending)).toBe(reservedUnits);
        }
      }),
      { numRuns: 4, seed: 20_261_107 },
    );
  }, 300_000);
});
