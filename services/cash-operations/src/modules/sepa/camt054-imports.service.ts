/**
 * camt.054 imports under four eyes (issue #13, defect 6: "One person can mint money in production"). A camt.054
 * file credits customers' wallets with money the bank says arrived; whoever uploads one can mint money. So:
 *
 * 1. Only an admin (the token's `cognito:groups` holds `admin`) may upload, see, approve or reject imports.
 * 2. Uploading books nothing: the file is read and checked whole, and its booked EUR credits are stored as a
 *    pending import with a preview (where each credit is expected to land), for CAMT054_IMPORT_TTL_HOURS.
 * 3. A second, different admin approves it (the uploader cannot: CASH_CAMT054_SAME_ADMIN, and a check constraint
 *    says the same in the database). Only then are the stored credits booked, each once by its entry reference
 *    (sepa.service.ts), so approving twice, or two admins approving at the same moment, books them once.
 * 4. Upload, approval, rejection and the booking's figures are each written to the append-only audit log in the
 *    same transaction as the change they record.
 *
 * An approval whose booking was interrupted (the process stopped, the ledger failed) leaves the import `approved`;
 * approving it again resumes the booking, which books only what is missing.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  CAMT054_IMPORT_LIST_MAX,
  CAMT054_PENDING_IMPORTS_MAX,
  CAMT054_IMPORT_TTL_HOURS,
  type Camt054Import,
  type Camt054ImportCredit,
  type Camt054ImportResult,
  type Camt054ImportStatus,
  normalizeIban,
  type SepaCreditResult,
} from '@tessera/contracts';
import { EUR } from '@tessera/money';
import { type Principal, requireGroup } from '@tessera/platform';
import type { Selectable } from 'kysely';
import { formatMinor, parsePositiveAmount } from '../accounts/amounts.ts';
import { appendAudit } from '../rails/audit-log.ts';
import {
  Camt054ImportExpiredError,
  Camt054ImportNotFoundError,
  Camt054ImportNotPendingError,
  Camt054InvalidError,
  Camt054TooManyPendingError,
  Camt054SameAdminError,
} from '../rails/rails.errors.ts';
import type { Rails } from '../rails/rails.ts';
import { isUuid } from '../wallets/wallets.repository.ts';
import type { Camt054ImportsTable } from '../rails/rails.tables.ts';
import { type CamtTransaction, parseCamt054 } from './camt054.ts';
import { bookIncomingCredit } from './sepa.service.ts';

/** The staff group that may import camt.054 files (and the only one). */
export const CAMT054_ADMIN_GROUP = 'admin';

const TTL_MS = CAMT054_IMPORT_TTL_HOURS * 60 * 60 * 1000;
/** How many ids one lookup query carries (far below either engine's parameter limit). */
const LOOKUP_CHUNK = 1000;

type ImportRow = Selectable<Camt054ImportsTable>;

/** Throws FORBIDDEN unless the caller is an admin (support agents included: they may not import). */
export function requireCamt054Admin(principal: Principal): void {
  requireGroup(principal, CAMT054_ADMIN_GROUP);
}

/** The status as a reader sees it: a pending import past its expiry is expired, written or not. */
function statusOf(row: ImportRow, now: Date): Camt054ImportStatus {
  return row.status === 'pending' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

function toImport(row: ImportRow, now: Date, withCredits: boolean): Camt054Import {
  return {
    id: row.id,
    status: statusOf(row, now),
    fileSha256: row.file_sha256,
    entries: row.entries,
    creditCount: row.credit_count,
    creditTotal: formatMinor(BigInt(row.credit_total_minor), EUR),
    currency: 'EUR',
    skipped: row.skipped,
    uploadedBy: { userId: row.uploaded_by, username: row.uploaded_by_name },
    uploadedAt: row.uploaded_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedBy:
      row.decided_by === null ? null : { userId: row.decided_by, username: row.decided_by_name ?? '' },
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejectReason: row.reject_reason,
    bookedAt: row.booked_at?.toISOString() ?? null,
    result: row.result,
    ...(withCredits ? { credits: row.credits } : {}),
  };
}

/** The booked EUR credits of a parsed file, checked whole (a bad one refuses the file: nothing is stored). */
function creditsOf(transactions: readonly CamtTransaction[]) {
  const credits = transactions.filter(
    (transaction) =>
      transaction.booked && transaction.creditDebit === 'CRDT' && transaction.currency === 'EUR',
  );
  return credits.map((credit) => {
    if (!credit.creditorIban) {
      throw new Camt054InvalidError(undefined, {
        problem: 'entry_invalid',
        detail: `${credit.reference}: no creditor IBAN`,
      });
    }
    let amountMinor: bigint;
    try {
      amountMinor = parsePositiveAmount(credit.amount, EUR);
    } catch {
      throw new Camt054InvalidError(undefined, {
        problem: 'entry_invalid',
        detail: `${credit.reference}: bad amount`,
      });
    }
    return { transaction: credit, creditorIban: normalizeIban(credit.creditorIban), amountMinor };
  });
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += LOOKUP_CHUNK) {
    result.push(items.slice(start, start + LOOKUP_CHUNK));
  }
  return result;
}

/** Where each credit is expected to land: the EUR wallets with these IBANs, the references booked already. */
async function expectations(rails: Rails, ibans: readonly string[], references: readonly string[]) {
  const walletIbans = new Set<string>();
  for (const part of chunks([...new Set(ibans)])) {
    const rows = await rails.db
      .selectFrom('wallets')
      .select('iban')
      .where('asset', '=', 'EUR')
      .where('iban', 'in', part)
      .execute();
    rows.forEach((row) => row.iban && walletIbans.add(row.iban));
  }
  const booked = new Set<string>();
  for (const part of chunks([...new Set(references)])) {
    const rows = await rails.db
      .selectFrom('sepa_credits')
      .select('entry_reference')
      .where('entry_reference', 'in', part)
      .execute();
    rows.forEach((row) => booked.add(row.entry_reference));
  }
  return { walletIbans, booked };
}

/** Throws CASH_CAMT054_TOO_MANY_PENDING when CAMT054_PENDING_IMPORTS_MAX imports already wait. */
async function requireRoomForAnImport(rails: Rails): Promise<void> {
  const { pending } = await rails.db
    .selectFrom('camt054_imports')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('status', '=', 'pending')
    .where('expires_at', '>', rails.core.now())
    .executeTakeFirstOrThrow();
  if (Number(pending) >= CAMT054_PENDING_IMPORTS_MAX) {
    throw new Camt054TooManyPendingError(undefined, { max: CAMT054_PENDING_IMPORTS_MAX });
  }
}

/** POST /sepa/camt054: reads the file and stores it as a pending import (nothing booked), audited. */
export async function uploadCamt054(rails: Rails, principal: Principal, xml: string): Promise<Camt054Import> {
  requireCamt054Admin(principal);
  const parsed = parseCamt054(xml);
  if (!parsed.ok) {
    throw new Camt054InvalidError(undefined, {
      problem: parsed.problem,
      ...(parsed.detail ? { detail: parsed.detail } : {}),
    });
  }
  const credits = creditsOf(parsed.transactions);
  await requireRoomForAnImport(rails);
  const { walletIbans, booked } = await expectations(
    rails,
    credits.map((credit) => credit.creditorIban),
    credits.map((credit) => credit.transaction.reference),
  );
  const seen = new Set<string>();
  const preview: Camt054ImportCredit[] = credits.map(({ transaction, creditorIban, amountMinor }) => {
    const duplicate = booked.has(transaction.reference) || seen.has(transaction.reference);
    seen.add(transaction.reference);
    return {
      reference: transaction.reference,
      creditorIban,
      amount: formatMinor(amountMinor, EUR),
      debtorName: transaction.debtorName,
      debtorIban: transaction.debtorIban,
      remittance: transaction.remittance,
      expectedOutcome: duplicate ? 'duplicate' : walletIbans.has(creditorIban) ? 'credited' : 'suspense',
    };
  });
  const totalMinor = credits.reduce((sum, credit) => sum + credit.amountMinor, 0n);
  const now = rails.core.now();
  const row: ImportRow = {
    id: randomUUID(),
    status: 'pending',
    file_sha256: createHash('sha256').update(xml, 'utf8').digest('hex'),
    entries: parsed.transactions.length,
    credits: preview,
    credit_count: preview.length,
    credit_total_minor: totalMinor.toString(),
    skipped: parsed.transactions.length - preview.length,
    uploaded_by: principal.userId,
    uploaded_by_name: principal.username,
    uploaded_at: now,
    expires_at: new Date(now.getTime() + TTL_MS),
    decided_by: null,
    decided_by_name: null,
    decided_at: null,
    reject_reason: null,
    booked_at: null,
    result: null,
  };
  await rails.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('camt054_imports')
      .values({ ...row, credits: JSON.stringify(preview), result: null })
      .execute();
    await appendAudit(trx, {
      actor: principal,
      action: 'camt054.upload',
      subjectType: 'camt054_import',
      subjectId: row.id,
      details: figuresOf(row),
      at: now,
    });
  });
  return toImport(row, now, true);
}

/** The figures every audit entry of an import carries. */
function figuresOf(row: ImportRow): Record<string, unknown> {
  return {
    importId: row.id,
    fileSha256: row.file_sha256,
    entries: row.entries,
    creditCount: row.credit_count,
    creditTotal: formatMinor(BigInt(row.credit_total_minor), EUR),
    currency: 'EUR',
    skipped: row.skipped,
  };
}

async function findImport(rails: Rails, id: string): Promise<ImportRow | undefined> {
  if (!isUuid(id)) {
    return undefined;
  }
  return rails.db.selectFrom('camt054_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** GET /sepa/camt054/imports: newest first, at most CAMT054_IMPORT_LIST_MAX, without the previews. */
export async function listCamt054Imports(
  rails: Rails,
  principal: Principal,
  status: Camt054ImportStatus | undefined,
): Promise<Camt054Import[]> {
  requireCamt054Admin(principal);
  const now = rails.core.now();
  let query = rails.db.selectFrom('camt054_imports').selectAll();
  if (status === 'pending') {
    query = query.where('status', '=', 'pending').where('expires_at', '>', now);
  } else if (status === 'expired') {
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', now)]),
      ]),
    );
  } else if (status !== undefined) {
    query = query.where('status', '=', status);
  }
  const rows = await query
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CAMT054_IMPORT_LIST_MAX)
    .execute();
  return rows.map((row) => toImport(row, now, false));
}

/** GET /sepa/camt054/imports/:id: with its preview. */
export async function getCamt054Import(
  rails: Rails,
  principal: Principal,
  id: string,
): Promise<Camt054Import> {
  requireCamt054Admin(principal);
  const row = await findImport(rails, id);
  if (!row) {
    throw new Camt054ImportNotFoundError();
  }
  return toImport(row, rails.core.now(), true);
}

/**
 * Decides a pending import under a row lock (two admins deciding at once are served one after the other). Returns
 * the row as decided, or the refusal to throw once the transaction is over (an expiry is written first).
 */
async function decide(
  rails: Rails,
  principal: Principal,
  id: string,
  decision: { readonly approve: true } | { readonly approve: false; readonly reason: string | null },
): Promise<ImportRow> {
  const now = rails.core.now();
  const outcome = await rails.db.transaction().execute(async (trx) => {
    const row = isUuid(id)
      ? await trx
          .selectFrom('camt054_imports')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) {
      return { refusal: new Camt054ImportNotFoundError() };
    }
    if (decision.approve && row.uploaded_by === principal.userId) {
      return { refusal: new Camt054SameAdminError() };
    }
    if (statusOf(row, now) === 'expired') {
      await trx.updateTable('camt054_imports').set({ status: 'expired' }).where('id', '=', id).execute();
      return {
        refusal: new Camt054ImportExpiredError(undefined, { expiresAt: row.expires_at.toISOString() }),
      };
    }
    // Approving an approved import again resumes (or confirms) its booking; anything else was decided already.
    if (row.status !== 'pending') {
      return decision.approve && (row.status === 'approved' || row.status === 'booked')
        ? { row }
        : { refusal: new Camt054ImportNotPendingError(undefined, { status: row.status }) };
    }
    const decided: ImportRow = {
      ...row,
      status: decision.approve ? 'approved' : 'rejected',
      decided_by: principal.userId,
      decided_by_name: principal.username,
      decided_at: now,
      reject_reason: decision.approve ? null : decision.reason,
    };
    await trx
      .updateTable('camt054_imports')
      .set({
        status: decided.status,
        decided_by: decided.decided_by,
        decided_by_name: decided.decided_by_name,
        decided_at: now,
        reject_reason: decided.reject_reason,
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      actor: principal,
      action: decision.approve ? 'camt054.approve' : 'camt054.reject',
      subjectType: 'camt054_import',
      subjectId: id,
      details: { ...figuresOf(row), ...(decision.approve ? {} : { reason: decided.reject_reason }) },
      at: now,
    });
    return { row: decided };
  });
  if ('refusal' in outcome) {
    throw outcome.refusal;
  }
  return outcome.row;
}

/** POST /sepa/camt054/imports/:id/approve: a second admin's yes, then the stored credits are booked (once). */
export async function approveCamt054Import(
  rails: Rails,
  principal: Principal,
  id: string,
): Promise<Camt054Import> {
  requireCamt054Admin(principal);
  const approved = await decide(rails, principal, id, { approve: true });
  if (approved.status === 'booked') {
    return toImport(approved, rails.core.now(), true);
  }
  // Approvals of one import in this process wait for the booking under way instead of running it a second time:
  // money would still move once (entry references), but the figures would count the other's bookings as duplicates.
  // Across processes that can still happen; only the figures, never the money, would be affected.
  let booking = bookingsUnderWay.get(approved.id);
  if (!booking) {
    booking = bookApproved(rails, principal, approved).finally(() => bookingsUnderWay.delete(approved.id));
    bookingsUnderWay.set(approved.id, booking);
  }
  await booking;
  return getCamt054Import(rails, principal, approved.id);
}

/** The bookings running in this process, by import id. */
const bookingsUnderWay = new Map<string, Promise<void>>();

/** Books an approved import's credits (each once by its entry reference), then marks it booked, audited. */
async function bookApproved(rails: Rails, principal: Principal, approved: ImportRow): Promise<void> {
  // From here the import is approved: every credit is booked once by its entry reference, whoever runs this.
  const results: SepaCreditResult[] = [];
  for (const credit of approved.credits) {
    results.push(
      await bookIncomingCredit(
        rails,
        {
          entryReference: credit.reference,
          creditorIban: credit.creditorIban,
          amount: credit.amount,
          debtorName: credit.debtorName,
          debtorIban: credit.debtorIban,
          remittance: credit.remittance,
        },
        'camt054',
      ),
    );
  }
  const fresh = results.filter((result) => result.created);
  const result: Camt054ImportResult = {
    entries: approved.entries,
    credited: fresh.filter((booked) => booked.outcome === 'credited').length,
    suspense: fresh.filter((booked) => booked.outcome === 'suspense').length,
    duplicates: results.length - fresh.length,
    skipped: approved.skipped,
    results,
  };
  const now = rails.core.now();
  await rails.db.transaction().execute(async (trx) => {
    // Only the first to finish writes the figures (another process's approval may have finished first).
    const marked = await trx
      .updateTable('camt054_imports')
      .set({ status: 'booked', booked_at: now, result: JSON.stringify(result) })
      .where('id', '=', approved.id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (marked.numUpdatedRows > 0n) {
      // The booking is the approver's act, whichever approval's request happened to finish it.
      await appendAudit(trx, {
        actor: { userId: approved.decided_by!, username: approved.decided_by_name ?? '' },
        action: 'camt054.book',
        subjectType: 'camt054_import',
        subjectId: approved.id,
        details: {
          ...figuresOf(approved),
          credited: result.credited,
          suspense: result.suspense,
          duplicates: result.duplicates,
          finishedInRequestOf: principal.userId,
        },
        at: now,
      });
    }
  });
}

/** POST /sepa/camt054/imports/:id/reject: any admin (the uploader too) turns a pending import down; audited. */
export async function rejectCamt054Import(
  rails: Rails,
  principal: Principal,
  id: string,
  reason: string | null,
): Promise<Camt054Import> {
  requireCamt054Admin(principal);
  const rejected = await decide(rails, principal, id, { approve: false, reason });
  return toImport(rejected, rails.core.now(), true);
}
