/**
 * FX quotes (PRODUCT.md: "a quote valid 30 s showing rate, fee and amount received"). A quote is persisted with
 * every amount fixed, belongs to one customer and two of their wallets, and is used at most once by a transfer.
 */
import { type CashAssetCode, FX_QUOTE_TTL_SECONDS, type FxQuote, uuidv7 } from '@tessera/contracts';
import { MoneyError } from '@tessera/money';
import {
  AmountTooLargeError,
  AssetMismatchError,
  QuoteExpiredError,
  QuoteMismatchError,
  QuoteNotFoundError,
  QuoteUsedError,
  SameWalletError,
} from '../../errors.ts';
import { cashAsset, formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import type { FxQuotesTable } from '../accounts/tables.ts';
import { requireKycOperation } from '../limits/limits.service.ts';
import { requireOwnedWallet } from '../wallets/wallets.service.ts';
import { conversionFeeOf, convertReceiving, convertSending, customerRate } from './fx-math.ts';
import type { Selectable } from 'kysely';

/** A quote row. */
export type QuoteRow = Selectable<FxQuotesTable>;

/** POST /fx/quotes. */
export async function createQuote(
  core: CashCore,
  userId: string,
  request: { fromWalletId: string; toWalletId: string; amount: string; side: 'send' | 'receive' },
): Promise<FxQuote> {
  const from = await requireOwnedWallet(core, userId, request.fromWalletId);
  const to = await requireOwnedWallet(core, userId, request.toWalletId);
  if (from.id === to.id) {
    throw new SameWalletError();
  }
  if (from.asset === to.asset) {
    throw new AssetMismatchError('Both wallets hold the same asset: no conversion is needed.', {
      fromAsset: from.asset,
      toAsset: to.asset,
    });
  }
  await requireKycOperation(core, userId, 'ownTransfer');
  const fromAsset = cashAsset(from.asset);
  const toAsset = cashAsset(to.asset);
  const amountMinor = parsePositiveAmount(request.amount, request.side === 'send' ? fromAsset : toAsset);
  const mid = await core.rates.midRate(fromAsset.code, toAsset.code);
  const rate = customerRate(mid.rate, core.rates.halfSpreadBasisPoints(fromAsset.code, toAsset.code));
  const fee = conversionFeeOf(fromAsset, toAsset);
  const amounts = withinRange(() =>
    request.side === 'send'
      ? convertSending(amountMinor, fromAsset, toAsset, rate, fee.basisPoints)
      : convertReceiving(amountMinor, fromAsset, toAsset, rate, fee.basisPoints),
  );
  const createdAt = core.now();
  const row: QuoteRow = {
    id: uuidv7(createdAt.getTime()),
    user_id: userId,
    from_wallet_id: from.id,
    to_wallet_id: to.id,
    from_asset: fromAsset.code,
    to_asset: toAsset.code,
    side: request.side,
    rate: rate.toShortString(),
    mid_rate: mid.rate.toShortString(),
    amount_sent_minor: amounts.sentMinor.toString(),
    amount_converted_minor: amounts.convertedMinor.toString(),
    fee_minor: amounts.feeMinor.toString(),
    fee_id: fee.id,
    amount_received_minor: amounts.receivedMinor.toString(),
    created_at: createdAt,
    expires_at: new Date(createdAt.getTime() + FX_QUOTE_TTL_SECONDS * 1000),
    used_by_operation_id: null,
  };
  await core.db.insertInto('fx_quotes').values(row).execute();
  return toQuote(row);
}

function withinRange<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MoneyError && error.code === 'MONEY_OVERFLOW') {
      throw new AmountTooLargeError();
    }
    throw error;
  }
}

/** The API's view of a quote. */
export function toQuote(row: QuoteRow): FxQuote {
  const from = cashAsset(row.from_asset);
  const to = cashAsset(row.to_asset);
  return {
    id: row.id,
    fromWalletId: row.from_wallet_id,
    toWalletId: row.to_wallet_id,
    fromAsset: from.code as CashAssetCode,
    toAsset: to.code as CashAssetCode,
    side: row.side,
    rate: row.rate,
    midRate: row.mid_rate,
    amountSent: formatMinor(BigInt(row.amount_sent_minor), from),
    amountConverted: formatMinor(BigInt(row.amount_converted_minor), from),
    fee: formatMinor(BigInt(row.fee_minor), from),
    feeId: row.fee_id,
    amountReceived: formatMinor(BigInt(row.amount_received_minor), to),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/**
 * Claims the quote for `operationId`: it must be the customer's (else CASH_QUOTE_NOT_FOUND), for these wallets
 * (CASH_QUOTE_MISMATCH), unexpired (CASH_QUOTE_EXPIRED) and unused (CASH_QUOTE_USED). A retry of the same
 * operation finds the quote already claimed by itself and goes on, even after expiry (it was valid when used).
 */
export async function claimQuote(
  core: CashCore,
  userId: string,
  quoteId: string,
  operationId: string,
  wallets: { fromWalletId: string; toWalletId: string },
): Promise<QuoteRow> {
  const row = /^[0-9a-f-]{36}$/i.test(quoteId)
    ? await core.db
        .selectFrom('fx_quotes')
        .selectAll()
        .where('id', '=', quoteId.toLowerCase())
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new QuoteNotFoundError(undefined, { quoteId });
  }
  if (row.from_wallet_id !== wallets.fromWalletId || row.to_wallet_id !== wallets.toWalletId) {
    throw new QuoteMismatchError();
  }
  if (row.used_by_operation_id === operationId) {
    return row;
  }
  if (row.used_by_operation_id !== null) {
    throw new QuoteUsedError();
  }
  if (row.expires_at.getTime() <= core.now().getTime()) {
    throw new QuoteExpiredError(undefined, { expiresAt: row.expires_at.toISOString() });
  }
  const claimed = await core.db
    .updateTable('fx_quotes')
    .set({ used_by_operation_id: operationId })
    .where('id', '=', row.id)
    .where('used_by_operation_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    throw new QuoteUsedError();
  }
  return claimed;
}

/** Gives a claimed quote back (the ledger refused the transfer: nothing moved, the quote may be used again). */
export async function releaseQuote(core: CashCore, quoteId: string, operationId: string): Promise<void> {
  await core.db
    .updateTable('fx_quotes')
    .set({ used_by_operation_id: null })
    .where('id', '=', quoteId)
    .where('used_by_operation_id', '=', operationId)
    .execute();
}
