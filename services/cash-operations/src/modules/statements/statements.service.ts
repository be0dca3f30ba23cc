/**
 * Monthly wallet statements (PRODUCT.md, "Reports"): the posted movements of one UTC month, the opening and closing
 * posted balances, and the ledger's hash-chain value at the end of the period, so the statement can be checked
 * against the ledger's verifiable history. JSON or CSV.
 */
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  BANK_TENANT_ID,
  FEE_SCHEDULE,
  type Statement,
  type StatementEntry,
  STATEMENT_ENTRIES_MAX,
  type Transfer,
} from '@tessera/contracts';
import { amountFromDecimal } from '@tessera/money';
import { StatementPeriodInvalidError, StatementTooLargeError } from '../../errors.ts';
import { cashAsset, formatMinor } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { isUuid, type WalletRow } from '../wallets/wallets.repository.ts';

/** The fee schedule's ids: a ledger leg whose description is one of them is that fee. */
const FEE_IDS: ReadonlySet<string> = new Set(FEE_SCHEDULE.map((entry) => entry.id));

/** `YYYY-MM` of a date (UTC). */
function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The months with a statement, newest first: from the wallet's creation to the current month. */
export function statementMonths(wallet: WalletRow, now: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const first = monthOf(wallet.created_at);
  for (let count = 0; count < 600; count += 1) {
    const month = monthOf(cursor);
    months.push(month);
    if (month <= first) {
      break;
    }
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  }
  return months;
}

/** The movements a posted balance sees: single-phase transfers and posts of pending ones. */
function isPostedMovement(transfer: Transfer): boolean {
  return !transfer.flags.pending && !transfer.flags.voidPendingTransfer;
}

/**
 * The wallet's posted movements in [start, end), oldest first. History is newest first: skip what is after the
 * period, stop at the first transfer before it; more than STATEMENT_ENTRIES_MAX is CASH_STATEMENT_TOO_LARGE.
 * A post of a pending transfer carries no metadata of its own (the ledger's post names only `pendingId`): it is
 * read with its pending transfer's metadata, so a captured card deposit is a card deposit, not "other".
 */
async function postedMovementsIn(
  core: CashCore,
  walletId: string,
  start: Date,
  end: Date,
): Promise<Transfer[]> {
  const inPeriod: Transfer[] = [];
  const pendingMetadata = new Map<string, Transfer['metadata']>();
  let cursor: string | undefined;
  for (;;) {
    const page = await core.ledger.listAccountHistory(BANK_TENANT_ID, walletId, {
      limit: 1000,
      ...(cursor === undefined ? {} : { cursor }),
    });
    let before = false;
    for (const transfer of page.items) {
      if (transfer.flags.pending) {
        pendingMetadata.set(transfer.id, transfer.metadata);
      }
      const at = new Date(transfer.timestamp);
      if (at < start) {
        before = true;
        break;
      }
      if (at < end && isPostedMovement(transfer)) {
        inPeriod.push(transfer);
      }
    }
    if (inPeriod.length > STATEMENT_ENTRIES_MAX) {
      throw new StatementTooLargeError(undefined, { max: STATEMENT_ENTRIES_MAX });
    }
    if (before || page.nextCursor === null) {
      break;
    }
    cursor = page.nextCursor;
  }
  const movements: Transfer[] = [];
  for (const transfer of inPeriod.reverse()) {
    movements.push(await withPendingMetadata(core, transfer, pendingMetadata));
  }
  return movements;
}

/** A post with its pending transfer's metadata (its own keys win); other transfers as they are. */
async function withPendingMetadata(
  core: CashCore,
  transfer: Transfer,
  known: Map<string, Transfer['metadata']>,
): Promise<Transfer> {
  const pendingId = transfer.pendingId;
  if (!transfer.flags.postPendingTransfer || pendingId === null || transfer.metadata['kind'] !== undefined) {
    return transfer;
  }
  // A hold placed before the period (or before the pages read) is asked of the ledger once.
  let metadata = known.get(pendingId);
  if (metadata === undefined) {
    metadata = (await core.ledger.getTransfer(BANK_TENANT_ID, pendingId)).transfer.metadata;
    known.set(pendingId, metadata);
  }
  return { ...transfer, metadata: { ...metadata, ...transfer.metadata } };
}

/**
 * The English words of a statement line the CSV prints when the ledger recorded no text (a note, a
 * payer's reference, a card): one per kind, and one per fee of the schedule a wallet pays (docs/api.md,
 * "Statements"). The web app phrases the line in the customer's language from `kind` and `details` instead.
 */
const KIND_TEXT: Readonly<Record<ActivityKind, string>> = {
  card_deposit: 'Card deposit',
  sepa_deposit: 'SEPA transfer in',
  crypto_deposit: 'Crypto deposit',
  sepa_withdrawal: 'SEPA withdrawal',
  crypto_withdrawal: 'Crypto withdrawal',
  own_transfer: 'Transfer between own wallets',
  customer_transfer: 'Transfer with a Tessera customer',
  conversion: 'Currency exchange',
  fee: 'Fee',
  trade: 'Trade',
  other: 'Other movement',
};
const FEE_TEXT: Readonly<Record<string, string>> = {
  depositCard: 'Card deposit fee',
  conversionFiat: 'Currency exchange fee',
  conversionCrypto: 'Crypto exchange fee',
  withdrawalSepa: 'SEPA withdrawal fee',
  withdrawalCrypto: 'Crypto network fee',
};

/** One statement line of a ledger transfer (its details are added by withDetails). */
function statementEntryOf(transfer: Transfer, credited: boolean, amount: string): StatementEntry {
  const after = credited ? transfer.creditAccountBalanceAfter : transfer.debitAccountBalanceAfter;
  const kindText = transfer.metadata['kind'] ?? 'other';
  const text = transfer.metadata['description'];
  const feeId = text !== undefined && FEE_IDS.has(text) ? text : null;
  // A fee leg (its description is a fee schedule id) is a fee, whichever operation charged it.
  const kind: ActivityKind =
    feeId !== null
      ? 'fee'
      : (ACTIVITY_KINDS as readonly string[]).includes(kindText)
        ? (kindText as ActivityKind)
        : 'other';
  return {
    transferId: transfer.id,
    operationId: transfer.metadata['operationId'] ?? null,
    postedAt: transfer.timestamp,
    kind,
    description: feeId !== null ? '' : (text ?? transfer.metadata['counterparty'] ?? ''),
    details: feeId !== null ? { type: 'fee', feeId } : null,
    amount,
    balanceAfter: after.posted,
    ledgerSequence: transfer.sequence,
  };
}

/** GET /wallets/{walletId}/statements/{month}. */
export async function buildStatement(core: CashCore, wallet: WalletRow, month: string): Promise<Statement> {
  const now = core.now();
  if (!statementMonths(wallet, now).includes(month)) {
    throw new StatementPeriodInvalidError(undefined, { month });
  }
  const asset = cashAsset(wallet.asset);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, monthNumber - 1, 1));
  const end = new Date(Date.UTC(year, monthNumber, 1));
  const inPeriod = await postedMovementsIn(core, wallet.id, start, end);
  const endAt = new Date(end.getTime() - 1);
  const opening = await core.ledger.getBalance(BANK_TENANT_ID, wallet.id, new Date(start.getTime() - 1));
  const closing = await core.ledger.getBalance(BANK_TENANT_ID, wallet.id, endAt);
  let totalIn = 0n;
  let totalOut = 0n;
  const entries: StatementEntry[] = inPeriod.map((transfer) => {
    const credited = transfer.creditAccountId === wallet.id;
    const magnitude = amountFromDecimal(transfer.amount, asset);
    if (credited) {
      totalIn += magnitude;
    } else {
      totalOut += magnitude;
    }
    return statementEntryOf(transfer, credited, formatMinor(credited ? magnitude : -magnitude, asset));
  });
  const detailed = await withDetails(core, wallet.id, entries, inPeriod);
  return {
    walletId: wallet.id,
    walletName: wallet.name,
    asset: asset.code,
    iban: wallet.iban,
    month,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    openingBalance: opening.posted,
    closingBalance: closing.posted,
    totalIn: formatMinor(totalIn, asset),
    totalOut: formatMinor(totalOut, asset),
    entries: detailed,
    chainCheck: await chainCheckAt(core, asset.code, end),
    generatedAt: now.toISOString(),
  };
}

/**
 * The ledger's chain head at the end of the period: the last transfer of the asset's ledger recorded before `end`.
 * When the period is over and the ledger moved on, it is found by walking the ledger's transfers from the latest
 * known head backwards in pages; for the current month it is the head itself.
 */
async function chainCheckAt(core: CashCore, ledgerCode: string, end: Date) {
  const ledger = await core.ledger.getLedger(BANK_TENANT_ID, ledgerCode);
  if (ledger.headSequence === '0') {
    return null;
  }
  if (new Date(ledger.createdAt) >= end) {
    return null;
  }
  const head = BigInt(ledger.headSequence);
  // Binary search over sequences for the last transfer recorded before `end` (timestamps do not decrease).
  let low = 1n;
  let high = head;
  let found: Transfer | undefined;
  while (low <= high) {
    const middle = (low + high) / 2n;
    const page = await core.ledger.listLedgerTransfers(BANK_TENANT_ID, ledgerCode, {
      afterSequence: (middle - 1n).toString(),
      limit: 1,
    });
    const transfer = page.items[0];
    if (!transfer) {
      break;
    }
    if (new Date(transfer.timestamp) < end) {
      found = transfer;
      low = middle + 1n;
    } else {
      high = middle - 1n;
    }
  }
  return found ? { ledger: ledgerCode, sequence: found.sequence, hash: found.hash } : null;
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, tab, carriage return first: OWASP "CSV injection") gets a
 * leading apostrophe; descriptions carry other customers' and payers' text (a transfer's note, a debtor's name).
 * Decimal amounts (`-12.30`) stay numbers.
 */
const neutralised = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;

const csvField = (raw: string) => {
  const value = neutralised(raw);
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/** The CSV's description: the recorded text, else the English words of the fee or the kind. */
function csvDescription(entry: StatementEntry): string {
  if (entry.details?.type === 'fee') {
    return FEE_TEXT[entry.details.feeId] ?? KIND_TEXT.fee;
  }
  return entry.description === '' ? KIND_TEXT[entry.kind] : entry.description;
}

/** The statement as CSV (RFC 4180): a header block, then one line per entry. */
export function statementCsv(statement: Statement): string {
  const lines = [
    ['wallet', statement.walletName],
    ['asset', statement.asset],
    ['iban', statement.iban ?? ''],
    ['month', statement.month],
    ['opening_balance', statement.openingBalance],
    ['closing_balance', statement.closingBalance],
    ['total_in', statement.totalIn],
    ['total_out', statement.totalOut],
    [
      'chain_check',
      statement.chainCheck ? `${statement.chainCheck.sequence}:${statement.chainCheck.hash}` : '',
    ],
    [],
    ['posted_at', 'kind', 'description', 'amount', 'balance_after', 'transfer_id', 'ledger_sequence'],
    ...statement.entries.map((entry) => [
      entry.postedAt,
      entry.kind,
      csvDescription(entry),
      entry.amount,
      entry.balanceAfter,
      entry.transferId,
      entry.ledgerSequence,
    ]),
  ];
  return `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * The entries with their operations' details (docs/adr/0010-activity-details.md), so the web app phrases each line
 * in the customer's language. A fee leg keeps its own (`{ type: fee, feeId }`): it is not the movement its operation
 * describes. A trade's product comes from the trading service's metadata.
 */
async function withDetails(
  core: CashCore,
  walletId: string,
  entries: readonly StatementEntry[],
  transfers: readonly Transfer[],
): Promise<StatementEntry[]> {
  const operationIds = [
    ...new Set(
      entries.flatMap((entry) => (entry.operationId && isUuid(entry.operationId) ? [entry.operationId] : [])),
    ),
  ];
  const rows =
    operationIds.length === 0
      ? []
      : await core.db
          .selectFrom('operations')
          .select(['id', 'details'])
          .where('wallet_id', '=', walletId)
          .where('id', 'in', operationIds)
          .execute();
  const detailsOf = new Map(rows.map((row) => [row.id, row.details ?? null]));
  return entries.map((entry, index) => {
    const text = transfers[index]?.metadata['description'];
    if (entry.kind === 'fee') {
      return entry;
    }
    const details =
      (entry.operationId ? detailsOf.get(entry.operationId.toLowerCase()) : undefined) ??
      (entry.kind === 'trade' && text ? ({ type: 'trade', product: text } as const) : null);
    return { ...entry, details };
  });
}
