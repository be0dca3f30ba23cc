/**
 * Issue #15: a card deposit whose writer never learned the ledger's answer is swept by the recovery, which voids it
 * and hands the processor's authorisation to a `card.release` job (the recovery has no processor). Without that job
 * the customer's card stays reserved until the network's own expiry (7 days) for money that never arrives.
 */
import { DEMO_USER_IDS, TEST_CARDS, type CardDeposit, type Wallet } from '@tessera/contracts';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEDGER_SUBMISSION_DEADLINE_MS } from '../accounts/ledger-submission.ts';
import type { RailsDatabase } from '../rails/rails.tables.ts';
import { brokenCashInvariants } from './cash-invariants.ts';
import { buildFaultTestApp, type FaultTestApp } from './fault-test-app.ts';
import { createFaultyLedger } from './faulty-ledger.ts';
import { resolveStaleSubmissions } from './stale-submissions.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;

describeEachDatabase('a swept card deposit releases its card authorisation', ({ createDatabase }) => {
  const faulty = createFaultyLedger();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let database: Database;
  let t: FaultTestApp;
  let token: string;
  let eur: Wallet;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildFaultTestApp(database, faulty, now);
    token = await t.token(ANA);
    const wallets: Wallet[] = (await t.call('GET', '/api/cash-operations/wallets', { token })).json().items;
    eur = wallets.find((wallet) => wallet.asset === 'EUR' && wallet.kind === 'current')!;
  }, 120_000);

  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  /** The processor's state of the deposit's payment (the simulator's, as a real processor would report it). */
  const processorStatus = async (depositId: string) => {
    const row = await (t.core.db as unknown as RailsDatabase)
      .selectFrom('card_deposits')
      .select('processor_payment_id')
      .where('id', '=', depositId)
      .executeTakeFirstOrThrow();
    return (await t.rails.card.processor!.getPayment(row.processor_payment_id!))?.status;
  };

  const cases = [
    { card: TEST_CARDS.succeeds, name: 'an authorised payment', authorised: 'authorised' },
    { card: TEST_CARDS.threeDSecure, name: 'a payment awaiting 3-D Secure', authorised: 'requires_action' },
  ] as const;

  for (const { card, name, authorised } of cases) {
    it(`${name}: cancelled at the processor by the card.release job, the deposit voided, nothing moved`, async () => {
      const before = (await t.ledger.getAccount('tessera', eur.id)).balance;
      const tokenized = await t.call('POST', '/processor-sim/v1/tokens', {
        body: { number: card, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
      });
      expect(tokenized.statusCode, tokenized.body).toBe(201);
      // The ledger call fails and its outcome cannot be read: the deposit stays submitting, owned by its writer.
      faulty.arm({ fault: 'throw', lookupsFail: true });
      const failed = await t.call('POST', '/api/cash-operations/card/deposits', {
        token,
        key: `swept-${card}`,
        body: { walletId: eur.id, amount: '12.00', token: tokenized.json().token },
      });
      faulty.disarm();
      expect(failed.statusCode, failed.body).toBe(503);
      const row = await (t.core.db as unknown as RailsDatabase)
        .selectFrom('card_deposits')
        .select('id')
        .where('user_id', '=', ANA)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(await processorStatus(row.id)).toBe(authorised);

      // After the writer's deadline the sweeper finds nothing held in the ledger: it voids the deposit and leaves
      // the processor to the job, which has not run yet.
      offsetMs += LEDGER_SUBMISSION_DEADLINE_MS + 1_000;
      expect(await resolveStaleSubmissions(t.core)).toMatchObject({ discarded: 1 });
      expect(await processorStatus(row.id)).toBe(authorised);

      await t.rails.rails.drain();
      expect(await processorStatus(row.id)).toBe('cancelled');
      const deposit: CardDeposit = (
        await t.call('GET', `/api/cash-operations/card/deposits/${row.id}`, { token })
      ).json();
      expect(deposit).toMatchObject({ id: row.id, status: 'voided', actionUrl: null });
      expect((await t.ledger.getAccount('tessera', eur.id)).balance).toEqual(before);
      expect(await brokenCashInvariants(t.core, t.ledger)).toEqual([]);
    }, 60_000);
  }
});
