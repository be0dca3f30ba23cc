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
    const wallets: Wallet[] = (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
    eur = wallets.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')!;
  }, 120_000);

  it('expires: the processor authorisation is cancelled, the hold voided, the activity says voided', async () => {
    const before = await t.ledger.getAccount('tessera', eur.id);
    const card = await t.call('POST', '/processor-sim/v1/tokens', {
      body: {
        number: TEST_CARDS.threeDSecure,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    const response = await t.call('POST', '/api/cash-operations/card/deposits', {
      token,
      key: 'abandoned-3ds',
      body: { walletId: eur.id, amount: '30.00', token: card.json().token },
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
