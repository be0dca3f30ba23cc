import { describe, expect, it, vi } from 'vitest';
import { createInProcessEventBus } from './events.ts';

type TestEvents = { 'ledger.transfer.posted': { transferId: string; amountMinor: bigint } };

describe('in-process event bus', () => {
  it('delivers a copy of each payload to every subscriber until it unsubscribes', async () => {
    const bus = createInProcessEventBus<TestEvents>();
    const received: Array<{ transferId: string; amountMinor: bigint }> = [];
    const unsubscribe = bus.subscribe('ledger.transfer.posted', (payload) => {
      received.push(payload);
    });
    const payload = { transferId: 't1', amountMinor: 1050n };
    await bus.publish('ledger.transfer.posted', payload);
    expect(received).toEqual([payload]);
    expect(received[0]).not.toBe(payload);
    unsubscribe();
    unsubscribe();
    await bus.publish('ledger.transfer.posted', { transferId: 't2', amountMinor: 1n });
    expect(received).toHaveLength(1);
  });

  it('isolates a failing subscriber: the publisher and other subscribers carry on, the failure is logged', async () => {
    const log = { error: vi.fn() };
    const bus = createInProcessEventBus<TestEvents>({ log });
    const healthy = vi.fn();
    bus.subscribe('ledger.transfer.posted', async () => {
      throw new Error('subscriber bug');
    });
    bus.subscribe('ledger.transfer.posted', healthy);
    await expect(
      bus.publish('ledger.transfer.posted', { transferId: 't1', amountMinor: 1n }),
    ).resolves.toBeUndefined();
    expect(healthy).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ topic: 'ledger.transfer.posted' }),
      'event subscriber failed',
    );
  });

  it('bounds subscribers per topic and refuses to publish once closed', async () => {
    const bus = createInProcessEventBus<TestEvents>({ subscribersPerTopicMax: 1 });
    bus.subscribe('ledger.transfer.posted', () => {});
    expect(() => bus.subscribe('ledger.transfer.posted', () => {})).toThrow(/already has 1 subscribers/);
    await bus.close();
    await expect(bus.publish('ledger.transfer.posted', { transferId: 't', amountMinor: 0n })).rejects.toThrow(
      /closed/,
    );
  });
});
