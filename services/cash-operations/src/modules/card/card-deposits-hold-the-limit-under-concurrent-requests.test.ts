/**
 * Regression: the 30-day deposit limit was checked before the processor authorised a card deposit and consumed
 * later, when the deposit was recorded, with no lock between: two deposits sent together (different
 * Idempotency-Keys) both saw the whole remaining limit and both went through. Now the deposit is recorded under the
 * limit lock; the one that loses the race after its authorisation has its authorisation cancelled at the processor
 * (the customer is not charged), books nothing and is answered CASH_LIMIT_EXCEEDED.
 */
import { type CardDeposit, DEMO_USER_IDS, TEST_CARDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it, vi } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';
import { eur, eurChange } from '../rails/eur-text.test-support.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;

describeEachDatabase('card deposits under concurrent requests', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let anaEur: Wallet;

  async function depositLimit(): Promise<{ limit: string; used: string; remaining: string }> {
    const response = await t.call('GET', '/api/cash-operations/limits', { token: anaToken });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().limits.find((limit: { operation: string }) => limit.operation === 'deposit');
  }

  async function tokenize(number: string): Promise<string> {
    const response = await t.call('POST', '/processor-sim/v1/tokens', {
      body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().token;
  }

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(ana);
    const wallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })
    ).json().items;
    anaEur = wallets.find((wallet) => wallet.asset === 'EUR')!;
    // Bring the remaining deposit limit to EUR 10,000.00 with an incoming SEPA credit (it counts, unrefused): the
    // seeded deposits already use about EUR 36,000 of the 50,000.
    const before = await depositLimit();
    const toUse = eurChange(before.remaining, '10000.00');
    expect(eur(toUse)).toBeGreaterThan(0n);
    const credit = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      body: { iban: anaEur.iban, amount: toUse, debtorName: 'Ana Demo' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await depositLimit()).toMatchObject({ remaining: '10000.00' });
  }, 120_000);

  it('lets only one of two simultaneous card deposits through and cancels the other authorisation', async () => {
    const token = await tokenize(TEST_CARDS.succeeds);
    // A real processor answers in hundreds of milliseconds: hold each authorisation until both requests have
    // asked for one, so both are past the early limit check, as they would be in production.
    const processor = t.rails.card.processor!;
    const authorize = processor.authorize.bind(processor);
    let waiting: Array<() => void> = [];
    const spy = vi.spyOn(processor, 'authorize').mockImplementation(async (request) => {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          waiting.forEach((wake) => wake());
          waiting = [];
        }
        setTimeout(resolve, 5_000); // never a deadlock when only one request gets this far
      });
      return authorize(request);
    });
    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const keys = ['card-race-a', 'card-race-b'];
    const answers = await Promise.all(
      keys.map((key) =>
        t.call('POST', '/api/cash-operations/card/deposits', {
          token: anaToken,
          key,
          body: { walletId: anaEur.id, amount: '6000.00', token },
        }),
      ),
    );
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 422]);
    const accepted: CardDeposit = answers.find((answer) => answer.statusCode === 201)!.json();
    const refused = answers.find((answer) => answer.statusCode === 422)!.json().error;
    expect(refused).toMatchObject({ code: 'CASH_LIMIT_EXCEEDED', details: { operation: 'deposit' } });
    const refusedId: string = refused.details.depositId;
    expect(refusedId).toBeTruthy();
    expect(refusedId).not.toBe(accepted.id);

    // The limit holds: only the accepted deposit counts.
    const limit = await depositLimit();
    expect(limit.remaining).toBe('4000.00');
    expect(eur(limit.used)).toBeLessThanOrEqual(eur(limit.limit));

    // Nothing was booked for the refused one: one pending hold of 6,000.00 on the wallet, one operation.
    const after = await t.ledger.getAccount('tessera', anaEur.id);
    expect(eurChange(after.balance.creditsPending, before.balance.creditsPending)).toBe('6000.00');
    const activity = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    const ids = activity.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(accepted.id);
    expect(ids).not.toContain(refusedId);

    // Its authorisation was cancelled at the processor (the card is not charged); the accepted one stands.
    const rows = await t.rails.rails.db
      .selectFrom('card_deposits')
      .select(['id', 'status', 'processor_payment_id'])
      .where('id', 'in', [accepted.id, refusedId])
      .execute();
    const refusedRow = rows.find((row) => row.id === refusedId)!;
    const acceptedRow = rows.find((row) => row.id === accepted.id)!;
    expect(refusedRow.status).toBe('voided');
    expect((await processor.getPayment(refusedRow.processor_payment_id!))?.status).toBe('cancelled');
    expect((await processor.getPayment(acceptedRow.processor_payment_id!))?.status).toBe('authorised');

    // Retrying the refused request with its key answers the same refusal, never a deposit.
    const retry = await t.call('POST', '/api/cash-operations/card/deposits', {
      token: anaToken,
      key: keys[answers.findIndex((answer) => answer.statusCode === 422)]!,
      body: { walletId: anaEur.id, amount: '6000.00', token },
    });
    expect(retry.statusCode, retry.body).toBe(422);
    expect(retry.json().error.code).toBe('CASH_LIMIT_EXCEEDED');

    // Capture posts the accepted deposit only; the ledger is consistent.
    await t.rails.rails.drain();
    const settled = await t.ledger.getAccount('tessera', anaEur.id);
    expect(eurChange(settled.balance.available, before.balance.available)).toBe('6000.00');
    expect((await processor.getPayment(refusedRow.processor_payment_id!))?.status).toBe('cancelled');
    expect((await t.verifyAll()).every((check) => check.ok)).toBe(true);
  });
});
