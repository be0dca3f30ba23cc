/**
 * Transfers between a customer's own wallets (same asset, or converted through FX liquidity with a quote) and to
 * another customer by e-mail (PRODUCT.md, "Wallets and cash operations"; docs/adr/0005-cash-operations.md).
 *
 * Retry safety: the operation id comes from the request's Idempotency-Key (a name-based UUID of customer and key),
 * and each ledger transfer id from the operation id and its leg, so a retry after any failure (a crash between the
 * ledger's commit and our answer included) submits the very same ledger transfers, which the ledger answers with
 * their first result: money moves at most once.
 */
import {
  BANK_TENANT_ID,
  type CashAssetCode,
  type CashTransfer,
  type TransferInput,
} from '@tessera/contracts';
import { amountFromDecimal, type Asset } from '@tessera/money';
import type { Principal } from '@tessera/platform';
import {
  InsufficientFundsError,
  QuoteMismatchError,
  QuoteRequiredError,
  SameWalletError,
} from '../../errors.ts';
import { recordOperation, operationMetadata } from '../activity/activity.service.ts';
import { findOperationRows } from '../activity/operations.repository.ts';
import { submitOperation } from '../activity/submit-operation.ts';
import { submissionDeadline } from '../accounts/ledger-submission.ts';
import { cashAsset, formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { bankAccountId, nameBasedUuid } from '../accounts/bank-accounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { claimQuote, releaseQuote } from '../fx/fx.service.ts';
import {
  checkLimit,
  eurValueMinor,
  recordWithinLimit,
  requireKycOperation,
} from '../limits/limits.service.ts';
import type { WalletRow } from '../wallets/wallets.repository.ts';
import { ensureCurrentWallet, requireOwnedWallet } from '../wallets/wallets.service.ts';
import { findRecipient } from './recipient-lookup.ts';

/** The operation id of a customer's request with this Idempotency-Key. */
export function operationIdOf(userId: string, idempotencyKey: string): string {
  return nameBasedUuid(`tessera.cash-operations.operation:${userId}:${idempotencyKey}`);
}

/** The ledger transfer id of leg `index` of an operation. */
export function legIdOf(operationId: string, index: number): string {
  return nameBasedUuid(`tessera.cash-operations.leg:${operationId}:${index}`);
}

/** Fails with CASH_INSUFFICIENT_FUNDS, before anything is written, when the wallet cannot pay `amountMinor`. */
async function requireAvailable(core: CashCore, wallet: WalletRow, asset: Asset, amountMinor: bigint) {
  const account = await core.ledger.getAccount(BANK_TENANT_ID, wallet.id);
  const available = amountFromDecimal(account.balance.available, asset, { allowNegative: true });
  if (available < amountMinor) {
    throw new InsufficientFundsError(undefined, { available: account.balance.available });
  }
}

/**
 * Submits an operation's legs as one linked chain (all or nothing) and settles its records with the outcome
 * (activity/submit-operation.ts): confirmed when the ledger holds the legs, removed when it refused them or was seen
 * not to hold them after a failed call (then `onFailed` runs and the customer-facing error is thrown). Before,
 * only a refusal removed them: a call that threw left a posted item the ledger never held (issue #13, defect 2).
 */
async function submitLegs(
  core: CashCore,
  operationId: string,
  legs: TransferInput[],
  onFailed: () => Promise<void> = async () => {},
): Promise<void> {
  await submitOperation(core, operationId, legs, onFailed);
}

/**
 * The operation's records when a request with this Idempotency-Key already wrote them (a retry after an unknown
 * outcome or a crash): the retry then submits the same legs again instead of checking the balance the first
 * attempt may already have spent.
 */
async function earlierAttempt(core: CashCore, operationId: string) {
  return (await findOperationRows(core.db, operationId))[0];
}

/** What an own transfer request carries once validated by the route. */
export interface OwnTransferInput {
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly amount?: string | undefined;
  readonly quoteId?: string | undefined;
  readonly note?: string | undefined;
}

/** POST /transfers: between two of the customer's wallets. */
export async function transferBetweenOwnWallets(
  core: CashCore,
  userId: string,
  idempotencyKey: string,
  request: OwnTransferInput,
): Promise<CashTransfer> {
  const from = await requireOwnedWallet(core, userId, request.fromWalletId);
  const to = await requireOwnedWallet(core, userId, request.toWalletId);
  if (from.id === to.id) {
    throw new SameWalletError();
  }
  await requireKycOperation(core, userId, 'ownTransfer');
  const operationId = operationIdOf(userId, idempotencyKey);
  if (from.asset === to.asset) {
    if (request.quoteId !== undefined) {
      throw new QuoteMismatchError('Both wallets hold the same asset: a quote is not needed.');
    }
    return sameAssetTransfer(core, userId, operationId, from, to, request);
  }
  if (request.quoteId === undefined) {
    throw new QuoteRequiredError(undefined, { fromAsset: from.asset, toAsset: to.asset });
  }
  return conversion(core, userId, operationId, from, to, request, request.quoteId);
}

async function sameAssetTransfer(
  core: CashCore,
  userId: string,
  operationId: string,
  from: WalletRow,
  to: WalletRow,
  request: OwnTransferInput,
): Promise<CashTransfer> {
  const asset = cashAsset(from.asset);
  const amountMinor = parsePositiveAmount(request.amount, asset);
  const earlier = await earlierAttempt(core, operationId);
  if (!earlier) {
    await requireAvailable(core, from, asset, amountMinor);
  }
  const createdAt = earlier?.created_at ?? core.now();
  const ledgerDeadline = submissionDeadline(core);
  const note = request.note ?? null;
  const legId = legIdOf(operationId, 0);
  await recordOperation(core, {
    id: operationId,
    walletId: from.id,
    userId,
    kind: 'own_transfer',
    status: 'posted',
    asset: asset.code,
    amountMinor: -amountMinor,
    counterparty: to.name,
    description: note,
    transferIds: [legId],
    createdAt,
    ledgerDeadline,
  });
  await recordOperation(core, {
    id: operationId,
    walletId: to.id,
    userId,
    kind: 'own_transfer',
    status: 'posted',
    asset: asset.code,
    amountMinor,
    counterparty: from.name,
    description: note,
    transferIds: [legId],
    createdAt,
    ledgerDeadline,
  });
  await submitLegs(core, operationId, [
    {
      id: legId,
      ledger: asset.code,
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount: formatMinor(amountMinor, asset),
      code: LEDGER_CODES.ownTransfer,
      metadata: operationMetadata(operationId, 'own_transfer', { description: note }),
    },
  ]);
  const amount = formatMinor(amountMinor, asset);
  return {
    id: operationId,
    kind: 'own_transfer',
    status: 'posted',
    fromWalletId: from.id,
    toWalletId: to.id,
    amountSent: amount,
    assetSent: asset.code,
    amountReceived: amount,
    assetReceived: asset.code,
    fee: formatMinor(0n, asset),
    rate: null,
    quoteId: null,
    recipient: null,
    note,
    createdAt: createdAt.toISOString(),
  };
}

/** Ledger transfer codes of cash operations (the ledger's `code`: what kind of movement, for reports). */
export const LEDGER_CODES = {
  ownTransfer: 100,
  conversionOut: 110,
  conversionFee: 111,
  conversionIn: 112,
  customerTransfer: 120,
  demoFunding: 190,
} as const;

async function conversion(
  core: CashCore,
  userId: string,
  operationId: string,
  from: WalletRow,
  to: WalletRow,
  request: OwnTransferInput,
  quoteId: string,
): Promise<CashTransfer> {
  const quote = await claimQuote(core, userId, quoteId, operationId, {
    fromWalletId: from.id,
    toWalletId: to.id,
  });
  const fromAsset = cashAsset(from.asset);
  const toAsset = cashAsset(to.asset);
  const sent = BigInt(quote.amount_sent_minor);
  const converted = BigInt(quote.amount_converted_minor);
  const fee = BigInt(quote.fee_minor);
  const received = BigInt(quote.amount_received_minor);
  const release = () => releaseQuote(core, quote.id, operationId);
  try {
    if (request.amount !== undefined && parsePositiveAmount(request.amount, fromAsset) !== sent) {
      throw new QuoteMismatchError('The amount differs from the quote.', {
        amountSent: formatMinor(sent, fromAsset),
      });
    }
    if (!(await earlierAttempt(core, operationId))) {
      await requireAvailable(core, from, fromAsset, sent);
    }
  } catch (error) {
    await release();
    throw error;
  }
  // The ledger keeps the English line (statements read it); the activity keeps the facts for the web to phrase.
  const description = `${fromAsset.code} → ${toAsset.code} at ${quote.rate}`;
  const details = {
    type: 'conversion',
    from: fromAsset.code,
    to: toAsset.code,
    rate: quote.rate,
  } as const;
  const createdAt = core.now();
  const legs: TransferInput[] = [
    {
      id: legIdOf(operationId, 0),
      ledger: fromAsset.code,
      debitAccountId: from.id,
      creditAccountId: bankAccountId(fromAsset.code, 'fx'),
      amount: formatMinor(converted, fromAsset),
      code: LEDGER_CODES.conversionOut,
      metadata: operationMetadata(operationId, 'conversion', { description }),
    },
    ...(fee > 0n
      ? [
          {
            id: legIdOf(operationId, 1),
            ledger: fromAsset.code,
            debitAccountId: from.id,
            creditAccountId: bankAccountId(fromAsset.code, 'fees'),
            amount: formatMinor(fee, fromAsset),
            code: LEDGER_CODES.conversionFee,
            metadata: operationMetadata(operationId, 'conversion', { description: quote.fee_id }),
          },
        ]
      : []),
    {
      id: legIdOf(operationId, 2),
      ledger: toAsset.code,
      debitAccountId: bankAccountId(toAsset.code, 'fx'),
      creditAccountId: to.id,
      amount: formatMinor(received, toAsset),
      code: LEDGER_CODES.conversionIn,
      metadata: operationMetadata(operationId, 'conversion', { description }),
    },
  ];
  const transferIds = legs.map((leg) => leg.id);
  await recordOperation(core, {
    id: operationId,
    walletId: from.id,
    userId,
    kind: 'conversion',
    status: 'posted',
    asset: fromAsset.code,
    amountMinor: -converted,
    feeMinor: fee,
    counterparty: to.name,
    details,
    transferIds,
    createdAt,
    ledgerDeadline: submissionDeadline(core),
  });
  await recordOperation(core, {
    id: operationId,
    walletId: to.id,
    userId,
    kind: 'conversion',
    status: 'posted',
    asset: toAsset.code,
    amountMinor: received,
    counterparty: from.name,
    details,
    transferIds,
    createdAt,
    ledgerDeadline: submissionDeadline(core),
  });
  await submitLegs(core, operationId, legs, release);
  return {
    id: operationId,
    kind: 'conversion',
    status: 'posted',
    fromWalletId: from.id,
    toWalletId: to.id,
    amountSent: formatMinor(sent, fromAsset),
    assetSent: fromAsset.code,
    amountReceived: formatMinor(received, toAsset),
    assetReceived: toAsset.code,
    fee: formatMinor(fee, fromAsset),
    rate: quote.rate,
    quoteId: quote.id,
    recipient: null,
    note: request.note ?? null,
    createdAt: createdAt.toISOString(),
  };
}

/** What a customer transfer request carries once validated by the route. */
export interface CustomerTransferInput {
  readonly fromWalletId: string;
  readonly recipientEmail: string;
  readonly amount: string;
  readonly note?: string | undefined;
}

/**
 * POST /transfers/customer: same asset only, into the recipient's current wallet of that asset (opened if absent).
 * Checks, in order: the wallet is the caller's, KYC allows it, the amount, the 30-day limit, a recent second
 * factor, then the recipient (findRecipient: looked up only after step-up, a bounded number of addresses a day,
 * so the answers do not tell a stranger which addresses belong to customers; issue #13, defect 5).
 */
export async function transferToCustomer(
  core: CashCore,
  principal: Principal,
  idempotencyKey: string,
  request: CustomerTransferInput,
): Promise<CashTransfer> {
  const userId = principal.userId;
  const from = await requireOwnedWallet(core, userId, request.fromWalletId);
  await requireKycOperation(core, userId, 'customerTransfer');
  const asset = cashAsset(from.asset);
  const amountMinor = parsePositiveAmount(request.amount, asset);
  const valueEurMinor = await eurValueMinor(core, asset.code, amountMinor);
  await checkLimit(core, userId, 'customerTransfer', valueEurMinor);
  // Step-up first, then a bounded lookup: until then every address answers alike (recipient-lookup.ts).
  const recipient = await findRecipient(core, principal, request.recipientEmail);
  await requireAvailable(core, from, asset, amountMinor);
  const target = await ensureCurrentWallet(core, recipient.userId, asset.code as CashAssetCode);
  const sender = (await core.directory?.getContact(userId))?.displayName ?? null;
  const operationId = operationIdOf(userId, idempotencyKey);
  const legId = legIdOf(operationId, 0);
  const note = request.note ?? null;
  const createdAt = core.now();
  // Recorded under the limit lock (the limit counted again: a transfer sent at the same time cannot pass too). A
  // retry of an attempt whose records exist counts nothing more: those records already count.
  const ledgerDeadline = submissionDeadline(core);
  const countedMinor = (await earlierAttempt(core, operationId)) ? 0n : valueEurMinor;
  await recordWithinLimit(core, userId, 'customerTransfer', countedMinor, async (db) => {
    const inTransaction = { ...core, db };
    await recordOperation(inTransaction, {
      id: operationId,
      walletId: from.id,
      userId,
      kind: 'customer_transfer',
      status: 'posted',
      asset: asset.code,
      amountMinor: -amountMinor,
      valueEurMinor,
      limitCategory: 'customerTransfer',
      counterparty: recipient.displayName,
      description: note,
      transferIds: [legId],
      createdAt,
      ledgerDeadline,
    });
    await recordOperation(inTransaction, {
      id: operationId,
      walletId: target.id,
      userId: recipient.userId,
      kind: 'customer_transfer',
      status: 'posted',
      asset: asset.code,
      amountMinor,
      counterparty: sender,
      description: note,
      transferIds: [legId],
      createdAt,
      ledgerDeadline,
    });
  });
  await submitLegs(core, operationId, [
    {
      id: legId,
      ledger: asset.code,
      debitAccountId: from.id,
      creditAccountId: target.id,
      amount: formatMinor(amountMinor, asset),
      code: LEDGER_CODES.customerTransfer,
      metadata: operationMetadata(operationId, 'customer_transfer', { description: note }),
    },
  ]);
  const amount = formatMinor(amountMinor, asset);
  return {
    id: operationId,
    kind: 'customer_transfer',
    status: 'posted',
    fromWalletId: from.id,
    toWalletId: null,
    amountSent: amount,
    assetSent: asset.code,
    amountReceived: amount,
    assetReceived: asset.code,
    fee: formatMinor(0n, asset),
    rate: null,
    quoteId: null,
    recipient: { displayName: recipient.displayName },
    note,
    createdAt: createdAt.toISOString(),
  };
}
