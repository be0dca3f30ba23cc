/**
 * Which matching partition owns an instrument. Matching is single-writer per instrument (ARCHITECTURE.md,
 * "Scale-out"): every process of the trading service runs the engines of the partitions it owns, and only those.
 * See README.md in this folder for the whole scheme.
 */
import { invariant } from '@tessera/money';

/** The largest number of partitions a deployment may use. */
export const PARTITION_COUNT_MAX = 4096;

/**
 * The partition of `instrumentId` among `partitionCount`: FNV-1a (32-bit) of the id's UTF-16 code units, modulo
 * the count. Stable across processes, versions and restarts (no seed, no Map order), so every router agrees.
 */
export function partitionOf(instrumentId: string, partitionCount: number): number {
  invariant(
    Number.isSafeInteger(partitionCount) && partitionCount >= 1 && partitionCount <= PARTITION_COUNT_MAX,
    `partitionCount must be an integer from 1 to ${PARTITION_COUNT_MAX}`,
  );
  invariant(instrumentId.length > 0 && instrumentId.length <= 64, 'an instrument id has 1 to 64 characters');
  let hash = 0x811c9dc5;
  for (let index = 0; index < instrumentId.length; index += 1) {
    hash ^= instrumentId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitionCount;
}
