import { DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';
import { customerReference } from './sepa.service.ts';
import { eurChange, eurPlus } from '../rails/eur-text.test-support.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;

describeEachDatabase('SEPA and crypto deposits', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let anaEur: Wallet;
  let anaBtc: Wallet;
  let keyCounter = 0;
  const key = () => `dep-${(keyCounter += 1)}`;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase(), {
      confirmationsRequired: { bitcoin: 2, ethereum: 3 },
    });
    anaToken = await t.token(ana);
    const anaWallets: Wallet[] = (
      await t.call('GET', '/api/cash-operations/wallets', { token: anaToken })
    ).json().items;
    anaEur = anaWallets.find((wallet) => wallet.asset === 'EUR')!;
    anaBtc = anaWallets.find((wallet) => wallet.asset === 'BTC')!;
  }, 120_000);

  it('shows the EUR wallet’s IBAN, the BIC and the customer reference', async () => {
    const details = (await t.call('GET', '/api/cash-operations/sepa/details', { token: anaToken })).json();
    expect(details).toMatchObject({
      walletId: anaEur.id,
      iban: anaEur.iban,
      bic: 'TSSRLULLXXX',
      reference: customerReference(ana),
    });
    expect(details.reference).toMatch(/^TSR[0-9A-Z]{8}$/);
  });

  it('books a simulated credit to the wallet of its IBAN once per end-to-end id; an unknown IBAN goes to suspense', async () => {
    const before = await t.available(anaEur.id);
    const suspenseBefore = (await t.ledger.getAccount('tessera', bankAccountId('EUR', 'suspense'))).balance;
    const body = {
      iban: anaEur.iban!.toLowerCase(),
      amount: '42.00',
      debtorName: 'Grandma',
      remittance: 'Birthday',
      endToEndId: 'E2E-BDAY',
    };
    const first = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: key(),
      body,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ outcome: 'credited', created: true, amount: '42.00' });
    const again = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: key(),
      body,
    });
    expect(again.json()).toMatchObject({ id: first.json().id, created: false });
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '42.00'));
    const activity = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    expect(activity.items[0]).toMatchObject({
      kind: 'sepa_deposit',
      status: 'posted',
      amount: '42.00',
      counterparty: 'Grandma',
      // The payer's reference stays as written; the sender is a fact the web app phrases.
      description: 'Birthday',
      details: { type: 'sepa_deposit', sender: 'Grandma' },
    });

    const lost = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: key(),
      body: { iban: 'DE89 3704 0044 0532 0130 00', amount: '7.00' },
    });
    expect(lost.json()).toMatchObject({ outcome: 'suspense', created: true });
    const suspense = (await t.ledger.getAccount('tessera', bankAccountId('EUR', 'suspense'))).balance;
    expect(eurChange(suspense.creditsPosted, suspenseBefore.creditsPosted)).toBe('7.00');

    const bad = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: key(),
      body: { iban: 'DE89 3704 0044 0532 0130 01', amount: '7.00' },
    });
    expect(bad.json().error).toMatchObject({
      code: 'CASH_INVALID_IBAN',
      details: { problem: 'checksum_mismatch' },
    });
    const badAmount = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: anaToken,
      key: key(),
      body: { iban: anaEur.iban, amount: '7.001' },
    });
    expect(badAmount.json().error.code).toBe('CASH_AMOUNT_TOO_MANY_DECIMALS');
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '42.00'));
  });

  // In production the /dev/ routes are not mounted at all (dev-routes-not-mounted-in-production.test.ts); this is
  // the settings switch that closes them to customers elsewhere.
  it('with the simulators closed by settings, a customer gets CASH_SIMULATOR_DISABLED and staff may use them', async () => {
    const production = await buildRailsTestApp(await createDatabase(), { simulatorsOpen: false });
    try {
      const customer = await production.token(ana);
      const refused = await production.call('POST', '/api/cash-operations/dev/sepa/incoming', {
        token: customer,
        key: 'x',
        body: { iban: 'DE89 3704 0044 0532 0130 00', amount: '1.00' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('CASH_SIMULATOR_DISABLED');
      const staff = await production.token('staff-1', { groups: ['support_agent'] });
      const allowed = await production.call('POST', '/api/cash-operations/dev/sepa/incoming', {
        token: staff,
        key: 'y',
        body: { iban: 'DE89 3704 0044 0532 0130 00', amount: '1.00' },
      });
      expect(allowed.statusCode, allowed.body).toBe(201);
    } finally {
      await production.app.close();
    }
  }, 120_000);

  it('holds a crypto deposit as pending with confirmations x/N, and posts it at N', async () => {
    const before = await t.ledger.getAccount('tessera', anaBtc.id);
    const incoming = await t.call('POST', '/api/cash-operations/dev/crypto/incoming', {
      token: anaToken,
      body: { asset: 'BTC', address: anaBtc.depositAddress!.address.toUpperCase(), amount: '0.015' },
    });
    expect(incoming.statusCode, incoming.body).toBe(201);
    const { depositId, txHash } = incoming.json();
    expect(depositId).toMatch(/^[0-9a-f-]{36}$/);
    const activityItem = async () =>
      (await t.call('GET', `/api/cash-operations/wallets/${anaBtc.id}/activity`, { token: anaToken }))
        .json()
        .items.find((item: { id: string }) => item.id === depositId);
    expect(await activityItem()).toMatchObject({
      kind: 'crypto_deposit',
      status: 'pending',
      amount: '0.01500000',
      pending: { settledBy: 'crypto_confirmations', confirmations: { current: 0, required: 2 } },
    });
    const pending = await t.ledger.getAccount('tessera', anaBtc.id);
    expect(pending.balance.creditsPending).toBe('0.01500000');
    expect(pending.balance.available).toBe(before.balance.available);

    const block = (count: number) =>
      t.call('POST', '/api/cash-operations/dev/crypto/blocks', {
        token: anaToken,
        body: { chain: 'bitcoin', count },
      });
    await block(1);
    await t.rails.rails.drain();
    expect((await activityItem()).pending.confirmations).toEqual({ current: 1, required: 2 });
    expect((await t.ledger.getAccount('tessera', anaBtc.id)).balance.available).toBe(
      before.balance.available,
    );
    await block(1);
    await t.rails.rails.drain();
    const posted = await activityItem();
    expect(posted.status).toBe('posted');
    expect(posted.pending).toBeNull();
    const after = await t.ledger.getAccount('tessera', anaBtc.id);
    expect(BigInt(after.balance.available.replace('.', ''))).toBe(
      BigInt(before.balance.available.replace('.', '')) + 1_500_000n,
    );
    expect(after.balance.creditsPending).toBe('0.00000000');
    expect(txHash).toMatch(/^[0-9a-f]{64}$/);

    const networks = (await t.call('GET', '/api/cash-operations/crypto/networks', { token: anaToken })).json()
      .items;
    expect(networks).toContainEqual({
      chain: 'bitcoin',
      assets: ['BTC'],
      confirmationsRequired: 2,
      tipHeight: 2,
      blockIntervalMs: null,
    });
  });

  it('refuses a bad address or amount for the chain and credits nothing for an address no wallet has', async () => {
    const before = await t.available(anaBtc.id);
    const cases: Array<[object, string]> = [
      [
        { asset: 'BTC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '1' },
        'CASH_INVALID_CRYPTO_ADDRESS',
      ],
      [
        { asset: 'BTC', address: anaBtc.depositAddress!.address, amount: '0.000000001' },
        'CASH_AMOUNT_TOO_MANY_DECIMALS',
      ],
      [{ asset: 'BTC', address: anaBtc.depositAddress!.address, amount: '-1' }, 'CASH_AMOUNT_NEGATIVE'],
    ];
    for (const [body, code] of cases) {
      const response = await t.call('POST', '/api/cash-operations/dev/crypto/incoming', {
        token: anaToken,
        body,
      });
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const stranger = await t.call('POST', '/api/cash-operations/dev/crypto/incoming', {
      token: anaToken,
      body: { asset: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '1' },
    });
    expect(stranger.json().depositId).toBeNull();
    expect(await t.available(anaBtc.id)).toBe(before);
  });

  it('leaves every ledger verified', async () => {
    await t.rails.rails.drain();
    for (const verification of await t.verifyAll()) {
      expect(verification.ok, `${verification.ledger}: ${JSON.stringify(verification.problems)}`).toBe(true);
    }
  });
});
