/**
 * The throttles table stays bounded: rows whose window has passed and that are not locked are swept (every name a
 * sprayer tries, and every account and address pair that once failed, used to stay a row for ever).
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity } from '../../testing/harness.ts';
import { countEvent, sweepIdleThrottles, throttleRules } from './throttle.ts';

describeEachDatabase('identity throttles table', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('sweeps rows that count nothing any more, and keeps open windows and running locks', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000);
    await identity.db
      .insertInto('throttles')
      .values([
        { key: 'test:idle', failures: 3, window_started_at: hoursAgo(2), locked_until: null },
        { key: 'test:lock-ended', failures: 9, window_started_at: hoursAgo(3), locked_until: hoursAgo(1) },
        { key: 'test:open-window', failures: 3, window_started_at: hoursAgo(0.5), locked_until: null },
        { key: 'test:locked', failures: 9, window_started_at: hoursAgo(3), locked_until: hoursAgo(-1) },
      ])
      .execute();
    expect(await sweepIdleThrottles(identity.db)).toBeGreaterThanOrEqual(2);
    const left = await identity.db
      .selectFrom('throttles')
      .select('key')
      .where('key', 'like', 'test:%')
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual(['test:locked', 'test:open-window']);
    // A count after the sweep starts afresh, as it would have on the old row.
    expect(await countEvent(identity.db, 'test:idle', throttleRules.signInPair)).toBe(0);
  });
});
