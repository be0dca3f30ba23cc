/**
 * INVESTMENTS_CLIENT's unitsHeld and activePlans (user management refuses to close an account while either lists
 * anything), on both databases, through the real service: fund units from an investment until redeemed, token
 * units from a mint (frozen ones too) until burnt, each named; active plans only (not paused or cancelled); never
 * another customer's; hostile ids answer nothing rather than fail.
 */
import {
  type CustomerDirectoryEntry,
  type FundDetail,
  type FundOperation,
  type IdentityDirectoryApi,
  type IssuerToken,
  type PlanDetail,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from '../test-support/investments-fixture.ts';

class DirectoryDouble implements IdentityDirectoryApi {
  readonly byEmail = new Map<string, CustomerDirectoryEntry>();
  async lookupCustomerByEmail(email: string) {
    return this.byEmail.get(email.trim().toLowerCase()) ?? null;
  }
  async getContact() {
    return null;
  }
}

describeEachDatabase('investments: what blocks closing an account', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  const directory = new DirectoryDouble();
  let manager: Customer;
  let fundId: string;
  let keys = 0;
  const key = () => `close-key-${++keys}-${Date.now()}`;

  beforeAll(async () => {
    fixture = await startInvestmentsFixture(await createDatabase(), { directory });
    fixture.venue.prices.set('SAP_xetra', '200.00');
    manager = await fixture.customer(2);
    const created = await fixture.call(manager, 'POST', '/funds', {
      name: 'Closing fund',
      managementFeePercent: '0.50',
      components: [{ productId: 'SAP_xetra', weight: '100' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    fundId = created.json<FundDetail>().id;
    return () => fixture.app.close();
  }, 300_000);

  it('lists fund units from an investment until they are redeemed, and only the holder’s', async () => {
    const ana = await fixture.customer(2, '300.00');
    const leo = await fixture.customer(2, '300.00');
    expect(await fixture.client.unitsHeld!(ana.userId)).toEqual([]);
    const invested = await fixture.call(
      ana,
      'POST',
      `/funds/${fundId}/invest`,
      { amount: '250.00' },
      { 'idempotency-key': key() },
    );
    expect(invested.statusCode, invested.body).toBe(201);
    const operation = invested.json<FundOperation>();
    expect(operation.status).toBe('minted');
    expect(await fixture.client.unitsHeld!(ana.userId)).toEqual([
      { kind: 'fund', id: fundId, name: 'Closing fund', symbol: null, quantity: operation.units },
    ]);
    expect(await fixture.client.unitsHeld!(leo.userId)).toEqual([]);
    expect(await fixture.client.unitsHeld!(manager.userId)).toEqual([]);

    const redeemed = await fixture.call(
      ana,
      'POST',
      `/funds/${fundId}/redeem`,
      { units: 'all' },
      { 'idempotency-key': key() },
    );
    expect(redeemed.json<FundOperation>().status, redeemed.body).toBe('paid');
    expect(await fixture.client.unitsHeld!(ana.userId)).toEqual([]);
  });

  it('lists token units from a mint, frozen ones included, until they are burnt', async () => {
    const issuer = await fixture.customer(2);
    const ben = await fixture.customer(2);
    directory.byEmail.set('ben-close@example.test', { userId: ben.userId, displayName: 'Ben' });
    const created = await fixture.call(issuer, 'POST', '/tokens/issued', {
      name: 'Closing shares',
      symbol: 'clos1',
      parValue: '1.00',
      description: 'A token to hold while closing',
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<IssuerToken>();
    const minted = await fixture.call(
      issuer,
      'POST',
      `/tokens/funds/${token.id}/mint`,
      { recipientEmail: 'ben-close@example.test', units: '5', reason: 'Founding round' },
      { 'idempotency-key': key() },
    );
    expect(minted.statusCode, minted.body).toBe(201);
    const expected = {
      kind: 'token',
      id: token.id,
      name: 'Closing shares',
      symbol: 'CLOS1',
      quantity: '5.000000',
    };
    expect(await fixture.client.unitsHeld!(ben.userId)).toEqual([expected]);

    // Every unit frozen by the issuer: still held.
    const frozen = await fixture.call(issuer, 'POST', `/tokens/funds/${token.id}/freeze`, {
      holderId: ben.userId,
      units: '5',
      reason: 'Court order',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(await fixture.client.unitsHeld!(ben.userId)).toEqual([expected]);
    expect(await fixture.client.unitsHeld!(issuer.userId)).toEqual([]);

    const unfrozen = await fixture.call(issuer, 'POST', `/tokens/funds/${token.id}/unfreeze`, {
      holderId: ben.userId,
      units: '5',
    });
    expect(unfrozen.statusCode, unfrozen.body).toBe(200);
    const burnt = await fixture.call(
      issuer,
      'POST',
      `/tokens/funds/${token.id}/burn`,
      { holderId: ben.userId, units: '5', reason: 'Buy-back' },
      { 'idempotency-key': key() },
    );
    expect(burnt.statusCode, burnt.body).toBe(201);
    expect(await fixture.client.unitsHeld!(ben.userId)).toEqual([]);
  });

  it('lists active plans by name, not paused or cancelled ones, and only the customer’s', async () => {
    const cleo = await fixture.customer(2, '100.00');
    const dan = await fixture.customer(2, '100.00');
    const created = await fixture.call(
      cleo,
      'POST',
      '/plans',
      {
        target: { kind: 'fund', fundId },
        amount: '20.00',
        frequency: 'monthly',
        startDate: new Date(fixture.clock.nowMs + 86_400_000).toISOString().slice(0, 10),
      },
      { 'idempotency-key': key() },
    );
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<PlanDetail>();
    expect(await fixture.client.activePlans!(cleo.userId)).toEqual([
      { planId: plan.id, name: 'Closing fund' },
    ]);
    expect(await fixture.client.activePlans!(dan.userId)).toEqual([]);

    expect((await fixture.call(cleo, 'POST', `/plans/${plan.id}/pause`)).statusCode).toBe(200);
    expect(await fixture.client.activePlans!(cleo.userId)).toEqual([]);
    expect((await fixture.call(cleo, 'POST', `/plans/${plan.id}/resume`)).statusCode).toBe(200);
    expect(await fixture.client.activePlans!(cleo.userId)).toHaveLength(1);
    expect((await fixture.call(cleo, 'POST', `/plans/${plan.id}/cancel`)).statusCode).toBe(200);
    expect(await fixture.client.activePlans!(cleo.userId)).toEqual([]);
  });

  it('answers nothing for ids that are no customer, hostile ones included', async () => {
    for (const userId of ['', "' or 1=1 --", 'x'.repeat(2000), '00000000-0000-0000-0000-000000000000']) {
      expect(await fixture.client.unitsHeld!(userId)).toEqual([]);
      expect(await fixture.client.activePlans!(userId)).toEqual([]);
    }
  });
});
