import { DEMO_USER_IDS, type Statement, TEST_CARDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildRailsTestApp, type RailsTestApp } from '../rails/rails-test-app.ts';

const ana = DEMO_USER_IDS.verifiedCustomer;

// Issue #15: a captured card deposit was "other" (the ledger's post carries no metadata) and the FX fee leg read
// "conversionFiat", on screen and in the CSV.
describeEachDatabase('statements name every movement', ({ createDatabase }) => {
  let t: RailsTestApp;
  let token: string;
  let eur: Wallet;
  let statement: Statement;
  let csv: string;

  beforeAll(async () => {
    t = await buildRailsTestApp(await createDatabase());
    token = await t.token(ana);
    eur = (await t.currentWallet(token, 'EUR'))!;
    let usd = await t.currentWallet(token, 'USD');
    if (!usd) {
      const created = await t.call('POST', '/api/cash-operations/wallets', { token, body: { asset: 'USD' } });
      expect(created.statusCode, created.body).toBe(201);
      usd = created.json() as Wallet;
    }
    const deposit = await t.cardDeposit({
      token,
      key: 'statement-card',
      walletId: eur.id,
      amount: '100.00',
      card: TEST_CARDS.succeeds,
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    await t.rails.rails.drain();
    const quote = await t.call('POST', '/api/cash-operations/fx/quotes', {
      token,
      body: { fromWalletId: eur.id, toWalletId: usd.id, amount: '50.00', side: 'send' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const converted = await t.call('POST', '/api/cash-operations/transfers', {
      token,
      key: 'statement-fx',
      body: { fromWalletId: eur.id, toWalletId: usd.id, quoteId: quote.json().id },
    });
    expect(converted.statusCode, converted.body).toBe(201);
    const month = new Date().toISOString().slice(0, 7);
    const url = `/api/cash-operations/wallets/${eur.id}/statements/${month}`;
    const answer = await t.call('GET', url, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    statement = answer.json();
    csv = (await t.call('GET', `${url}?format=csv`, { token })).body;
  }, 120_000);

  it('a captured card deposit is a card deposit with its card, not "other"', () => {
    const card = statement.entries.filter((entry) => entry.amount === '100.00');
    expect(card).toHaveLength(1);
    expect(card[0]).toMatchObject({
      kind: 'card_deposit',
      details: { type: 'card_deposit', brand: 'visa', last4: '4242' },
    });
    expect(statement.entries.map((entry) => entry.kind)).not.toContain('other');
  });

  it('the conversion fee is a fee that names its schedule line, not the conversion', () => {
    const fees = statement.entries.filter((entry) => entry.kind === 'fee');
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      amount: '-0.20',
      description: '',
      details: { type: 'fee', feeId: 'conversionFiat' },
    });
    const conversion = statement.entries.filter((entry) => entry.kind === 'conversion');
    expect(conversion).toHaveLength(1);
    expect(conversion[0]!.details).toMatchObject({ type: 'conversion', from: 'EUR', to: 'USD' });
  });

  it('the CSV has a documented kind and English words on every line, never an internal id', () => {
    const lines = csv.trim().split('\r\n');
    const header = lines.indexOf(
      'posted_at,kind,description,amount,balance_after,transfer_id,ledger_sequence',
    );
    expect(header).toBeGreaterThan(0);
    const rows = lines.slice(header + 1).map((line) => line.split(','));
    expect(rows).toHaveLength(statement.entries.length);
    expect(rows.map((row) => row[1])).not.toContain('other');
    expect(csv).toContain(',fee,Currency exchange fee,-0.20,');
    expect(csv).toContain(',card_deposit,VISA •••• 4242,100.00,');
    expect(csv).not.toContain('conversionFiat');
  });
});
