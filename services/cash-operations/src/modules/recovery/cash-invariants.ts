/**
 * Test support (imported by tests only): what must hold between cash operations' records and the ledger after
 * any failure (issue #13, "Fault injection"): nothing shown posted that the ledger lacks, no pending item without a
 * live hold, every hold with an owner (an operation of ours) and an expiry, nothing left submitting once resolved.
 * Resolves with the broken rules, one line each (empty when all hold).
 */
import { BANK_TENANT_ID, type LedgerApi, type TransferView } from '@tessera/contracts';
import type { CashCore } from '../accounts/cash-core.ts';
import type { RailsDatabase } from '../rails/rails.tables.ts';

async function viewOf(ledger: LedgerApi, id: string): Promise<TransferView | null> {
  try {
    return await ledger.getTransfer(BANK_TENANT_ID, id);
  } catch (error) {
    if ((error as { code?: string }).code === 'LEDGER_TRANSFER_NOT_FOUND') {
      return null;
    }
    throw error;
  }
}

/**
 * Checks every rule over the whole database; `ledger` must be the real one. With `afterFollowUps` (the jobs ran),
 * every crypto deposit seen on a chain must also be held: one whose hold failed is held again by the next block.
 */
export async function brokenCashInvariants(
  core: CashCore,
  ledger: LedgerApi,
  options: { afterFollowUps?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const rows = await core.db.selectFrom('operations').selectAll().where('source', '=', 'cash').execute();
  for (const row of rows) {
    const name = `${row.kind} ${row.id} (${row.status}) in wallet ${row.wallet_id}`;
    if (row.ledger_state === 'submitting') {
      problems.push(`${name} is still submitting`);
      continue;
    }
    const views = await Promise.all(row.transfer_ids.map((id) => viewOf(ledger, id)));
    if (row.status !== 'voided' && views.some((view) => view === null)) {
      problems.push(`${name} is shown but the ledger lacks its transfers`);
      continue;
    }
    if (row.status === 'pending' && views.some((view) => view?.pendingStatus !== 'pending')) {
      problems.push(`${name} is pending without a live hold`);
    }
    if (row.status === 'posted' && views.some((view) => view?.pendingStatus === 'pending')) {
      problems.push(`${name} is posted but its hold is still pending`);
    }
  }
  const known = new Set(rows.map((row) => row.id));
  const wallets = await core.db.selectFrom('wallets').select('id').execute();
  for (const wallet of wallets) {
    for (const view of await ledger.listPendingTransfers(BANK_TENANT_ID, wallet.id)) {
      const { transfer } = view;
      const owner = transfer.metadata['operationId'];
      if (owner === undefined || !known.has(owner.toLowerCase())) {
        problems.push(`hold ${transfer.id} on wallet ${wallet.id} has no operation of ours as owner`);
      }
      if (transfer.expiresAt === null) {
        problems.push(`hold ${transfer.id} on wallet ${wallet.id} never expires`);
      }
    }
  }
  const withdrawals = await (core.db as unknown as RailsDatabase)
    .selectFrom('withdrawals')
    .select(['id', 'status'])
    .where('status', '=', 'pending')
    .execute();
  for (const withdrawal of withdrawals) {
    const row = rows.find((candidate) => candidate.id === withdrawal.id);
    if (!row || row.status !== 'pending' || row.ledger_state !== 'confirmed') {
      problems.push(`withdrawal ${withdrawal.id} is pending without a held operation`);
    }
  }
  const cryptoDeposits = options.afterFollowUps
    ? await (core.db as unknown as RailsDatabase)
        .selectFrom('crypto_deposits')
        .select(['id', 'status'])
        .execute()
    : [];
  for (const deposit of cryptoDeposits) {
    const row = rows.find((candidate) => candidate.id === deposit.id);
    // A deposit the ledger refused (a frozen wallet) stays for reconciliation with its record voided.
    const matches =
      row?.status === deposit.status || (deposit.status === 'pending' && row?.status === 'voided');
    if (!row || !matches || row.ledger_state !== 'confirmed') {
      problems.push(`crypto deposit ${deposit.id} is ${deposit.status} without a matching held operation`);
    }
  }
  return problems;
}
