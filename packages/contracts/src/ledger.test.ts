import { describe, expect, it } from 'vitest';
import { ledgerIdSchema, uuidv7 } from './ledger.ts';

describe('uuidv7', () => {
  it('makes valid, distinct, time-ordered ids with version 7 and the RFC 9562 variant', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => uuidv7(1_700_000_000_000 + index));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) {
      expect(ledgerIdSchema.parse(id)).toBe(id);
      expect(id[14]).toBe('7');
      expect(['8', '9', 'a', 'b']).toContain(id[19]);
    }
    expect(uuidv7(0).startsWith('00000000-0000-7')).toBe(true);
  });
});
