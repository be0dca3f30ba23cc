/**
 * Issue #21, automated plans, on both databases: a due date runs once, across a restart midway and a duplicate
 * delivery of its job; a short balance skips the run, moves nothing and tells the customer; a closed market defers
 * the run to the next open; pause, resume and cancel; hostile input is a 4xx that changes nothing; another
 * customer cannot read or change a plan.
 */
import {
  type FundDetail,
  FUND_OPERATION_LEASE_MS,
  INVESTMENTS_PLAN_TOPIC,
  type PlanDetail,
  type PlanRunEvent,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it as plainIt } from 'vitest';

// A loaded machine: these wait for states, never for time; the bounds only keep a hang from lasting.
const it = (name: string, body: () => Promise<void>) => plainIt(name, body, 180_000);
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from '../../test-support/investments-fixture.ts';
import { dueJobKey, PLAN_QUEUE, runPlanDue } from './plan-runs.ts';
import { PlanTestVenue } from './plan-test-venue.ts';

const DAY_MS = 86_400_000;

describeEachDatabase('investments: automated plans', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  let venue: PlanTestVenue;
  let fundId: string;
  let keys = 0;
  const key = () => `plan-key-${++keys}-${Date.now()}`;
  const today = () => new Date(fixture.clock.nowMs).toISOString().slice(0, 10);
  const events: PlanRunEvent[] = [];

  beforeAll(async () => {
    venue = new PlanTestVenue();
    // 10:00 UTC on a fixed day: due dates are calendar days.
    fixture = await startInvestmentsFixture(await createDatabase(), {
      venue,
      clock: { nowMs: Date.parse('2026-11-27T10:00:00Z') },
    });
    venue.attach(fixture.ledger, fixture.cash);
    venue.prices.set('SAP_xetra', '200.00');
    venue.prices.set('SIE_xetra', '150.00');
    const manager = await fixture.customer(2);
    const created = await fixture.call(manager, 'POST', '/funds', {
      name: 'Plan fund',
      managementFeePercent: '0.50',
      components: [
        { productId: 'SAP_xetra', weight: '60' },
        { productId: 'SIE_xetra', weight: '40' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    fundId = created.json<FundDetail>().id;
    const bus = fixture.runtime.plans.runner.events as {
      subscribe: (t: string, h: (p: unknown) => void) => void;
    };
    bus.subscribe(INVESTMENTS_PLAN_TOPIC, (payload) => void events.push(payload as PlanRunEvent));
    return () => fixture.app.close();
  }, 300_000);

  const createPlan = async (customer: Customer, body: Record<string, unknown> = {}, idempotencyKey = key()) =>
    fixture.call(
      customer,
      'POST',
      '/plans',
      {
        target: { kind: 'fund', fundId },
        amount: '50.00',
        frequency: 'monthly',
        startDate: today(),
        ...body,
      },
      { 'idempotency-key': idempotencyKey },
    );
  const readPlan = async (customer: Customer, id: string) =>
    (await fixture.call(customer, 'GET', `/plans/${id}`)).json<PlanDetail>();
  const drain = () => fixture.runtime.plans.worker.drain();

  it('runs the first due date once, from the job queue, and schedules the next month', async () => {
    const ana = await fixture.customer(2, '120.00');
    const created = await createPlan(ana);
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<PlanDetail>();
    expect(plan).toMatchObject({ status: 'active', nextRunDate: today(), frequency: 'monthly', runs: [] });
    await drain();
    const after = await readPlan(ana, plan.id);
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ dueDate: today(), status: 'done', amount: '50.00' });
    expect(after.runs[0]!.operationId).not.toBeNull();
    expect(after.runs[0]!.units).not.toBe('0.000000');
    expect(after.nextRunDate).toBe('2026-12-27');
    expect(await fixture.walletBalance(ana)).toBe('70.00');
    // The same key answers the same plan; another body with it is refused.
    const again = await createPlan(ana, {}, 'same-key-123');
    const repeated = await createPlan(ana, {}, 'same-key-123');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json<PlanDetail>().id).toBe(again.json<PlanDetail>().id);
    expect((await createPlan(ana, { amount: '60.00' }, 'same-key-123')).statusCode).toBe(409);
    await fixture.call(ana, 'POST', `/plans/${again.json<PlanDetail>().id}/cancel`);
  });

  it('a duplicate delivery and a restart midway still run a due date once', async () => {
    const ben = await fixture.customer(2, '100.00');
    venue.before = (order) => (order.side === 'buy' ? 'hang' : null);
    const plan = (await createPlan(ben, { amount: '40.00' })).json<PlanDetail>();
    // The first process claims the job and dies while the engine works.
    const dead = drain().catch((error: unknown) => error);
    await venue.whenHung();
    venue.before = () => null;
    const next = await fixture.restart();
    try {
      fixture.clock.nowMs += Math.max(FUND_OPERATION_LEASE_MS, 60_000) + 1;
      // The restarted process delivers the job again (its lease ran out) and a duplicate on top.
      await next.runtime.plans.worker.drain();
      await runPlanDue(next.runtime.plans.runner, { planId: plan.id, dueDate: plan.startDate });
      venue.release();
      await dead;
      const after = (await next.call(ben, 'GET', `/plans/${plan.id}`)).json<PlanDetail>();
      expect(after.runs).toHaveLength(1);
      expect(after.runs[0]).toMatchObject({ status: 'done', amount: '40.00' });
      // One subscription, its two buys executed once each; the wallet paid once.
      expect(await fixture.walletBalance(ben)).toBe('60.00');
      const ops = await next.call(ben, 'GET', `/funds/${fundId}/operations`);
      expect(ops.json<{ items: Array<{ status: string }> }>().items).toHaveLength(1);
      const jobs = await next.runtime.plans.queue.list({ queue: PLAN_QUEUE, status: 'queued' });
      expect(jobs.filter((job) => (job.payload as { planId: string }).planId === plan.id)).toHaveLength(1);
      // The dead process's late failure changed nothing: the due date's job stays succeeded.
      const job = await next.runtime.plans.queue.getByKey(PLAN_QUEUE, dueJobKey(plan.id, plan.startDate, 0));
      expect(job?.status).toBe('succeeded');
    } finally {
      await next.app.close();
    }
  });

  it('a short balance skips the run, moves nothing and tells the customer', async () => {
    const cleo = await fixture.customer(2, '20.00');
    const plan = (await createPlan(cleo, { amount: '30.00' })).json<PlanDetail>();
    await drain();
    const after = await readPlan(cleo, plan.id);
    expect(after.runs[0]).toMatchObject({
      status: 'skipped',
      reason: 'INVESTMENTS_INSUFFICIENT_FUNDS',
      operationId: null,
    });
    expect(await fixture.walletBalance(cleo)).toBe('20.00');
    expect(events.filter((event) => event.planId === plan.id)).toEqual([
      expect.objectContaining({ userId: cleo.userId, status: 'skipped', amount: '30.00', dueDate: today() }),
    ]);
    // Delivered again: still one run, one notice.
    await runPlanDue(fixture.runtime.plans.runner, { planId: plan.id, dueDate: today() });
    expect((await readPlan(cleo, plan.id)).runs).toHaveLength(1);
    expect(events.filter((event) => event.planId === plan.id)).toHaveLength(1);
    expect(after.status).toBe('active');
  });

  it('a closed market defers the run to the next open, then runs it', async () => {
    const dan = await fixture.customer(2, '100.00');
    const opensAt = new Date(fixture.clock.nowMs + 3 * 60 * 60_000).toISOString();
    venue.closedUntil.set('SIE_xetra', opensAt);
    const plan = (await createPlan(dan, { amount: '25.00' })).json<PlanDetail>();
    await drain();
    let after = await readPlan(dan, plan.id);
    expect(after.runs[0]).toMatchObject({
      status: 'deferred',
      runAt: opensAt,
      reason: 'TRADING_MARKET_CLOSED',
    });
    expect(await fixture.walletBalance(dan)).toBe('100.00');
    // Nothing runs before the open.
    await drain();
    expect((await readPlan(dan, plan.id)).runs[0]!.status).toBe('deferred');
    venue.closedUntil.delete('SIE_xetra');
    const saved = fixture.clock.nowMs;
    fixture.clock.nowMs = Date.parse(opensAt) + 1;
    try {
      await drain();
      after = await readPlan(dan, plan.id);
      expect(after.runs).toHaveLength(1);
      expect(after.runs[0]).toMatchObject({ status: 'done', amount: '25.00', reason: null, runAt: null });
      expect(await fixture.walletBalance(dan)).toBe('75.00');
    } finally {
      fixture.clock.nowMs = saved;
    }
  });

  it('a market closing between the plan’s check and the investment’s own defers the run as well', async () => {
    const fay = await fixture.customer(2, '100.00');
    const opensAt = new Date(fixture.clock.nowMs + 2 * 60 * 60_000).toISOString();
    // The plan's check reads the fund's two markets open; the investment's own check, right after, finds one closed.
    const original = venue.planMarketState.bind(venue);
    let reads = 0;
    venue.planMarketState = async (_productId: string) => {
      reads += 1;
      return reads <= 2 ? { open: true, nextOpenAt: null } : { open: false, nextOpenAt: opensAt };
    };
    try {
      const plan = (await createPlan(fay, { amount: '25.00' })).json<PlanDetail>();
      await drain();
      expect((await readPlan(fay, plan.id)).runs[0]).toMatchObject({
        status: 'deferred',
        runAt: opensAt,
        reason: 'TRADING_MARKET_CLOSED',
      });
      expect(await fixture.walletBalance(fay)).toBe('100.00');
      expect(reads).toBeGreaterThan(2);
    } finally {
      venue.planMarketState = original;
    }
  });

  it('buys an instrument for the amount as the customer’s own order', async () => {
    const eve = await fixture.customer(2, '100.00');
    const created = await createPlan(eve, {
      target: { kind: 'instrument', productId: 'SAP_xetra' },
      amount: '20.00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<PlanDetail>();
    expect(plan.targetName).toBe('SAP_xetra');
    await drain();
    const after = await readPlan(eve, plan.id);
    expect(after.runs[0]).toMatchObject({ status: 'done', amount: '20.00' });
    expect(after.runs[0]!.quantity).not.toBeNull();
    expect(venue.customerOrders.filter((order) => order.userId === eve.userId)).toHaveLength(1);
    expect(await fixture.walletBalance(eve)).toBe('80.00');
  });

  it('pauses, resumes from today without the missed dates, and cancels for good', async () => {
    const fay = await fixture.customer(2, '500.00');
    const plan = (
      await createPlan(fay, {
        frequency: 'weekly',
        startDate: new Date(fixture.clock.nowMs + DAY_MS).toISOString().slice(0, 10),
      })
    ).json<PlanDetail>();
    const paused = await fixture.call(fay, 'POST', `/plans/${plan.id}/pause`);
    expect(paused.json<PlanDetail>()).toMatchObject({ status: 'paused', nextRunDate: null });
    const saved = fixture.clock.nowMs;
    try {
      // Three weeks later: the missed dates are not run.
      fixture.clock.nowMs += 20 * DAY_MS;
      await drain();
      expect((await readPlan(fay, plan.id)).runs).toEqual([]);
      const resumed = (await fixture.call(fay, 'POST', `/plans/${plan.id}/resume`)).json<PlanDetail>();
      expect(resumed.status).toBe('active');
      expect(resumed.nextRunDate).toBe('2026-12-19');
      const edited = await fixture.call(fay, 'PATCH', `/plans/${plan.id}`, {
        amount: '15.00',
        frequency: 'monthly',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<PlanDetail>()).toMatchObject({
        amount: '15.00',
        frequency: 'monthly',
        nextRunDate: '2026-12-19',
      });
      const cancelled = await fixture.call(fay, 'POST', `/plans/${plan.id}/cancel`);
      expect(cancelled.json<PlanDetail>()).toMatchObject({ status: 'cancelled', nextRunDate: null });
      expect((await fixture.call(fay, 'POST', `/plans/${plan.id}/resume`)).json()).toMatchObject({
        error: { code: 'INVESTMENTS_PLAN_STATE_CONFLICT' },
      });
      fixture.clock.nowMs = Date.parse('2026-12-19T12:00:00Z');
      await drain();
      expect((await readPlan(fay, plan.id)).runs).toEqual([]);
      expect(await fixture.walletBalance(fay)).toBe('500.00');
    } finally {
      fixture.clock.nowMs = saved;
    }
  });

  it('hostile input is a 4xx with its code and changes nothing', async () => {
    const gus = await fixture.customer(2, '100.00');
    const before = (await fixture.call(gus, 'GET', '/plans')).json<{ items: unknown[] }>().items.length;
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ amount: 50 }, 400, 'VALIDATION_FAILED'],
      [{ amount: '5\u0000' }, 400, 'VALIDATION_FAILED'],
      [{ frequency: 'daily' }, 400, 'VALIDATION_FAILED'],
      [{ startDate: '2026-02-30' }, 400, 'VALIDATION_FAILED'],
      [{ target: { kind: 'instrument', productId: '\ud800x' } }, 400, 'VALIDATION_FAILED'],
      [{ target: { kind: 'fund', fundId: 'x'.repeat(100_000) } }, 400, 'VALIDATION_FAILED'],
      [{ target: { kind: 'fund', fundId: ['a'] } }, 400, 'VALIDATION_FAILED'],
      [{ extra: true }, 400, 'VALIDATION_FAILED'],
      [{ amount: '9.99' }, 422, 'INVESTMENTS_AMOUNT_TOO_SMALL'],
      [{ amount: '100000.01' }, 422, 'INVESTMENTS_AMOUNT_TOO_LARGE'],
      [{ startDate: '2026-11-26' }, 422, 'INVESTMENTS_PLAN_DATES_INVALID'],
      [{ endDate: '2026-11-26' }, 422, 'INVESTMENTS_PLAN_DATES_INVALID'],
      [{ walletId: 'not-mine' }, 422, 'INVESTMENTS_PLAN_WALLET_NOT_FOUND'],
      [
        { target: { kind: 'fund', fundId: '00000000-0000-4000-8000-000000000000' } },
        404,
        'INVESTMENTS_FUND_NOT_FOUND',
      ],
      [
        { target: { kind: 'instrument', productId: 'HALT_xetra' } },
        422,
        'INVESTMENTS_INSTRUMENT_NOT_TRADABLE',
      ],
    ];
    for (const [body, status, code] of bad) {
      const answer = await createPlan(gus, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.json(), JSON.stringify(body).slice(0, 80)).toMatchObject({ error: { code } });
    }
    const noKey = await fixture.call(gus, 'POST', '/plans', {
      target: { kind: 'fund', fundId },
      amount: '50.00',
      frequency: 'weekly',
      startDate: today(),
    });
    expect(noKey.json()).toMatchObject({ error: { code: 'INVESTMENTS_IDEMPOTENCY_KEY_REQUIRED' } });
    const low = await fixture.customer(1, '100.00');
    expect((await createPlan(low)).json()).toMatchObject({
      error: { code: 'INVESTMENTS_KYC_LEVEL_REQUIRED' },
    });
    const plan = (await createPlan(gus)).json<PlanDetail>();
    for (const patch of [
      { amount: 12 },
      { frequency: 'yearly' },
      { endDate: '2026-11-01' },
      { status: 'active' },
    ]) {
      const answer = await fixture.call(gus, 'PATCH', `/plans/${plan.id}`, patch);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect((await fixture.call(gus, 'GET', '/plans/not-a-uuid')).statusCode).toBe(404);
    expect((await fixture.call(gus, 'GET', '/plans?x=1')).statusCode).toBe(400);
    expect((await fixture.call(gus, 'GET', '/plans')).json<{ items: unknown[] }>().items).toHaveLength(
      before + 1,
    );
    expect((await readPlan(gus, plan.id)).amount).toBe('50.00');
  });

  it('another customer can neither read nor change my plan', async () => {
    const owner = await fixture.customer(2, '100.00');
    const stranger = await fixture.customer(2, '100.00');
    const plan = (await createPlan(owner, { startDate: '2026-12-01' })).json<PlanDetail>();
    expect((await fixture.call(stranger, 'GET', '/plans')).json<{ items: unknown[] }>().items).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/plans/${plan.id}`, undefined],
      ['PATCH', `/plans/${plan.id}`, { amount: '10.00' }],
      ['POST', `/plans/${plan.id}/pause`, undefined],
      ['POST', `/plans/${plan.id}/resume`, undefined],
      ['POST', `/plans/${plan.id}/cancel`, undefined],
    ] as const) {
      const answer = await fixture.call(stranger, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'INVESTMENTS_PLAN_NOT_FOUND' } });
    }
    expect(await readPlan(owner, plan.id)).toMatchObject({ status: 'active', amount: '50.00' });
  });
});
