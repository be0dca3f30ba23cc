/**
 * Crash safety: a child process writes transfers and is SIGKILLed in the middle of its batches, twice; after each
 * kill the database is reopened (PGlite on disk recovers its WAL; PostgreSQL rolled back the open transaction).
 * Every transfer the child was told was created must be there with the same hash, the chain and balances must
 * verify, and the next writer continues the chain.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteTemplate, type Database, openPglite } from '@tessera/platform';
import { describeEachDatabase, testDatabaseUrl } from '@tessera/platform/testing';
import { expect, it } from 'vitest';
import { createLedgerApi } from '../ledger/ledger-api.ts';
import { freshTenant, fundedWallets, openLedger } from '../../test-support/ledger-fixture.ts';

const writerScript = join(import.meta.dirname, '..', '..', 'test-support', 'crash-writer.ts');

/** Runs the writer until it acknowledged `acksMin` transfers, waits a random moment, and SIGKILLs it. */
function runAndKill(args: string[], acksMin: number): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writerScript, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged = new Map<string, string>();
    let buffered = '';
    let errors = '';
    let killing = false;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const { id, hash } = JSON.parse(line) as { id: string; hash: string };
        acknowledged.set(id, hash);
      }
      if (!killing && acknowledged.size >= acksMin) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 150));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`writer exited ${code}: ${errors}`)),
    );
  });
}

function withPath(url: string, pathname: string): string {
  const parsed = new URL(url);
  parsed.pathname = pathname;
  return parsed.toString();
}

describeEachDatabase('ledger crash safety', ({ kind, createDatabase }) => {
  it('keeps every acknowledged transfer and a valid chain after SIGKILL mid-batch, twice', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'tessera-ledger-crash-'));
    const open = async (): Promise<Database> =>
      kind === 'pglite'
        ? openPglite(directory, { loadDataDir: await createPgliteTemplate({ cacheDirectory: tmpdir() }) })
        : createDatabase();
    let database = await open();
    try {
      const setup = await openLedger(database);
      const tenantId = await freshTenant(setup);
      const { wallets } = await fundedWallets(setup, tenantId, 20, '100000.00');
      await setup.close();
      // The test database's own URL, password included (`location` drops it for logs).
      const location =
        kind === 'pglite' ? directory : withPath(testDatabaseUrl!, new URL(database.location).pathname);
      const acknowledged = new Map<string, string>();
      for (let round = 0; round < 2; round += 1) {
        if (kind === 'pglite') {
          await database.close();
        }
        for (const [id, hash] of await runAndKill([location, tenantId, wallets.join(',')], 250)) {
          acknowledged.set(id, hash);
        }
        if (kind === 'pglite') {
          database = await openPglite(directory);
        }
        const ledger = createLedgerApi(database.db.withSchema('ledger'));
        const verification = await ledger.verifyLedger(tenantId, 'EUR');
        expect(verification.problems).toEqual([]);
        expect(verification.transfersChecked).toBeGreaterThanOrEqual(acknowledged.size + 20);
        const stored = new Map<string, string>();
        for (let after = '0'; ;) {
          const page = await ledger.listLedgerTransfers(tenantId, 'EUR', {
            afterSequence: after,
            limit: 1000,
          });
          page.items.forEach((transfer) => stored.set(transfer.id, transfer.hash));
          if (!page.nextCursor) {
            break;
          }
          after = page.nextCursor;
        }
        const lost = [...acknowledged].filter(([id, hash]) => stored.get(id) !== hash);
        expect(lost, 'acknowledged transfers missing or changed after the kill').toEqual([]);
        await ledger.close();
      }
    } finally {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
