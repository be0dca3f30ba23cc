/**
 * A wallet's activity: the operation records cash operations writes, plus the wallet's ledger history projected
 * into the same table (movements made by other services, e.g. trading settling through the ledger, read from the
 * transfers' metadata). Searchable, filterable, cursor-paginated (docs/api.md, "Cash operations").
 *
 * Ledger metadata convention (docs/api.md): every transfer that touches a customer wallet carries
 * `operationId` (the operation it belongs to), `kind` (an ACTIVITY_KINDS value) and optionally `description`,
 * `counterparty` and `settledBy` (a PENDING_SETTLEMENTS value, for pending transfers).
 */
import {
  ACTIVITY_KINDS,
  type ActivityItem,
  type ActivityKind,
  type ActivityPage,
  type ActivityStatus,
  BANK_TENANT_ID,
  PENDING_SETTLEMENTS,
  type PendingInfo,
  type PendingSettlement,
  type Transfer,
} from '@tessera/contracts';
import { amountFromDecimal } from '@tessera/money';
import { sql } from 'kysely';
import { CursorInvalidError } from '../../errors.ts';
import { cashAsset, formatMinor } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import type { WalletRow } from '../wallets/wallets.repository.ts';
import {
  confirmOperationRows,
  deleteSubmittingOperation,
  insertOperation,
  type OperationInput,
  type OperationRow,
  type OperationUpdate,
  updateOperationRows,
} from './operations.repository.ts';

/** Records an operation (idempotent by id and wallet) and tells the customer; resolves with the stored row. */
export async function recordOperation(core: CashCore, input: OperationInput): Promise<OperationRow> {
  const { row, created } = await insertOperation(core.db, input, core.now());
  if (created) {
    core.notifier.walletsChanged(row.user_id, [row.wallet_id], {
      id: row.id,
      walletId: row.wallet_id,
      status: row.status,
    });
  }
  return row;
}

/** Moves an operation to `update.status` (posted, voided, or pending with new details) and tells its customers. */
export async function updateOperationStatus(
  core: CashCore,
  id: string,
  update: OperationUpdate,
): Promise<OperationRow[]> {
  const rows = await updateOperationRows(core.db, id, update, core.now());
  for (const row of rows) {
    core.notifier.walletsChanged(row.user_id, [row.wallet_id], {
      id: row.id,
      walletId: row.wallet_id,
      status: row.status,
    });
  }
  return rows;
}

/** The ledger holds the operation's transfers: its rows become visible; tells its customers. */
export async function confirmOperation(core: CashCore, id: string): Promise<OperationRow[]> {
  const rows = await confirmOperationRows(core.db, id);
  notifyRows(core, rows);
  return rows;
}

/** Nothing of the operation is in the ledger: its submitting rows are deleted; tells its customers. */
export async function discardOperation(core: CashCore, id: string): Promise<OperationRow[]> {
  const rows = await deleteSubmittingOperation(core.db, id);
  notifyRows(core, rows);
  return rows;
}

function notifyRows(core: CashCore, rows: readonly OperationRow[]): void {
  for (const row of rows) {
    core.notifier.walletsChanged(row.user_id, [row.wallet_id], {
      id: row.id,
      walletId: row.wallet_id,
      status: row.status,
    });
  }
}

/** The metadata to put on a ledger transfer of an operation (see the file comment). */
export function operationMetadata(
  operationId: string,
  kind: ActivityKind,
  extra: { description?: string | null; counterparty?: string | null; settledBy?: PendingSettlement } = {},
): Record<string, string> {
  const metadata: Record<string, string> = { operationId, kind };
  if (extra.description) {
    metadata['description'] = extra.description.slice(0, 256);
  }
  if (extra.counterparty) {
    metadata['counterparty'] = extra.counterparty.slice(0, 256);
  }
  if (extra.settledBy) {
    metadata['settledBy'] = extra.settledBy;
  }
  return metadata;
}

/** The API's view of an operation row. */
export function toActivityItem(row: OperationRow): ActivityItem {
  const asset = cashAsset(row.asset);
  const fee = BigInt(row.fee_minor);
  return {
    id: row.id,
    walletId: row.wallet_id,
    kind: (ACTIVITY_KINDS as readonly string[]).includes(row.kind) ? (row.kind as ActivityKind) : 'other',
    status: row.status,
    amount: formatMinor(BigInt(row.amount_minor), asset),
    asset: row.asset,
    fee: fee > 0n ? formatMinor(fee, asset) : null,
    counterparty: row.counterparty,
    description: row.description,
    details: row.details ?? null,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at ? row.settled_at.toISOString() : null,
    pending: row.status === 'pending' ? (row.pending ?? defaultPending()) : null,
  };
}

function defaultPending(): PendingInfo {
  return { settledBy: 'hold_expiry', expectedAt: null, expiresAt: null, confirmations: null };
}

// --- Projection of the ledger history -------------------------------------------------------------------------

/** History pages read per sync, at most (a wallet far behind catches up over several reads). */
const SYNC_PAGES_MAX = 20;
const SYNC_PAGE_LIMIT = 100;

/** Projects the wallet's ledger transfers newer than the last sync into operations. */
export async function syncWalletFromLedger(core: CashCore, wallet: WalletRow): Promise<void> {
  const watermarkRow = await core.db
    .selectFrom('wallet_ledger_sync')
    .select('last_sequence')
    .where('wallet_id', '=', wallet.id)
    .executeTakeFirst();
  const watermark = BigInt(watermarkRow?.last_sequence ?? '0');
  const fresh: Transfer[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < SYNC_PAGES_MAX; page += 1) {
    const history = await core.ledger.listAccountHistory(BANK_TENANT_ID, wallet.id, {
      limit: SYNC_PAGE_LIMIT,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const newer = history.items.filter((transfer) => BigInt(transfer.sequence) > watermark);
    fresh.push(...newer);
    if (newer.length < history.items.length || history.nextCursor === null) {
      break;
    }
    cursor = history.nextCursor;
  }
  if (fresh.length === 0) {
    return;
  }
  fresh.sort((a, b) => (BigInt(a.sequence) < BigInt(b.sequence) ? -1 : 1));
  for (const transfer of fresh) {
    await projectTransfer(core, wallet, transfer);
  }
  const last = fresh[fresh.length - 1]!.sequence;
  await core.db
    .insertInto('wallet_ledger_sync')
    .values({ wallet_id: wallet.id, last_sequence: last })
    .onConflict((conflict) =>
      conflict.column('wallet_id').doUpdateSet({
        last_sequence: sql`greatest(wallet_ledger_sync.last_sequence, excluded.last_sequence)`,
      }),
    )
    .execute();
}

/**
 * True when the transfer belongs to an operation this wallet already records (nothing to project); an operation
 * whose writer did not see the ledger take its transfer is confirmed now.
 */
async function confirmIfKnown(
  core: CashCore,
  wallet: WalletRow,
  operationId: string,
  transfer: Transfer,
): Promise<boolean> {
  const known = await core.db
    .selectFrom('operations')
    .select(['id', 'ledger_state'])
    .where('wallet_id', '=', wallet.id)
    .where(sql<string>`id::text`, '=', operationId.toLowerCase())
    .executeTakeFirst();
  if (!known) {
    return false;
  }
  if (known.ledger_state === 'submitting' && !transfer.flags.postPendingTransfer) {
    await confirmOperation(core, known.id);
  }
  return true;
}

/** A hold's post or void: the items of the hold become posted (with what moved) or voided. */
async function settleHoldItems(core: CashCore, wallet: WalletRow, transfer: Transfer): Promise<void> {
  if (transfer.pendingId === null) {
    return;
  }
  // A hold may be posted in part (a trade's reservation covers its worst price): the item shows what moved.
  const posted = transfer.flags.postPendingTransfer
    ? amountFromDecimal(transfer.amount, cashAsset(wallet.asset))
    : undefined;
  await updateOperationRows(
    core.db,
    transfer.pendingId,
    {
      status: transfer.flags.postPendingTransfer ? 'posted' : 'voided',
      walletId: wallet.id,
      settledAt: new Date(transfer.timestamp),
      ...(posted === undefined
        ? {}
        : { amountMinor: transfer.creditAccountId === wallet.id ? posted : -posted }),
    },
    core.now(),
  );
}

async function projectTransfer(core: CashCore, wallet: WalletRow, transfer: Transfer): Promise<void> {
  const operationId = transfer.metadata['operationId'];
  if (operationId !== undefined && (await confirmIfKnown(core, wallet, operationId, transfer))) {
    return;
  }
  if (transfer.flags.postPendingTransfer || transfer.flags.voidPendingTransfer) {
    await settleHoldItems(core, wallet, transfer);
    return;
  }
  const asset = cashAsset(wallet.asset);
  const amountMinor: bigint = amountFromDecimal(transfer.amount, asset);
  const credited = transfer.creditAccountId === wallet.id;
  const kindText = transfer.metadata['kind'] ?? 'other';
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(kindText)
    ? (kindText as ActivityKind)
    : 'other';
  const status: ActivityStatus = transfer.flags.pending ? 'pending' : 'posted';
  const settledByText = transfer.metadata['settledBy'] ?? (kind === 'trade' ? 'order' : 'hold_expiry');
  const settledBy = (PENDING_SETTLEMENTS as readonly string[]).includes(settledByText)
    ? (settledByText as PendingSettlement)
    : 'hold_expiry';
  await insertOperation(
    core.db,
    {
      id: isUuidText(operationId) ? operationId!.toLowerCase() : transfer.id,
      walletId: wallet.id,
      userId: wallet.user_id,
      kind,
      status,
      asset: asset.code,
      amountMinor: credited ? amountMinor : -amountMinor,
      counterparty: transfer.metadata['counterparty'] ?? null,
      // A trade's description is its product id (services/trading settlement.ts): a fact, phrased by the web app.
      ...(kind === 'trade' && transfer.metadata['description']
        ? { description: null, details: { type: 'trade', product: transfer.metadata['description'] } }
        : { description: transfer.metadata['description'] ?? null }),
      pending:
        status === 'pending'
          ? { settledBy, expectedAt: null, expiresAt: transfer.expiresAt, confirmations: null }
          : null,
      transferIds: [transfer.id],
      source: 'ledger',
      createdAt: new Date(transfer.timestamp),
    },
    core.now(),
  );
}

function isUuidText(value: string | undefined): boolean {
  return value !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// --- Listing ---------------------------------------------------------------------------------------------------

/** The parsed activity query (activityQuerySchema's output). */
export interface ActivityFilter {
  readonly q?: string | undefined;
  readonly kind?: readonly ActivityKind[] | undefined;
  readonly status?: readonly ActivityStatus[] | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly cursor?: string | undefined;
  readonly limit: number;
}

interface Cursor {
  readonly createdAt: Date;
  readonly id: string;
}

function encodeCursor(row: OperationRow): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(text: string): Cursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || !isUuidText(id)) {
    throw new CursorInvalidError();
  }
  return { createdAt, id: id!.toLowerCase() };
}

/** One page of activity of `walletIds` (one wallet, or all of a customer's for the summary), newest first. */
export async function listActivity(
  core: CashCore,
  walletIds: readonly string[],
  filter: ActivityFilter,
): Promise<ActivityPage> {
  if (walletIds.length === 0) {
    return { items: [], nextCursor: null };
  }
  // Only what the ledger holds: an operation still being submitted is not an item yet (issue #13, defect 2).
  let query = core.db
    .selectFrom('operations')
    .selectAll()
    .where('wallet_id', 'in', walletIds)
    .where('ledger_state', '=', 'confirmed');
  if (filter.kind && filter.kind.length > 0) {
    query = query.where('kind', 'in', filter.kind);
  }
  if (filter.status && filter.status.length > 0) {
    query = query.where('status', 'in', filter.status);
  }
  if (filter.from) {
    query = query.where('created_at', '>=', new Date(filter.from));
  }
  if (filter.to) {
    query = query.where('created_at', '<', new Date(filter.to));
  }
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('counterparty', 'ilike', pattern),
        eb('description', 'ilike', pattern),
        eb('kind', 'ilike', pattern),
        // The facts behind the line (sender, card, chain, product) are searchable too.
        eb(sql<string>`details::text`, 'ilike', pattern),
      ]),
    );
  }
  if (filter.cursor) {
    const cursor = decodeCursor(filter.cursor);
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb(sql<string>`id::text`, '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return {
    items: page.map(toActivityItem),
    nextCursor: rows.length > filter.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
