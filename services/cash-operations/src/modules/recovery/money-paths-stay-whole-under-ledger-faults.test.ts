/**
 * Issue #13, "Fault injection on every money path": deposits (card, SEPA, crypto), withdrawals, own and customer
 * transfers and FX, with the ledger call throwing, timing out (applied, answer lost), refusing, unanswerable
 * (throwing with reads failing too), and the process dying before or after the ledger applied the call (a fresh
 * instance on the same database afterwards). After each: nothing posted that the ledger lacks, no pending item
 * without a hold, every hold with an owner and an expiry, and a retry with the same Idempotency-Key gives the first
 * answer.
 */
import { DEMO_USER_IDS, TEST_CARDS, type Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEDGER_SUBMISSION_DEADLINE_MS } from '../accounts/ledger-submission.ts';
import { brokenCashInvariants } from './cash-invariants.ts';
import { resolveStaleSubmissions } from './stale-submissions.ts';
import { buildFaultTestApp, type FaultTestApp } from './fault-test-app.ts';
import { createFaultyLedger, type FaultPlan } from './faulty-ledger.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;
const MIA_EMAIL = 'mia.delegate@tessera.test';

/** A clock the test moves forward (the service's `now`). */
function movableClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => void (offsetMs += ms) };
}

/** One money path: a request that moves money, built once per Idempotency-Key (a retry sends the same body). */
interface MoneyPath {
  readonly name: string;
  /** False for the chain simulator's route: each call is a new transaction (a chain re-delivers by hash). */
  readonly idempotent?: boolean;
  body(t: FaultTestApp, key: string): Promise<{ url: string; body: object; stepUp?: boolean }>;
}

interface Fixture {
  anaEur: Wallet;
  anaUsd: Wallet;
  anaBtc: Wallet;
  savings: Wallet;
  beneficiaryId: string;
}

function moneyPaths(fixture: () => Fixture): MoneyPath[] {
  return [
    {
      name: 'customer transfer',
      body: async () => ({
        url: '/transfers/customer',
        body: {
          fromWalletId: fixture().anaEur.id,
          recipientEmail: MIA_EMAIL,
          amount: '1.00',
          note: 'Coffee',
        },
        stepUp: true,
      }),
    },
    {
      name: 'own transfer',
      body: async () => ({
        url: '/transfers',
        body: { fromWalletId: fixture().anaEur.id, toWalletId: fixture().savings.id, amount: '1.00' },
      }),
    },
    {
      name: 'FX conversion',
      body: async (t) => {
        const token = await t.token(ANA);
        const quote = await t.call('POST', '/api/cash-operations/fx/quotes', {
          token,
          body: { fromWalletId: fixture().anaEur.id, toWalletId: fixture().anaUsd.id, amount: '2.00' },
        });
        expect(quote.statusCode, quote.body).toBe(201);
        return {
          url: '/transfers',
          body: {
            fromWalletId: fixture().anaEur.id,
            toWalletId: fixture().anaUsd.id,
            quoteId: quote.json().id,
          },
        };
      },
    },
    {
      name: 'withdrawal',
      body: async () => ({
        url: '/withdrawals',
        body: { walletId: fixture().anaEur.id, beneficiaryId: fixture().beneficiaryId, amount: '1.00' },
        stepUp: true,
      }),
    },
    {
      name: 'card deposit',
      body: async (t) => {
        const tokenized = await t.call('POST', '/processor-sim/v1/tokens', {
          body: {
            number: TEST_CARDS.succeeds,
            expMonth: 12,
            expYear: new Date().getUTCFullYear() + 2,
            cvc: '123',
          },
        });
        return {
          url: '/card/deposits',
          body: { walletId: fixture().anaEur.id, amount: '3.00', token: tokenized.json().token },
        };
      },
    },
    {
      name: 'SEPA credit',
      body: async (_t, key) => ({
        url: '/dev/sepa/incoming',
        body: {
          iban: fixture().anaEur.iban,
          amount: '4.00',
          debtorName: 'Payer',
          endToEndId: `E2E-${key}`.slice(-35),
        },
      }),
    },
    {
      name: 'crypto deposit',
      idempotent: false,
      body: async () => ({
        url: '/dev/crypto/incoming',
        body: { asset: 'BTC', address: fixture().anaBtc.depositAddress!.address, amount: '0.001' },
      }),
    },
  ];
}

/** Sets up ana's wallets, a savings vault and a beneficiary on a fresh instance. */
async function fixtureOn(t: FaultTestApp): Promise<Fixture> {
  const token = await t.token(ANA);
  const wallets: Wallet[] = (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
  const savings = await t.call('POST', '/api/cash-operations/wallets', {
    token,
    key: 'fixture-savings',
    body: { asset: 'EUR', kind: 'savings', name: 'Faults' },
  });
  const beneficiary = await t.call('POST', '/api/cash-operations/beneficiaries', {
    token,
    key: 'fixture-beneficiary',
    body: { kind: 'iban', name: 'Landlord', iban: 'FR76 3000 6000 0112 3456 7890 189' },
  });
  expect(beneficiary.statusCode, beneficiary.body).toBe(201);
  return {
    anaEur: wallets.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')!,
    anaUsd: wallets.find((wallet) => wallet.asset === 'USD')!,
    anaBtc: wallets.find((wallet) => wallet.asset === 'BTC')!,
    savings: savings.json(),
    beneficiaryId: beneficiary.json().id,
  };
}

async function send(
  t: FaultTestApp,
  request: { url: string; body: object; stepUp?: boolean },
  key: string,
): Promise<LightMyRequestResponse> {
  return t.call('POST', `/api/cash-operations${request.url}`, {
    token: await t.token(ANA, { stepUp: request.stepUp === true }),
    key,
    body: request.body,
  });
}

/** Follow-up steps run by jobs: a withdrawal settles, a card deposit is captured, a crypto deposit confirms. */
async function runFollowUps(t: FaultTestApp, clock: ReturnType<typeof movableClock>): Promise<void> {
  clock.advance(5_000);
  await t.call('POST', '/api/cash-operations/dev/crypto/blocks', {
    token: await t.token(ANA),
    body: { chain: 'bitcoin', count: 2 },
  });
  await t.rails.rails.drain();
}

const IN_PROCESS_FAULTS: ReadonlyArray<{ readonly name: string; readonly plan: FaultPlan }> = [
  { name: 'throws', plan: { fault: 'throw' } },
  { name: 'times out after applying', plan: { fault: 'timeout' } },
  { name: 'refuses', plan: { fault: 'refuse', code: 'LEDGER_BALANCE_OVERFLOW' } },
  { name: 'throws and cannot be read', plan: { fault: 'throw', lookupsFail: true } },
];

describeEachDatabase('money paths stay whole under ledger faults', ({ createDatabase }) => {
  const faulty = createFaultyLedger();
  const clock = movableClock();
  let database: Database;
  let t: FaultTestApp;
  let fixture: Fixture;
  const paths = moneyPaths(() => fixture);

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildFaultTestApp(database, faulty, clock.now);
    fixture = await fixtureOn(t);
  }, 120_000);

  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  for (const { name: faultName, plan } of IN_PROCESS_FAULTS) {
    it(`keeps every money path whole when the ledger ${faultName}, and a retry with the same key gives the first answer`, async () => {
      for (const path of paths) {
        const key = `${faultName}-${path.name}`.replaceAll(' ', '-');
        const request = await path.body(t, key);
        faulty.arm(plan);
        const first = await send(t, request, key);
        faulty.disarm();
        expect(first.statusCode, `${path.name}: ${first.body}`).toBeLessThan(600);
        expect(first.statusCode, `${path.name}: ${first.body}`).not.toBe(500);
        const retry = await send(t, request, key);
        expect(retry.statusCode, `${path.name} retried: ${retry.body}`).toBeLessThan(300);
        if (path.idempotent !== false) {
          if (first.statusCode < 300) {
            expect(retry.json(), path.name).toEqual(first.json());
          }
          const again = await send(t, request, key);
          expect(again.json(), `${path.name} retried twice`).toEqual(retry.json());
        }
        // An outcome nobody could learn stays invisible (submitting) until the sweeper resolves it, below.
        const broken = await brokenCashInvariants(t.core, t.ledger);
        expect(
          broken.filter((problem) => !(plan.lookupsFail && problem.endsWith('is still submitting'))),
          `${faultName}, ${path.name}`,
        ).toEqual([]);
      }
      if (plan.lookupsFail) {
        clock.advance(LEDGER_SUBMISSION_DEADLINE_MS + 1_000);
        await resolveStaleSubmissions(t.core);
        expect(await brokenCashInvariants(t.core, t.ledger), `${faultName}, swept`).toEqual([]);
      }
      // The same faults on the follow-up steps (settle, capture, confirmations), then the jobs retry.
      faulty.arm(plan);
      await runFollowUps(t, clock).catch(() => undefined);
      faulty.disarm();
      for (let round = 0; round < 3; round += 1) {
        await runFollowUps(t, clock);
      }
      if (plan.lookupsFail) {
        // The armed fault lands on whichever job reaches the ledger first (they run concurrently). When that is a
        // crypto deposit's hold taken again, its outcome cannot be learned either: it stays submitting until its
        // deadline, the sweeper resolves it, and the next confirmations job holds it again.
        clock.advance(LEDGER_SUBMISSION_DEADLINE_MS + 1_000);
        await resolveStaleSubmissions(t.core);
        await runFollowUps(t, clock);
      }
      expect(
        await brokenCashInvariants(t.core, t.ledger, { afterFollowUps: true }),
        `${faultName}, follow-ups`,
      ).toEqual([]);
    }, 120_000);
  }
});

describeEachDatabase('money paths stay whole when the process dies mid-call', ({ createDatabase }) => {
  it('resolves every operation whose process died before or after the ledger applied it, on a fresh instance', async () => {
    const faulty = createFaultyLedger();
    const clock = movableClock();
    const database = await createDatabase();
    const dying = await buildFaultTestApp(database, faulty, clock.now);
    let fixture = await fixtureOn(dying);
    const paths = moneyPaths(() => fixture);
    const abandoned: Array<{ key: string; request: { url: string; body: object; stepUp?: boolean } }> = [];
    for (const fault of ['die-before', 'die-after'] as const) {
      for (const path of paths) {
        const key = `${fault}-${path.name}`.replaceAll(' ', '-');
        const request = await path.body(dying, key);
        faulty.arm({ fault });
        // The answer never comes: the process "died" inside the ledger call.
        void send(dying, request, key);
        for (let waited = 0; faulty.fired <= abandoned.length && waited < 100; waited += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(faulty.fired, key).toBe(abandoned.length + 1);
        abandoned.push({ key, request });
      }
    }
    // A fresh instance after the writers' deadline (and the Idempotency-Keys' lease) passed: it resolves what they
    // left at start.
    clock.advance(LEDGER_SUBMISSION_DEADLINE_MS + 5_000);
    const fresh = await buildFaultTestApp(database, faulty, clock.now);
    try {
      fixture = await fixtureOn(fresh);
      expect(await brokenCashInvariants(fresh.core, fresh.ledger)).toEqual([]);
      for (const { key, request } of abandoned) {
        const retry = await send(fresh, request, key);
        expect(retry.statusCode === 500, `${key}: ${retry.body}`).toBe(false);
        if (retry.statusCode < 300 && !key.endsWith('crypto-deposit')) {
          expect((await send(fresh, request, key)).json(), key).toEqual(retry.json());
        }
      }
      await runFollowUps(fresh, clock);
      await runFollowUps(fresh, clock);
      expect(await brokenCashInvariants(fresh.core, fresh.ledger, { afterFollowUps: true })).toEqual([]);
    } finally {
      await fresh.app.close();
      await dying.app.close().catch(() => undefined);
      await database.close();
    }
  }, 240_000);
});
