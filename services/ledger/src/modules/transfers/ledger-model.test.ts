/**
 * Model test (fast-check): random sequences of batches with linked chains, concurrent single transfers, pending
 * transfers with timeouts, posts (full and partial), voids, expiry sweeps, clock jumps, retries with the same ids,
 * bad amounts, and restarts of the engine (a new in-process ledger over the same database, losing every queue).
 * Afterwards, per ledger: the hash chain and every balance verify, debits equal credits; no wallet's available
 * balance is below zero; every retry returned the first result; every acknowledged transfer is stored exactly as
 * acknowledged, and the only transfers nobody was told about are the expiry sweep's voids.
 *
 * Runs: LEDGER_MODEL_RUNS (default 20 per engine); raise it to search harder, e.g. LEDGER_MODEL_RUNS=500.
 */
import type { Transfer, TransferInput } from '@tessera/contracts';
import { EUR, formatAmount, minorUnits } from '@tessera/money';
import type { Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createLedgerApi, type LedgerService } from '../ledger/ledger-api.ts';
import { freshTenant, newId, openAccounts, openLedger } from '../../test-support/ledger-fixture.ts';

const runs = Number(process.env['LEDGER_MODEL_RUNS'] ?? 20);
const LEDGERS = ['EUR', 'USD'] as const;
/** Account slots per ledger: 0 the bank's omnibus (no limit), 1-4 customer wallets, 5 fees. */
const SLOTS = 6;

// EUR and USD both have two decimals: the amount is built as text from whole cents, never through a float.
const amountArb = fc
  .integer({ min: 1, max: 3000 })
  .map((cents) => formatAmount(minorUnits(BigInt(cents)), EUR.scale));
const movement = {
  ledger: fc.constantFrom(...LEDGERS),
  debit: fc.nat(SLOTS - 1),
  credit: fc.nat(SLOTS - 1),
  amount: amountArb,
  linked: fc.boolean(),
};
const opArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('single' as const), ...movement }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pending' as const),
      ...movement,
      timeout: fc.constantFrom(0, 5, 60),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      ref: fc.nat(),
      amount: fc.option(amountArb, { nil: undefined }),
      linked: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('void' as const), ref: fc.nat(), linked: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bad' as const),
      amount: fc.constantFrom('-1.00', '0', '1.234', 'abc', '1e5', '1'.padEnd(45, '9')),
      linked: fc.boolean(),
    }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      ops: fc.array(opArb, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('concurrent' as const),
      ops: fc.array(opArb, { minLength: 2, maxLength: 8 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), ref: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.constantFrom(1, 10, 100) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** What one run remembers: the accounts, every body sent with its first result, and what was acknowledged. */
interface World {
  tenantId: string;
  ledger: LedgerService;
  clockMs: number;
  accounts: Record<(typeof LEDGERS)[number], string[]>;
  pendingIds: Array<{ id: string; ledger: string }>;
  retryable: Array<{ body: TransferInput; first: unknown }>;
  acknowledged: Map<string, Transfer>;
}

function bodyOf(world: World, op: Op): TransferInput {
  const id = newId();
  const flags = op.linked ? { linked: true } : {};
  switch (op.kind) {
    case 'single':
    case 'pending': {
      const accounts = world.accounts[op.ledger];
      const pending =
        op.kind === 'pending'
          ? { flags: { ...flags, pending: true }, timeoutSeconds: op.timeout }
          : { flags };
      const body = {
        id,
        ledger: op.ledger,
        debitAccountId: accounts[op.debit]!,
        creditAccountId: accounts[op.credit]!,
        amount: op.amount,
        code: 1,
        ...pending,
      };
      if (op.kind === 'pending') {
        world.pendingIds.push({ id, ledger: op.ledger });
      }
      return body;
    }
    case 'post':
    case 'void': {
      const target = world.pendingIds[op.ref % Math.max(1, world.pendingIds.length)] ?? {
        id: newId(),
        ledger: 'EUR',
      };
      const resolve = op.kind === 'post' ? { postPendingTransfer: true } : { voidPendingTransfer: true };
      const amount = op.kind === 'post' && op.amount !== undefined ? { amount: op.amount } : {};
      return { id, ledger: target.ledger, pendingId: target.id, flags: { ...flags, ...resolve }, ...amount };
    }
    case 'bad':
      return {
        id,
        ledger: 'EUR',
        debitAccountId: world.accounts.EUR[1]!,
        creditAccountId: world.accounts.EUR[2]!,
        amount: op.amount,
        code: 1,
        flags,
      };
  }
}

/** Sends one batch; remembers acknowledged transfers and, for transfers outside a chain, the first result. */
async function send(world: World, bodies: TransferInput[]): Promise<void> {
  const results = await world.ledger.createTransfers(world.tenantId, bodies);
  results.forEach((result, index) => {
    if (result.status === 'created') {
      world.acknowledged.set(result.value.id, result.value);
    }
    const inChain = bodies[index]!.flags?.linked === true || bodies[index - 1]?.flags?.linked === true;
    if (!inChain) {
      world.retryable.push({ body: bodies[index]!, first: result });
    }
  });
}

async function runStep(world: World, step: Step): Promise<void> {
  switch (step.kind) {
    case 'batch':
      return send(
        world,
        step.ops.map((op) => bodyOf(world, op)),
      );
    case 'concurrent':
      // Each op alone and unlinked, all at once: they meet in the engine's groups.
      await Promise.all(step.ops.map((op) => send(world, [bodyOf(world, { ...op, linked: false })])));
      return;
    case 'retry': {
      const previous = world.retryable[step.ref % Math.max(1, world.retryable.length)];
      if (previous) {
        const [again] = await world.ledger.createTransfers(world.tenantId, [previous.body]);
        const first = previous.first as { status: string; value?: Transfer };
        expect(again).toEqual(first.status === 'created' ? { status: 'exists', value: first.value } : first);
      }
      return;
    }
    case 'advance':
      world.clockMs += step.seconds * 1000;
      return;
    case 'expire':
      await world.ledger.expireDue();
      return;
    case 'restart': {
      await world.ledger.close();
      world.ledger = createLedgerApi(ledgerDb, { now: () => world.clockMs });
      return;
    }
  }
}

let ledgerDb: Database['db'];

async function checkInvariants(world: World): Promise<void> {
  for (const code of LEDGERS) {
    const verification = await world.ledger.verifyLedger(world.tenantId, code);
    expect(verification.problems).toEqual([]);
    expect(verification.totals.debitsPosted).toBe(verification.totals.creditsPosted);
    expect(verification.totals.debitsPending).toBe(verification.totals.creditsPending);
    for (const wallet of world.accounts[code].slice(1, 5)) {
      const { balance } = await world.ledger.getAccount(world.tenantId, wallet);
      expect(balance.available.startsWith('-'), `${code} wallet ${wallet} ${balance.available}`).toBe(false);
    }
    let afterSequence = '0';
    for (;;) {
      const page = await world.ledger.listLedgerTransfers(world.tenantId, code, {
        afterSequence,
        limit: 1000,
      });
      for (const stored of page.items) {
        const acknowledged = world.acknowledged.get(stored.id);
        if (acknowledged) {
          expect(stored).toEqual(acknowledged);
          world.acknowledged.delete(stored.id);
        } else {
          expect(stored.flags.expiredPendingTransfer, `unacknowledged transfer ${stored.id}`).toBe(true);
        }
      }
      if (!page.nextCursor) {
        break;
      }
      afterSequence = page.nextCursor;
    }
  }
  expect([...world.acknowledged.keys()], 'acknowledged but not stored').toEqual([]);
}

describeEachDatabase('ledger model', ({ createDatabase }) => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase();
    await openLedger(database);
    ledgerDb = database.db.withSchema('ledger');
  });

  it('keeps every invariant under random concurrent transfers, chains, two-phase, expiry, retries and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const world: World = {
          tenantId: '',
          ledger: createLedgerApi(ledgerDb, { now: () => world.clockMs }),
          clockMs: Date.now(),
          accounts: { EUR: [], USD: [] },
          pendingIds: [],
          retryable: [],
          acknowledged: new Map(),
        };
        try {
          world.tenantId = await freshTenant(world.ledger, LEDGERS);
          for (const code of LEDGERS) {
            const [bank] = await openAccounts(world.ledger, world.tenantId, code, 1, 'bank_omnibus');
            const wallets = await openAccounts(world.ledger, world.tenantId, code, 4);
            const [fees] = await openAccounts(world.ledger, world.tenantId, code, 1, 'fees');
            world.accounts[code] = [bank!, ...wallets, fees!];
            await send(
              world,
              wallets.map((wallet) => ({
                id: newId(),
                ledger: code,
                debitAccountId: bank!,
                creditAccountId: wallet,
                amount: '20.00',
                code: 1,
              })),
            );
          }
          for (const step of steps) {
            await runStep(world, step);
          }
          await checkInvariants(world);
        } finally {
          await world.ledger.close();
        }
      }),
      { numRuns: runs },
    );
  }, 240_000);
});
