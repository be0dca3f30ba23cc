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
import { findOperationRows, type OperationInput } from '../activity/operations.repository.ts';
import { submitOperation } from '../activity/submit-operation.ts';
import { submissionDeadline } from '../accounts/ledger-submission.ts';
import { cashAsset, formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { bankAccountId, nameBasedUuid } from '../accounts/bank-accounts.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { claimQuote, type QuoteRow, releaseQuote } from '../fx/fx.service.ts';
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
  const common = {
    id: operationId,
    userId,
    kind: 'own_transfer',
    status: 'posted',
    asset: asset.code,
    description: note,
    transferIds: [legId],
    createdAt,
    ledgerDeadline,
  } as const;
  await recordOperation(core, {
    ...common,
    walletId: from.id,
    amountMinor: -amountMinor,
    counterparty: to.name,
  });
  await recordOperation(core, { ...common, walletId: to.id, amountMinor, counterparty: from.name });
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
  return sameAssetAnswer(
    { id: operationId, kind: 'own_transfer', from, toWalletId: to.id, recipient: null },
    {
      amountMinor,
      asset,
      note,
      createdAt,
    },
  );
}

/** The answer of a posted transfer that moves one asset without a fee (own or to another customer). */
function sameAssetAnswer(
  who: Pick<CashTransfer, 'id' | 'kind' | 'toWalletId' | 'recipient'> & { readonly from: WalletRow },
  what: {
    readonly amountMinor: bigint;
    readonly asset: Asset;
    readonly note: string | null;
    readonly createdAt: Date;
  },
): CashTransfer {
  const amount = formatMinor(what.amountMinor, what.asset);
  return {
    id: who.id,
    kind: who.kind,
    status: 'posted',
    fromWalletId: who.from.id,
    toWalletId: who.toWalletId,
    amountSent: amount,
    assetSent: what.asset.code,
    amountReceived: amount,
    assetReceived: what.asset.code,
    fee: formatMinor(0n, what.asset),
    rate: null,
    quoteId: null,
    recipient: who.recipient,
    note: what.note,
    createdAt: what.createdAt.toISOString(),
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
    await checkConversionAmount(core, operationId, from, request, { fromAsset, sent });
  } catch (error) {
    await release();
    throw error;
  }
  const details = { type: 'conversion', from: fromAsset.code, to: toAsset.code, rate: quote.rate } as const;
  const createdAt = core.now();
  const legs = conversionLegs(operationId, { from, to, fromAsset, toAsset }, quote);
  const transferIds = legs.map((leg) => leg.id);
  const common = {
    id: operationId,
    userId,
    kind: 'conversion',
    status: 'posted',
    details,
    transferIds,
    createdAt,
  } as const;
  await recordOperation(core, {
    ...common,
    walletId: from.id,
    asset: fromAsset.code,
    amountMinor: -converted,
    feeMinor: fee,
    counterparty: to.name,
    ledgerDeadline: submissionDeadline(core),
  });
  await recordOperation(core, {
    ...common,
    walletId: to.id,
    asset: toAsset.code,
    amountMinor: received,
    counterparty: from.name,
    ledgerDeadline: submissionDeadline(core),
  });
  await submitLegs(core, operationId, legs, release);
  return conversionAnswer(
    operationId,
    { from, to, fromAsset, toAsset },
    quote,
    request.note ?? null,
    createdAt,
  );
}

/** The answer of a posted conversion: the quote's figures. */
function conversionAnswer(
  operationId: string,
  { from, to, fromAsset, toAsset }: { from: WalletRow; to: WalletRow; fromAsset: Asset; toAsset: Asset },
  quote: QuoteRow,
  note: string | null,
  createdAt: Date,
): CashTransfer {
  return {
    id: operationId,
    kind: 'conversion',
    status: 'posted',
    fromWalletId: from.id,
    toWalletId: to.id,
    amountSent: formatMinor(BigInt(quote.amount_sent_minor), fromAsset),
    assetSent: fromAsset.code,
    amountReceived: formatMinor(BigInt(quote.amount_received_minor), toAsset),
    assetReceived: toAsset.code,
    fee: formatMinor(BigInt(quote.fee_minor), fromAsset),
    rate: quote.rate,
    quoteId: quote.id,
    recipient: null,
    note,
    createdAt: createdAt.toISOString(),
  };
}

/** The amount sent, when given, must be the quote's; a first attempt needs it available in the wallet. */
async function checkConversionAmount(
  core: CashCore,
  operationId: string,
  from: WalletRow,
  request: OwnTransferInput,
  { fromAsset, sent }: { readonly fromAsset: Asset; readonly sent: bigint },
): Promise<void> {
  if (request.amount !== undefined && parsePositiveAmount(request.amount, fromAsset) !== sent) {
    throw new QuoteMismatchError('The amount differs from the quote.', {
      amountSent: formatMinor(sent, fromAsset),
    });
  }
  if (!(await earlierAttempt(core, operationId))) {
    await requireAvailable(core, from, fromAsset, sent);
  }
}

/** A conversion's ledger legs: the amount converted to the bank's FX account, the fee if any, the amount received. */
function conversionLegs(
  operationId: string,
  { from, to, fromAsset, toAsset }: { from: WalletRow; to: WalletRow; fromAsset: Asset; toAsset: Asset },
  quote: QuoteRow,
): TransferInput[] {
  const converted = BigInt(quote.amount_converted_minor);
  const fee = BigInt(quote.fee_minor);
  const received = BigInt(quote.amount_received_minor);
  // The ledger keeps the English line (statements read it); the activity keeps the facts for the web to phrase.
  const description = `${fromAsset.code} → ${toAsset.code} at ${quote.rate}`;
  return [
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
}

/** One side of a customer transfer: the wallet, its owner and the name the other side sees. */
interface TransferSide {
  readonly wallet: WalletRow;
  readonly userId: string;
  readonly name: string | null;
}

/**
 * Records a customer transfer's two sides: the sender's (counted against their limit, showing the recipient's
 * name) and the recipient's (showing the sender's).
 */
async function recordCustomerTransferSides(
  core: CashCore,
  common: Omit<OperationInput, 'walletId' | 'userId' | 'amountMinor' | 'counterparty'>,
  sides: { sender: TransferSide; receiver: TransferSide; amountMinor: bigint; valueEurMinor: bigint },
): Promise<void> {
  const { sender, receiver, amountMinor } = sides;
  await recordOperation(core, {
    ...common,
    walletId: sender.wallet.id,
    userId: sender.userId,
    amountMinor: -amountMinor,
    valueEurMinor: sides.valueEurMinor,
    limitCategory: 'customerTransfer',
    counterparty: receiver.name,
  });
  await recordOperation(core, {
    ...common,
    walletId: receiver.wallet.id,
    userId: receiver.userId,
    amountMinor,
    counterparty: sender.name,
  });
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
  const senderName = (await core.directory?.getContact(userId))?.displayName ?? null;
  const operationId = operationIdOf(userId, idempotencyKey);
  const legId = legIdOf(operationId, 0);
  const note = request.note ?? null;
  const createdAt = core.now();
  // Recorded under the limit lock (the limit counted again: a transfer sent at the same time cannot pass too). A
  // retry of an attempt whose records exist counts nothing more: those records already count.
  const ledgerDeadline = submissionDeadline(core);
  const countedMinor = (await earlierAttempt(core, operationId)) ? 0n : valueEurMinor;
  const common = {
    id: operationId,
    kind: 'customer_transfer',
    status: 'posted',
    asset: asset.code,
    description: note,
    transferIds: [legId],
    createdAt,
    ledgerDeadline,
  } as const;
  await recordWithinLimit(core, userId, 'customerTransfer', countedMinor, async (db) => {
    const sender = { wallet: from, userId, name: senderName };
    const receiver = { wallet: target, userId: recipient.userId, name: recipient.displayName };
    await recordCustomerTransferSides({ ...core, db }, common, {
      sender,
      receiver,
      amountMinor,
      valueEurMinor,
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
  const recipientView = { displayName: recipient.displayName };
  return sameAssetAnswer(
    { id: operationId, kind: 'customer_transfer', from, toWalletId: null, recipient: recipientView },
    { amountMinor, asset, note, createdAt },
  );
}
