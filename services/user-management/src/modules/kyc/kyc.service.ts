/**
 * Identity verification (issue #16, docs/adr/0016-kyc.md): the customer's application and the reviewers'
 * decisions. Rules, each with its named rejection:
 * - One application is open per customer. A customer edits it while it is in progress or more information was
 *   requested; a rejected one, or an approved level 2 on the way to level 3, starts a new attempt with the same
 *   declared parts (the images are asked again: they belong to the attempt, and the retention rule deletes them).
 * - Level 3 needs level 2 first (KYC_TARGET_LEVEL_INVALID), and every level once (no application at or below the
 *   customer's level).
 * - Submit checks every part (KYC_APPLICATION_INCOMPLETE lists the missing ones), the age (18), the document's
 *   expiry and, for passports and ID cards, the machine-readable zone again (KYC_MRZ_INVALID, KYC_MRZ_MISMATCH).
 * - A reviewer decides a submitted or claimed case (KYC_CASE_NOT_OPEN otherwise). Level 2: one approval grants the
 *   level. Level 3: two approvals by two different reviewers (KYC_SECOND_REVIEWER_REQUIRED): four eyes.
 * - The level is granted in the decision's transaction (customers' writeKycLevelIn, the same write as
 *   grantKycLevel), and the customer hears of every status change (kyc.updated).
 * - A decided application's images are deleted by the retention job after KYC_DOCUMENT_RETENTION_DAYS (approved)
 *   or KYC_REJECTED_DOCUMENT_RETENTION_DAYS (rejected).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  type CustomerEmailNotice,
  type IdentityDirectoryApi,
  KYC_APPLICATION_PARTS,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_FILE_CONTENT_TYPES,
  KYC_MRZ_DOCUMENT_TYPES,
  KYC_OPEN_CASE_STATUSES,
  KYC_SINGLE_SIDED_DOCUMENT_TYPES,
  type KycApplicationPart,
  type KycApplicationResponse,
  type KycApplicationUpdate,
  type KycCaseDetail,
  type KycCaseListQuery,
  type KycCaseSummary,
  type KycDecisionRequest,
  type KycDocument,
  type KycDocumentInput,
  type KycFileMeta,
  type KycFileSlot,
  type KycLevel,
  type KycPersonal,
  type KycStatus,
  type KycTargetLevel,
} from '@tessera/contracts';
import { type AnyKysely, JobQueue, type ObjectStore, type StoredObject } from '@tessera/platform';
import { writeKycLevelIn, writeKycStatusIn } from '../customers/customers.service.ts';
import type { UserManagementService } from '../customers/customers.service.ts';
import {
  KycApplicationIncompleteError,
  KycApplicationLockedError,
  KycCaseNotFoundError,
  KycCaseNotOpenError,
  KycDocumentExpiredError,
  KycDocumentTooLargeError,
  KycDocumentTypeUnsupportedError,
  KycFileNotFoundError,
  KycMrzInvalidError,
  KycMrzMismatchError,
  KycSecondReviewerRequiredError,
  KycTargetLevelInvalidError,
  KycUnderageError,
} from './kyc.errors.ts';
import { sniffImageType } from './kyc-images.ts';
import { checkMrz } from './kyc-mrz.ts';
import type { KycNotifier } from './kyc-notifier.ts';
import { ageOn, scoreApplication } from './kyc-risk.ts';
import {
  applicationById,
  applicationsIn,
  decisionsOfUser,
  filesOf,
  insertApplication,
  insertDecision,
  isUuid,
  latestApplication,
  markFilePurged,
  updateApplication,
  upsertFile,
} from './kyc.repository.ts';
import type { StoredApplication, StoredFile } from './kyc.types.ts';

/** The retention job's queue. */
export const KYC_PURGE_QUEUE = 'kyc.purge-documents';
/** The youngest customer accepted. */
export const KYC_MINIMUM_AGE = 18;
/** The most applications the queue reads before filtering by name (q). */
const CASE_SCAN_MAX = 500;

/** Who acts on a case. */
export interface Reviewer {
  readonly userId: string;
  /** Their e-mail or name, as the decisions history shows it. */
  readonly label: string;
}

/** What the KYC service needs. */
export interface KycDependencies {
  readonly db: AnyKysely;
  readonly customers: UserManagementService;
  readonly store: ObjectStore;
  readonly notify: KycNotifier;
  readonly directory: () => IdentityDirectoryApi | undefined;
  readonly retention: { readonly approvedDays: number; readonly rejectedDays: number };
  /** The clock (tests move it). */
  readonly now: () => Date;
  readonly log?: { warn(object: unknown, message: string): void };
}

/** The statuses a customer is told of by e-mail: a reviewer's decisions. */
const DECISION_EMAILS: Partial<Record<KycStatus, CustomerEmailNotice>> = {
  approved: 'kycApproved',
  rejected: 'kycRejected',
  more_info_requested: 'kycMoreInfoRequested',
};

const DAY_MS = 86_400_000;
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);
const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

/** The parts still needed before submit. */
export function missingParts(application: StoredApplication | undefined, files: readonly StoredFile[]) {
  const missing: KycApplicationPart[] = [];
  const present = new Set(files.filter((file) => file.purgedAt === null).map((file) => file.slot));
  const document = application?.document ?? null;
  const need = (part: KycApplicationPart, ok: boolean) => {
    if (!ok) {
      missing.push(part);
    }
  };
  need('personal', Boolean(application?.personal));
  need('address', Boolean(application?.address));
  need('document', document !== null);
  if (document && KYC_MRZ_DOCUMENT_TYPES.includes(document.type)) {
    need('document.mrz', document.mrzLines !== undefined);
  }
  need('file.front', present.has('front'));
  if (!document || !KYC_SINGLE_SIDED_DOCUMENT_TYPES.includes(document.type)) {
    need('file.back', present.has('back'));
  }
  need('file.selfie', present.has('selfie'));
  need('dueDiligence', Boolean(application?.dueDiligence));
  if (application?.targetLevel === 3 && application.dueDiligence) {
    need('dueDiligence.sourceOfFunds', application.dueDiligence.sourceOfFunds !== undefined);
  }
  return KYC_APPLICATION_PARTS.filter((part) => missing.includes(part));
}

/** The document as the customer and the reviewer see it: the server's reading of its zone, not the raw lines. */
function documentView(application: StoredApplication, today: string): KycDocument | null {
  const document = application.document;
  if (!document) {
    return null;
  }
  const { mrzLines, ...rest } = document;
  return mrzLines
    ? { ...rest, mrz: checkMrz(mrzLines, { personal: application.personal, document }, today) }
    : rest;
}

function fileMeta(file: StoredFile): KycFileMeta {
  return {
    slot: file.slot,
    contentType: file.contentType,
    size: file.sizeBytes,
    uploadedAt: file.uploadedAt.toISOString(),
  };
}

function refuseUnderage(personal: KycPersonal | null | undefined, today: string) {
  if (personal && ageOn(personal.birthDate, today) < KYC_MINIMUM_AGE) {
    throw new KycUnderageError();
  }
}

function refuseExpired(document: KycDocumentInput | null | undefined, today: string) {
  if (document?.expiryDate !== undefined && document.expiryDate < today) {
    throw new KycDocumentExpiredError();
  }
}

/** The object key of an application's image: never built from anything the customer typed. */
function objectKeyOf(application: StoredApplication, slot: KycFileSlot): string {
  return `kyc/${application.userId}/${application.id}/${slot}`;
}

/** Builds the KYC service. */
export function createKycService(deps: KycDependencies) {
  const { db, store } = deps;
  const queue = new JobQueue({ db, now: deps.now });

  const levelOf = async (userId: string): Promise<KycLevel> =>
    (await deps.customers.getCustomer(userId)).kycLevel;

  async function applicationResponse(
    userId: string,
    application: StoredApplication | undefined,
  ): Promise<KycApplicationResponse> {
    const level = await levelOf(userId);
    const files = application ? await filesOf(db, application.id) : [];
    const today = dateOf(deps.now());
    return {
      id: application?.id ?? null,
      targetLevel: application?.targetLevel ?? (level >= 2 ? 3 : 2),
      status: application?.status ?? 'not_started',
      level,
      personal: application?.personal ?? null,
      address: application?.address ?? null,
      document: application ? documentView(application, today) : null,
      files: files.filter((file) => file.purgedAt === null).map(fileMeta),
      dueDiligence: application?.dueDiligence ?? null,
      missing: missingParts(application, files),
      decisionReason:
        application?.status === 'rejected' || application?.status === 'more_info_requested'
          ? application.decisionReason
          : null,
      submittedAt: iso(application?.submittedAt ?? null),
      updatedAt: iso(application?.updatedAt ?? null),
    };
  }

  /**
   * The application the customer may change now, created (or started again from the last attempt) when needed,
   * inside `trx`. `targetLevel` is the level asked for, when the update names one.
   */
  async function editableApplication(
    trx: AnyKysely,
    userId: string,
    level: KycLevel,
    targetLevel: KycTargetLevel | undefined,
  ): Promise<StoredApplication> {
    const current = await latestApplication(trx, userId);
    if (current && (current.status === 'submitted' || current.status === 'under_review')) {
      throw new KycApplicationLockedError();
    }
    const reusable =
      current && (current.status === 'in_progress' || current.status === 'more_info_requested');
    const target = targetLevel ?? (reusable ? current.targetLevel : level >= 2 ? 3 : 2);
    if (target <= level || (target === 3 && level < 2)) {
      throw new KycTargetLevelInvalidError(undefined, { level, targetLevel: target });
    }
    if (reusable) {
      return current;
    }
    if (current?.status === 'approved' && target <= current.targetLevel) {
      throw new KycApplicationLockedError();
    }
    // A first application, or a new attempt after a decision: the declared parts carry over, the images do not.
    const now = deps.now();
    const id = randomUUID();
    await insertApplication(trx, {
      id,
      userId,
      targetLevel: target,
      now,
      ...(current
        ? {
            personal: current.personal,
            address: current.address,
            document: current.document,
            dueDiligence: current.dueDiligence,
          }
        : {}),
    });
    const created = await applicationById(trx, id);
    if (!created) {
      throw new Error('the application just inserted is missing');
    }
    return created;
  }

  /**
   * Runs `step` in a transaction (with the customer's level, read before it: on PGlite a transaction holds the one
   * connection, so nothing outside `trx` may be read inside it), mirrors the status on the customer's profile, then
   * tells the customer when their status or level changed.
   */
  /** A reviewer's decision also goes by e-mail (identity's outbox); the live message above is for open tabs. */
  function emailDecision(userId: string, status: KycStatus): void {
    const notice = DECISION_EMAILS[status];
    const emailCustomer = deps.directory()?.emailCustomer;
    if (notice && emailCustomer) {
      emailCustomer(userId, notice).catch((error: unknown) => {
        deps.log?.warn({ err: error, userId }, 'KYC decision e-mail not queued');
      });
    }
  }

  async function changeStatus<T>(
    userId: string,
    step: (trx: AnyKysely, level: KycLevel) => Promise<{ result: T; status: KycStatus | null }>,
  ): Promise<T> {
    const before = await deps.customers.getCustomer(userId);
    const { result, status } = await db.transaction().execute(async (trx) => {
      const outcome = await step(trx, before.kycLevel);
      if (outcome.status !== null) {
        await writeKycStatusIn(trx, userId, outcome.status);
      }
      return outcome;
    });
    if (status !== null) {
      const after = await deps.customers.getCustomer(userId);
      if (after.kycStatus !== before.kycStatus || after.kycLevel !== before.kycLevel) {
        deps.notify(userId, { type: 'kyc.updated', status: after.kycStatus, level: after.kycLevel });
        emailDecision(userId, after.kycStatus);
      }
    }
    return result;
  }

  return {
    /** GET /kyc/application. */
    async getApplication(userId: string): Promise<KycApplicationResponse> {
      return applicationResponse(userId, await latestApplication(db, userId));
    },

    /** PUT /kyc/application: each part given replaces the stored one. */
    async updateApplication(userId: string, update: KycApplicationUpdate): Promise<KycApplicationResponse> {
      const today = dateOf(deps.now());
      refuseUnderage(update.personal, today);
      refuseExpired(update.document, today);
      const id = await changeStatus(userId, async (trx, level) => {
        const application = await editableApplication(trx, userId, level, update.targetLevel);
        await updateApplication(
          trx,
          application.id,
          {
            status: 'in_progress',
            ...(update.targetLevel !== undefined ? { targetLevel: update.targetLevel } : {}),
            ...(update.personal ? { personal: update.personal } : {}),
            ...(update.address ? { address: update.address } : {}),
            ...(update.document ? { document: update.document } : {}),
            ...(update.dueDiligence ? { dueDiligence: update.dueDiligence } : {}),
          },
          deps.now(),
        );
        return { result: application.id, status: 'in_progress' };
      });
      return applicationResponse(userId, await applicationById(db, id));
    },

    /** PUT /kyc/application/files/:slot: `declaredType` is the Content-Type header. */
    async uploadFile(
      userId: string,
      slot: KycFileSlot,
      declaredType: string | undefined,
      bytes: Uint8Array,
    ): Promise<KycFileMeta> {
      if (bytes.byteLength > KYC_DOCUMENT_MAX_BYTES) {
        throw new KycDocumentTooLargeError(undefined, { maxBytes: KYC_DOCUMENT_MAX_BYTES });
      }
      const sniffed = sniffImageType(bytes);
      const declared = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
      if (sniffed === null || sniffed !== declared) {
        throw new KycDocumentTypeUnsupportedError(undefined, { accepted: [...KYC_FILE_CONTENT_TYPES] });
      }
      // From here the image is one we keep. The bytes go first: a row never names an object that is not there.
      const application = await changeStatus(userId, async (trx, level) => {
        const editable = await editableApplication(trx, userId, level, undefined);
        await updateApplication(trx, editable.id, { status: 'in_progress' }, deps.now());
        return { result: editable, status: 'in_progress' };
      });
      const objectKey = objectKeyOf(application, slot);
      await store.put(objectKey, bytes, sniffed);
      const now = deps.now();
      await upsertFile(db, {
        applicationId: application.id,
        slot,
        objectKey,
        contentType: sniffed,
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        now,
      });
      return { slot, contentType: sniffed, size: bytes.byteLength, uploadedAt: now.toISOString() };
    },

    /** POST /kyc/application/submit. */
    async submit(userId: string): Promise<KycApplicationResponse> {
      const today = dateOf(deps.now());
      const id = await changeStatus(userId, async (trx, level) => {
        const application = await latestApplication(trx, userId);
        if (
          !application ||
          (application.status !== 'in_progress' && application.status !== 'more_info_requested')
        ) {
          throw application
            ? new KycApplicationLockedError()
            : new KycApplicationIncompleteError(undefined, {
                missing: missingParts(undefined, []),
              });
        }
        const missing = missingParts(application, await filesOf(trx, application.id));
        if (missing.length > 0) {
          throw new KycApplicationIncompleteError(undefined, { missing });
        }
        refuseUnderage(application.personal, today);
        refuseExpired(application.document, today);
        const document = application.document!;
        if (document.mrzLines) {
          const check = checkMrz(document.mrzLines, { personal: application.personal, document }, today);
          if (!check.valid) {
            throw new KycMrzInvalidError(undefined, { invalidFields: check.invalidFields });
          }
          if (check.mismatches.length > 0) {
            throw new KycMrzMismatchError(undefined, { fields: check.mismatches });
          }
          if (check.fields.expiryDate !== null && check.fields.expiryDate < today) {
            throw new KycDocumentExpiredError();
          }
        }
        if (application.targetLevel <= level) {
          throw new KycTargetLevelInvalidError(undefined, { level, targetLevel: application.targetLevel });
        }
        await updateApplication(
          trx,
          application.id,
          { status: 'submitted', submittedAt: deps.now(), decisionReason: null, assignedTo: null },
          deps.now(),
        );
        return { result: application.id, status: 'submitted' };
      });
      return applicationResponse(userId, await applicationById(db, id));
    },

    /** GET /staff/kyc/cases. */
    async listCases(query: KycCaseListQuery): Promise<KycCaseSummary[]> {
      const applications = await applicationsIn(db, {
        statuses: query.status ? [query.status] : KYC_OPEN_CASE_STATUSES,
        ...(query.targetLevel ? { targetLevel: Number(query.targetLevel) as KycTargetLevel } : {}),
        newestFirst: query.sort === 'newest',
        limit: query.q ? CASE_SCAN_MAX : query.limit,
      });
      const now = deps.now();
      const today = dateOf(now);
      const summaries: KycCaseSummary[] = [];
      const needle = query.q?.toLowerCase();
      for (const application of applications) {
        const who = await customerOf(application);
        if (
          needle &&
          !who.customerName.toLowerCase().includes(needle) &&
          !(who.email ?? '').toLowerCase().includes(needle)
        ) {
          continue;
        }
        const risk = scoreApplication({ ...application, document: documentView(application, today) }, today);
        summaries.push({
          id: application.id,
          userId: application.userId,
          ...who,
          targetLevel: application.targetLevel,
          status: application.status,
          submittedAt: iso(application.submittedAt),
          ageSeconds: application.submittedAt
            ? Math.max(0, Math.floor((now.getTime() - application.submittedAt.getTime()) / 1000))
            : 0,
          riskScore: risk.score,
          riskBand: risk.band,
          assignedTo: application.assignedTo,
          approvals: await approvalsOf(db, application),
        });
        if (summaries.length >= query.limit) {
          break;
        }
      }
      return summaries;
    },

    /** GET /staff/kyc/cases/:id. */
    async getCase(id: string): Promise<KycCaseDetail> {
      return caseDetail(await caseOrThrow(db, id));
    },

    /** The case's owner, for the audit entry before anything is answered. */
    async caseOwner(id: string): Promise<string> {
      return (await caseOrThrow(db, id)).userId;
    },

    /** GET /staff/kyc/cases/:id/files/:slot. */
    async readFile(id: string, slot: KycFileSlot): Promise<StoredObject> {
      const application = await caseOrThrow(db, id);
      const file = (await filesOf(db, application.id)).find(
        (candidate) => candidate.slot === slot && candidate.purgedAt === null,
      );
      const stored = file ? await store.get(file.objectKey) : null;
      if (!stored) {
        throw new KycFileNotFoundError();
      }
      return stored;
    },

    /** POST /staff/kyc/cases/:id/claim. */
    async claim(id: string, reviewer: Reviewer): Promise<KycCaseDetail> {
      const application = await caseOrThrow(db, id);
      await changeStatus(application.userId, async (trx) => {
        const locked = await applicationById(trx, id, { forUpdate: true });
        if (!locked || (locked.status !== 'submitted' && locked.status !== 'under_review')) {
          throw new KycCaseNotOpenError();
        }
        await updateApplication(trx, id, { status: 'under_review', assignedTo: reviewer.userId }, deps.now());
        return { result: undefined, status: 'under_review' };
      });
      return caseDetail(await caseOrThrow(db, id));
    },

    /** POST /staff/kyc/cases/:id/decision. */
    async decide(id: string, reviewer: Reviewer, request: KycDecisionRequest): Promise<KycCaseDetail> {
      const application = await caseOrThrow(db, id);
      await changeStatus(application.userId, (trx) => decideIn(trx, id, reviewer, request));
      return caseDetail(await caseOrThrow(db, id));
    },

    /**
     * The retention job's work: deletes the application's images from the object store and marks their rows.
     * Idempotent (a deleted object deletes again without error). Returns how many were deleted.
     */
    async purgeFiles(applicationId: string): Promise<number> {
      let purged = 0;
      for (const file of await filesOf(db, applicationId)) {
        if (file.purgedAt === null) {
          await store.delete(file.objectKey);
          await markFilePurged(db, applicationId, file.slot, deps.now());
          purged += 1;
        }
      }
      return purged;
    },
  };

  async function caseOrThrow(trx: AnyKysely, id: string): Promise<StoredApplication> {
    const application = isUuid(id) ? await applicationById(trx, id) : undefined;
    if (!application) {
      throw new KycCaseNotFoundError();
    }
    return application;
  }

  async function customerOf(application: StoredApplication) {
    const contact = await deps.directory()?.getContact(application.userId);
    const declared = application.personal
      ? `${application.personal.firstName} ${application.personal.lastName}`
      : null;
    return {
      customerName: declared ?? contact?.displayName ?? application.userId,
      email: contact?.email ?? null,
    };
  }

  /** Approvals of the application's current submission (a resubmission starts the count again). */
  async function approvalsOf(trx: AnyKysely, application: StoredApplication): Promise<number> {
    return (await currentApprovals(trx, application)).length;
  }

  async function currentApprovals(trx: AnyKysely, application: StoredApplication) {
    const submittedAt = application.submittedAt?.getTime() ?? 0;
    return (await decisionsOfUser(trx, application.userId)).filter(
      (decision) =>
        decision.applicationId === application.id &&
        decision.decision === 'approve' &&
        decision.createdAt.getTime() >= submittedAt,
    );
  }

  async function caseDetail(application: StoredApplication): Promise<KycCaseDetail> {
    const today = dateOf(deps.now());
    const view = await applicationResponse(application.userId, application);
    const approvals = await approvalsOf(db, application);
    const decided = application.status === 'approved' || application.status === 'rejected';
    return {
      id: application.id,
      userId: application.userId,
      ...(await customerOf(application)),
      application: view,
      mrzCheck: view.document?.mrz ?? null,
      risk: scoreApplication({ ...application, document: view.document }, today),
      assignedTo: application.assignedTo,
      approvalsNeeded: decided ? 0 : Math.max(0, (application.targetLevel === 3 ? 2 : 1) - approvals),
      decisions: (await decisionsOfUser(db, application.userId)).map((decision) => ({
        reviewerId: decision.reviewerId,
        reviewer: decision.reviewerLabel,
        decision: decision.decision,
        reason: decision.reason,
        at: decision.createdAt.toISOString(),
      })),
    };
  }

  /** One decision, in `trx`: the rules of the module comment. */
  async function decideIn(
    trx: AnyKysely,
    id: string,
    reviewer: Reviewer,
    request: KycDecisionRequest,
  ): Promise<{ result: undefined; status: KycStatus }> {
    const application = await applicationById(trx, id, { forUpdate: true });
    if (!application || (application.status !== 'submitted' && application.status !== 'under_review')) {
      throw new KycCaseNotOpenError();
    }
    const now = deps.now();
    const approvals = await currentApprovals(trx, application);
    if (
      request.decision === 'approve' &&
      approvals.some((approval) => approval.reviewerId === reviewer.userId)
    ) {
      throw new KycSecondReviewerRequiredError();
    }
    // From here the decision is recorded.
    await insertDecision(trx, {
      applicationId: id,
      userId: application.userId,
      reviewerId: reviewer.userId,
      reviewerLabel: reviewer.label,
      decision: request.decision,
      reason: request.reason ?? null,
      createdAt: now,
    });
    if (request.decision === 'request_info') {
      await updateApplication(
        trx,
        id,
        { status: 'more_info_requested', decisionReason: request.reason ?? null, assignedTo: null },
        now,
      );
      return { result: undefined, status: 'more_info_requested' };
    }
    if (request.decision === 'approve' && application.targetLevel === 3 && approvals.length === 0) {
      // The first of two approvals: the case waits, unassigned, for a second reviewer.
      await updateApplication(trx, id, { status: 'under_review', assignedTo: null }, now);
      return { result: undefined, status: 'under_review' };
    }
    const status = request.decision === 'approve' ? 'approved' : 'rejected';
    await updateApplication(trx, id, { status, decidedAt: now, decisionReason: request.reason ?? null }, now);
    if (status === 'approved') {
      await writeKycLevelIn(trx, application.userId, {
        level: application.targetLevel,
        status: 'approved',
        actorId: `kyc:${reviewer.userId}`,
      });
    }
    const days = status === 'approved' ? deps.retention.approvedDays : deps.retention.rejectedDays;
    await queue.enqueue(
      {
        queue: KYC_PURGE_QUEUE,
        key: id,
        payload: { applicationId: id },
        runAt: new Date(now.getTime() + days * DAY_MS),
      },
      { db: trx },
    );
    return { result: undefined, status };
  }
}

/** The KYC service. */
export type KycService = ReturnType<typeof createKycService>;
