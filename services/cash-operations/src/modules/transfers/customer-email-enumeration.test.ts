/**
 * Regression (issue #13, defect 5, "Customer e-mail enumeration"): the transfer by e-mail looked the recipient up
 * before the step-up check and without a bound, so an unknown address answered 404 and a customer's 403 (step up):
 * any signed-in account could learn who banks here, as fast as it could send requests. Now every address gets the
 * same answer until the sender has stepped up, and a stepped-up sender may try only so many addresses a day.
 */
import { DEMO_USER_IDS, type Wallet } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { buildCashTestApp, type CashTestApp } from '../accounts/cash-test-app.ts';
import { RECIPIENT_LOOKUP_WINDOW_S, RECIPIENT_LOOKUPS_MAX } from './recipient-lookup.ts';

const ANA = DEMO_USER_IDS.verifiedCustomer;

describeEachDatabase('customer e-mail enumeration', ({ createDatabase }) => {
  let harness: CashTestApp;
  let plain: string;
  let steppedUp: string;
  let anaEur: Wallet;
  let keyCounter = 0;

  beforeAll(async () => {
    harness = await buildCashTestApp(await createDatabase());
    plain = await harness.issuer.sign(ANA);
    steppedUp = await harness.issuer.sign(ANA, { amr: ['pwd', 'mfa'] });
    const wallets = await harness.app.inject({
      method: 'GET',
      url: '/api/cash-operations/wallets',
      headers: { authorization: `Bearer ${plain}` },
    });
    anaEur = (wallets.json().items as Wallet[]).find((wallet) => wallet.asset === 'EUR')!;
    return () => harness.app.close();
  }, 120_000);

  const send = (token: string, recipientEmail: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/cash-operations/transfers/customer',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `enum-${(keyCounter += 1)}` },
      payload: { fromWalletId: anaEur.id, recipientEmail, amount: '1.00' },
    });
  const balance = async () =>
    (
      await harness.app.inject({
        method: 'GET',
        url: `/api/cash-operations/wallets/${anaEur.id}`,
        headers: { authorization: `Bearer ${plain}` },
      })
    ).json().balance;

  it('answers a customer’s address, an unknown one and the sender’s own alike until the sender steps up', async () => {
    const answers = [
      await send(plain, 'leo.fresh@tessera.test'),
      await send(plain, 'no.such.person@tessera.test'),
      await send(plain, 'ana.demo@tessera.test'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(answers[0]!.json());
      expect(answer.json().error.code).toBe('CASH_STEP_UP_REQUIRED');
    }
  });

  it('lets a stepped-up sender try a bounded number of addresses, then answers RATE_LIMITED with Retry-After', async () => {
    const before = await balance();
    for (let index = 0; index < RECIPIENT_LOOKUPS_MAX - 1; index += 1) {
      const unknown = await send(steppedUp, `guess-${index}@example.test`);
      expect(unknown.json().error.code).toBe('CASH_RECIPIENT_NOT_FOUND');
    }
    const known = await send(steppedUp, 'leo.fresh@tessera.test');
    expect(known.statusCode, known.body).toBe(201);
    // The next new address, a customer's or not, is refused without being looked up.
    for (const address of ['mia.delegate@tessera.test', 'guess-next@example.test']) {
      const limited = await send(steppedUp, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        details: { reason: 'recipient_lookups', limit: RECIPIENT_LOOKUPS_MAX },
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(RECIPIENT_LOOKUP_WINDOW_S - 120);
      expect(retryAfter).toBeLessThanOrEqual(RECIPIENT_LOOKUP_WINDOW_S);
    }
    // Addresses already looked up today cost nothing: paying the same person again still works.
    expect((await send(steppedUp, 'Leo.Fresh@tessera.test')).statusCode).toBe(201);
    expect((await send(steppedUp, 'guess-0@example.test')).json().error.code).toBe(
      'CASH_RECIPIENT_NOT_FOUND',
    );
    // Only the two transfers to Léo moved money.
    expect(cents((await balance()).posted)).toBe(cents(before.posted) - 200n);
  });
});

/** A EUR amount's decimal text as cents. */
function cents(amount: string): bigint {
  const [units = '0', fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
}
