// Password hashing: checks against stored hashes, and the hashing slots that keep argon2id to one per core.
import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, hashPassword, inHashSlot, verifyPassword } from './passwords.ts';

/** A unit of work that runs until `finish` is called, recording how many run at once. */
function gate(log: { running: number; most: number; order: number[] }, id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    log.running += 1;
    log.most = Math.max(log.most, log.running);
    log.order.push(id);
    await done;
    log.running -= 1;
    if (id === 1) {
      throw new Error('this hash failed');
    }
    return id;
  };
  return { work, finish };
}

describe('password hashing', () => {
  it('verifies the right password only, and a malformed hash is a plain refusal', async () => {
    const stored = await hashPassword('Ana-Demo-2026!');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    await expect(verifyPassword(stored, 'Ana-Demo-2026!')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'ana-demo-2026!')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'Ana-Demo-2026!')).resolves.toBe(false);
  });

  it('runs at most one hash per core, in arrival order, and a failed hash frees its slot', async () => {
    const log = { running: 0, most: 0, order: [] as number[] };
    const gates = Array.from({ length: ARGON2_CONCURRENCY + 2 }, (_, id) => gate(log, id));
    const results = gates.map(({ work }) => inHashSlot(work).catch((error: Error) => error.message));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.running).toBe(ARGON2_CONCURRENCY);
    for (const { finish } of gates) {
      finish();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual(gates.map((_, id) => (id === 1 ? 'this hash failed' : id)));
    expect(log.most).toBe(ARGON2_CONCURRENCY);
    expect(log.order).toEqual(gates.map((_, id) => id));
    // Every slot came back, and no more: of one more new hash than cores, as many as cores start.
    const again = Array.from({ length: ARGON2_CONCURRENCY + 1 }, (_, id) => gate(log, 100 + id));
    const pending = again.map(({ work }) => inHashSlot(work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.running).toBe(ARGON2_CONCURRENCY);
    for (const { finish } of again) {
      finish();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(pending);
  });
});
