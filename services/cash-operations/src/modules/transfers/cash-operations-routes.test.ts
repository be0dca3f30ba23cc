import {
  BANK_TENANT_ID,
  DEMO_USER_IDS,
  isValidCryptoAddress,
  isValidIban,
  LEDGER_CLIENT,
  type LedgerApi,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { buildCashTestApp, type CashTestApp } from '../accounts/cash-test-app.ts';
import { createSimulatedRateProvider } from '../fx/rate-provider.ts';
import { eurChange } from '../rails/eur-text.test-support.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;
const LEO = DEMO_USER_IDS.freshCustomer;
const MIA = DEMO_USER_IDS.delegate;
const NOBODY = '7e5a0d0e-0099-4000-8000-000000000099';

describeEachDatabase('cash operations routes', ({ createDatabase }) => {
  let harness: CashTestApp;
  let app: FastifyInstance;
  let ledger: LedgerApi;
  let clock = new Date();
  let keyCounter = 0;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase(), {
      rates: createSimulatedRateProvider({ frozen: true, now: () => clock }),
      now: () => clock,
    });
    app = harness.app;
    ledger = harness.client(LEDGER_CLIENT);
    for (const [name, id] of Object.entries({ ana: ANA, leo: LEO, mia: MIA, nobody: NOBODY })) {
      tokens[name] = await harness.issuer.sign(id);
    }
    tokens['anaStepUp'] = await harness.issuer.sign(ANA, { amr: ['pwd', 'mfa'] });
    tokens['leoStepUp'] = await harness.issuer.sign(LEO, { amr: ['pwd', 'mfa'] });
    return () => app.close();
  }, 120_000);

  const call = async (
    who: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
    key: string | null = method === 'POST' ? `key-${(keyCounter += 1)}` : null,
  ) => {
    clock = new Date(clock.getTime() + 1);
    const response = await app.inject({
      method,
      url: `/api/cash-operations${url}`,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(response.headers['content-type']).includes('json') ? response.json() : response.body;
    return { status: response.statusCode, body: json, headers: response.headers };
  };
  const wallets = async (who: string): Promise<Wallet[]> => (await call(who, 'GET', '/wallets')).body.items;
  const walletOf = async (who: string, asset: string, kind = 'current') =>
    (await wallets(who)).find((wallet) => wallet.asset === asset && wallet.kind === kind)!;
  const balances = async (who: string) =>
    Object.fromEntries((await wallets(who)).map((wallet) => [wallet.id, wallet.balance.posted]));

  it('seeds the demo customers once: ana funded in EUR (by SEPA), USD and BTC, mia with EUR 150, leo with nothing', async () => {
    await harness.reseed();
    const ana = await wallets('ana');
    expect(ana.map((wallet) => [wallet.asset, wallet.balance.available])).toEqual([
      ['EUR', '12500.00'],
      ['USD', '2000.00'],
      ['BTC', '0.25000000'],
    ]);
    expect(isValidIban(ana[0]!.iban!)).toBe(true);
    expect(isValidCryptoAddress('BTC', ana[2]!.depositAddress!.address)).toBe(true);
    expect((await wallets('mia')).map((wallet) => wallet.balance.posted)).toEqual(['150.00']);
    expect(await wallets('leo')).toEqual([]);
    const activity = await call('ana', 'GET', `/wallets/${ana[0]!.id}/activity`);
    expect(activity.body.items).toEqual([
      expect.objectContaining({
        kind: 'sepa_deposit',
        status: 'posted',
        amount: '12500.00',
        // Facts for the web app to phrase in the customer's language: no English sentence of ours.
        description: null,
        details: { type: 'sepa_deposit', sender: 'Ana Demo' },
      }),
    ]);
  });

  it('totals the home summary in the reference currency with the rates used', async () => {
    const summary = (await call('ana', 'GET', '/summary')).body;
    // Frozen simulator (SIMULATED_EUR_VALUES): 1 USD = 0.925 EUR, 1 BTC = 88,000 EUR.
    expect(summary.referenceCurrency).toBe('EUR');
    expect(summary.total).toBe('36350.00');
    expect(summary.rates.map((rate: { asset: string }) => rate.asset).sort()).toEqual(['BTC', 'USD']);
    expect(summary.recentActivity.length).toBe(5);
  });

  it('creates, lists and renames wallets: one current wallet per asset, savings vaults beside it', async () => {
    const eur = await call('leo', 'POST', '/wallets', { asset: 'EUR' });
    expect(eur.status).toBe(201);
    expect(eur.body).toMatchObject({ asset: 'EUR', kind: 'current', name: 'EUR', bic: 'TSSRLULLXXX' });
    expect(isValidIban(eur.body.iban)).toBe(true);
    expect((await call('leo', 'POST', '/wallets', { asset: 'EUR' })).body.error.code).toBe(
      'CASH_WALLET_EXISTS',
    );
    const eth = await call('leo', 'POST', '/wallets', { asset: 'ETH', name: 'Ether' });
    expect(eth.body.depositAddress.chain).toBe('ethereum');
    expect(isValidCryptoAddress('ETH', eth.body.depositAddress.address)).toBe(true);
    const vault = await call('leo', 'POST', '/wallets', { asset: 'EUR', kind: 'savings', name: 'Holidays' });
    expect(vault.body).toMatchObject({ kind: 'savings', iban: null, depositAddress: null });
    const renamed = await call('leo', 'PATCH', `/wallets/${vault.body.id}`, { name: '  Summer trip ' });
    expect(renamed.body.name).toBe('Summer trip');
    expect((await wallets('leo')).map((wallet) => wallet.name)).toEqual(['EUR', 'Ether', 'Summer trip']);
    expect((await call('leo', 'PATCH', `/wallets/${vault.body.id}`, { name: '' })).status).toBe(400);
  });

  it('replays a wallet creation retried with the same Idempotency-Key instead of refusing it', async () => {
    const first = await call('leo', 'POST', '/wallets', { asset: 'GBP' }, 'gbp-once');
    const retry = await call('leo', 'POST', '/wallets', { asset: 'GBP' }, 'gbp-once');
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses unknown assets and customers below KYC level 1 with clear codes, creating nothing', async () => {
    const unknown = await call('leo', 'POST', '/wallets', { asset: 'DOGE' });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'CASH_ASSET_UNKNOWN' } } });
    const levelZero = await call('nobody', 'POST', '/wallets', { asset: 'EUR' });
    expect(levelZero.status).toBe(403);
    expect(levelZero.body.error).toMatchObject({
      code: 'CASH_KYC_LEVEL_REQUIRED',
      details: { requiredLevel: 1, currentLevel: 0 },
    });
    expect(await wallets('nobody')).toEqual([]);
  });

  it('converts with a quote as linked ledger legs through FX liquidity, fees included; a retry moves money once', async () => {
    const eur = await walletOf('ana', 'EUR');
    const usd = await walletOf('ana', 'USD');
    const quote = await call('ana', 'POST', '/fx/quotes', {
      fromWalletId: eur.id,
      toWalletId: usd.id,
      amount: '100.00',
      side: 'send',
    });
    expect(quote.status).toBe(201);
    // 40 bp conversionFiat fee on 100.00; the rest at mid 1/0.925 less 10 bp spread, rounded down.
    expect(quote.body).toMatchObject({ amountSent: '100.00', fee: '0.40', amountConverted: '99.60' });
    expect(Date.parse(quote.body.expiresAt) - Date.parse(quote.body.createdAt)).toBe(30_000);
    expect(quote.body.amountReceived).toBe('107.56');
    const fxBefore = await ledger.getAccount(BANK_TENANT_ID, bankAccountId('EUR', 'fx'));
    const feesBefore = await ledger.getAccount(BANK_TENANT_ID, bankAccountId('EUR', 'fees'));
    const body = { fromWalletId: eur.id, toWalletId: usd.id, quoteId: quote.body.id };
    const first = await call('ana', 'POST', '/transfers', body, 'fx-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'conversion', amountSent: '100.00', amountReceived: '107.56' });
    const retry = await call('ana', 'POST', '/transfers', body, 'fx-1');
    expect(retry.body).toEqual(first.body);
    expect((await walletOf('ana', 'EUR')).balance.posted).toBe('12400.00');
    expect((await walletOf('ana', 'USD')).balance.posted).toBe('2107.56');
    const fxAfter = await ledger.getAccount(BANK_TENANT_ID, bankAccountId('EUR', 'fx'));
    const feesAfter = await ledger.getAccount(BANK_TENANT_ID, bankAccountId('EUR', 'fees'));
    // Exactly the quote's figures: the converted 99.60 goes to FX liquidity and the 0.40 fee to fees.
    expect(eurChange(fxAfter.balance.creditsPosted, fxBefore.balance.creditsPosted)).toBe('99.60');
    expect(eurChange(feesAfter.balance.creditsPosted, feesBefore.balance.creditsPosted)).toBe('0.40');
    for (const code of ['EUR', 'USD']) {
      const verification = await ledger.verifyLedger(BANK_TENANT_ID, code);
      expect(verification.ok).toBe(true);
      expect(verification.totals.debitsPosted).toBe(verification.totals.creditsPosted);
    }
    const reused = await call('ana', 'POST', '/transfers', body, 'fx-2');
    expect(reused.body.error.code).toBe('CASH_QUOTE_USED');
  });

  it('refuses an expired quote, a missing quote between assets and a quote of another customer, moving nothing', async () => {
    const eur = await walletOf('ana', 'EUR');
    const usd = await walletOf('ana', 'USD');
    const before = await balances('ana');
    const quote = await call('ana', 'POST', '/fx/quotes', {
      fromWalletId: eur.id,
      toWalletId: usd.id,
      amount: '50.00',
      side: 'receive',
    });
    expect(quote.body.amountReceived).toBe('50.00');
    clock = new Date(clock.getTime() + 31_000);
    const expired = await call('ana', 'POST', '/transfers', {
      fromWalletId: eur.id,
      toWalletId: usd.id,
      quoteId: quote.body.id,
    });
    expect(expired.body.error.code).toBe('CASH_QUOTE_EXPIRED');
    const noQuote = await call('ana', 'POST', '/transfers', {
      fromWalletId: eur.id,
      toWalletId: usd.id,
      amount: '10.00',
    });
    expect(noQuote.body.error.code).toBe('CASH_QUOTE_REQUIRED');
    const leoEur = await walletOf('leo', 'EUR');
    const leoGbp = await walletOf('leo', 'GBP');
    const leoQuote = await call('leo', 'POST', '/fx/quotes', {
      fromWalletId: leoEur.id,
      toWalletId: leoGbp.id,
      amount: '1.00',
    });
    expect(leoQuote.status).toBe(201);
    const foreignQuote = await call('ana', 'POST', '/transfers', {
      fromWalletId: eur.id,
      toWalletId: usd.id,
      quoteId: leoQuote.body.id,
    });
    expect(foreignQuote.body.error.code).toBe('CASH_QUOTE_NOT_FOUND');
    expect(await balances('ana')).toEqual(before);
  });

  it('refuses insufficient funds and bad amounts with clear codes, moving nothing', async () => {
    const eur = await walletOf('ana', 'EUR');
    const vault = (await call('ana', 'POST', '/wallets', { asset: 'EUR', kind: 'savings' })).body;
    const before = await balances('ana');
    const send = (amount: unknown) =>
      call('ana', 'POST', '/transfers', { fromWalletId: eur.id, toWalletId: vault.id, amount });
    expect((await send('999999.00')).body.error.code).toBe('CASH_INSUFFICIENT_FUNDS');
    expect((await send('-1.00')).body.error.code).toBe('CASH_AMOUNT_NEGATIVE');
    expect((await send('0')).body.error.code).toBe('CASH_AMOUNT_NOT_POSITIVE');
    expect((await send('1.001')).body.error.code).toBe('CASH_AMOUNT_TOO_MANY_DECIMALS');
    expect((await send('ten')).body.error.code).toBe('CASH_AMOUNT_NOT_A_NUMBER');
    expect((await send('1'.repeat(39))).body.error.code).toBe('CASH_AMOUNT_TOO_LARGE');
    expect((await send(5)).status).toBe(400);
    expect(
      (await call('ana', 'POST', '/transfers', { fromWalletId: eur.id, toWalletId: eur.id, amount: '1' }))
        .body.error.code,
    ).toBe('CASH_SAME_WALLET');
    expect(await balances('ana')).toEqual(before);
    const moved = await send('250.00');
    expect(moved.status).toBe(201);
    expect((await walletOf('ana', 'EUR', 'savings')).balance.available).toBe('250.00');
    const noKey = await call(
      'ana',
      'POST',
      '/transfers',
      { fromWalletId: eur.id, toWalletId: vault.id, amount: '1.00' },
      null,
    );
    expect(noKey.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it("answers 404 for another customer's wallet on every endpoint, reading and moving nothing", async () => {
    const anaEur = await walletOf('ana', 'EUR');
    const leoEur = await walletOf('leo', 'EUR');
    const before = await balances('ana');
    const month = clock.toISOString().slice(0, 7);
    const attempts = [
      await call('leo', 'GET', `/wallets/${anaEur.id}`),
      await call('leo', 'PATCH', `/wallets/${anaEur.id}`, { name: 'mine now' }),
      await call('leo', 'GET', `/wallets/${anaEur.id}/activity`),
      await call('leo', 'GET', `/wallets/${anaEur.id}/statements`),
      await call('leo', 'GET', `/wallets/${anaEur.id}/statements/${month}`),
      await call('leo', 'POST', '/fx/quotes', {
        fromWalletId: anaEur.id,
        toWalletId: leoEur.id,
        amount: '1.00',
      }),
      await call('leo', 'POST', '/transfers', {
        fromWalletId: anaEur.id,
        toWalletId: leoEur.id,
        amount: '1.00',
      }),
      await call('leoStepUp', 'POST', '/transfers/customer', {
        fromWalletId: anaEur.id,
        recipientEmail: 'leo.fresh@tessera.test',
        amount: '1.00',
      }),
      await call('leo', 'GET', '/wallets/not-a-uuid'),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.error.code).toBe('CASH_WALLET_NOT_FOUND');
    }
    expect(await balances('ana')).toEqual(before);
    expect((await walletOf('ana', 'EUR')).name).toBe(anaEur.name);
  });

  it('sends to another customer by e-mail only after a step-up, within KYC limits, telling both sides', async () => {
    const eur = await walletOf('ana', 'EUR');
    const body = {
      fromWalletId: eur.id,
      recipientEmail: 'Leo.Fresh@tessera.test',
      amount: '25.00',
      note: 'Lunch',
    };
    const noMfa = await call('ana', 'POST', '/transfers/customer', body, 'c-1');
    expect(noMfa).toMatchObject({ status: 403, body: { error: { code: 'CASH_STEP_UP_REQUIRED' } } });
    const sent = await call('anaStepUp', 'POST', '/transfers/customer', body, 'c-1');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      kind: 'customer_transfer',
      toWalletId: null,
      recipient: { displayName: 'Léo Fresh' },
    });
    const leoEur = await walletOf('leo', 'EUR');
    expect(leoEur.balance.posted).toBe('25.00');
    const leoActivity = (await call('leo', 'GET', `/wallets/${leoEur.id}/activity`)).body.items;
    expect(leoActivity[0]).toMatchObject({
      kind: 'customer_transfer',
      amount: '25.00',
      counterparty: 'Ana Demo',
    });
    const anaActivity = (await call('ana', 'GET', `/wallets/${eur.id}/activity?kind=customer_transfer`)).body
      .items;
    expect(anaActivity[0]).toMatchObject({
      amount: '-25.00',
      counterparty: 'Léo Fresh',
      description: 'Lunch',
    });

    const over = await call('anaStepUp', 'POST', '/transfers/customer', { ...body, amount: '9975.01' });
    expect(over.body.error).toMatchObject({ code: 'CASH_LIMIT_EXCEEDED', details: { remaining: '9975.00' } });
    const leoSends = await call('leoStepUp', 'POST', '/transfers/customer', {
      fromWalletId: leoEur.id,
      recipientEmail: 'ana.demo@tessera.test',
      amount: '1.00',
    });
    expect(leoSends.body.error).toMatchObject({
      code: 'CASH_KYC_LEVEL_REQUIRED',
      details: { requiredLevel: 2 },
    });
    expect(
      (
        await call('anaStepUp', 'POST', '/transfers/customer', {
          ...body,
          recipientEmail: 'nobody@tessera.test',
        })
      ).body.error.code,
    ).toBe('CASH_RECIPIENT_NOT_FOUND');
    expect(
      (
        await call('anaStepUp', 'POST', '/transfers/customer', {
          ...body,
          recipientEmail: 'ana.demo@tessera.test',
        })
      ).body.error.code,
    ).toBe('CASH_RECIPIENT_IS_SELF');
    expect((await walletOf('leo', 'EUR')).balance.posted).toBe('25.00');
  });

  it('pages, searches and filters activity, and refuses a forged cursor', async () => {
    const eur = await walletOf('ana', 'EUR');
    const all = (await call('ana', 'GET', `/wallets/${eur.id}/activity`)).body.items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = (await call('ana', 'GET', `/wallets/${eur.id}/activity?limit=2`)).body;
    const second = (
      await call('ana', 'GET', `/wallets/${eur.id}/activity?limit=2&cursor=${first.nextCursor}`)
    ).body;
    expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(
      all.slice(0, 4).map((item: { id: string }) => item.id),
    );
    const sepa = (await call('ana', 'GET', `/wallets/${eur.id}/activity?q=ana%20demo`)).body.items;
    expect(sepa.map((item: { kind: string }) => item.kind)).toEqual(['sepa_deposit']);
    const kinds = (await call('ana', 'GET', `/wallets/${eur.id}/activity?kind=conversion,own_transfer`)).body
      .items;
    expect(new Set(kinds.map((item: { kind: string }) => item.kind))).toEqual(
      new Set(['conversion', 'own_transfer']),
    );
    expect((await call('ana', 'GET', `/wallets/${eur.id}/activity?status=pending`)).body.items).toEqual([]);
    expect((await call('ana', 'GET', `/wallets/${eur.id}/activity?cursor=Zm9v`)).body.error.code).toBe(
      'CASH_CURSOR_INVALID',
    );
    expect((await call('ana', 'GET', `/wallets/${eur.id}/activity?limit=1000`)).status).toBe(400);
  });

  it('gives a monthly statement with balances, entries and the ledger chain value, as JSON and CSV', async () => {
    const eur = await walletOf('ana', 'EUR');
    const month = clock.toISOString().slice(0, 7);
    expect((await call('ana', 'GET', `/wallets/${eur.id}/statements`)).body.months).toEqual([month]);
    const statement = (await call('ana', 'GET', `/wallets/${eur.id}/statements/${month}`)).body;
    expect(statement.openingBalance).toBe('0.00');
    expect(statement.closingBalance).toBe(eur.balance.posted);
    expect(statement.entries[0]).toMatchObject({
      kind: 'sepa_deposit',
      amount: '12500.00',
      balanceAfter: '12500.00',
      details: { type: 'sepa_deposit', sender: 'Ana Demo' },
    });
    // A conversion's legs carry its pair and rate; its fee leg is a fee that names its schedule line.
    const conversions = statement.entries.filter((entry: { kind: string }) => entry.kind === 'conversion');
    expect(conversions.length).toBeGreaterThan(0);
    for (const entry of conversions) {
      expect(entry.details).toEqual({
        type: 'conversion',
        from: 'EUR',
        to: expect.any(String),
        rate: expect.any(String),
      });
    }
    const fees = statement.entries.filter((entry: { kind: string }) => entry.kind === 'fee');
    expect(fees.map((entry: { details: unknown }) => entry.details)).toContainEqual({
      type: 'fee',
      feeId: 'conversionFiat',
    });
    expect(statement.chainCheck).toMatchObject({
      ledger: 'EUR',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const csv = await call('ana', 'GET', `/wallets/${eur.id}/statements/${month}?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`closing_balance,${eur.balance.posted}`);
    expect((await call('ana', 'GET', `/wallets/${eur.id}/statements/2001-01`)).body.error.code).toBe(
      'CASH_STATEMENT_PERIOD_INVALID',
    );
  });
});
