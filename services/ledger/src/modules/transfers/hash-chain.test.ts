import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainedTransfer, chainHash, encodeTransfer, GENESIS_HASH } from './hash-chain.ts';

/** The definition of docs/api.md: SHA-256(previous hash || UTF-8 of the canonical encoding). */
const definition = (previous: Buffer, tenantId: string, code: string, transfer: ChainedTransfer) =>
  createHash('sha256')
    .update(previous)
    .update(encodeTransfer(tenantId, code, transfer), 'utf8')
    .digest();

const transferArb: fc.Arbitrary<ChainedTransfer> = fc.record({
  id: fc.uuid(),
  sequence: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
  debitAccountId: fc.uuid(),
  creditAccountId: fc.uuid(),
  amount: fc.bigInt({ min: 1n, max: 10n ** 38n - 1n }),
  pendingId: fc.option(fc.uuid(), { nil: null }),
  timeoutSeconds: fc.nat(),
  code: fc.integer({ min: 1, max: 65_535 }),
  flags: fc.nat(1 << 16),
  createdAt: fc.date({ min: new Date(0), max: new Date(2 ** 42), noInvalidDate: true }),
  // Any text, long values included, so the reused buffer has to grow.
  metadata: fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.string({ unit: 'grapheme', maxLength: 600 }),
    {
      maxKeys: 8,
    },
  ),
});

describe('hash chain', () => {
  it('hashes exactly as its definition, for any transfer and metadata', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom('EUR', 'BTC', 'AAPL.US'),
        transferArb,
        (previous, tenantId, code, transfer) => {
          const previousHash = Buffer.from(previous);
          expect(
            chainHash(previousHash, tenantId, code, transfer).equals(
              definition(previousHash, tenantId, code, transfer),
            ),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('chains: each hash depends on the one before', () => {
    const transfer: ChainedTransfer = {
      id: randomUUID(),
      sequence: 1n,
      debitAccountId: randomUUID(),
      creditAccountId: randomUUID(),
      amount: 100n,
      pendingId: null,
      timeoutSeconds: 0,
      code: 1,
      flags: 0,
      createdAt: new Date(0),
      metadata: {},
    };
    const first = chainHash(GENESIS_HASH, 'tessera', 'EUR', transfer);
    const second = chainHash(first, 'tessera', 'EUR', { ...transfer, sequence: 2n });
    expect(first.equals(definition(GENESIS_HASH, 'tessera', 'EUR', transfer))).toBe(true);
    expect(second.equals(definition(first, 'tessera', 'EUR', { ...transfer, sequence: 2n }))).toBe(true);
    expect(second.equals(chainHash(GENESIS_HASH, 'tessera', 'EUR', { ...transfer, sequence: 2n }))).toBe(
      false,
    );
  });
});
