/**
 * Card deposits and saved cards (settings, section depositCard; PRODUCT.md: "pending hold, posted on capture").
 *
 * A deposit of `amount` charges the card amount + the depositCard fee (70 bp, fees.ts) and:
 * - authorisation (or a 3-D Secure challenge): two linked pending ledger transfers from the bank's external card
 *   account, `amount` to the wallet and the fee to the fees account, held with the card networks' 7-day timeout;
 * - capture (a job, shortly after authorisation): both legs posted;
 * - decline at authorisation: nothing held, 422 CASH_CARD_DECLINED; 3-D Secure failed: both legs voided.
 * The 30-day deposit limit is checked before the processor is asked (no authorisation for a deposit that cannot
 * fit), then counted again when the deposit is recorded, under the customer's limit lock (recordWithinLimit): a
 * deposit that lost a race with another one there has its authorisation cancelled at the processor (the customer
 * is not charged), is kept as voided with decline code `limit_exceeded`, books nothing and answers
 * CASH_LIMIT_EXCEEDED (a retry with its Idempotency-Key answers the same).
 * The processor's webhook (onPaymentUpdate) and the customer's return from the 3-D Secure page both lead to
 * `syncCardDeposit`, which is idempotent, so either may come first, twice, or not at all (GET re-syncs).
 *
 * Only the processor's token, the brand, last 4 digits and expiry are stored (saved_cards, card_deposits).
 */
import {
  CARD_DEPOSIT_ASSETS,
  type CardDeposit,
  type CreateCardDepositRequest,
  type TransferInput,
  SAVED_CARDS_PER_CUSTOMER_MAX,
  type SavedCard,
  uuidv7,
} from '@tessera/contracts';
import type { Selectable } from 'kysely';
import { cashAsset, formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { submissionDeadline } from '../accounts/ledger-submission.ts';
import { operationMetadata, recordOperation, updateOperationStatus } from '../activity/activity.service.ts';
import { resolveSubmission, submitOperation } from '../activity/submit-operation.ts';
import { checkLimit, eurValueMinor, limitExceededNow, recordWithinLimit } from '../limits/limits.service.ts';
import { LimitExceededError } from '../../errors.ts';
import { operationIdOf } from '../transfers/transfers.service.ts';
import { isUuid } from '../wallets/wallets.repository.ts';
import { requireOwnedWallet } from '../wallets/wallets.service.ts';
import {
  CardAssetUnsupportedError,
  CardDeclinedError,
  CardLimitReachedError,
  CardDepositNotFoundError,
  CardNotFoundError,
  CardProcessorUnavailableError,
  CardReturnUrlInvalidError,
  CardTokenInvalidError,
} from '../rails/rails.errors.ts';
import { RAIL_LEDGER_CODES, railLegId, resolveHolds, type Rails } from '../rails/rails.ts';
import { railFeeMinor } from '../rails/rail-fees.ts';
import type { CardDepositsTable, CardDepositStatus, SavedCardsTable } from '../rails/rails.tables.ts';
import type { PaymentProcessor, ProcessorPayment } from './payment-processor.ts';

export type CardDepositRow = Selectable<CardDepositsTable>;
export type SavedCardRow = Selectable<SavedCardsTable>;

/** Job queue names of the card rail. */
export const CARD_JOBS = {
  capture: 'card.capture',
  sync: 'card.sync',
  challengeExpiry: 'card.challenge-expiry',
  release: 'card.release',
} as const;

/** The decline code kept on a deposit whose 3-D Secure challenge was not answered in time. */
export const CHALLENGE_EXPIRED_DECLINE_CODE = 'authentication_expired';

const statusView: Readonly<Record<CardDepositStatus, CardDeposit['status']>> = {
  requires_action: 'requires_action',
  authorised: 'pending',
  captured: 'posted',
  declined: 'declined',
  voided: 'voided',
};

export function toCardDeposit(row: CardDepositRow): CardDeposit {
  const asset = cashAsset(row.asset);
  const amount = BigInt(row.amount_minor);
  const fee = BigInt(row.fee_minor);
  return {
    id: row.id,
    walletId: row.wallet_id,
    status: statusView[row.status],
    asset: row.asset,
    amount: formatMinor(amount, asset),
    fee: formatMinor(fee, asset),
    charged: formatMinor(amount + fee, asset),
    card: { brand: row.card_brand, last4: row.card_last4 },
    actionUrl: row.status === 'requires_action' ? row.action_url : null,
    declineCode: row.decline_code,
    createdAt: row.created_at.toISOString(),
  };
}

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}

/** The card rail: the processor (null when none is mounted: card routes then answer 503). */
export interface CardRail {
  readonly processor: PaymentProcessor | null;
}

function requireProcessor(card: CardRail): PaymentProcessor {
  if (!card.processor) {
    throw new CardProcessorUnavailableError();
  }
  return card.processor;
}

/** Registers the card jobs and the processor's webhook. */
export function createCardRail(rails: Rails, processor: PaymentProcessor | null): CardRail {
  const card: CardRail = { processor };
  processor?.onPaymentUpdate(async (payment) => {
    await rails.queue.enqueue({
      queue: CARD_JOBS.sync,
      key: `${payment.id}:${payment.status}`,
      payload: { depositId: payment.reference },
    });
  });
  rails.handle<{ depositId: string }>(CARD_JOBS.sync, async (job) => {
    await syncCardDeposit(rails, card, job.payload.depositId);
  });
  rails.handle<{ depositId: string }>(CARD_JOBS.capture, async (job) => {
    await captureCardDeposit(rails, card, job.payload.depositId);
  });
  rails.handle<{ depositId: string }>(CARD_JOBS.challengeExpiry, async (job) => {
    await syncCardDeposit(rails, card, job.payload.depositId);
  });
  rails.handle<{ depositId: string }>(CARD_JOBS.release, async (job) => {
    await releaseAuthorisation(rails, card, job.payload.depositId);
  });
  return card;
}

/** A return path of this site (`/…`, not `//…`), or CASH_CARD_RETURN_URL_INVALID. */
function checkedReturnUrl(returnUrl: string | undefined, walletId: string): string {
  const path = returnUrl ?? `/dashboard/wallets/${walletId}/fund/`;
  if (!/^\/(?![/\\])[^\s\\]{0,511}$/.test(path)) {
    throw new CardReturnUrlInvalidError();
  }
  return path;
}

/** The customer's saved card, not removed; CASH_CARD_NOT_FOUND otherwise (another customer's included). */
async function requireSavedCard(rails: Rails, userId: string, cardId: string): Promise<SavedCardRow> {
  const row = isUuid(cardId)
    ? await rails.db
        .selectFrom('saved_cards')
        .selectAll()
        .where('id', '=', cardId.toLowerCase())
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new CardNotFoundError();
  }
  return row;
}

async function findDeposit(rails: Rails, id: string): Promise<CardDepositRow | undefined> {
  return rails.db.selectFrom('card_deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** POST /card/deposits. */
export async function createCardDeposit(
  rails: Rails,
  card: CardRail,
  userId: string,
  idempotencyKey: string,
  request: CreateCardDepositRequest,
): Promise<{ statusCode: number; deposit: CardDeposit }> {
  const { core } = rails;
  const processor = requireProcessor(card);
  const wallet = await requireOwnedWallet(core, userId, request.walletId);
  if (!(CARD_DEPOSIT_ASSETS as readonly string[]).includes(wallet.asset)) {
    throw new CardAssetUnsupportedError(undefined, { asset: wallet.asset });
  }
  const asset = cashAsset(wallet.asset);
  const amountMinor = parsePositiveAmount(request.amount, asset);
  const saved =
    request.savedCardId === undefined
      ? undefined
      : await requireSavedCard(rails, userId, request.savedCardId);
  const token = saved?.processor_token ?? request.token!;
  const cardFacts = await processor.describeToken(token);
  if (!cardFacts) {
    throw new CardTokenInvalidError();
  }
  const returnUrl = checkedReturnUrl(request.returnUrl, wallet.id);
  const operationId = operationIdOf(userId, idempotencyKey);
  const existing = await findDeposit(rails, operationId);
  if (existing && existing.user_id === userId) {
    return answerRetry(rails, processor, existing);
  }
  if (request.saveCard && request.token !== undefined) {
    await requireRoomToSaveCard(rails, userId, request.token);
  }
  const feeMinor = railFeeMinor('depositCard', asset, amountMinor);
  const valueEurMinor = await eurValueMinor(core, asset.code, amountMinor);
  await checkLimit(core, userId, 'deposit', valueEurMinor);
  // An early check, so a deposit that cannot fit never reaches the card; holdDeposit counts again under the lock.
  const payment = await processor.authorize({
    reference: operationId,
    token,
    amount: formatMinor(amountMinor + feeMinor, asset),
    currency: asset.code,
    returnUrl,
    locale: request.locale ?? 'en',
  });
  const row = await insertDeposit(
    rails,
    { id: operationId, userId, walletId: wallet.id, asset: asset.code },
    {
      amountMinor,
      feeMinor,
      payment,
      cardFacts,
    },
  );
  if (request.saveCard && request.token !== undefined) {
    await saveCard(rails, userId, request.token, cardFacts);
  }
  if (payment.status === 'declined') {
    throw new CardDeclinedError(undefined, { declineCode: payment.declineCode, depositId: operationId });
  }
  await holdDeposit(rails, processor, row, payment);
  if (payment.status === 'authorised') {
    await scheduleCapture(rails, operationId);
  } else if (payment.status === 'requires_action') {
    // The challenge's owner: this job expires the deposit if the customer never answers (GET expires it too).
    await rails.queue.enqueue({
      queue: CARD_JOBS.challengeExpiry,
      key: operationId,
      payload: { depositId: operationId },
      delayMs: rails.settings.cardChallengeTimeoutSeconds * 1000,
    });
  }
  const stored = (await findDeposit(rails, operationId))!;
  return { statusCode: stored.status === 'requires_action' ? 202 : 201, deposit: toCardDeposit(stored) };
}

/**
 * The answer to a retry of a deposit already made: its refusal again, or the deposit as it stands. A retry after a
 * failure whose outcome was not known submits the same hold again (same ids).
 */
async function answerRetry(
  rails: Rails,
  processor: PaymentProcessor,
  existing: CardDepositRow,
): Promise<{ statusCode: number; deposit: CardDeposit }> {
  if (existing.status === 'declined') {
    throw new CardDeclinedError(undefined, { declineCode: existing.decline_code, depositId: existing.id });
  }
  if (existing.status === 'voided' && existing.decline_code === LIMIT_EXCEEDED_DECLINE_CODE) {
    throw await limitExceededNow(rails.core, existing.user_id, 'deposit', { depositId: existing.id });
  }
  if (
    existing.processor_payment_id !== null &&
    (existing.status === 'authorised' || existing.status === 'requires_action') &&
    (await resolveSubmission(rails.core, existing.id)) === 'pending'
  ) {
    await submitCardHold(rails, processor, existing, existing.processor_payment_id);
  }
  return {
    statusCode: existing.status === 'requires_action' ? 202 : 201,
    deposit: toCardDeposit(existing),
  };
}

/** Stores a new deposit as the processor answered its authorisation (once: a concurrent retry's row stays). */
async function insertDeposit(
  rails: Rails,
  ids: { readonly id: string; readonly userId: string; readonly walletId: string; readonly asset: string },
  facts: {
    readonly amountMinor: bigint;
    readonly feeMinor: bigint;
    readonly payment: ProcessorPayment;
    readonly cardFacts: { readonly brand: string; readonly last4: string };
  },
): Promise<CardDepositRow> {
  const { payment } = facts;
  const now = rails.core.now();
  const row: CardDepositRow = {
    id: ids.id,
    user_id: ids.userId,
    wallet_id: ids.walletId,
    asset: ids.asset,
    amount_minor: facts.amountMinor.toString(),
    fee_minor: facts.feeMinor.toString(),
    processor_payment_id: payment.id,
    status:
      payment.status === 'declined'
        ? 'declined'
        : payment.status === 'requires_action'
          ? 'requires_action'
          : 'authorised',
    card_brand: facts.cardFacts.brand,
    card_last4: facts.cardFacts.last4,
    action_url: payment.actionUrl,
    decline_code: payment.declineCode,
    created_at: now,
    updated_at: now,
  };
  await rails.db
    .insertInto('card_deposits')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return row;
}

/** The decline code kept on a deposit refused after authorisation because the limit was used meanwhile. */
export const LIMIT_EXCEEDED_DECLINE_CODE = 'limit_exceeded';

/**
 * Records the pending operation under the deposit limit lock, then holds amount and fee as two linked pending
 * transfers. Over the limit there (another deposit recorded since the early check): the authorisation is
 * cancelled at the processor, the deposit voided, CASH_LIMIT_EXCEEDED (details.depositId).
 */
async function holdDeposit(
  rails: Rails,
  processor: PaymentProcessor,
  row: CardDepositRow,
  payment: ProcessorPayment,
): Promise<void> {
  const { core } = rails;
  const asset = cashAsset(row.asset);
  const amountMinor = BigInt(row.amount_minor);
  const feeMinor = BigInt(row.fee_minor);
  const holdIds = [railLegId.hold(row.id, 0), ...(feeMinor > 0n ? [railLegId.hold(row.id, 1)] : [])];
  const counterparty = `${row.card_brand.toUpperCase()} •••• ${row.card_last4}`;
  const valueEurMinor = await eurValueMinor(core, asset.code, amountMinor);
  // Awaiting 3-D Secure, the deposit expires with its challenge (CHALLENGE_EXPIRED), not with the 7-day hold.
  const pendingUntil = {
    expectedAt: new Date(core.now().getTime() + rails.settings.cardCaptureDelayMs).toISOString(),
    expiresAt: new Date(
      core.now().getTime() +
        (row.status === 'requires_action'
          ? rails.settings.cardChallengeTimeoutSeconds
          : rails.settings.cardHoldTimeoutSeconds) *
          1000,
    ).toISOString(),
  };
  try {
    await recordWithinLimit(core, row.user_id, 'deposit', valueEurMinor, (db) =>
      recordOperation(
        { ...core, db },
        {
          id: row.id,
          walletId: row.wallet_id,
          userId: row.user_id,
          kind: 'card_deposit',
          status: 'pending',
          asset: asset.code,
          amountMinor,
          feeMinor,
          valueEurMinor,
          limitCategory: 'deposit',
          counterparty,
          description: null,
          details: { type: 'card_deposit', brand: row.card_brand, last4: row.card_last4 },
          pending: {
            settledBy: 'card_capture',
            ...pendingUntil,
            confirmations: null,
          },
          transferIds: holdIds,
          createdAt: row.created_at,
          ledgerDeadline: submissionDeadline(core),
        },
      ),
    );
  } catch (error) {
    // Not recorded (lost the race for the limit after the card was authorised, or the level changed meanwhile):
    // release the authorisation so the customer is not charged; nothing is booked.
    const overLimit = LimitExceededError.is(error);
    await processor.cancel(payment.id);
    await rails.db
      .updateTable('card_deposits')
      .set({
        status: 'voided',
        decline_code: overLimit ? LIMIT_EXCEEDED_DECLINE_CODE : row.decline_code,
        updated_at: core.now(),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .execute();
    throw overLimit ? new LimitExceededError(error.message, { ...error.details, depositId: row.id }) : error;
  }
  await submitCardHold(rails, processor, row, payment.id);
}

/** A card deposit's pending legs: the amount into the wallet and the fee, from the card network's account. */
function cardHoldLegs(rails: Rails, row: CardDepositRow): TransferInput[] {
  const asset = cashAsset(row.asset);
  const feeMinor = BigInt(row.fee_minor);
  const counterparty = `${row.card_brand.toUpperCase()} •••• ${row.card_last4}`;
  const metadata = operationMetadata(row.id, 'card_deposit', { counterparty, settledBy: 'card_capture' });
  const hold = {
    ledger: asset.code,
    debitAccountId: bankAccountId(asset.code, 'card'),
    flags: { pending: true },
    timeoutSeconds: rails.settings.cardHoldTimeoutSeconds,
  };
  return [
    {
      ...hold,
      id: railLegId.hold(row.id, 0),
      creditAccountId: row.wallet_id,
      amount: formatMinor(BigInt(row.amount_minor), asset),
      code: RAIL_LEDGER_CODES.cardDeposit,
      metadata,
    },
    ...(feeMinor > 0n
      ? [
          {
            ...hold,
            id: railLegId.hold(row.id, 1),
            creditAccountId: bankAccountId(asset.code, 'fees'),
            amount: formatMinor(feeMinor, asset),
            code: RAIL_LEDGER_CODES.cardDepositFee,
            metadata: { ...metadata, description: 'depositCard' },
          },
        ]
      : []),
  ];
}

/**
 * Holds a recorded card deposit in the ledger. Refused (the wallet cannot receive) or not held after a failed call:
 * the card authorisation is released and the deposit voided; nothing stays pending.
 */
async function submitCardHold(
  rails: Rails,
  processor: PaymentProcessor,
  row: CardDepositRow,
  paymentId: string,
): Promise<void> {
  await submitOperation(rails.core, row.id, cardHoldLegs(rails, row), async () => {
    await processor.cancel(paymentId);
    await setStatus(rails, row.id, ['requires_action', 'authorised'], 'voided');
  });
}

async function setStatus(
  rails: Rails,
  id: string,
  from: readonly CardDepositStatus[],
  to: CardDepositStatus,
): Promise<boolean> {
  const result = await rails.db
    .updateTable('card_deposits')
    .set({ status: to, updated_at: rails.core.now() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function scheduleCapture(rails: Rails, depositId: string): Promise<void> {
  await rails.queue.enqueue({
    queue: CARD_JOBS.capture,
    key: depositId,
    payload: { depositId },
    delayMs: rails.settings.cardCaptureDelayMs,
  });
}

/** Captures an authorised deposit at the processor and posts its legs. Idempotent. */
export async function captureCardDeposit(rails: Rails, card: CardRail, depositId: string): Promise<void> {
  const row = await findDeposit(rails, depositId);
  if (!row || row.status !== 'authorised' || !row.processor_payment_id) {
    return;
  }
  const payment = await requireProcessor(card).capture(row.processor_payment_id);
  if (payment.status !== 'captured') {
    await syncCardDeposit(rails, card, depositId);
    return;
  }
  const legCount = BigInt(row.fee_minor) > 0n ? 2 : 1;
  // Only a hold the ledger is seen to hold is posted (the job retries until its outcome is known).
  if ((await resolveSubmission(rails.core, row.id)) !== 'confirmed') {
    throw new Error(`Card deposit ${row.id}: the ledger has not confirmed its hold`);
  }
  const rejection = await resolveHolds(rails.core, row.id, row.asset, legCount, 'post');
  if (rejection) {
    throw new Error(`Posting card deposit ${row.id} failed: ${rejection.code}`);
  }
  if (await setStatus(rails, row.id, ['authorised'], 'captured')) {
    await updateOperationStatus(rails.core, row.id, { status: 'posted' });
  }
}

/**
 * Brings a deposit in line with its processor payment: a 3-D Secure approval makes it authorised (capture
 * scheduled); a failure or cancellation voids its holds. Idempotent; called by the webhook job and on GET.
 */
export async function syncCardDeposit(
  rails: Rails,
  card: CardRail,
  depositId: string,
): Promise<CardDepositRow | undefined> {
  const row = await findDeposit(rails, depositId);
  if (!row?.processor_payment_id || (row.status !== 'requires_action' && row.status !== 'authorised')) {
    return row;
  }
  const processor = requireProcessor(card);
  let payment = await processor.getPayment(row.processor_payment_id);
  if (!payment) {
    return row;
  }
  if (payment.status === 'requires_action' && challengeExpired(rails, row)) {
    // Unanswered in time: the authorisation is released at the processor, then the holds are voided below.
    payment = await processor.cancel(row.processor_payment_id);
    if (payment.status === 'cancelled') {
      await rails.db
        .updateTable('card_deposits')
        .set({ decline_code: CHALLENGE_EXPIRED_DECLINE_CODE, updated_at: rails.core.now() })
        .where('id', '=', row.id)
        .where('status', '=', 'requires_action')
        .execute();
    }
  }
  if (payment.status === 'authorised' && row.status === 'requires_action') {
    if (await setStatus(rails, row.id, ['requires_action'], 'authorised')) {
      await updateOperationStatus(rails.core, row.id, { status: 'pending' });
    }
    await scheduleCapture(rails, row.id);
  } else if (payment.status === 'captured') {
    await captureCardDeposit(rails, card, row.id);
  } else if (payment.status === 'failed' || payment.status === 'cancelled') {
    const legCount = BigInt(row.fee_minor) > 0n ? 2 : 1;
    const rejection = await resolveHolds(rails.core, row.id, row.asset, legCount, 'void');
    if (rejection && rejection.code !== 'LEDGER_PENDING_TRANSFER_EXPIRED') {
      throw new Error(`Voiding card deposit ${row.id} failed: ${rejection.code}`);
    }
    if (await setStatus(rails, row.id, ['requires_action', 'authorised'], 'voided')) {
      await updateOperationStatus(rails.core, row.id, { status: 'voided' });
    }
  }
  return findDeposit(rails, depositId);
}

/** True when the deposit's 3-D Secure challenge has been open longer than the settings allow. */
function challengeExpired(rails: Rails, row: CardDepositRow): boolean {
  const openMs = rails.core.now().getTime() - new Date(row.created_at).getTime();
  return row.status === 'requires_action' && openMs >= rails.settings.cardChallengeTimeoutSeconds * 1000;
}

/**
 * Releases the processor's authorisation of a deposit the ledger never held (swept by the recovery, which has no
 * processor): without it the customer's card would stay reserved until the network's own expiry. Idempotent.
 */
export async function releaseAuthorisation(rails: Rails, card: CardRail, depositId: string): Promise<void> {
  const row = await findDeposit(rails, depositId);
  if (!row?.processor_payment_id || row.status !== 'voided' || !card.processor) {
    return;
  }
  const payment = await card.processor.getPayment(row.processor_payment_id);
  if (payment && (payment.status === 'authorised' || payment.status === 'requires_action')) {
    await card.processor.cancel(row.processor_payment_id);
  }
}

/** GET /card/deposits/{id}: the caller's deposit, synced with the processor first. */
export async function getCardDeposit(
  rails: Rails,
  card: CardRail,
  userId: string,
  id: string,
): Promise<CardDeposit> {
  const owned = isUuid(id) ? await findDeposit(rails, id.toLowerCase()) : undefined;
  if (!owned || owned.user_id !== userId) {
    throw new CardDepositNotFoundError();
  }
  const row = card.processor ? await syncCardDeposit(rails, card, owned.id) : owned;
  return toCardDeposit(row ?? owned);
}

/**
 * Throws CASH_CARD_LIMIT_REACHED (details.max) when saving `token` would give the customer more than
 * SAVED_CARDS_PER_CUSTOMER_MAX saved cards: checked before the card is charged (issue #13, defect 9).
 */
async function requireRoomToSaveCard(rails: Rails, userId: string, token: string): Promise<void> {
  const cards = await listSavedCardRows(rails, userId);
  if (cards.length >= SAVED_CARDS_PER_CUSTOMER_MAX && !cards.some((card) => card.processor_token === token)) {
    throw new CardLimitReachedError(undefined, { max: SAVED_CARDS_PER_CUSTOMER_MAX });
  }
}

/**
 * Saves a tokenised card for the customer (once per token); the first saved card becomes the default. A deposit
 * that raced another to the last place is already authorised here: its card is then not saved, rather than the
 * list growing past its bound or a paid deposit failing.
 */
async function saveCard(
  rails: Rails,
  userId: string,
  token: string,
  facts: { brand: string; last4: string; expMonth: number; expYear: number },
): Promise<void> {
  const cards = await listSavedCardRows(rails, userId);
  if (cards.some((card) => card.processor_token === token)) {
    return;
  }
  if (cards.length >= SAVED_CARDS_PER_CUSTOMER_MAX) {
    rails.core.log.warn({ userId }, 'a card was not saved: the customer has as many saved cards as allowed');
    return;
  }
  await rails.db
    .insertInto('saved_cards')
    .values({
      id: uuidv7(rails.core.now().getTime()),
      user_id: userId,
      processor_token: token,
      brand: facts.brand,
      last4: facts.last4,
      exp_month: facts.expMonth,
      exp_year: facts.expYear,
      is_default: cards.length === 0,
      created_at: rails.core.now(),
      removed_at: null,
    })
    .execute();
}

/** The customer's saved cards, oldest first (never more than SAVED_CARDS_PER_CUSTOMER_MAX are kept). */
function listSavedCardRows(rails: Rails, userId: string): Promise<SavedCardRow[]> {
  return rails.db
    .selectFrom('saved_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(SAVED_CARDS_PER_CUSTOMER_MAX)
    .execute();
}

/** GET /cards: at most SAVED_CARDS_PER_CUSTOMER_MAX cards, oldest first. */
export async function listSavedCards(rails: Rails, userId: string): Promise<SavedCard[]> {
  return (await listSavedCardRows(rails, userId)).map(toSavedCard);
}

/** DELETE /cards/{id}: forgets the card; when it was the default, the oldest remaining card becomes the default. */
export async function removeSavedCard(rails: Rails, userId: string, cardId: string): Promise<void> {
  const card = await requireSavedCard(rails, userId, cardId);
  await rails.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_cards')
      .set({ removed_at: rails.core.now(), is_default: false })
      .where('id', '=', card.id)
      .execute();
    if (card.is_default) {
      const next = await trx
        .selectFrom('saved_cards')
        .select('id')
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (next) {
        await trx.updateTable('saved_cards').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    }
  });
}

/** POST /cards/{id}/default. */
export async function setDefaultCard(rails: Rails, userId: string, cardId: string): Promise<SavedCard> {
  const card = await requireSavedCard(rails, userId, cardId);
  await rails.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_cards')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
    await trx.updateTable('saved_cards').set({ is_default: true }).where('id', '=', card.id).execute();
  });
  return toSavedCard({ ...card, is_default: true });
}
