/**
 * SEPA deposits (settings, section depositSepa): a EUR current wallet has its own virtual IBAN; a credit to it is
 * booked as a posted ledger transfer from the bank's external SEPA account to the wallet (the depositSepa fee, free
 * today, as a linked leg when the schedule has one). A credit to an IBAN no wallet has goes to the EUR suspense
 * account, for operations to return or assign. Credits arrive from the simulator endpoint or a camt.054 import;
 * each is booked once, keyed by its entry reference (camt054.ts), so a re-import or a re-delivery moves nothing.
 *
 * Like crypto, an incoming credit cannot be refused at the door: it is not checked against the KYC limits here,
 * and counts towards the 30-day deposit total.
 */
import { createHash } from 'node:crypto';
import {
  normalizeIban,
  type SepaCreditResult,
  type SepaDepositDetails,
  TESSERA_BIC,
  type TransferInput,
} from '@tessera/contracts';
import { EUR } from '@tessera/money';
import { bankAccountId, nameBasedUuid } from '../accounts/bank-accounts.ts';
import { formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { operationMetadata, recordOperation } from '../activity/activity.service.ts';
import { eurValueMinor } from '../limits/limits.service.ts';
import { findCurrentWallet, findWalletByIban, type WalletRow } from '../wallets/wallets.repository.ts';
import { WalletNotFoundError } from '../../errors.ts';
import { RAIL_LEDGER_CODES, railLegId, type Rails } from '../rails/rails.ts';
import { submissionDeadline } from '../accounts/ledger-submission.ts';
import { submitOperation } from '../activity/submit-operation.ts';
import { railFeeMinor } from '../rails/rail-fees.ts';

/** An incoming credit, from either source. */
export interface IncomingSepaCredit {
  readonly entryReference: string;
  readonly creditorIban: string;
  /** Euros, decimal text. */
  readonly amount: string;
  readonly debtorName: string | null;
  readonly debtorIban: string | null;
  readonly remittance: string | null;
}

/**
 * The customer's payment reference: "TSR" and 8 characters of Crockford base32 from their id. Not needed to match a
 * credit (the IBAN is the wallet's own) but shown with the IBAN so a payer can quote it and support can find them.
 */
export function customerReference(userId: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const digest = createHash('sha256').update(`tessera.sepa-reference:${userId}`).digest();
  let reference = 'TSR';
  for (let index = 0; index < 8; index += 1) {
    reference += alphabet[digest[index]! % 32];
  }
  return reference;
}

/** GET /sepa/details: the EUR current wallet's IBAN, the BIC, the holder and the reference. */
export async function sepaDetails(
  rails: Rails,
  userId: string,
  accountHolder: string,
): Promise<SepaDepositDetails> {
  const wallet = await findCurrentWallet(rails.core.db, userId, 'EUR');
  if (!wallet?.iban) {
    throw new WalletNotFoundError('Open a EUR wallet to receive SEPA transfers.', { asset: 'EUR' });
  }
  return {
    walletId: wallet.id,
    iban: wallet.iban,
    bic: TESSERA_BIC,
    accountHolder,
    reference: customerReference(userId),
  };
}

/**
 * The credit's booking row: inserted now (`inserted` set) or the one of an earlier delivery of the same entry
 * reference. What was decided the first time stands (a wallet opened since does not move a suspense booking).
 */
async function bookOnce(
  rails: Rails,
  credit: IncomingSepaCredit,
  facts: {
    readonly creditorIban: string;
    readonly amountMinor: bigint;
    readonly wallet: WalletRow | undefined;
    readonly source: 'simulator' | 'camt054';
  },
) {
  const { wallet } = facts;
  const inserted = await rails.db
    .insertInto('sepa_credits')
    .values({
      id: nameBasedUuid(`tessera.cash-operations.sepa-credit:${credit.entryReference}`),
      entry_reference: credit.entryReference,
      creditor_iban: facts.creditorIban,
      debtor_name: credit.debtorName,
      debtor_iban: credit.debtorIban,
      amount_minor: facts.amountMinor.toString(),
      currency: 'EUR',
      remittance: credit.remittance,
      wallet_id: wallet?.id ?? null,
      user_id: wallet?.user_id ?? null,
      outcome: wallet ? 'credited' : 'suspense',
      source: facts.source,
      booked_at: rails.core.now(),
    })
    .onConflict((conflict) => conflict.column('entry_reference').doNothing())
    .returningAll()
    .executeTakeFirst();
  const booked =
    inserted ??
    (await rails.db
      .selectFrom('sepa_credits')
      .selectAll()
      .where('entry_reference', '=', credit.entryReference)
      .executeTakeFirstOrThrow());
  return { inserted, booked };
}

/** Books one incoming credit (idempotent by entry reference). Throws CASH_AMOUNT_* for a bad amount. */
export async function bookIncomingCredit(
  rails: Rails,
  credit: IncomingSepaCredit,
  source: 'simulator' | 'camt054',
): Promise<SepaCreditResult> {
  const { core } = rails;
  const amountMinor = parsePositiveAmount(credit.amount, EUR);
  const creditorIban = normalizeIban(credit.creditorIban);
  const candidate = await findWalletByIban(core.db, creditorIban);
  const wallet = candidate?.asset === 'EUR' ? candidate : undefined;
  const { inserted, booked } = await bookOnce(rails, credit, { creditorIban, amountMinor, wallet, source });
  const bookedAmount = BigInt(booked.amount_minor);
  const legs = await legsOf(rails, booked.id, booked.wallet_id, bookedAmount, credit);
  if (booked.wallet_id && booked.user_id) {
    await recordOperation(core, {
      id: booked.id,
      walletId: booked.wallet_id,
      userId: booked.user_id,
      kind: 'sepa_deposit',
      status: 'posted',
      asset: 'EUR',
      amountMinor: bookedAmount - legs.feeMinor,
      feeMinor: legs.feeMinor,
      valueEurMinor: await eurValueMinor(core, 'EUR', bookedAmount),
      limitCategory: 'deposit',
      counterparty: booked.debtor_name ?? booked.debtor_iban,
      description: booked.remittance,
      details: { type: 'sepa_deposit', sender: booked.debtor_name },
      transferIds: legs.transfers.map((transfer) => transfer.id),
      createdAt: booked.booked_at,
      ledgerDeadline: submissionDeadline(core),
    });
  }
  // Always submitted: on a re-delivery the ledger answers `exists` (same ids), and a booking interrupted between
  // the row and the ledger is completed. The credit shows in activity only once the ledger holds it; a refusal (an
  // account's balance would overflow) or a failure that moved nothing removes the booking, so a re-delivery starts
  // afresh (a refused 10^36 EUR credit once stayed posted in activity and broke the customer's limits).
  await submitOperation(core, booked.id, legs.transfers, async () => {
    core.log.error({ operationId: booked.id }, 'an incoming SEPA credit could not be booked');
    await rails.db.deleteFrom('sepa_credits').where('id', '=', booked.id).execute();
  });
  return {
    id: booked.id,
    entryReference: booked.entry_reference,
    outcome: booked.outcome,
    created: inserted !== undefined,
    amount: formatMinor(bookedAmount, EUR),
    currency: 'EUR',
  };
}

async function legsOf(
  rails: Rails,
  operationId: string,
  walletId: string | null,
  amountMinor: bigint,
  credit: IncomingSepaCredit,
): Promise<{ transfers: TransferInput[]; feeMinor: bigint }> {
  const metadata = operationMetadata(operationId, 'sepa_deposit', {
    counterparty: credit.debtorName,
    description: credit.remittance,
  });
  if (!walletId) {
    return {
      feeMinor: 0n,
      transfers: [
        {
          id: railLegId.hold(operationId, 0),
          ledger: 'EUR',
          debitAccountId: bankAccountId('EUR', 'sepa'),
          creditAccountId: bankAccountId('EUR', 'suspense'),
          amount: formatMinor(amountMinor, EUR),
          code: RAIL_LEDGER_CODES.sepaSuspense,
          metadata: { ...metadata, reference: credit.entryReference.slice(0, 256) },
        },
      ],
    };
  }
  const feeMinor = railFeeMinor('depositSepa', EUR, amountMinor);
  const transfers: TransferInput[] = [
    {
      id: railLegId.hold(operationId, 0),
      ledger: 'EUR',
      debitAccountId: bankAccountId('EUR', 'sepa'),
      creditAccountId: walletId,
      amount: formatMinor(amountMinor, EUR),
      code: RAIL_LEDGER_CODES.sepaDeposit,
      metadata,
    },
  ];
  if (feeMinor > 0n) {
    transfers.push({
      id: railLegId.hold(operationId, 1),
      ledger: 'EUR',
      debitAccountId: walletId,
      creditAccountId: bankAccountId('EUR', 'fees'),
      amount: formatMinor(feeMinor, EUR),
      code: RAIL_LEDGER_CODES.sepaDeposit,
      metadata: { ...metadata, description: 'depositSepa' },
    });
  }
  return { transfers, feeMinor };
}
