/**
 * Referrals with the real ledger and cash operations: codes, the sponsor set after sign-up and changed once within
 * 30 days (never to oneself or into a loop), what a sponsor sees of the people they referred, and the reward: paid
 * into the sponsor's EUR wallet once every step is done, exactly once across retries and a lost "paid" mark.
 */
import { BANK_TENANT_ID, type ReferralList } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAccountApp } from '../notifications/account-test-support.ts';
import { referralsOf } from './referrals.plugin.ts';
import { rewardTransferId } from './referrals.service.ts';

describeEachDatabase('referrals', ({ createDatabase }) => {
  let t: Awaited<ReturnType<typeof startAccountApp>>;

  beforeAll(async () => {
    t = await startAccountApp(await createDatabase());
  }, 180_000);
  afterAll(async () => t.app.close());

  const codeOf = async (token: string) => {
    const response = await t.call(token, 'GET', '/api/user-management/referrals/code');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().code as string;
  };
  const sponsor = (token: string, method: 'POST' | 'PUT', code: unknown) =>
    t.call(token, method, '/api/user-management/referrals/sponsor', { code });
  const refusal = async (token: string, method: 'POST' | 'PUT', code: unknown) => {
    const response = await sponsor(token, method, code);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    return response.json().error.code as string;
  };

  it('gives each customer one stable code, and records and changes a sponsor by the rules', async () => {
    const ana = await t.customer('ana.r@example.com', 'Ana');
    const leo = await t.customer('leo.r@example.com', 'Leo');
    const zoe = await t.customer('zoe.r@example.com');
    const anaCode = await codeOf(ana.token);
    expect(anaCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(await codeOf(ana.token)).toBe(anaCode);
    expect(await codeOf(leo.token)).not.toBe(anaCode);

    expect(await refusal(leo.token, 'PUT', anaCode)).toBe('REFERRAL_NO_SPONSOR');
    expect(await refusal(leo.token, 'POST', 'short')).toBe('REFERRAL_CODE_INVALID');
    expect(await refusal(leo.token, 'POST', "' or 1=1 --")).toBe('REFERRAL_CODE_INVALID');
    expect(await refusal(leo.token, 'POST', 'ZZZZZZZZ')).toBe('REFERRAL_CODE_UNKNOWN');
    expect(await refusal(leo.token, 'POST', 42)).toBe('VALIDATION_FAILED');
    expect(await refusal(leo.token, 'POST', await codeOf(leo.token))).toBe('REFERRAL_CODE_OWN');

    const set = await sponsor(leo.token, 'POST', anaCode.toLowerCase());
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ sponsor: { displayName: 'Ana' }, changed: false, canChange: true });
    expect(await refusal(leo.token, 'POST', anaCode)).toBe('REFERRAL_SPONSOR_EXISTS');
    // Ana taking Leo as sponsor would make a loop.
    expect(await refusal(ana.token, 'POST', await codeOf(leo.token))).toBe('REFERRAL_CYCLE');
    expect(await refusal(leo.token, 'PUT', anaCode)).toBe('REFERRAL_SAME_SPONSOR');

    const changed = await sponsor(leo.token, 'PUT', await codeOf(zoe.token));
    expect(changed.statusCode, changed.body).toBe(200);
    // Zoe has no given name: a masked e-mail, never more.
    expect(changed.json()).toMatchObject({ sponsor: { displayName: 'z•••@example.com' }, changed: true });
    expect(changed.json().canChange).toBe(false);
    expect(await refusal(leo.token, 'PUT', anaCode)).toBe('REFERRAL_SPONSOR_ALREADY_CHANGED');

    const zoeList: ReferralList = (await t.call(zoe.token, 'GET', '/api/user-management/referrals')).json();
    expect(zoeList.items.map((item) => item.displayName)).toEqual(['Leo']);
    expect(JSON.stringify(zoeList)).not.toContain('leo.r@example.com');
    expect((await t.call(ana.token, 'GET', '/api/user-management/referrals')).json().items).toEqual([]);
  });

  it('closes the change window 30 days after sign-up', async () => {
    const ana = await t.customer('ana.w@example.com', 'Ana');
    const max = await t.customer('max.w@example.com', 'Max');
    const ivy = await t.customer('ivy.w@example.com', 'Ivy');
    expect((await sponsor(max.token, 'POST', await codeOf(ana.token))).statusCode).toBe(200);
    t.clock.advanceDays(31);
    try {
      expect(await refusal(max.token, 'PUT', await codeOf(ivy.token))).toBe('REFERRAL_CHANGE_WINDOW_CLOSED');
      expect(await refusal(ivy.token, 'POST', await codeOf(ana.token))).toBe('REFERRAL_CHANGE_WINDOW_CLOSED');
    } finally {
      t.clock.advanceDays(-31);
    }
  });

  it('pays the reward once the referral is verified and deposited, exactly once across retries', async () => {
    const ana = await t.customer('ana.p@example.com', 'Ana');
    const leo = await t.customer('leo.p@example.com', 'Leo');
    expect((await sponsor(leo.token, 'POST', await codeOf(ana.token))).statusCode).toBe(200);
    const balance = async () => (await t.ledger.getAccount(BANK_TENANT_ID, ana.eur.id)).balance.posted;
    expect(await balance()).toBe('0.00');

    await t.sepaIn(leo.token, leo.eur.iban!, '10.00');
    await expect.poll(balance).toBe('20.00');
    const list: ReferralList = (await t.call(ana.token, 'GET', '/api/user-management/referrals')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      displayName: 'Leo',
      steps: { signedUp: true, identityVerified: true, firstDeposit: true },
      reward: { amount: '20.00', currency: 'EUR' },
    });
    expect(list.items[0]!.reward.paidAt).not.toBeNull();
    expect(list.totalPaid).toBe('20.00');

    // A second deposit, a retried settlement, and a restart that lost the "paid" mark: still one payment.
    await t.sepaIn(leo.token, leo.eur.iban!, '5.00');
    const referrals = referralsOf(t.composed.contextOf('user-management'));
    await referrals.settleReward(leo.userId);
    await t.composed
      .contextOf('user-management')
      .db.updateTable('referral_rewards')
      .set({ paid_at: null })
      .where('referred_id', '=', leo.userId)
      .execute();
    await referrals.payOutstanding();
    expect(await balance()).toBe('20.00');
    const transfer = await t.ledger.getTransfer(BANK_TENANT_ID, rewardTransferId(leo.userId));
    expect(transfer.transfer.amount).toBe('20.00');
    const notices = (await t.call(ana.token, 'GET', '/api/user-management/notifications')).json().items;
    expect(notices.filter((item: { type: string }) => item.type === 'referral.reward')).toHaveLength(1);
    // A paid referral's sponsor no longer changes.
    expect(await refusal(leo.token, 'PUT', await codeOf((await t.customer('kim.p@example.com')).token))).toBe(
      'REFERRAL_REWARD_PAID',
    );
  });
});
