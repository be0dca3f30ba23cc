/**
 * From the engine's model to the wire types of @tessera/contracts: bigint minor units become decimal strings with
 * the ledger's scale, flag bits become named booleans, instants become ISO 8601 text.
 */
import type { AccountBalance, Transfer } from '@tessera/contracts';
import { formatAmount, minorUnits, scale as toScale } from '@tessera/money';
import type { Balances, StoredTransfer } from './transfers/transfer-state.ts';
import { TRANSFER_FLAG } from './transfers/transfer-state.ts';

/**
 * Formats minor units with exactly `scale` decimals, as `formatAmount` of @tessera/money does (`1230n, 2` ->
 * `12.30`), without its per-call checks: a batch formats thirteen amounts per transfer. views.test.ts compares both.
 */
export function amountText(value: bigint, scale: number): string {
  if (scale === 0) {
    return value.toString();
  }
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString();
  if (digits.length <= scale) {
    digits = digits.padStart(scale + 1, '0');
  }
  const cut = digits.length - scale;
  const text = digits.slice(0, cut) + '.' + digits.slice(cut);
  return negative ? '-' + text : text;
}

/** The checked formatter, for the comparison test. */
export const checkedAmountText = (value: bigint, scale: number): string =>
  formatAmount(minorUnits(value), toScale(scale));

/** The four totals plus the ledger (posted) and available balances. */
export function toAccountBalance(balances: Balances, scale: number): AccountBalance {
  const posted = balances.creditsPosted - balances.debitsPosted;
  return {
    debitsPending: amountText(balances.debitsPending, scale),
    debitsPosted: amountText(balances.debitsPosted, scale),
    creditsPending: amountText(balances.creditsPending, scale),
    creditsPosted: amountText(balances.creditsPosted, scale),
    posted: amountText(posted, scale),
    available: amountText(posted - balances.debitsPending, scale),
  };
}

/** The ledger a transfer belongs to, as the view needs it. */
export interface LedgerOfTransfer {
  readonly code: string;
  readonly scale: number;
}

/** The last instant formatted: a group's transfers share one timestamp, so most calls reuse the text. */
let lastInstantMs = Number.NaN;
let lastInstantText = '';

function instantText(instant: Date): string {
  const ms = instant.getTime();
  if (ms !== lastInstantMs) {
    lastInstantText = instant.toISOString();
    lastInstantMs = ms;
  }
  return lastInstantText;
}

export function toTransferView(
  tenantId: string,
  ledger: LedgerOfTransfer,
  transfer: StoredTransfer,
): Transfer {
  const flags = transfer.flags;
  return {
    id: transfer.id,
    tenantId,
    ledger: ledger.code,
    sequence: transfer.sequence.toString(),
    debitAccountId: transfer.debitAccountId,
    creditAccountId: transfer.creditAccountId,
    amount: amountText(transfer.amount, ledger.scale),
    pendingId: transfer.pendingId,
    timeoutSeconds: transfer.timeoutSeconds,
    code: transfer.code,
    flags: {
      linked: (flags & TRANSFER_FLAG.linked) !== 0,
      pending: (flags & TRANSFER_FLAG.pending) !== 0,
      postPendingTransfer: (flags & TRANSFER_FLAG.postPendingTransfer) !== 0,
      voidPendingTransfer: (flags & TRANSFER_FLAG.voidPendingTransfer) !== 0,
      expiredPendingTransfer: (flags & TRANSFER_FLAG.expiredPendingTransfer) !== 0,
    },
    metadata: transfer.metadata,
    timestamp: instantText(transfer.createdAt),
    expiresAt: transfer.expiresAt === null ? null : transfer.expiresAt.toISOString(),
    hash: transfer.hash.toString('hex'),
    debitAccountBalanceAfter: toAccountBalance(transfer.debitAfter, ledger.scale),
    creditAccountBalanceAfter: toAccountBalance(transfer.creditAfter, ledger.scale),
  };
}
