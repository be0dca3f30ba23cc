/**
 * Regression (issue #13, defect 9, "saved cards are a bounded list"): every card deposit with `saveCard` added a
 * row, without limit, and GET /cards listed them all. Now a customer keeps at most SAVED_CARDS_PER_CUSTOMER_MAX
 * cards: a deposit asking to save one more is refused before the card is charged (CASH_CARD_LIMIT_REACHED), paying
 * without saving still works, and removing a card makes room.
 */
import {
  DEMO_USER_IDS,
  SAVED_CARDS_PER_CUSTOMER_MAX,
  type SavedCard,
  TEST_CARDS,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

describeEachDatabase('saved cards are a bounded list', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let anaEur: Wallet;
  let keyCounter = 0;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(DEMO_USER_IDS.verifiedCustomer);
    const wallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })
    ).json().items;
    anaEur = wallets.find((wallet) => wallet.asset === 'EUR')!;
    return () => t.app.close();
  }, 120_000);

  async function freshCardToken(): Promise<string> {
    const response = await t.call('POST', '/processor-sim/v1/tokens', {
      body: {
        number: TEST_CARDS.succeeds,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    return response.json().token;
  }
  const deposit = async (body: object) =>
    t.call('POST', '/api/cash-operations/card/deposits', {
      token: anaToken,
      key: `saved-${(keyCounter += 1)}`,
      body: { walletId: anaEur.id, amount: '1.00', ...body },
    });
  const savedCards = async (): Promise<SavedCard[]> =>
    (await t.call('GET', '/api/cash-operations/cards', { token: anaToken })).json().items;

  it('refuses to save one card more than the maximum, before charging it; paying without saving still works', async () => {
    for (let saved = (await savedCards()).length; saved < SAVED_CARDS_PER_CUSTOMER_MAX; saved += 1) {
      const accepted = await deposit({ token: await freshCardToken(), saveCard: true });
      expect(accepted.statusCode, accepted.body).toBe(201);
    }
    expect(await savedCards()).toHaveLength(SAVED_CARDS_PER_CUSTOMER_MAX);

    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const refused = await deposit({ token: await freshCardToken(), saveCard: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'CASH_CARD_LIMIT_REACHED',
      details: { max: SAVED_CARDS_PER_CUSTOMER_MAX },
    });
    expect((await t.ledger.getAccount('tessera', anaEur.id)).balance).toEqual(before.balance);
    expect(await savedCards()).toHaveLength(SAVED_CARDS_PER_CUSTOMER_MAX);

    // Paying with a new card without saving it, or with a saved card, is not affected.
    expect((await deposit({ token: await freshCardToken() })).statusCode).toBe(201);
    const [oldest] = await savedCards();
    expect((await deposit({ savedCardId: oldest!.id })).statusCode).toBe(201);

    // Removing a card makes room for one more.
    const removed = await t.call('DELETE', `/api/cash-operations/cards/${oldest!.id}`, { token: anaToken });
    expect(removed.statusCode).toBe(204);
    expect((await deposit({ token: await freshCardToken(), saveCard: true })).statusCode).toBe(201);
    expect(await savedCards()).toHaveLength(SAVED_CARDS_PER_CUSTOMER_MAX);
  });
});
