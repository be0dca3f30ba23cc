/**
 * Counter-based random numbers: every draw is a pure function of (seed, stream, counter, slot), so the simulator
 * can compute the price of any minute in any order, in any process, after any restart, and get the same answer.
 * The mixing is MurmurHash3's (32-bit body and finaliser), which passes the avalanche tests a simulation needs;
 * this is not a cryptographic generator.
 */

const TWO_POW_32 = 4_294_967_296;

function mix(hash: number, key: number): number {
  let k = Math.imul(key, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let h = hash ^ k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finalise(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit FNV-1a hash of a string: the stream id of a product or a factor. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function chain(seed: number, stream: number, counter: number, slot: number): number {
  const low = counter >>> 0;
  const high = Math.floor(counter / TWO_POW_32) >>> 0;
  return mix(mix(mix(mix(mix(seed, stream), low), high), slot), 20);
}

/** A second, independent output of the same chain (another finaliser input). */
const SECOND = 0x68e31da4;

let pairedUniform = 0.5;
let pairedNormal = 0;

/**
 * A uniform number in (0, 1), never 0 or 1. `counter` is a non-negative safe integer (a minute or tick number);
 * `slot` tells apart the draws made for the same counter. The call also leaves a second, independent uniform of
 * the same (seed, stream, counter, slot) in {@link secondUniform}: half the hashing when two are needed.
 */
export function uniform(seed: number, stream: number, counter: number, slot: number): number {
  const hash = chain(seed, stream, counter, slot);
  pairedUniform = (finalise(hash ^ SECOND) + 0.5) / TWO_POW_32;
  return (finalise(hash) + 0.5) / TWO_POW_32;
}

/** The second uniform of the latest {@link uniform} call. */
export function secondUniform(): number {
  return pairedUniform;
}

/**
 * A standard normal number (Box-Muller over the two uniforms of one chain). The call also leaves the pair's other,
 * independent normal in {@link secondNormal}.
 */
export function normal(seed: number, stream: number, counter: number, slot: number): number {
  const hash = chain(seed, stream, counter, slot);
  const radius = Math.sqrt(-2 * Math.log((finalise(hash) + 0.5) / TWO_POW_32));
  const angle = (2 * Math.PI * (finalise(hash ^ SECOND) + 0.5)) / TWO_POW_32;
  pairedNormal = radius * Math.sin(angle);
  return radius * Math.cos(angle);
}

/** The second normal of the latest {@link normal} call. */
export function secondNormal(): number {
  return pairedNormal;
}

/** A Poisson count with mean `mean` (small means: the inverse transform over one uniform). */
export function poisson(mean: number, u: number): number {
  let probability = Math.exp(-mean);
  let cumulative = probability;
  let count = 0;
  while (u > cumulative && count < 100) {
    count += 1;
    probability *= mean / count;
    cumulative += probability;
  }
  return count;
}
