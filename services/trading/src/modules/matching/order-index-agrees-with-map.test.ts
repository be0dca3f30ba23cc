// The engine's id table against JavaScript's Map: same answers after any sequence of adds and deletes,
// including ids that collide in the table, ids past 2^32 and growth past the initial capacity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderIndex } from './order-index.ts';

interface Entry {
  readonly orderId: number;
}

// Small ids collide often once reduced to a slot; ids past 2^32 share their low 32 bits with small ones.
const idArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 2_000 }),
  fc.integer({ min: 1, max: 2_000 }).map((low) => 2 ** 32 + low),
  fc.constant(Number.MAX_SAFE_INTEGER),
);

const operationArbitrary = fc.record({
  add: fc.boolean(),
  orderId: idArbitrary,
});

function check(index: OrderIndex<Entry>, model: Map<number, Entry>): void {
  expect(index.size).toBe(model.size);
  const seen = new Map<number, Entry>();
  index.forEach((value, orderId) => seen.set(orderId, value));
  expect(seen).toEqual(model);
}

describe('order index', () => {
  it('answers like a Map after random adds and deletes', () => {
    fc.assert(
      fc.property(
        fc.array(operationArbitrary, { minLength: 1, maxLength: 2_000, size: 'max' }),
        (operations) => {
          const index = new OrderIndex<Entry>();
          const model = new Map<number, Entry>();
          for (const { add, orderId } of operations) {
            if (add && !model.has(orderId)) {
              const entry = { orderId };
              index.add(orderId, entry);
              model.set(orderId, entry);
            } else {
              expect(index.delete(orderId)).toBe(model.delete(orderId));
            }
            expect(index.get(orderId)).toBe(model.get(orderId));
          }
          check(index, model);
          for (const orderId of [1, 2, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER]) {
            expect(index.has(orderId)).toBe(model.has(orderId));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps every entry reachable after deleting from the middle of long probe runs', () => {
    const index = new OrderIndex<Entry>();
    const model = new Map<number, Entry>();
    for (let orderId = 1; orderId <= 5_000; orderId += 1) {
      index.add(orderId, { orderId });
      model.set(orderId, { orderId });
    }
    for (let orderId = 1; orderId <= 5_000; orderId += 3) {
      expect(index.delete(orderId)).toBe(true);
      model.delete(orderId);
    }
    for (let orderId = 1; orderId <= 5_000; orderId += 1) {
      expect(index.get(orderId)?.orderId).toBe(model.get(orderId)?.orderId);
    }
    check(index, model);
  });

  it('finds entries whose probe run wraps past the end of the table after deletes', () => {
    // Ids whose home is one of the last two of the initial 1,024 slots (their run wraps round to slot 0), mixed
    // with ids whose home is slot 0 or 1, which must never be shifted back past their home.
    const homeSlot = (orderId: number) => Math.imul(orderId | 0, 0x9e3779b1) >>> 22;
    const wrapping: number[] = [];
    for (let orderId = 1, ends = 0, starts = 0; ends + starts < 24; orderId += 1) {
      if (homeSlot(orderId) >= 1022 && ends < 12) {
        wrapping.push(orderId);
        ends += 1;
      } else if (homeSlot(orderId) <= 1 && starts < 12) {
        wrapping.push(orderId);
        starts += 1;
      }
    }
    const index = new OrderIndex<Entry>();
    const model = new Map<number, Entry>();
    for (const orderId of wrapping) {
      index.add(orderId, { orderId });
      model.set(orderId, { orderId });
    }
    for (const orderId of wrapping.filter((_, position) => position % 4 === 1)) {
      expect(index.delete(orderId)).toBe(true);
      model.delete(orderId);
    }
    for (const orderId of wrapping) {
      expect(index.get(orderId)?.orderId).toBe(model.get(orderId)?.orderId);
    }
    check(index, model);
  });

  it('refuses an id that is not a positive safe integer, or one already present', () => {
    const index = new OrderIndex<Entry>();
    expect(() => index.add(0, { orderId: 0 })).toThrow(/positive safe integers/);
    expect(() => index.add(2 ** 53, { orderId: 2 ** 53 })).toThrow(/positive safe integers/);
    index.add(7, { orderId: 7 });
    expect(() => index.add(7, { orderId: 7 })).toThrow(/already present/);
  });
});
