/**
 * Resting orders by id: an open-addressing hash table (linear probing, backward-shift deletion, no tombstones)
 * keyed by the positive safe-integer order id.
 *
 * Why not a Map: every operation of the engine looks an id up (the duplicate check of a new order, the rest, the
 * cancel, the fill that completes a maker), and with a hundred thousand resting orders and a million inserts and
 * deletes V8's ordered Map was the largest single cost of the benchmark (its deletions leave holes that rehashing
 * must compact). Keys sit in a Float64Array next to each other, so a probe touches one or two cache lines.
 */
import { invariant } from '@tessera/money';

const CAPACITY_MIN = 1024;
// Grown at half full: linear probing stays short (about 1.5 probes for a hit, 2.5 for a miss).
const LOAD_FACTOR_MAX = 0.5;

/** A map from order id (a positive safe integer) to a value. */
export class OrderIndex<Value extends object> {
  private keys = new Float64Array(CAPACITY_MIN);
  private values: Array<Value | null> = new Array<Value | null>(CAPACITY_MIN).fill(null);
  private mask = CAPACITY_MIN - 1;
  // Fibonacci hashing keeps the top log2(capacity) bits of the product: 32 - log2(capacity).
  private shift = 32 - Math.log2(CAPACITY_MIN);
  private count = 0;

  /** How many entries it holds. */
  get size(): number {
    return this.count;
  }

  get(orderId: number): Value | undefined {
    const keys = this.keys;
    let slot = hashSlot(orderId, this.shift);
    for (;;) {
      const key = keys[slot];
      if (key === orderId) {
        return this.values[slot] as Value;
      }
      if (key === 0) {
        return undefined;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  has(orderId: number): boolean {
    return this.get(orderId) !== undefined;
  }

  /** Adds an entry; the id must not be present (the engine checks for duplicates first). */
  add(orderId: number, value: Value): void {
    invariant(Number.isSafeInteger(orderId) && orderId > 0, 'order ids are positive safe integers');
    if (this.count + 1 > this.keys.length * LOAD_FACTOR_MAX) {
      this.grow();
    }
    const keys = this.keys;
    let slot = hashSlot(orderId, this.shift);
    while (keys[slot] !== 0) {
      invariant(keys[slot] !== orderId, 'add: the order id is already present');
      slot = (slot + 1) & this.mask;
    }
    keys[slot] = orderId;
    this.values[slot] = value;
    this.count += 1;
  }

  /** Removes an entry; returns whether it was present. */
  delete(orderId: number): boolean {
    const keys = this.keys;
    const mask = this.mask;
    const shift = this.shift;
    let slot = hashSlot(orderId, shift);
    for (;;) {
      const key = keys[slot];
      if (key === 0) {
        return false;
      }
      if (key === orderId) {
        break;
      }
      slot = (slot + 1) & mask;
    }
    // Backward-shift deletion: pull later entries of the probe run into the hole, so lookups need no tombstones.
    let hole = slot;
    let next = (hole + 1) & mask;
    while (keys[next] !== 0) {
      const home = hashSlot(keys[next] as number, shift);
      // The entry at `next` may move to `hole` only if its home slot is not in (hole, next] (cyclically).
      const homeInRange = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (!homeInRange) {
        keys[hole] = keys[next] as number;
        this.values[hole] = this.values[next] as Value;
        hole = next;
      }
      next = (next + 1) & mask;
    }
    keys[hole] = 0;
    this.values[hole] = null;
    this.count -= 1;
    return true;
  }

  /** Calls `visit` for every entry (in no particular order). */
  forEach(visit: (value: Value, orderId: number) => void): void {
    for (let slot = 0; slot < this.keys.length; slot += 1) {
      const key = this.keys[slot] as number;
      if (key !== 0) {
        visit(this.values[slot] as Value, key);
      }
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const capacity = oldKeys.length * 2;
    this.keys = new Float64Array(capacity);
    this.values = new Array<Value | null>(capacity).fill(null);
    this.mask = capacity - 1;
    this.shift -= 1;
    this.count = 0;
    for (let slot = 0; slot < oldKeys.length; slot += 1) {
      const key = oldKeys[slot] as number;
      if (key !== 0) {
        this.add(key, oldValues[slot] as Value);
      }
    }
  }
}

/**
 * Fibonacci hashing of the id's low 32 bits (ids are sequences, so the low bits carry the entropy): the top bits
 * of the product by 2^32 / golden ratio spread consecutive ids evenly over the table.
 */
function hashSlot(orderId: number, shift: number): number {
  return Math.imul(orderId | 0, 0x9e3779b1) >>> shift;
}
