/**
 * Issue #13, defect 2: an operation's records were removed only when the ledger refused its transfers, not when the
 * call threw. Each case below was seen on a running server; each now leaves nothing shown that the ledger lacks.
 */
import { DEMO_USER_IDS, TEST_CARDS, type Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { brokenCashInvariants } from './cash-invariants.ts';
import { buildFaultTestApp, type FaultTestApp } from './fault-test-app.ts';
import { createFaultyLedger } from './faulty-ledger.ts';
import { eurPlus } from '../rails/eur-text.test-support.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;
const MIA = DEMO_USER_IDS.delegate;
const MIA_EMAIL = 'mia.delegate@tessera.test';
const LONE_SURROGATE = '\ud800';

describeEachDatabase('phantom posted activity when the ledger call throws', ({ createDatabase }) => {
  const faulty = createFaultyLedger();
  let database: Database;
  let t: FaultTestApp;
  let ana: string;
  let anaStepUp: string;
  let mia: string;
  let anaEur: Wallet;
  let miaEur: Wallet;
  let keyCounter = 0;
  const key = () => `phantom-${(keyCounter += 1)}`;

  const wallets = async (token: string): Promise<Wallet[]> =>
    (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
  const activityIds = async (token: string, walletId: string): Promise<string[]> =>
    (await t.call('GET', `/api/cash-operations/wallets/${walletId}/activity`, { token }))
      .json()
      .items.map((item: { id: string }) => item.id);
  const summary = async (token: string) =>
    (await t.call('GET', '/api/cash-operations/summary', { token })).json();
  const posted = async (walletId: string) => (await t.ledger.getAccount('tessera', walletId)).balance.posted;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildFaultTestApp(database, faulty, () => new Date());
    ana = await t.token(ANA);
    anaStepUp = await t.token(ANA, { stepUp: true });
    mia = await t.token(MIA);
    anaEur = (await wallets(ana)).find((wallet) => wallet.asset === 'EUR')!;
    miaEur = (await wallets(mia)).find((wallet) => wallet.asset === 'EUR')!;
  }, 120_000);

  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('refuses a transfer note with a lone surrogate (400) and shows the recipient no incoming payment', async () => {
    const miaBefore = await activityIds(mia, miaEur.id);
    const sent = await t.call('POST', '/api/cash-operations/transfers/customer', {
      token: anaStepUp,
      key: key(),
      body: {
        fromWalletId: anaEur.id,
        recipientEmail: MIA_EMAIL,
        amount: '5.00',
        note: `hi ${LONE_SURROGATE}`,
      },
    });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(await activityIds(mia, miaEur.id)).toEqual(miaBefore);
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });

  it('shows no posted incoming payment to the recipient, in activity or home summary, when the ledger call throws; the retry sends it once', async () => {
    const miaBefore = await posted(miaEur.id);
    const anaBefore = await posted(anaEur.id);
    const summaryBefore = await summary(mia);
    const activityBefore = await activityIds(mia, miaEur.id);
    const body = { fromWalletId: anaEur.id, recipientEmail: MIA_EMAIL, amount: '7.00', note: 'Rent share' };
    const idempotencyKey = key();
    faulty.arm({ fault: 'throw' });
    const failed = await t.call('POST', '/api/cash-operations/transfers/customer', {
      token: anaStepUp,
      key: idempotencyKey,
      body,
    });
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().error).toMatchObject({
      code: 'CASH_LEDGER_UNAVAILABLE',
      details: { moved: 'nothing' },
    });
    expect((await summary(mia)).recentActivity).toEqual(summaryBefore.recentActivity);
    expect(await activityIds(mia, miaEur.id)).toEqual(activityBefore);
    expect(await posted(miaEur.id)).toBe(miaBefore);
    expect(await posted(anaEur.id)).toBe(anaBefore);
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);

    const retried = await t.call('POST', '/api/cash-operations/transfers/customer', {
      token: anaStepUp,
      key: idempotencyKey,
      body,
    });
    expect(retried.statusCode, retried.body).toBe(201);
    const again = await t.call('POST', '/api/cash-operations/transfers/customer', {
      token: anaStepUp,
      key: idempotencyKey,
      body,
    });
    expect(again.json()).toEqual(retried.json());
    expect(await posted(miaEur.id)).toBe(eurPlus(miaBefore, '7.00'));
    expect(await activityIds(mia, miaEur.id)).toContain(retried.json().id);
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });

  it('shows no posted own transfer in either wallet when the ledger call throws', async () => {
    const fromBefore = await activityIds(ana, anaEur.id);
    const created = await t.call('POST', '/api/cash-operations/wallets', {
      token: ana,
      key: key(),
      body: { asset: 'EUR', kind: 'savings', name: 'Holiday' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const savings: Wallet = created.json();
    faulty.arm({ fault: 'throw' });
    const failed = await t.call('POST', '/api/cash-operations/transfers', {
      token: ana,
      key: key(),
      body: { fromWalletId: anaEur.id, toWalletId: savings.id, amount: '3.00' },
    });
    expect(failed.statusCode, failed.body).toBe(503);
    expect(await activityIds(ana, anaEur.id)).toEqual(fromBefore);
    expect(await activityIds(ana, savings.id)).toEqual([]);
    expect(await posted(savings.id)).toBe('0.00');
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });

  it('leaves no withdrawal pending without a hold when the ledger call throws', async () => {
    const beneficiary = await t.call('POST', '/api/cash-operations/beneficiaries', {
      token: ana,
      key: key(),
      body: { kind: 'iban', name: 'Landlord', iban: 'FR76 3000 6000 0112 3456 7890 189' },
    });
    expect(beneficiary.statusCode, beneficiary.body).toBe(201);
    const availableBefore = (await t.ledger.getAccount('tessera', anaEur.id)).balance.available;
    faulty.arm({ fault: 'throw' });
    const failed = await t.call('POST', '/api/cash-operations/withdrawals', {
      token: anaStepUp,
      key: key(),
      body: { walletId: anaEur.id, beneficiaryId: beneficiary.json().id, amount: '20.00' },
    });
    expect(failed.statusCode, failed.body).toBe(503);
    const listed = (await t.call('GET', '/api/cash-operations/withdrawals', { token: ana })).json().items;
    expect(listed).toEqual([]);
    const pendingItems = (
      await t.call('GET', `/api/cash-operations/wallets/${anaEur.id}/activity?status=pending`, { token: ana })
    ).json().items;
    expect(pendingItems).toEqual([]);
    expect((await t.ledger.getAccount('tessera', anaEur.id)).balance.available).toBe(availableBefore);
    await t.rails.rails.drain();
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });

  it('creates no beneficiary from a name with a lone surrogate, and saving the same one twice lists it once', async () => {
    const list = async () =>
      (await t.call('GET', '/api/cash-operations/beneficiaries', { token: mia })).json().items;
    const before = await list();
    const hostile = await t.call('POST', '/api/cash-operations/beneficiaries', {
      token: mia,
      key: key(),
      body: { kind: 'iban', name: `Bad ${LONE_SURROGATE}`, iban: 'DE89 3704 0044 0532 0130 00' },
    });
    expect(hostile.statusCode, hostile.body).toBe(400);
    expect(await list()).toEqual(before);
    const body = { kind: 'iban', name: 'Sister', iban: 'DE89 3704 0044 0532 0130 00' };
    const first = await t.call('POST', '/api/cash-operations/beneficiaries', {
      token: mia,
      key: key(),
      body,
    });
    const retry = await t.call('POST', '/api/cash-operations/beneficiaries', {
      token: mia,
      key: key(),
      body,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await list()).toHaveLength(before.length + 1);
  });

  it('shows no deposit when the ledger refuses a SEPA credit (LEDGER_BALANCE_OVERFLOW) and refuses a 10^36 EUR credit up front', async () => {
    const before = await activityIds(ana, anaEur.id);
    faulty.arm({ fault: 'refuse', code: 'LEDGER_BALANCE_OVERFLOW' });
    const refused = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: ana,
      key: key(),
      body: { iban: anaEur.iban, amount: '900.00', debtorName: 'Overflow', endToEndId: 'E2E-OVERFLOW' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('CASH_AMOUNT_TOO_LARGE');
    const huge = await t.call('POST', '/api/cash-operations/dev/sepa/incoming', {
      token: ana,
      key: key(),
      body: { iban: anaEur.iban, amount: `1${'0'.repeat(36)}`, endToEndId: 'E2E-HUGE' },
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error.code).toBe('CASH_AMOUNT_TOO_LARGE');
    expect(await activityIds(ana, anaEur.id)).toEqual(before);
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });

  it('answers /limits and a card deposit after a refused SEPA credit, with only what the ledger holds counted', async () => {
    const limits = await t.call('GET', '/api/cash-operations/limits', { token: ana });
    expect(limits.statusCode, limits.body).toBe(200);
    const deposit = limits
      .json()
      .limits.find((limit: { operation: string }) => limit.operation === 'deposit');
    // Only the seeded deposits count (about EUR 36,000 of the 50,000, issue #15), never the refused 10^36 credit.
    expect(BigInt(deposit.used.replace('.', ''))).toBeLessThan(40_000_00n);
    expect(deposit.remaining).not.toBe('0.00');
    const tokenized = await t.call('POST', '/processor-sim/v1/tokens', {
      body: {
        number: TEST_CARDS.succeeds,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    const card = await t.call('POST', '/api/cash-operations/card/deposits', {
      token: ana,
      key: key(),
      body: { walletId: anaEur.id, amount: '10.00', token: tokenized.json().token },
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
  });
});
