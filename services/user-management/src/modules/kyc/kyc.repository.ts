/**
 * The KYC tables (migrations/0003-kyc.ts): reads map rows to {@link StoredApplication} and {@link StoredFile};
 * writes take the caller's `db` so a service step can run them in one transaction.
 */
import type {
  KycDecision,
  KycFileContentType,
  KycFileSlot,
  KycStatus,
  KycTargetLevel,
} from '@tessera/contracts';
import type { AnyKysely } from '@tessera/platform';
import type { StoredApplication, StoredFile } from './kyc.types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (ids in paths are checked before they reach a `uuid` column: no driver error becomes a 500). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

interface ApplicationRow {
  id: string;
  user_id: string;
  target_level: number;
  status: StoredApplication['status'];
  personal: unknown;
  address: unknown;
  document: unknown;
  due_diligence: unknown;
  decision_reason: string | null;
  assigned_to: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const json = <T>(value: unknown): T | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

function toApplication(row: ApplicationRow): StoredApplication {
  return {
    id: row.id,
    userId: row.user_id,
    targetLevel: row.target_level as KycTargetLevel,
    status: row.status,
    personal: json(row.personal),
    address: json(row.address),
    document: json(row.document),
    dueDiligence: json(row.due_diligence),
    decisionReason: row.decision_reason,
    assignedTo: row.assigned_to,
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The customer's latest application, or undefined when they never started one. */
export async function latestApplication(
  db: AnyKysely,
  userId: string,
): Promise<StoredApplication | undefined> {
  const row = (await db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()) as ApplicationRow | undefined;
  return row ? toApplication(row) : undefined;
}

/** One application by id (a UUID checked by the caller), optionally locked for the caller's transaction. */
export async function applicationById(
  db: AnyKysely,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredApplication | undefined> {
  let query = db.selectFrom('kyc_applications').selectAll().where('id', '=', id);
  if (options.forUpdate) {
    query = query.forUpdate();
  }
  const row = (await query.executeTakeFirst()) as ApplicationRow | undefined;
  return row ? toApplication(row) : undefined;
}

/** Applications in `statuses`, oldest or newest submission first, at most `limit`. */
export async function applicationsIn(
  db: AnyKysely,
  filter: {
    statuses: readonly KycStatus[];
    targetLevel?: KycTargetLevel;
    newestFirst: boolean;
    limit: number;
  },
): Promise<StoredApplication[]> {
  let query = db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('status', 'in', [...filter.statuses]);
  if (filter.targetLevel !== undefined) {
    query = query.where('target_level', '=', filter.targetLevel);
  }
  const direction = filter.newestFirst ? 'desc' : 'asc';
  const rows = (await query
    .orderBy('submitted_at', direction)
    .orderBy('created_at', direction)
    .limit(filter.limit)
    .execute()) as ApplicationRow[];
  return rows.map(toApplication);
}

/** The parts an insert or update writes. */
export interface ApplicationValues {
  readonly targetLevel?: KycTargetLevel;
  readonly status?: StoredApplication['status'];
  readonly personal?: unknown;
  readonly address?: unknown;
  readonly document?: unknown;
  readonly dueDiligence?: unknown;
  readonly decisionReason?: string | null;
  readonly assignedTo?: string | null;
  readonly submittedAt?: Date | null;
  readonly decidedAt?: Date | null;
}

function columnsOf(values: ApplicationValues): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const put = (column: string, value: unknown, encode = false) => {
    if (value !== undefined) {
      columns[column] = encode && value !== null ? JSON.stringify(value) : value;
    }
  };
  put('target_level', values.targetLevel);
  put('status', values.status);
  put('personal', values.personal, true);
  put('address', values.address, true);
  put('document', values.document, true);
  put('due_diligence', values.dueDiligence, true);
  put('decision_reason', values.decisionReason);
  put('assigned_to', values.assignedTo);
  put('submitted_at', values.submittedAt);
  put('decided_at', values.decidedAt);
  return columns;
}

export async function insertApplication(
  db: AnyKysely,
  application: { id: string; userId: string; targetLevel: KycTargetLevel; now: Date } & ApplicationValues,
): Promise<void> {
  await db
    .insertInto('kyc_applications')
    .values({
      id: application.id,
      user_id: application.userId,
      status: 'in_progress',
      created_at: application.now,
      updated_at: application.now,
      ...columnsOf(application),
    })
    .execute();
}

export async function updateApplication(
  db: AnyKysely,
  id: string,
  values: ApplicationValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('kyc_applications')
    .set({ ...columnsOf(values), updated_at: now })
    .where('id', '=', id)
    .execute();
}

interface FileRow {
  application_id: string;
  slot: KycFileSlot;
  object_key: string;
  content_type: KycFileContentType;
  size_bytes: number;
  uploaded_at: Date;
  purged_at: Date | null;
}

function toFile(row: FileRow): StoredFile {
  return {
    applicationId: row.application_id,
    slot: row.slot,
    objectKey: row.object_key,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    uploadedAt: row.uploaded_at,
    purgedAt: row.purged_at,
  };
}

/** The application's files (purged ones included: the row records that they existed). */
export async function filesOf(db: AnyKysely, applicationId: string): Promise<StoredFile[]> {
  const rows = (await db
    .selectFrom('kyc_files')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('slot')
    .execute()) as FileRow[];
  return rows.map(toFile);
}

export async function upsertFile(
  db: AnyKysely,
  file: {
    applicationId: string;
    slot: KycFileSlot;
    objectKey: string;
    contentType: KycFileContentType;
    sizeBytes: number;
    sha256: string;
    now: Date;
  },
): Promise<void> {
  const values = {
    object_key: file.objectKey,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    sha256: file.sha256,
    uploaded_at: file.now,
    purged_at: null,
  };
  await db
    .insertInto('kyc_files')
    .values({ application_id: file.applicationId, slot: file.slot, ...values })
    .onConflict((conflict) => conflict.columns(['application_id', 'slot']).doUpdateSet(values))
    .execute();
}

export async function markFilePurged(db: AnyKysely, applicationId: string, slot: KycFileSlot, now: Date) {
  await db
    .updateTable('kyc_files')
    .set({ purged_at: now })
    .where('application_id', '=', applicationId)
    .where('slot', '=', slot)
    .execute();
}

/** A decision as stored. */
export interface StoredDecision {
  readonly applicationId: string;
  readonly reviewerId: string;
  readonly reviewerLabel: string;
  readonly decision: KycDecision;
  readonly reason: string | null;
  readonly createdAt: Date;
}

export async function insertDecision(
  db: AnyKysely,
  decision: StoredDecision & { userId: string },
): Promise<void> {
  await db
    .insertInto('kyc_decisions')
    .values({
      application_id: decision.applicationId,
      user_id: decision.userId,
      reviewer_id: decision.reviewerId,
      reviewer_label: decision.reviewerLabel,
      decision: decision.decision,
      reason: decision.reason,
      created_at: decision.createdAt,
    })
    .execute();
}

/** Every decision on the customer's applications, oldest first. */
export async function decisionsOfUser(db: AnyKysely, userId: string): Promise<StoredDecision[]> {
  const rows = await db
    .selectFrom('kyc_decisions')
    .select(['application_id', 'reviewer_id', 'reviewer_label', 'decision', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    applicationId: row.application_id as string,
    reviewerId: row.reviewer_id as string,
    reviewerLabel: row.reviewer_label as string,
    decision: row.decision as KycDecision,
    reason: row.reason as string | null,
    createdAt: row.created_at as Date,
  }));
}
