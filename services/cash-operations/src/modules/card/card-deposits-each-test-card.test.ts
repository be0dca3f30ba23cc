import { type CardDeposit, DEMO_USER_IDS, type SavedCard, TEST_CARDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';
import { eurPlus } from '../rails/eur-text.test-support.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const mia = DEMO_USER_IDS.delegate;
const leo = DEMO_USER_IDS.freshCustomer;

describeEachDatabase('card deposits', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let miaToken: string;
  let anaEur: Wallet;
  let anaBtc: Wallet;
  let keyCounter = 0;
  const key = () => `card-${(keyCounter += 1)}`;

  async function tokenize(number: string): Promise<string> {
    const response = await t.call('POST', '/processor-sim/v1/tokens', {
      body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    // The processor hands back a token and card facts, never the number.
    expect(JSON.stringify(body)).not.toContain(number);
    return body.token;
  }

  async function deposit(body: object, token = anaToken, idempotencyKey = key()) {
    return t.call('POST', '/api/cash-operations/card/deposits', { token, key: idempotencyKey, body });
  }

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(ana);
    miaToken = await t.token(mia);
    const wallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })
    ).json().items;
    anaEur = wallets.find((wallet) => wallet.asset === 'EUR')!;
    anaBtc = wallets.find((wallet) => wallet.asset === 'BTC')!;
  }, 120_000);

  it('4242…: authorises as a pending hold (amount + 70 bp fee on the card), then capture posts it', async () => {
    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const response = await deposit({
      walletId: anaEur.id,
      amount: '100.00',
      token: await tokenize(TEST_CARDS.succeeds),
      saveCard: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: CardDeposit = response.json();
    expect(created).toMatchObject({
      status: 'pending',
      amount: '100.00',
      fee: '0.70',
      charged: '100.70',
      card: { brand: 'visa', last4: '4242' },
    });
    const pending = await t.ledger.getAccount('tessera', anaEur.id);
    expect(pending.balance.creditsPending).toBe(eurPlus(before.balance.creditsPending, '100.00'));
    expect(pending.balance.available).toBe(before.balance.available);
    const activity = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    expect(activity.items[0]).toMatchObject({
      id: created.id,
      kind: 'card_deposit',
      status: 'pending',
      amount: '100.00',
      fee: '0.70',
    });
    expect(activity.items[0].pending.settledBy).toBe('card_capture');

    await t.rails.rails.drain();
    const posted = (
      await t.call('GET', `/api/cash-operations/card/deposits/${created.id}`, { token: anaToken })
    ).json();
    expect(posted.status).toBe('posted');
    const after = await t.ledger.getAccount('tessera', anaEur.id);
    expect(after.balance.available).toBe(eurPlus(before.balance.available, '100.00'));
    expect(after.balance.creditsPending).toBe(before.balance.creditsPending);

    // The card was saved as a token with its facts; the first saved card is the default.
    const cards: SavedCard[] = (await t.call('GET', '/api/cash-operations/cards', { token: anaToken })).json()
      .items;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    // Paying again with the saved card works without card details.
    const again = await deposit({ walletId: anaEur.id, amount: '10.00', savedCardId: cards[0]!.id });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('4000…0002: declined, 422 CASH_CARD_DECLINED, nothing held; a retry with the same key says the same', async () => {
    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const token = await tokenize(TEST_CARDS.declined);
    const sameKey = key();
    const response = await deposit({ walletId: anaEur.id, amount: '25.00', token }, anaToken, sameKey);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'CASH_CARD_DECLINED',
      details: { declineCode: 'card_declined' },
    });
    const retry = await deposit({ walletId: anaEur.id, amount: '25.00', token }, anaToken, sameKey);
    expect(retry.json().error.code).toBe('CASH_CARD_DECLINED');
    const after = await t.ledger.getAccount('tessera', anaEur.id);
    expect(after.balance).toEqual(before.balance);
  });

  it('4000 0027 6000 3184: 3-D Secure approve → pending, then posted; the page is bilingual and script-free', async () => {
    await t.rails.rails.drain();
    const before = await t.available(anaEur.id);
    const response = await deposit({
      walletId: anaEur.id,
      amount: '40.00',
      token: await tokenize(TEST_CARDS.threeDSecure),
      returnUrl: `/dashboard/wallets/${anaEur.id}/fund/`,
      locale: 'fr',
    });
    expect(response.statusCode, response.body).toBe(202);
    const created: CardDeposit = response.json();
    expect(created.status).toBe('requires_action');
    expect(created.actionUrl).toMatch(/^\/processor-sim\/3ds\/3ds_[0-9a-f]{24}\?lang=fr$/);

    const page = await t.call('GET', created.actionUrl!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Approuver');
    expect(page.body).toContain('40,28 EUR');
    expect(page.body).not.toMatch(/<script/i);
    const english = await t.call('GET', created.actionUrl!.replace('lang=fr', 'lang=en'));
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Approve');

    const decision = await t.call('POST', created.actionUrl!.split('?')[0]!, {
      payload: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decision.statusCode).toBe(303);
    expect(decision.headers.location).toBe(
      `/dashboard/wallets/${anaEur.id}/fund/?cardDeposit=${created.id}&threeDS=approved`,
    );
    // The webhook job makes it authorised; capture posts it.
    await t.rails.rails.drain();
    const posted = (
      await t.call('GET', `/api/cash-operations/card/deposits/${created.id}`, { token: anaToken })
    ).json();
    expect(posted.status).toBe('posted');
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '40.00'));
    // The challenge is answered: the page is gone.
    expect((await t.call('GET', created.actionUrl!)).statusCode).toBe(404);
  });

  it('3-D Secure fail voids the hold (reading the deposit syncs it even before the webhook job runs)', async () => {
    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const response = await deposit({
      walletId: anaEur.id,
      amount: '30.00',
      token: await tokenize(TEST_CARDS.threeDSecure),
    });
    const created: CardDeposit = response.json();
    const held = await t.ledger.getAccount('tessera', anaEur.id);
    expect(held.balance.creditsPending).toBe(eurPlus(before.balance.creditsPending, '30.00'));
    const decision = await t.call('POST', created.actionUrl!.split('?')[0]!, {
      payload: 'decision=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decision.headers.location).toContain('threeDS=failed');
    const voided = (
      await t.call('GET', `/api/cash-operations/card/deposits/${created.id}`, { token: anaToken })
    ).json();
    expect(voided.status).toBe('voided');
    await t.rails.rails.drain();
    const after = await t.ledger.getAccount('tessera', anaEur.id);
    expect(after.balance.creditsPending).toBe(before.balance.creditsPending);
    expect(after.balance.available).toBe(before.balance.available);
    const activity = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    expect(activity.items.find((item: { id: string }) => item.id === created.id).status).toBe('voided');
  });

  it('keeps another customer out: their wallet, saved card and deposit ids are 404 and nothing moves', async () => {
    const anaCards: SavedCard[] = (
      await t.call('GET', '/api/cash-operations/cards', { token: anaToken })
    ).json().items;
    const miaWallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: miaToken })
    ).json().items;
    const miaEur = miaWallets.find((wallet) => wallet.asset === 'EUR')!;
    const miaBefore = await t.available(miaEur.id);
    const anaBefore = await t.available(anaEur.id);
    const intoAna = await deposit(
      { walletId: anaEur.id, amount: '5.00', token: await tokenize(TEST_CARDS.succeeds) },
      miaToken,
    );
    expect(intoAna.statusCode).toBe(404);
    expect(intoAna.json().error.code).toBe('CASH_WALLET_NOT_FOUND');
    const withAnasCard = await deposit(
      { walletId: miaEur.id, amount: '5.00', savedCardId: anaCards[0]!.id },
      miaToken,
    );
    expect(withAnasCard.statusCode).toBe(404);
    expect(withAnasCard.json().error.code).toBe('CASH_CARD_NOT_FOUND');
    expect(
      (await t.call('DELETE', `/api/cash-operations/cards/${anaCards[0]!.id}`, { token: miaToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('POST', `/api/cash-operations/cards/${anaCards[0]!.id}/default`, { token: miaToken }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/cash-operations/cards', { token: miaToken })).json().items).toEqual([]);
    const anaDeposit = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json().items[0];
    const peek = await t.call('GET', `/api/cash-operations/card/deposits/${anaDeposit.id}`, {
      token: miaToken,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('CASH_CARD_DEPOSIT_NOT_FOUND');
    await t.rails.rails.drain();
    expect(await t.available(miaEur.id)).toBe(miaBefore);
    expect(await t.available(anaEur.id)).toBe(anaBefore);
  });

  it('refuses bad input with clear codes and holds nothing', async () => {
    const before = await t.ledger.getAccount('tessera', anaEur.id);
    const good = await tokenize(TEST_CARDS.succeeds);
    const cases: Array<[object, number, string]> = [
      [{ walletId: anaEur.id, amount: '-1', token: good }, 400, 'CASH_AMOUNT_NEGATIVE'],
      [{ walletId: anaEur.id, amount: '0.00', token: good }, 400, 'CASH_AMOUNT_NOT_POSITIVE'],
      [{ walletId: anaEur.id, amount: '1.001', token: good }, 400, 'CASH_AMOUNT_TOO_MANY_DECIMALS'],
      [{ walletId: anaEur.id, amount: 'abc', token: good }, 400, 'CASH_AMOUNT_NOT_A_NUMBER'],
      [{ walletId: anaEur.id, amount: '10.00', token: 'tok_unknown' }, 400, 'CASH_CARD_TOKEN_INVALID'],
      [
        { walletId: anaEur.id, amount: '10.00', token: good, returnUrl: 'https://evil.example/' },
        400,
        'CASH_CARD_RETURN_URL_INVALID',
      ],
      [
        { walletId: anaEur.id, amount: '10.00', token: good, returnUrl: '//evil.example/' },
        400,
        'CASH_CARD_RETURN_URL_INVALID',
      ],
      [{ walletId: anaBtc.id, amount: '0.1', token: good }, 422, 'CASH_CARD_ASSET_UNSUPPORTED'],
      [{ walletId: anaEur.id, amount: '20000.00', token: good }, 422, 'CASH_DEPOSIT_ABOVE_SINGLE_MAX'],
      [{ walletId: anaEur.id, amount: '10.00' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const response = await deposit(body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    // Without an Idempotency-Key, a money movement is refused.
    const keyless = await t.call('POST', '/api/cash-operations/card/deposits', {
      token: anaToken,
      body: { walletId: anaEur.id, amount: '10.00', token: good },
    });
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    // The processor refuses non-test cards, bad numbers, expired cards.
    const nextYear = new Date().getUTCFullYear() + 1;
    const tokenCases: Array<[object, string]> = [
      [
        { number: '4111111111111111', expMonth: 1, expYear: nextYear, cvc: '123' },
        'PROCESSOR_CARD_NOT_A_TEST_CARD',
      ],
      [
        { number: '4242424242424241', expMonth: 1, expYear: nextYear, cvc: '123' },
        'PROCESSOR_CARD_NUMBER_INVALID',
      ],
      [{ number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' }, 'PROCESSOR_CARD_EXPIRED'],
      [
        { number: '4242424242424242', expMonth: 1, expYear: nextYear, cvc: '12' },
        'PROCESSOR_CARD_CVC_INVALID',
      ],
    ];
    for (const [body, code] of tokenCases) {
      expect((await t.call('POST', '/processor-sim/v1/tokens', { body })).json().error.code).toBe(code);
    }
    // A level-1 customer's single deposit is at most 500 EUR.
    const leoToken = await t.token(leo);
    const leoWallet = (
      await t.call('POST', '/api/cash-operations/wallets', {
        token: leoToken,
        key: key(),
        body: { asset: 'EUR', name: 'Euros' },
      })
    ).json();
    // Issue #15: over the per-deposit cap is its own refusal, not "over your 30-day limit" (nothing used yet).
    const tooBig = await deposit({ walletId: leoWallet.id, amount: '600.00', token: good }, leoToken);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().error).toMatchObject({
      code: 'CASH_DEPOSIT_ABOVE_SINGLE_MAX',
      details: { operation: 'deposit', singleMax: '500.00', currency: 'EUR' },
    });
    // Two deposits at the cap use the 1,000 EUR of 30 days; the next one, small, is over the 30-day limit.
    for (const amount of ['500.00', '500.00']) {
      const atCap = await deposit({ walletId: leoWallet.id, amount, token: good }, leoToken);
      expect(atCap.statusCode, atCap.body).toBe(201);
    }
    const overWindow = await deposit({ walletId: leoWallet.id, amount: '1.00', token: good }, leoToken);
    expect(overWindow.json().error).toMatchObject({
      code: 'CASH_LIMIT_EXCEEDED',
      details: { operation: 'deposit', limit: '1000.00', used: '1000.00', remaining: '0.00' },
    });
    const after = await t.ledger.getAccount('tessera', anaEur.id);
    expect(after.balance).toEqual(before.balance);
  });

  it('removes a saved card and moves the default to the next one', async () => {
    await deposit({
      walletId: anaEur.id,
      amount: '1.00',
      token: await tokenize(TEST_CARDS.succeeds),
      saveCard: true,
    });
    let cards: SavedCard[] = (await t.call('GET', '/api/cash-operations/cards', { token: anaToken })).json()
      .items;
    expect(cards).toHaveLength(2);
    const second = cards[1]!;
    expect(
      (await t.call('POST', `/api/cash-operations/cards/${second.id}/default`, { token: anaToken })).json()
        .isDefault,
    ).toBe(true);
    expect(
      (await t.call('DELETE', `/api/cash-operations/cards/${second.id}`, { token: anaToken })).statusCode,
    ).toBe(204);
    cards = (await t.call('GET', '/api/cash-operations/cards', { token: anaToken })).json().items;
    expect(cards).toHaveLength(1);
    expect(cards[0]!.isDefault).toBe(true);
  });

  it('leaves every ledger verified', async () => {
    await t.rails.rails.drain();
    for (const verification of await t.verifyAll()) {
      expect(verification.ok, `${verification.ledger}: ${JSON.stringify(verification.problems)}`).toBe(true);
    }
  });
});
