import { createInProcessEventBus } from '@tessera/platform';
import { describe, expect, it } from 'vitest';
import { publishOrLog } from './trading-core.ts';

/** A logger that keeps what was written at warn. */
function recordingLog() {
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  const ignore = () => {};
  const log = {
    warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }),
    info: ignore,
    error: ignore,
    debug: ignore,
    trace: ignore,
    fatal: ignore,
    silent: ignore,
    level: 'info',
    child: () => log,
  };
  return { log, warnings };
}

describe('trading publish errors are logged, not swallowed', () => {
  it('logs the topic of an event the bus refused, and does not throw into the caller', async () => {
    const { log, warnings } = recordingLog();
    const events = createInProcessEventBus({ log: log as never });
    await events.close();
    await expect(
      publishOrLog({ events, log: log as never }, 'trading.order', { orderId: 'o-1' }),
    ).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.details['topic']).toBe('trading.order');
    expect(warnings[0]!.message).toBe('an event was not published');
  });

  it('publishes normally when the bus accepts', async () => {
    const { log, warnings } = recordingLog();
    const events = createInProcessEventBus({ log: log as never });
    const seen: unknown[] = [];
    events.subscribe('trading.order', (payload) => void seen.push(payload));
    await publishOrLog({ events, log: log as never }, 'trading.order', { orderId: 'o-2' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([{ orderId: 'o-2' }]);
    expect(warnings).toEqual([]);
    await events.close();
  });
});
