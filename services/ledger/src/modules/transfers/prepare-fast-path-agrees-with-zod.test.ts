/**
 * The fast validation path must accept exactly what the contract's zod schema accepts, with the same output, and
 * leave everything else to zod (so every error message comes from the schema). Runs: LEDGER_PREPARE_RUNS (500).
 */
import { transferInputSchema } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastParseTransfer, prepareTransfer } from './prepare.ts';

const runs = Number(process.env['LEDGER_PREPARE_RUNS'] ?? 500);
const uuid = fc.uuid();
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const flagsOf = (kind: 'single' | 'pending' | 'post' | 'void') =>
  fc.record(
    {
      linked: fc.boolean(),
      pending: fc.constant(kind === 'pending'),
      postPendingTransfer: fc.constant(kind === 'post'),
      voidPendingTransfer: fc.constant(kind === 'void'),
    },
    { requiredKeys: [] },
  );
const metadata = fc.dictionary(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ maxLength: 256 }), {
  maxKeys: 16,
});
/** Well-formed transfers of every kind (single, pending, post, void). */
const validTransfer = fc
  .constantFrom('single' as const, 'pending' as const, 'post' as const, 'void' as const)
  .chain((kind) =>
    fc.record(
      {
        id: fc.oneof(
          uuid,
          uuid.map((id) => id.toUpperCase()),
        ),
        ledger: fc.constantFrom('EUR', 'BTC', 'AAPL', 'TSR.WORLD'),
        debitAccountId:
          kind === 'single' || kind === 'pending' ? uuid.map((id) => `${id.slice(0, 35)}1`) : maybe(uuid),
        creditAccountId:
          kind === 'single' || kind === 'pending' ? uuid.map((id) => `${id.slice(0, 35)}2`) : maybe(uuid),
        amount:
          kind === 'single' || kind === 'pending'
            ? fc.constantFrom('1.00', '-1', 'abc')
            : maybe(fc.constant('2')),
        pendingId: kind === 'post' || kind === 'void' ? uuid : fc.constant(undefined),
        timeoutSeconds:
          kind === 'pending'
            ? maybe(fc.integer({ min: 0, max: 315_360_000 }))
            : fc.constantFrom(undefined, 0),
        code:
          kind === 'single' || kind === 'pending'
            ? fc.integer({ min: 1, max: 65_535 })
            : maybe(fc.integer({ min: 1, max: 65_535 })),
        flags: flagsOf(kind),
        metadata: maybe(metadata),
      },
      { requiredKeys: ['id', 'ledger'] },
    ),
  );
/** Values that break one field's rule. */
const badValues: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'x', 7),
  ledger: fc.constantFrom('eur', '', 'TOO-LONG-CODE-123456', 5),
  debitAccountId: fc.constantFrom('not-a-uuid', null),
  amount: fc.constantFrom(5, null),
  pendingId: fc.constantFrom('0190f1d2-7c3a-7b4e-9f00-0123456789ab'),
  timeoutSeconds: fc.constantFrom(-1, 1.5, 315_360_001, 60),
  code: fc.constantFrom(0, 65_536, '1', 2.5),
  flags: fc.constantFrom({ other: true }, { linked: 'yes' }, [], null, {
    pending: true,
    postPendingTransfer: true,
  }),
  metadata: fc.constantFrom(
    { a: 1 },
    'text',
    null,
    { '': 'x' },
    { k: 'v'.repeat(257) },
    Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])),
  ),
  extra: fc.string(),
};
const corrupted = fc
  .tuple(validTransfer, fc.constantFrom(...Object.keys(badValues)))
  .chain(([transfer, field]) => badValues[field]!.map((value) => ({ ...transfer, [field]: value })));

describe('transfer validation fast path', () => {
  it('accepts exactly what zod accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(validTransfer, corrupted, fc.anything()), (input) => {
        const fast = fastParseTransfer(input);
        const slow = transferInputSchema.safeParse(input);
        if (!slow.success) {
          expect(fast).toBeUndefined();
        } else {
          expect(fast).toEqual(slow.data);
          accepted += 1;
        }
      }),
      { numRuns: runs },
    );
    // The generator must reach valid transfers often, or the comparison above would prove little.
    expect(accepted).toBeGreaterThan(runs / 10);
  });

  it('takes the fast path for well-formed transfers, so it is the one measured', () => {
    const id = '0190f1d2-7c3a-7b4e-9f00-0123456789AB';
    const input = {
      id,
      ledger: 'EUR',
      debitAccountId: id.replace('AB', 'AC'),
      creditAccountId: id.replace('AB', 'AD'),
      amount: '1.00',
      code: 1,
      metadata: { note: 'x' },
    };
    expect(fastParseTransfer(input)).toMatchObject({ id: id.toLowerCase(), amount: '1.00' });
    expect(prepareTransfer(input).kind).toBe('prepared');
  });

  it('drops a `__proto__` metadata key on both paths, as zod does (found by the property above)', () => {
    const id = '0190f1d2-7c3a-7b4e-9f00-0123456789ab';
    // As a request body arrives: JSON.parse makes `__proto__` an own key.
    const input: unknown = JSON.parse(
      JSON.stringify({
        id,
        ledger: 'EUR',
        debitAccountId: id.replace('ab', 'ac'),
        creditAccountId: id.replace('ab', 'ad'),
        amount: '1.00',
        code: 1,
      }).replace(/}$/, ',"metadata":{"__proto__":"x","note":"y"}}'),
    );
    const fast = fastParseTransfer(input);
    expect(fast?.metadata).toEqual({ note: 'y' });
    expect(Object.hasOwn(fast?.metadata ?? {}, '__proto__')).toBe(false);
    expect(fast).toEqual(transferInputSchema.parse(input));
  });
});
