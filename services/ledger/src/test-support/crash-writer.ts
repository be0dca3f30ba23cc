/**
 * Test support for ledger-survives-kill-mid-batch.test.ts: a child process that writes transfers as fast as it can
 * (batches with linked chains, concurrent singles, pending transfers and their posts) and prints each acknowledged
 * transfer as a JSON line `{"id","hash"}` once its commit returned. The test SIGKILLs it mid-batch.
 *
 * Usage: node --import tsx crash-writer.ts <pglite data dir | postgres url> <tenant id> <comma-separated wallet ids>
 */
import { randomUUID } from 'node:crypto';
import type { TransferInput } from '@tessera/contracts';
import { openPglite, openPostgres } from '@tessera/platform';
import { createLedgerApi } from '../modules/ledger/ledger-api.ts';

const [location = '', tenantId = '', walletList = ''] = process.argv.slice(2);
const wallets = walletList.split(',');
const database = location.startsWith('postgres')
  ? await openPostgres(location, { poolMax: 4 })
  : await openPglite(location);
const ledger = createLedgerApi(database.db.withSchema('ledger'));
const pick = () => wallets[Math.floor(Math.random() * wallets.length)]!;
const move = (extra: Partial<TransferInput> = {}): TransferInput => {
  const debitAccountId = pick();
  let creditAccountId = pick();
  while (creditAccountId === debitAccountId) {
    creditAccountId = pick();
  }
  return {
    id: randomUUID(),
    ledger: 'EUR',
    debitAccountId,
    creditAccountId,
    amount: '0.01',
    code: 1,
    ...extra,
  };
};

async function write(bodies: TransferInput[]): Promise<void> {
  const results = await ledger.createTransfers(tenantId, bodies);
  const lines = results.flatMap((result) =>
    result.status === 'created' ? [JSON.stringify({ id: result.value.id, hash: result.value.hash })] : [],
  );
  if (lines.length > 0) {
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

for (;;) {
  const batch = Array.from({ length: 300 }, (_, index) =>
    move(index % 3 === 0 ? { flags: { linked: true } } : {}),
  );
  const pending = move({ flags: { pending: true }, timeoutSeconds: 3600 });
  await Promise.all([
    write(batch),
    ...Array.from({ length: 16 }, () => write([move()])),
    write([pending]).then(() =>
      write([
        { id: randomUUID(), ledger: 'EUR', pendingId: pending.id, flags: { postPendingTransfer: true } },
      ]),
    ),
  ]);
}
