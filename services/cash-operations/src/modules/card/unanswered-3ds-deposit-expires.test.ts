import {
  type ActivityItem,
  type CardDeposit,
  DEMO_USER_IDS,
  TEST_CARDS,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;

// Issue #15: a deposit whose 3-D Secure challenge was abandoned showed "On its way in" for a week. Here the
// challenge window is 0 s, so the challenge is already over when the deposit is read.
describeEachDatabase('an unanswered 3-D Secure deposit', ({ createDatabase }) => {
  let t: RailsTestApp;
  let token: string;
  let eur: Wallet;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase(), { cardChallengeTimeoutSeconds: 0 });
    token = await t.token(ana);
    eur = (await t.currentWallet(token, 'EUR'))!;
  }, 120_000);

  it('expires: the processor authorisation is cancelled, the hold voided, the activity says voided', async () => {
    const before = await t.ledger.getAccount('tessera', eur.id);
    const response = await t.cardDeposit({
      token,
      key: 'abandoned-3ds',
      walletId: eur.id,
      amount: '30.00',
      card: TEST_CARDS.threeDSecure,
    });
    expect(response.statusCode, response.body).toBe(202);
    const created: CardDeposit = response.json();
    expect(created.status).toBe('requires_action');

    // The expiry job (or reading the deposit) ends it.
    await t.rails.rails.drain();
    const read: CardDeposit = (
      await t.call('GET', `/api/cash-operations/card/deposits/${created.id}`, { token })
    ).json();
    expect(read).toMatchObject({ status: 'voided', declineCode: 'authentication_expired', actionUrl: null });
    // The challenge page is gone: the processor's payment was cancelled, the card is no longer reserved.
    expect((await t.call('GET', created.actionUrl!)).statusCode).toBe(404);
    // Nothing stays pending in the ledger; nothing moved.
    const after = await t.ledger.getAccount('tessera', eur.id);
    expect(after.balance).toEqual(before.balance);
    const items: ActivityItem[] = (
      await t.call('GET', `/api/cash-operations/wallets/${eur.id}/activity`, { token })
    ).json().items;
    expect(items.find((item) => item.id === created.id)).toMatchObject({ status: 'voided', pending: null });
    for (const verification of await t.verifyAll()) {
      expect(verification.ok).toBe(true);
    }
  });
});
