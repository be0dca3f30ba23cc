/**
 * Withdrawals (settings, section withdrawal; PRODUCT.md: "pending hold, posted when the rail confirms, voided when
 * it rejects; needs a recent second factor"). A withdrawal to a saved beneficiary:
 *
 * 1. checks everything that needs no money: the wallet and beneficiary are the caller's (else 404), the asset fits
 *    the rail (SEPA: EUR; crypto: the beneficiary's asset), the amount parses;
 * 2. requires a step-up (hasRecentSecondFactor, else 403 CASH_STEP_UP_REQUIRED: the web app asks for the second
 *    factor and retries with the same Idempotency-Key), the KYC withdrawal limit, and the available balance for
 *    amount + fee (CASH_INSUFFICIENT_FUNDS with nothing held);
 * 3. records the withdrawal and its operation, then holds amount and fee as linked pending transfers from the wallet
 *    (to the external rail account and to fees), then schedules `withdrawal.settle` on the job queue;
 * 4. the job submits the payment to the rail (the SEPA or chain simulator by default): accepted → post both legs;
 *    rejected → void them (the hold is released, the fee with it).
 *
 * The operation id derives from the customer and Idempotency-Key, and the ledger ids from the operation id, so a
 * retry holds nothing twice; the job is keyed by the withdrawal, and the rail deduplicates by it.
 */
import {
  BANK_TENANT_ID,
  type CreateWithdrawalRequest,
  type PendingInfo,
  type TransferInput,
  type Withdrawal,
  type WithdrawalPage,
} from '@tessera/contracts';
import { amountFromDecimal, type Asset } from '@tessera/money';
import type { Principal } from '@tessera/platform';
import { type Selectable, sql } from 'kysely';
import { CursorInvalidError, InsufficientFundsError, StepUpRequiredError } from '../../errors.ts';
import { cashAsset, formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { bankAccountId } from '../accounts/bank-accounts.ts';
import { submissionDeadline } from '../accounts/ledger-submission.ts';
import { type CashDatabase, cashTable } from '../accounts/tables.ts';
import { operationMetadata, recordOperation, updateOperationStatus } from '../activity/activity.service.ts';
import { resolveSubmission, submitOperation } from '../activity/submit-operation.ts';
import { findOperationRows } from '../activity/operations.repository.ts';
import { checkLimit, eurValueMinor, recordWithinLimit } from '../limits/limits.service.ts';
import { operationIdOf } from '../transfers/transfers.service.ts';
import { isUuid, type WalletRow } from '../wallets/wallets.repository.ts';
import { requireOwnedWallet } from '../wallets/wallets.service.ts';
import { requireOwnedBeneficiary, type BeneficiaryRow } from '../beneficiaries/beneficiaries.service.ts';
import { chainOf, type CryptoRail } from '../crypto/crypto.service.ts';
import type { SepaRail, RailSubmission } from '../sepa/sepa-rail.ts';
import {
  BeneficiaryAssetMismatchError,
  SepaAssetUnsupportedError,
  WithdrawalNotFoundError,
} from '../rails/rails.errors.ts';
import { hasStepUp, RAIL_LEDGER_CODES, railLegId, resolveHolds, type Rails } from '../rails/rails.ts';
import { railFeeMinor } from '../rails/rail-fees.ts';
import type { RailsDatabase, WithdrawalsTable } from '../rails/rails.tables.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** The job that settles a withdrawal with its rail. */
export const WITHDRAWAL_SETTLE_JOB = 'withdrawal.settle';

/** What withdrawals need besides the core: the rails to pay out through. */
export interface WithdrawalRails {
  readonly sepa: SepaRail;
  readonly crypto: CryptoRail;
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const asset = cashAsset(row.asset);
  return {
    id: row.id,
    walletId: row.wallet_id,
    beneficiaryId: row.beneficiary_id,
    rail: row.rail,
    destination: row.destination,
    beneficiaryName: row.beneficiary_name,
    asset: row.asset,
    amount: formatMinor(BigInt(row.amount_minor), asset),
    fee: formatMinor(BigInt(row.fee_minor), asset),
    status: row.status,
    railReference: row.rail_reference,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.toISOString(),
    settledAt: row.status === 'pending' ? null : row.updated_at.toISOString(),
  };
}

/** Which rail pays `beneficiary` from `wallet`, or the error saying why none can. */
function railOf(wallet: WalletRow, beneficiary: BeneficiaryRow): 'sepa' | 'crypto' {
  if (beneficiary.kind === 'iban') {
    if (wallet.asset !== 'EUR') {
      throw new SepaAssetUnsupportedError(undefined, { asset: wallet.asset });
    }
    return 'sepa';
  }
  if (beneficiary.asset !== wallet.asset) {
    throw new BeneficiaryAssetMismatchError(undefined, {
      walletAsset: wallet.asset,
      beneficiaryAsset: beneficiary.asset,
    });
  }
  return 'crypto';
}

async function requireAvailable(rails: Rails, wallet: WalletRow, asset: Asset, neededMinor: bigint) {
  const account = await rails.core.ledger.getAccount(BANK_TENANT_ID, wallet.id);
  if (amountFromDecimal(account.balance.available, asset, { allowNegative: true }) < neededMinor) {
    throw new InsufficientFundsError(undefined, { available: account.balance.available });
  }
}

/** POST /withdrawals. */
export async function createWithdrawal(
  rails: Rails,
  principal: Principal,
  idempotencyKey: string,
  request: CreateWithdrawalRequest,
): Promise<Withdrawal> {
  const { core } = rails;
  const userId = principal.userId;
  const wallet = await requireOwnedWallet(core, userId, request.walletId);
  const beneficiary = await requireOwnedBeneficiary(rails, userId, request.beneficiaryId);
  const rail = railOf(wallet, beneficiary);
  const asset = cashAsset(wallet.asset);
  const amountMinor = parsePositiveAmount(request.amount, asset);
  const operationId = operationIdOf(userId, idempotencyKey);
  const existing = await findWithdrawal(rails, userId, operationId);
  if (existing) {
    // A retry: the first attempt's hold is submitted again (same ids) unless the ledger already holds it.
    if ((await resolveSubmission(core, existing.id)) === 'pending') {
      await submitHold(rails, existing, request.reference ?? null);
    }
    return toWithdrawal(existing);
  }
  if (!hasStepUp(principal)) {
    throw new StepUpRequiredError();
  }
  const feeMinor = railFeeMinor(rail === 'sepa' ? 'withdrawalSepa' : 'withdrawalCrypto', asset, amountMinor);
  const valueEurMinor = await eurValueMinor(core, asset.code, amountMinor);
  await checkLimit(core, userId, 'withdrawal', valueEurMinor);
  await requireAvailable(rails, wallet, asset, amountMinor + feeMinor);
  // From here the withdrawal is recorded under the limit lock (the limit counted again: a withdrawal sent at the same
  // time cannot pass too), with its settle job (in the same transaction: whatever happens next, the job resolves
  // it), then held; a ledger refusal or failure undoes the records.
  const now = core.now();
  const destination = rail === 'sepa' ? beneficiary.iban! : beneficiary.address!;
  const row: WithdrawalRow = {
    id: operationId,
    user_id: userId,
    wallet_id: wallet.id,
    beneficiary_id: beneficiary.id,
    rail,
    destination,
    beneficiary_name: beneficiary.name,
    asset: asset.code,
    amount_minor: amountMinor.toString(),
    fee_minor: feeMinor.toString(),
    status: 'pending',
    rail_reference: null,
    reject_reason: null,
    created_at: now,
    updated_at: now,
  };
  const legCount = feeMinor > 0n ? 2 : 1;
  const holdIds = Array.from({ length: legCount }, (_, leg) => railLegId.hold(operationId, leg));
  const settleAt = new Date(now.getTime() + rails.settings.withdrawalSettleDelayMs);
  const pending = withdrawalPending(now, settleAt);
  await recordWithinLimit(core, userId, 'withdrawal', valueEurMinor, async (db) =>
    recordWithdrawal(rails, db, row, {
      valueEurMinor,
      pending,
      holdIds,
      settleAt,
      reference: request.reference,
    }),
  );
  await submitHold(rails, row, request.reference ?? null);
  return toWithdrawal(row);
}

/** A pending withdrawal's facts: settled by the rail at `settleAt`, its hold lapsing after the hold timeout. */
function withdrawalPending(now: Date, settleAt: Date): PendingInfo {
  return {
    settledBy: 'rail_confirmation',
    expectedAt: settleAt.toISOString(),
    expiresAt: new Date(now.getTime() + WITHDRAWAL_HOLD_TIMEOUT_SECONDS * 1000).toISOString(),
    confirmations: null,
  };
}

/**
 * Records a withdrawal in the limit lock's transaction `db`: its row, its activity (counted against the limit)
 * and its settle job, so whatever happens next, the job resolves it.
 */
async function recordWithdrawal(
  rails: Rails,
  db: CashDatabase,
  row: WithdrawalRow,
  facts: {
    readonly valueEurMinor: bigint;
    readonly pending: PendingInfo;
    readonly holdIds: string[];
    readonly settleAt: Date;
    readonly reference: string | undefined;
  },
): Promise<void> {
  const { core } = rails;
  const operationId = row.id;
  await (db as unknown as RailsDatabase)
    .insertInto('withdrawals')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await recordOperation(
    { ...core, db },
    {
      id: operationId,
      walletId: row.wallet_id,
      userId: row.user_id,
      kind: row.rail === 'sepa' ? 'sepa_withdrawal' : 'crypto_withdrawal',
      status: 'pending',
      asset: row.asset,
      amountMinor: -BigInt(row.amount_minor),
      feeMinor: BigInt(row.fee_minor),
      valueEurMinor: facts.valueEurMinor,
      limitCategory: 'withdrawal',
      counterparty: `${row.beneficiary_name} · ${row.destination}`.slice(0, 256),
      description: facts.reference ?? null,
      pending: facts.pending,
      transferIds: facts.holdIds,
      createdAt: row.created_at,
      ledgerDeadline: submissionDeadline(core),
    },
  );
  await rails.queue.enqueue(
    {
      queue: WITHDRAWAL_SETTLE_JOB,
      key: operationId,
      payload: { withdrawalId: operationId },
      runAt: facts.settleAt,
    },
    { db },
  );
}

/**
 * How long a withdrawal's hold lasts in the ledger before it releases itself: every hold has an owner (the
 * operation, in its metadata) and an expiry (issue #13). The rail settles within seconds; a week covers a rail
 * that is down for days (card networks hold as long).
 */
export const WITHDRAWAL_HOLD_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;

/** The pending legs of a withdrawal: the amount to the rail's account, the fee to fees (linked). */
function holdLegs(row: WithdrawalRow, reference: string | null): TransferInput[] {
  const asset = cashAsset(row.asset);
  const feeMinor = BigInt(row.fee_minor);
  const kind = row.rail === 'sepa' ? 'sepa_withdrawal' : 'crypto_withdrawal';
  const metadata = operationMetadata(row.id, kind, {
    counterparty: row.beneficiary_name,
    description: reference,
    settledBy: 'rail_confirmation',
  });
  const hold = {
    flags: { pending: true },
    timeoutSeconds: WITHDRAWAL_HOLD_TIMEOUT_SECONDS,
    ledger: asset.code,
  };
  return [
    {
      ...hold,
      id: railLegId.hold(row.id, 0),
      debitAccountId: row.wallet_id,
      creditAccountId: bankAccountId(asset.code, row.rail === 'sepa' ? 'sepa' : 'crypto'),
      amount: formatMinor(BigInt(row.amount_minor), asset),
      code: row.rail === 'sepa' ? RAIL_LEDGER_CODES.sepaWithdrawal : RAIL_LEDGER_CODES.cryptoWithdrawal,
      metadata,
    },
    ...(feeMinor > 0n
      ? [
          {
            ...hold,
            id: railLegId.hold(row.id, 1),
            debitAccountId: row.wallet_id,
            creditAccountId: bankAccountId(asset.code, 'fees'),
            amount: formatMinor(feeMinor, asset),
            code:
              row.rail === 'sepa'
                ? RAIL_LEDGER_CODES.sepaWithdrawalFee
                : RAIL_LEDGER_CODES.cryptoWithdrawalFee,
            metadata: {
              ...metadata,
              description: row.rail === 'sepa' ? 'withdrawalSepa' : 'withdrawalCrypto',
            },
          },
        ]
      : []),
  ];
}

/** Holds a recorded withdrawal's money; on a refusal or a failure that moved nothing the withdrawal is removed. */
async function submitHold(rails: Rails, row: WithdrawalRow, reference: string | null): Promise<void> {
  await submitOperation(rails.core, row.id, holdLegs(row, reference), async () => {
    await removeWithdrawal(rails, row.id);
    rails.core.notifier.walletsChanged(row.user_id, [row.wallet_id]);
  });
}

/** Removes a pending withdrawal whose hold the ledger does not hold (its records are gone with it). */
export async function removeWithdrawal(rails: Pick<Rails, 'db'>, id: string): Promise<void> {
  await rails.db.deleteFrom('withdrawals').where('id', '=', id).where('status', '=', 'pending').execute();
}

async function findWithdrawal(rails: Rails, userId: string, id: string): Promise<WithdrawalRow | undefined> {
  if (!isUuid(id)) {
    return undefined;
  }
  return rails.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** GET /withdrawals/{id}: the caller's withdrawal; another customer's is CASH_WITHDRAWAL_NOT_FOUND. */
export async function getWithdrawal(rails: Rails, userId: string, id: string): Promise<Withdrawal> {
  const row = await findWithdrawal(rails, userId, id);
  const submitting = row
    ? (await findOperationRows(rails.core.db, row.id))[0]?.ledger_state === 'submitting'
    : false;
  if (!row || submitting) {
    throw new WithdrawalNotFoundError();
  }
  return toWithdrawal(row);
}

/**
 * Only withdrawals whose hold the ledger holds are shown: one still being submitted is not a withdrawal yet, so
 * none is ever shown pending without a hold (issue #13, defect 2).
 */
const heldByTheLedger = sql<boolean>`not exists (
  select 1 from ${cashTable('operations')} o where o.id = ${cashTable('withdrawals')}.id and o.ledger_state = 'submitting'
)`;

/** A position in the caller's withdrawals, newest first: the last item's creation time and id. */
function encodeWithdrawalCursor(row: WithdrawalRow): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

function decodeWithdrawalCursor(text: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || id === undefined || !isUuid(id)) {
    throw new CursorInvalidError();
  }
  return { createdAt, id: id.toLowerCase() };
}

/** GET /withdrawals: the caller's withdrawals (never another customer's), newest first, by cursor pages. */
export async function listWithdrawals(
  rails: Rails,
  userId: string,
  query: { cursor?: string | undefined; status?: Withdrawal['status'] | undefined; limit: number },
): Promise<WithdrawalPage> {
  let select = rails.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where(heldByTheLedger);
  if (query.status) {
    select = select.where('status', '=', query.status);
  }
  if (query.cursor) {
    const cursor = decodeWithdrawalCursor(query.cursor);
    select = select.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb(sql<string>`id::text`, '<', cursor.id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toWithdrawal),
    nextCursor: rows.length > query.limit ? encodeWithdrawalCursor(page[page.length - 1]!) : null,
  };
}

/** Registers the settle job: submit to the rail, then post or void the hold. Idempotent. */
export function registerWithdrawalJobs(rails: Rails, payout: WithdrawalRails): void {
  rails.handle<{ withdrawalId: string }>(WITHDRAWAL_SETTLE_JOB, async (job) => {
    await settleWithdrawal(rails, payout, job.payload.withdrawalId);
  });
}

/** Settles one pending withdrawal with its rail (no-op when already settled). */
export async function settleWithdrawal(
  rails: Rails,
  payout: WithdrawalRails,
  withdrawalId: string,
): Promise<void> {
  const { core } = rails;
  const row = await rails.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') {
    return;
  }
  // Nothing is paid out before the ledger is seen to hold the money: an attempt that failed is removed, one whose
  // outcome is not known yet is tried again later (the job retries with backoff).
  const holdState = await resolveSubmission(core, row.id);
  if (holdState === 'discarded') {
    await removeWithdrawal(rails, row.id);
    return;
  }
  if (holdState === 'pending') {
    throw new Error(`Withdrawal ${row.id}: the ledger has not confirmed its hold yet`);
  }
  const asset = cashAsset(row.asset);
  const amountMinor = BigInt(row.amount_minor);
  let submission: RailSubmission;
  if (row.rail === 'sepa') {
    const beneficiary = await rails.db
      .selectFrom('beneficiaries')
      .select('bic')
      .where('id', '=', row.beneficiary_id)
      .executeTakeFirst();
    submission = await payout.sepa.submitCreditTransfer({
      id: row.id,
      creditorIban: row.destination,
      creditorName: row.beneficiary_name,
      creditorBic: beneficiary?.bic ?? null,
      amount: formatMinor(amountMinor, asset),
      remittance: null,
    });
  } else {
    const chain = chainOf(row.asset)!;
    submission = await payout.crypto.chains.adapter(chain).send({
      reference: row.id,
      asset: row.asset,
      address: row.destination,
      amountMinor,
    });
  }
  const legCount = BigInt(row.fee_minor) > 0n ? 2 : 1;
  const action = submission.status === 'accepted' ? 'post' : 'void';
  const rejection = await resolveHolds(core, row.id, row.asset, legCount, action);
  if (rejection) {
    throw new Error(`The ledger refused to ${action} withdrawal ${row.id}: ${rejection.code}`);
  }
  const status = action === 'post' ? 'posted' : 'voided';
  await rails.db
    .updateTable('withdrawals')
    .set({
      status,
      rail_reference: submission.status === 'accepted' ? submission.reference : null,
      reject_reason: submission.status === 'rejected' ? submission.reason : null,
      updated_at: core.now(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  await updateOperationStatus(core, row.id, { status });
}
