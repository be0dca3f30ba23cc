/**
 * ledger: the transfer engine through its in-process API (what cash operations and trading call), on PGlite and on
 * PostgreSQL. Cases: single transfers from 32 concurrent callers (throughput, p50 and p99 latency per call), and
 * batches of 100 and of 8,189 transfers, each against 10 hot accounts and against 10,000 accounts. After every case
 * the ledger is verified (hash chain, balances recomputed from the transfers, debits equal credits) and no wallet may
 * be below zero; a failed check fails the benchmark.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a user that may create databases); otherwise a throw-away
 * cluster is started with the machine's initdb (Debian's postgresql package) and removed afterwards; if there is
 * none, the PostgreSQL cases are skipped with a message. The server must be durable (fsync, synchronous_commit and
 * full_page_writes on): every acknowledged transfer is on disk, or the figures would claim what a bank cannot use.
 * BENCH_LEDGER_ENGINES (pglite, postgres) and BENCH_LEDGER_CASES (a part of the case names) run fewer cases.
 * On PostgreSQL the floor cases (ledger-floor.ts) then measure the database alone writing groups of the batch cases'
 * sizes, one statement after another: the rate the engine's serial writes stay at or below.
 * Each case also records the machine's load average (`load_avg_1m`): the cores are shared with other work. Goals on
 * the 2-core machine: batched >= 30,000 transfers/s, single >= 3,000 transfers/s with p99 < 25 ms
 * (docs/benchmarks.md, "ledger").
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TransferInput, uuidv7 } from '@tessera/contracts';
import { createPgliteTemplate, type Database, migrate, openPglite, openPostgres } from '@tessera/platform';
import { createLedgerApi, ledgerService, type LedgerService } from '@tessera/service-ledger';
import { sql } from 'kysely';
import type { Benchmark, BenchResult } from '../harness.ts';
import { withBenchDatabase } from '../postgres.ts';
import { measureFloor } from './ledger-floor.ts';

const SINGLE_CONCURRENCY = 32;
const SINGLE_DURATION_MS = 4000;
const BATCH_TRANSFERS_TARGET = 200_000;
/**
 * The floor (ledger-floor.ts) on PostgreSQL: groups of 800 (what 8 callers of 100 form) and of 8,189, on 10 and
 * 10,000 accounts, 100,000 transfers each.
 */
const FLOOR_GROUPS = [800, 8189];
const FLOOR_TRANSFERS = 100_000;

interface Case {
  readonly kind: 'single' | 'batch';
  readonly batchSize: number;
  /** How many callers send at once. */
  readonly callers: number;
  readonly accounts: number;
}

const CASES: Case[] = [
  { kind: 'single', batchSize: 1, callers: SINGLE_CONCURRENCY, accounts: 10 },
  { kind: 'single', batchSize: 1, callers: SINGLE_CONCURRENCY, accounts: 10_000 },
  { kind: 'batch', batchSize: 100, callers: 8, accounts: 10 },
  { kind: 'batch', batchSize: 100, callers: 8, accounts: 10_000 },
  { kind: 'batch', batchSize: 8189, callers: 2, accounts: 10 },
  { kind: 'batch', batchSize: 8189, callers: 2, accounts: 10_000 },
];

const caseName = (engine: string, c: Case) =>
  c.kind === 'single'
    ? `${engine} single x${c.callers} concurrent, ${c.accounts} accounts`
    : `${engine} batch ${c.batchSize} x${c.callers} callers, ${c.accounts} accounts`;

/** A tenant with a funded bank account and `count` wallets, each holding 1,000,000.00 EUR. */
async function setUp(ledger: LedgerService, count: number): Promise<{ tenantId: string; wallets: string[] }> {
  const tenantId = `bench-${randomUUID().slice(0, 8)}`;
  await ledger.createTenant({ id: tenantId, ownerUserId: 'bench' });
  await ledger.createLedger(tenantId, { code: 'EUR' });
  const bank = uuidv7();
  await ledger.createAccount(tenantId, { id: bank, ledger: 'EUR', ownerId: 'tessera', type: 'bank_omnibus' });
  const wallets = Array.from({ length: count }, () => uuidv7());
  for (let start = 0; start < count; start += 8189) {
    const slice = wallets.slice(start, start + 8189);
    await ledger.createAccounts(
      tenantId,
      slice.map((id) => ({
        id,
        ledger: 'EUR',
        ownerId: `customer-${id.slice(0, 8)}`,
        type: 'customer_wallet',
      })),
    );
    await ledger.createTransfers(
      tenantId,
      slice.map((id) => ({
        id: uuidv7(),
        ledger: 'EUR',
        debitAccountId: bank,
        creditAccountId: id,
        amount: '1000000.00',
        code: 1,
      })),
    );
  }
  return { tenantId, wallets };
}

function randomTransfer(wallets: readonly string[]): TransferInput {
  const debit = Math.floor(Math.random() * wallets.length);
  const credit = (debit + 1 + Math.floor(Math.random() * (wallets.length - 1))) % wallets.length;
  return {
    id: uuidv7(),
    ledger: 'EUR',
    debitAccountId: wallets[debit]!,
    creditAccountId: wallets[credit]!,
    amount: '0.01',
    code: 1,
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Runs one case and returns transfers per second and the latency of each call (microseconds). The request bodies of
 * batch cases are built before the clock starts (the engine is measured, not the client's UUID generator); single
 * callers build their one body per call.
 */
async function measure(ledger: LedgerService, tenantId: string, wallets: readonly string[], c: Case) {
  const latenciesUs: number[] = [];
  let transfers = 0;
  const callsPerCaller =
    c.kind === 'batch' ? Math.ceil(BATCH_TRANSFERS_TARGET / c.batchSize / c.callers) : Infinity;
  const prepared =
    c.kind === 'batch'
      ? Array.from({ length: c.callers }, () =>
          Array.from({ length: callsPerCaller }, () =>
            Array.from({ length: c.batchSize }, () => randomTransfer(wallets)),
          ),
        )
      : undefined;
  const started = performance.now();
  const deadline = started + SINGLE_DURATION_MS;
  await Promise.all(
    Array.from({ length: c.callers }, async (_, caller) => {
      for (
        let call = 0;
        call < callsPerCaller && (c.kind === 'batch' || performance.now() < deadline);
        call += 1
      ) {
        const bodies = prepared?.[caller]?.[call] ?? [randomTransfer(wallets)];
        const sent = performance.now();
        const results = await ledger.createTransfers(tenantId, bodies);
        latenciesUs.push(Math.round((performance.now() - sent) * 1000));
        const created = results.filter((result) => result.status === 'created').length;
        if (created !== bodies.length) {
          throw new Error(`expected every transfer created, got ${created}/${bodies.length}`);
        }
        transfers += created;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latenciesUs.sort((a, b) => a - b);
  return {
    opsPerS: Math.round(transfers / seconds),
    p50: percentile(latenciesUs, 50),
    p99: percentile(latenciesUs, 99),
    transfers,
  };
}

/** Verification after every run: chain, recomputed balances, debits = credits, no wallet below zero. */
async function check(ledger: LedgerService, database: Database, tenantId: string, expectedMin: number) {
  const verification = await ledger.verifyLedger(tenantId, 'EUR');
  if (!verification.ok || verification.totals.debitsPosted !== verification.totals.creditsPosted) {
    throw new Error(`ledger check failed: ${JSON.stringify(verification.problems)}`);
  }
  if (verification.transfersChecked < expectedMin) {
    throw new Error(`expected at least ${expectedMin} transfers, found ${verification.transfersChecked}`);
  }
  const { rows } = await sql<{ negative: string }>`select count(*) as negative from ledger.accounts
    where tenant_id = ${tenantId} and type = 'customer_wallet' and credits_posted - debits_posted - debits_pending < 0`.execute(
    database.db,
  );
  if (rows[0]?.negative !== '0') {
    throw new Error('a wallet is below zero');
  }
}

async function runEngine(
  engine: 'pglite' | 'postgres',
  open: () => Promise<Database>,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const database = await open();
  try {
    await migrate(database.db, { schema: 'ledger', migrations: ledgerService.migrations });
    const ledger = createLedgerApi(database.db.withSchema('ledger'));
    try {
      const only = process.env['BENCH_LEDGER_CASES'];
      for (const c of CASES.filter((each) => !only || caseName(engine, each).includes(only))) {
        const { tenantId, wallets } = await setUp(ledger, c.accounts);
        const measured = await measure(ledger, tenantId, wallets, c);
        await check(ledger, database, tenantId, measured.transfers);
        const name = caseName(engine, c);
        results.push({ case: name, metric: 'ops_per_s', value: measured.opsPerS, unit: 'transfers/s' });
        results.push({ case: name, metric: 'p50_us', value: measured.p50, unit: 'us per call' });
        results.push({ case: name, metric: 'p99_us', value: measured.p99, unit: 'us per call' });
        // The machine's 1-minute load average after the case: figures taken on shared cores are pessimistic.
        const load = Math.round(loadavg()[0]! * 10) / 10;
        results.push({ case: name, metric: 'load_avg_1m', value: load, unit: 'runnable tasks' });
        console.log(
          `  ${name}: ${measured.opsPerS} transfers/s, p50 ${measured.p50} us, p99 ${measured.p99} us (checked, load ${load})`,
        );
      }
      if (engine === 'postgres') {
        results.push(...(await runFloor(ledger, database)));
      }
    } finally {
      await ledger.close();
    }
  } finally {
    await database.close();
  }
  return results;
}

/** The floor cases: what the database alone takes for the batch cases' writes. */
async function runFloor(ledger: LedgerService, database: Database): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const only = process.env['BENCH_LEDGER_CASES'];
  for (const accounts of [10, 10_000]) {
    for (const groupSize of FLOOR_GROUPS) {
      const name = `postgres floor (database alone), groups of ${groupSize}, ${accounts} accounts`;
      if (only && !name.includes(only)) {
        continue;
      }
      const { tenantId, wallets } = await setUp(ledger, accounts);
      const opsPerS = await measureFloor(database, tenantId, wallets, groupSize, FLOOR_TRANSFERS);
      results.push({ case: name, metric: 'ops_per_s', value: opsPerS, unit: 'transfers/s' });
      console.log(`  ${name}: ${opsPerS} transfers/s`);
    }
  }
  return results;
}

export const ledgerBenchmark: Benchmark = {
  name: 'ledger',
  description: 'ledger transfers: 32 concurrent singles and batches of 100 / 8,189, hot and spread accounts',
  async run() {
    const engines = (process.env['BENCH_LEDGER_ENGINES'] ?? 'pglite,postgres').split(',');
    const results: BenchResult[] = [];
    if (engines.includes('pglite')) {
      const template = await createPgliteTemplate({ cacheDirectory: tmpdir() });
      const pgliteDirectory = mkdtempSync(join(tmpdir(), 'tessera-bench-pglite-'));
      results.push(
        ...(await runEngine('pglite', () => openPglite(pgliteDirectory, { loadDataDir: template }))),
      );
      rmSync(pgliteDirectory, { recursive: true, force: true });
    }
    const outcome = engines.includes('postgres')
      ? await withBenchDatabase('ledger', async (url) => {
          results.push(...(await runEngine('postgres', () => openPostgres(url, { poolMax: 10 }))));
        })
      : 'measured';
    if (outcome === 'skipped') {
      console.log(
        '  PostgreSQL cases skipped: set BENCH_DATABASE_URL or install postgresql (initdb not found).',
      );
    }
    return results;
  },
};
