import { DEMO_USER_IDS, type Beneficiary, type Wallet, type Withdrawal } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';
import { SEPA_SIMULATOR_REJECTED_IBAN } from '../sepa/sepa-rail.ts';
import { CHAIN_SIMULATOR_REJECTED_ADDRESSES } from '../crypto/chain-adapter.ts';
import { eurPlus } from '../rails/eur-text.test-support.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;
const mia = DEMO_USER_IDS.delegate;
const leo = DEMO_USER_IDS.freshCustomer;

describeEachDatabase('beneficiaries and withdrawals', ({ createDatabase }) => {
  let t: RailsTestApp;
  let anaToken: string;
  let anaStepUp: string;
  let miaToken: string;
  let anaEur: Wallet;
  let anaBtc: Wallet;
  let anaUsd: Wallet;
  let keyCounter = 0;
  const key = () => `key-${(keyCounter += 1)}`;

  async function wallets(token: string): Promise<Wallet[]> {
    return (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
  }

  async function addBeneficiary(token: string, body: object): Promise<Beneficiary> {
    const response = await t.call('POST', '/api/cash-operations/beneficiaries', { token, body, key: key() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    anaToken = await t.token(ana);
    anaStepUp = await t.token(ana, { stepUp: true });
    miaToken = await t.token(mia);
    const anaWallets = await wallets(anaToken);
    anaEur = anaWallets.find((wallet) => wallet.asset === 'EUR')!;
    anaBtc = anaWallets.find((wallet) => wallet.asset === 'BTC')!;
    anaUsd = anaWallets.find((wallet) => wallet.asset === 'USD')!;
  }, 120_000);

  it('saves IBAN and crypto beneficiaries, normalised, and refuses bad ones with a named problem', async () => {
    const iban = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: '  Ana   Landlord ',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'bnpafrpp',
    });
    expect(iban).toMatchObject({
      kind: 'iban',
      name: 'Ana Landlord',
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
    });
    const eth = await addBeneficiary(anaToken, {
      kind: 'crypto',
      name: 'Cold wallet',
      asset: 'ETH',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(eth).toMatchObject({
      asset: 'ETH',
      chain: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });

    const bad: Array<[object, string, string | undefined]> = [
      [
        { kind: 'iban', name: 'X', iban: 'FR76 3000 6000 0112 3456 7890 188' },
        'CASH_INVALID_IBAN',
        'checksum_mismatch',
      ],
      [
        { kind: 'iban', name: 'X', iban: 'BR15 0000 0000 0000 1093 2840 814P 2' },
        'CASH_INVALID_IBAN',
        'country_not_sepa',
      ],
      [
        { kind: 'iban', name: '   ', iban: 'FR7630006000011234567890189' },
        'CASH_BENEFICIARY_NAME_INVALID',
        undefined,
      ],
      [
        { kind: 'iban', name: 'X', iban: 'FR7630006000011234567890189', bic: 'NOPE' },
        'CASH_INVALID_BIC',
        'invalid_format',
      ],
      [
        { kind: 'crypto', name: 'X', asset: 'BTC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
        'CASH_INVALID_CRYPTO_ADDRESS',
        'invalid_format',
      ],
      [
        { kind: 'crypto', name: 'X', asset: 'ETH', address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
        'CASH_INVALID_CRYPTO_ADDRESS',
        'checksum_mismatch',
      ],
      [
        {
          kind: 'crypto',
          name: 'X',
          asset: 'BTC',
          address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
        },
        'CASH_INVALID_CRYPTO_ADDRESS',
        'wrong_network',
      ],
    ];
    for (const [body, code, problem] of bad) {
      const response = await t.call('POST', '/api/cash-operations/beneficiaries', {
        token: anaToken,
        body,
        key: key(),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.details.problem).toBe(problem);
    }
    const list = (await t.call('GET', '/api/cash-operations/beneficiaries', { token: anaToken })).json()
      .items;
    expect(list.map((item: Beneficiary) => item.id)).toEqual([iban.id, eth.id]);
  });

  it("hides a customer's beneficiaries from another customer: listing, removing and paying them are 404", async () => {
    const mine = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: 'Private',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    const miaList = (await t.call('GET', '/api/cash-operations/beneficiaries', { token: miaToken })).json()
      .items;
    expect(miaList).toEqual([]);
    const remove = await t.call('DELETE', `/api/cash-operations/beneficiaries/${mine.id}`, {
      token: miaToken,
    });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error.code).toBe('CASH_BENEFICIARY_NOT_FOUND');
    const miaEur = (await wallets(miaToken)).find((wallet) => wallet.asset === 'EUR')!;
    const before = await t.available(miaEur.id);
    const pay = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: await t.token(mia, { stepUp: true }),
      key: key(),
      body: { walletId: miaEur.id, beneficiaryId: mine.id, amount: '10.00' },
    });
    expect(pay.statusCode).toBe(404);
    expect(pay.json().error.code).toBe('CASH_BENEFICIARY_NOT_FOUND');
    // Ana's wallet with Mia's token: 404 too, and nothing moved anywhere.
    const steal = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: await t.token(mia, { stepUp: true }),
      key: key(),
      body: { walletId: anaEur.id, beneficiaryId: mine.id, amount: '10.00' },
    });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().error.code).toBe('CASH_WALLET_NOT_FOUND');
    expect(await t.available(miaEur.id)).toBe(before);
    expect(
      (await t.call('GET', '/api/cash-operations/beneficiaries', { token: anaToken }))
        .json()
        .items.map((b: Beneficiary) => b.id),
    ).toContain(mine.id);
  });

  it('needs a fresh second factor: without it 403 CASH_STEP_UP_REQUIRED and nothing held; the same key then succeeds', async () => {
    const landlord = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: 'Landlord',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    const before = await t.available(anaEur.id);
    const body = { walletId: anaEur.id, beneficiaryId: landlord.id, amount: '100.00' };
    const sameKey = key();
    const refused = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaToken,
      key: sameKey,
      body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('CASH_STEP_UP_REQUIRED');
    const stale = await t.issuer.sign(ana, {
      amr: ['pwd', 'mfa'],
      authTimeS: Math.floor(Date.now() / 1000) - 600,
    });
    expect(
      (await t.call('POST', '/api/cash-operations/withdrawals', { token: stale, key: sameKey, body })).json()
        .error.code,
    ).toBe('CASH_STEP_UP_REQUIRED');
    expect(await t.available(anaEur.id)).toBe(before);

    const accepted = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: sameKey,
      body,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const withdrawal: Withdrawal = accepted.json();
    expect(withdrawal).toMatchObject({
      status: 'pending',
      rail: 'sepa',
      amount: '100.00',
      fee: '0.00',
      destination: 'DE89370400440532013000',
    });
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '-100.00'));
    // A retry with the same key answers the first answer and holds nothing more.
    const retry = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: sameKey,
      body,
    });
    expect(retry.json()).toEqual(withdrawal);
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '-100.00'));

    // The activity shows the hold as pending, settled by the rail.
    const activity = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    expect(activity.items[0]).toMatchObject({
      id: withdrawal.id,
      kind: 'sepa_withdrawal',
      status: 'pending',
      amount: '-100.00',
    });
    expect(activity.items[0].pending.settledBy).toBe('rail_confirmation');

    // The rail confirms: posted; the money has left for good.
    await t.rails.rails.drain();
    const posted = (
      await t.call('GET', `/api/cash-operations/withdrawals/${withdrawal.id}`, { token: anaToken })
    ).json();
    expect(posted).toMatchObject({ status: 'posted', railReference: expect.stringMatching(/^SIM-SCT-/) });
    const account = await t.ledger.getAccount('tessera', anaEur.id);
    expect(account.balance.debitsPending).toBe('0.00');
    expect(account.balance.available).toBe(eurPlus(before, '-100.00'));
    const after = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity`, { token: anaToken })
    ).json();
    expect(after.items.find((item: { id: string }) => item.id === withdrawal.id).status).toBe('posted');
    // Another customer cannot read it.
    expect(
      (await t.call('GET', `/api/cash-operations/withdrawals/${withdrawal.id}`, { token: miaToken }))
        .statusCode,
    ).toBe(404);
  });

  it('voids the hold when the simulated bank rejects the IBAN, and when the chain refuses the address (fee released too)', async () => {
    const closed = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: 'Closed account',
      iban: SEPA_SIMULATOR_REJECTED_IBAN,
    });
    const before = await t.available(anaEur.id);
    const response = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: key(),
      body: { walletId: anaEur.id, beneficiaryId: closed.id, amount: '50.00' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await t.available(anaEur.id)).toBe(eurPlus(before, '-50.00'));
    await t.rails.rails.drain();
    const voided = (
      await t.call('GET', `/api/cash-operations/withdrawals/${response.json().id}`, { token: anaToken })
    ).json();
    expect(voided).toMatchObject({ status: 'voided', rejectReason: 'AC04' });
    expect(await t.available(anaEur.id)).toBe(before);

    const blocked = await addBeneficiary(anaToken, {
      kind: 'crypto',
      name: 'Blocked',
      asset: 'BTC',
      address: CHAIN_SIMULATOR_REJECTED_ADDRESSES.bitcoin,
    });
    const btcBefore = await t.available(anaBtc.id);
    const crypto = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: key(),
      body: { walletId: anaBtc.id, beneficiaryId: blocked.id, amount: '0.01' },
    });
    expect(crypto.statusCode, crypto.body).toBe(201);
    // The network fee of the schedule is held on top of the amount.
    expect(crypto.json()).toMatchObject({ rail: 'crypto', amount: '0.01000000', fee: '0.00020000' });
    expect(await t.available(anaBtc.id)).toBe('0.23980000');
    await t.rails.rails.drain();
    expect(
      (
        await t.call('GET', `/api/cash-operations/withdrawals/${crypto.json().id}`, { token: anaToken })
      ).json().status,
    ).toBe('voided');
    expect(await t.available(anaBtc.id)).toBe(btcBefore);
  });

  it('posts a crypto withdrawal with its fee to a valid address', async () => {
    const cold = await addBeneficiary(anaToken, {
      kind: 'crypto',
      name: 'Cold storage',
      asset: 'BTC',
      address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    });
    const before = await t.available(anaBtc.id);
    const response = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: key(),
      body: { walletId: anaBtc.id, beneficiaryId: cold.id, amount: '0.05' },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.rails.rails.drain();
    const withdrawal = (
      await t.call('GET', `/api/cash-operations/withdrawals/${response.json().id}`, { token: anaToken })
    ).json();
    expect(withdrawal).toMatchObject({
      status: 'posted',
      railReference: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(BigInt((await t.available(anaBtc.id)).replace('.', ''))).toBe(
      BigInt(before.replace('.', '')) - 5_020_000n,
    );
  });

  it('refuses bad input with clear codes and holds nothing', async () => {
    const landlord = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: 'Landlord 2',
      iban: 'NL91 ABNA 0417 1643 00',
    });
    const btcAddress = await addBeneficiary(anaToken, {
      kind: 'crypto',
      name: 'BTC',
      asset: 'BTC',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'.replace('v8f3t4', 'v8f3t4'),
    });
    const eurBefore = await t.available(anaEur.id);
    const usdBefore = await t.available(anaUsd.id);
    const cases: Array<[object, number, string]> = [
      [{ walletId: anaEur.id, beneficiaryId: landlord.id, amount: '-5' }, 400, 'CASH_AMOUNT_NEGATIVE'],
      [{ walletId: anaEur.id, beneficiaryId: landlord.id, amount: '0' }, 400, 'CASH_AMOUNT_NOT_POSITIVE'],
      [
        { walletId: anaEur.id, beneficiaryId: landlord.id, amount: '1.234' },
        400,
        'CASH_AMOUNT_TOO_MANY_DECIMALS',
      ],
      [{ walletId: anaEur.id, beneficiaryId: landlord.id, amount: 'ten' }, 400, 'CASH_AMOUNT_NOT_A_NUMBER'],
      [{ walletId: anaEur.id, beneficiaryId: landlord.id, amount: '1e400' }, 400, 'CASH_AMOUNT_NOT_A_NUMBER'],
      [
        { walletId: anaEur.id, beneficiaryId: landlord.id, amount: '99999999999999999999999999999999999999' },
        400,
        'CASH_AMOUNT_TOO_LARGE',
      ],
      [
        { walletId: anaEur.id, beneficiaryId: landlord.id, amount: '15000.00' },
        422,
        'CASH_INSUFFICIENT_FUNDS',
      ],
      [{ walletId: anaEur.id, beneficiaryId: landlord.id, amount: '19999.00' }, 422, 'CASH_LIMIT_EXCEEDED'],
      [
        { walletId: anaUsd.id, beneficiaryId: landlord.id, amount: '10.00' },
        422,
        'CASH_SEPA_ASSET_UNSUPPORTED',
      ],
      [
        { walletId: anaEur.id, beneficiaryId: btcAddress.id, amount: '10.00' },
        422,
        'CASH_BENEFICIARY_ASSET_MISMATCH',
      ],
      [
        { walletId: anaEur.id, beneficiaryId: 'not-a-uuid', amount: '10.00' },
        404,
        'CASH_BENEFICIARY_NOT_FOUND',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await t.call('POST', '/api/cash-operations/withdrawals', {
        token: anaStepUp,
        key: key(),
        body,
      });
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    // A level-1 customer may not withdraw at all.
    const leoToken = await t.token(leo, { stepUp: true });
    const leoBeneficiary = await addBeneficiary(leoToken, {
      kind: 'iban',
      name: 'Leo',
      iban: 'NL91 ABNA 0417 1643 00',
    });
    const leoWallet = await t.call('POST', '/api/cash-operations/wallets', {
      token: leoToken,
      key: key(),
      body: { asset: 'EUR', name: 'Euros' },
    });
    const leoRefused = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: leoToken,
      key: key(),
      body: { walletId: leoWallet.json().id, beneficiaryId: leoBeneficiary.id, amount: '1.00' },
    });
    expect(leoRefused.json().error.code).toBe('CASH_KYC_LEVEL_REQUIRED');
    expect(await t.available(anaEur.id)).toBe(eurBefore);
    expect(await t.available(anaUsd.id)).toBe(usdBefore);
  });

  it("lists the caller's own withdrawals newest first, by cursor pages, pending then settled; never another's", async () => {
    await t.rails.rails.drain();
    const payee = await addBeneficiary(anaToken, {
      kind: 'iban',
      name: 'Ana Landlord',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    const created: Withdrawal[] = [];
    for (const amount of ['1.00', '2.00', '3.00']) {
      const response = await t.call('POST', '/api/cash-operations/withdrawals', {
        token: anaStepUp,
        key: key(),
        body: { walletId: anaEur.id, beneficiaryId: payee.id, amount },
      });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
    const newestFirst = created.map((item) => item.id).reverse();
    const list = async (token: string, query = '') => {
      const response = await t.call('GET', `/api/cash-operations/withdrawals${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: Withdrawal[]; nextCursor: string | null };
    };
    // Pending before the rail answers, newest first, with no settlement time yet.
    const pending = await list(anaToken, '?status=pending');
    expect(pending.items.map((item) => item.id)).toEqual(newestFirst);
    expect(pending.items.map((item) => item.amount)).toEqual(['3.00', '2.00', '1.00']);
    expect(pending.items.every((item) => item.settledAt === null)).toBe(true);
    expect(pending.items[0]).toMatchObject({
      beneficiaryName: 'Ana Landlord',
      destination: 'FR1420041010050500013M02606',
      asset: 'EUR',
      rail: 'sepa',
      status: 'pending',
    });
    // Pages of one walk every withdrawal once, newest first, then end.
    const all = (await list(anaToken, '?limit=100')).items;
    expect(all.slice(0, 3).map((item) => item.id)).toEqual(newestFirst);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(anaToken, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((item) => item.id));
    // Another customer sees none of them, with or without a filter.
    expect((await list(miaToken, '?limit=100')).items).toEqual([]);
    expect((await list(miaToken, '?status=pending')).items).toEqual([]);
    // The rail confirms: posted, with the time it settled.
    await t.rails.rails.drain();
    const settled = (await list(anaToken)).items.filter((item) => newestFirst.includes(item.id));
    expect(settled.map((item) => item.status)).toEqual(['posted', 'posted', 'posted']);
    expect(settled.every((item) => item.settledAt !== null)).toBe(true);
    expect((await list(anaToken, '?status=pending')).items).toEqual([]);
    // A forged cursor and a bad limit are refused with clear codes; no token is 401.
    const forged = await t.call('GET', '/api/cash-operations/withdrawals?cursor=bm90LWEtY3Vyc29y', {
      token: anaToken,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('CASH_CURSOR_INVALID');
    const badLimit = await t.call('GET', '/api/cash-operations/withdrawals?limit=0', { token: anaToken });
    expect(badLimit.statusCode).toBe(400);
    expect((await t.call('GET', '/api/cash-operations/withdrawals', {})).statusCode).toBe(401);
  });

  it('leaves every ledger verified: hash chains and balances', async () => {
    await t.rails.rails.drain();
    for (const verification of await t.verifyAll()) {
      expect(verification.ok, `${verification.ledger}: ${JSON.stringify(verification.problems)}`).toBe(true);
    }
  });
});
